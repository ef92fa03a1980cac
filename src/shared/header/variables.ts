/**
 * The custom fax header variables the service accepts in `header_options.line_1`, and the limits of
 * the header feature (spec "Custom fax headers"). This table is the only list of them in Faxdesk: the
 * designer's palette, the client's validation and the emulator's stamping all read it.
 */

/** Characters the service prints at most, across all variables' expanded text (spec rule 3). */
export const HEADER_TOTAL_LIMIT = 235;
/** Characters per `line_2` field; the rest of a field is cropped silently. */
export const LINE2_FIELD_LIMIT = 50;
/** Characters across all `line_2` fields; the rest is cropped silently. */
export const LINE2_TOTAL_LIMIT = 100;
/** Items `line_1` may hold; more is rejected. */
export const LINE1_MAX_ITEMS = 6;

export type DateTimeCode = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export type HeaderVariableName =
  | 'DATE_TIME'
  | 'DATE_TIME1'
  | 'DATE_TIME2'
  | 'DATE_TIME3'
  | 'DATE_TIME4'
  | 'DATE_TIME5'
  | 'DATE_TIME6'
  | 'DATE_TIME7'
  | 'TO_NUMBER'
  | 'FROM_NUMBER'
  | 'CSID'
  | 'FAX_ID'
  | 'CURRENT_PAGE'
  | 'TOTAL_PAGE';

export interface HeaderVariable {
  name: HeaderVariableName;
  /** As written in a header item, e.g. `${TO_NUMBER}`. */
  token: string;
  /** The service prints at most this many characters of the value and crops the rest silently. */
  maxLength: number;
  /**
   * The service's description of the value's characters. Descriptive only: values are never filtered
   * by it (a number "as submitted" may carry a '+', which is why TO_NUMBER allows 16 = '+' and 15 digits).
   */
  charset: 'alphanumeric' | 'numeric' | 'alpha';
  /** Short name for a palette button. */
  label: string;
  /** One sentence saying where the value comes from. */
  description: string;
  /** For the DATE_TIME variables: which date format they print. */
  dateTimeCode?: DateTimeCode;
}

const DATE_LIMIT = 20;

function dateVariable(name: HeaderVariableName, code: DateTimeCode, formatName: string, example: string): HeaderVariable {
  return {
    name,
    token: `\${${name}}`,
    maxLength: DATE_LIMIT,
    charset: 'alphanumeric',
    label: `Date and time (${formatName})`,
    description:
      name === 'DATE_TIME'
        ? `Date and time of sending in the account's time zone; the same as \${DATE_TIME1}, e.g. ${example}.`
        : `Date and time of sending in the account's time zone, ${formatName}, e.g. ${example}.`,
    dateTimeCode: code,
  };
}

export const HEADER_VARIABLES: readonly HeaderVariable[] = Object.freeze([
  dateVariable('DATE_TIME', 1, 'ISO 24 hour', '2024-05-10 15:07:01'),
  dateVariable('DATE_TIME1', 1, 'ISO 24 hour', '2024-05-10 15:07:01'),
  dateVariable('DATE_TIME2', 2, 'US 12 hour', '5/10/2024 3:07:01 PM'),
  dateVariable('DATE_TIME3', 3, 'US 24 hour', '5/10/2024 15:07:01'),
  dateVariable('DATE_TIME4', 4, 'GB 24 hour', '10/05/2024 15:07:01'),
  dateVariable('DATE_TIME5', 5, 'JP 24 hour', '2024/05/10 15:07:01'),
  dateVariable('DATE_TIME6', 6, 'GB 12 hour', '10/05/2024 3:07:01 PM'),
  dateVariable('DATE_TIME7', 7, 'JP 12 hour', '2024/05/10 3:07:01 PM'),
  {
    name: 'TO_NUMBER',
    token: '${TO_NUMBER}',
    maxLength: 16,
    charset: 'numeric',
    label: 'Recipient fax number',
    description: 'The destination fax number, as submitted with the fax.',
  },
  {
    name: 'FROM_NUMBER',
    token: '${FROM_NUMBER}',
    maxLength: 15,
    charset: 'numeric',
    label: 'Caller ID',
    description: 'The custom caller ID (fax_options.custom_CallerID), as submitted; empty when none is set.',
  },
  {
    name: 'CSID',
    token: '${CSID}',
    maxLength: 20,
    charset: 'alphanumeric',
    label: 'Sender ID (CSID)',
    description: 'The custom CSID (fax_options.custom_CSID), as submitted; empty when none is set.',
  },
  {
    name: 'FAX_ID',
    token: '${FAX_ID}',
    maxLength: 32,
    charset: 'alpha',
    label: 'Fax ID',
    description: 'The fax_id the service gives the fax (the first 32 characters).',
  },
  {
    name: 'CURRENT_PAGE',
    token: '${CURRENT_PAGE}',
    maxLength: 3,
    charset: 'numeric',
    label: 'Page number',
    description: 'The number of the page the header is printed on, starting at 1.',
  },
  {
    name: 'TOTAL_PAGE',
    token: '${TOTAL_PAGE}',
    maxLength: 3,
    charset: 'numeric',
    label: 'Page count',
    description: 'The number of pages in the fax.',
  },
] satisfies HeaderVariable[]);

const BY_NAME: ReadonlyMap<string, HeaderVariable> = new Map(HEADER_VARIABLES.map((v) => [v.name, v]));

export function isHeaderVariableName(name: string): name is HeaderVariableName {
  return BY_NAME.has(name);
}

export function getHeaderVariable(name: string): HeaderVariable | undefined {
  return BY_NAME.get(name);
}

/** `${DATE_TIME}, ${DATE_TIME1}, ... ${TOTAL_PAGE}`: the list error messages quote. */
export const ALLOWED_VARIABLES_TEXT = HEADER_VARIABLES.map((v) => v.token).join(', ');
