/** `fax_options.header_options` as the service takes it. */
export interface HeaderOptions {
  /** 1 to 6 items printed on the first header line; may hold variables such as `${FAX_ID}`. */
  line_1: string[];
  /** Open text fields printed on a second line: no variables, 50 characters each, 100 in total. */
  line_2?: string[];
}

/** Everything a header's variables are filled from, for one page of one fax. */
export interface HeaderContext {
  /** destinations[].fax_number as submitted. */
  toNumber: string;
  /** fax_options.custom_CallerID as submitted ('' when none). */
  fromNumber: string;
  /** fax_options.custom_CSID as submitted ('' when none). */
  csid: string;
  /** The service's fax_id. */
  faxId: string;
  /** 1-based. */
  currentPage: number;
  totalPage: number;
  /** The moment the page is sent. */
  date: Date;
  /** IANA zone of the customer (account), e.g. 'America/Chicago'; unknown names fall back to UTC. */
  timeZone: string;
}

/** Why some text was or may be cropped; each kind is silent at the service, so Faxdesk warns. */
export type CropKind = 'variable' | 'total-235' | 'line2-field' | 'line2-total';

export interface HeaderWarning {
  /** Where: `line_1[2]`, `line_2[0]`, `line_1` or `line_2` (relative to header_options). */
  path: string;
  /** What will happen and how to avoid it. */
  message: string;
  /**
   * The crop kinds; 'literal-variable': text such as `$TO_NUMBER` that is printed as is; 'line-overflow':
   * a line needs more characters than a printed line holds, so its end is lost; 'overlap': two items run
   * into each other where the layout rules place them (fit.ts).
   */
  kind: CropKind | 'literal-variable' | 'line-overflow' | 'overlap';
}

export interface HeaderError {
  /** Where: '' (the whole object), `line_1`, `line_1[2]`, `line_2[0]`, or an unknown field's name. */
  path: string;
  message: string;
}

export type HeaderValidation =
  | { ok: true; value: HeaderOptions; warnings: HeaderWarning[] }
  | { ok: false; errors: HeaderError[] };

export interface CroppedText {
  /** `line_1[i]` or `line_2[i]`. */
  path: string;
  /** The variable cut, for 'variable' and 'total-235'. */
  variable?: string;
  /** Length before this crop. */
  from: number;
  /** Length after this crop. */
  to: number;
  reason: CropKind;
}

export interface ExpandedHeader {
  /** One string per line_1 item, variables substituted and cropped. */
  line1: string[];
  /** One string per line_2 field, cropped (empty when line_2 is absent). */
  line2: string[];
  /** Every crop applied, in order; empty when nothing was cut. */
  cropped: CroppedText[];
}
