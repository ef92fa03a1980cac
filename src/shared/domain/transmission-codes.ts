/**
 * Result codes of a sent fax's transmission (efax-api-facts.md §6, from the service's "production
 * faxing system characteristics" page), as reported in transmission_data.error_code and in the
 * webhook's `error` field. `billable` says whether the attempt is charged; `retryable` says whether
 * sending the same fax to the same number again, unchanged, may succeed (a hint for the UI's "Send
 * again" button; nothing resends on its own).
 */

export interface TransmissionCodeInfo {
  /** Upper case, e.g. 'E41'; 'SFAX' for success. */
  code: string;
  /** True when the code is in the service's table; false for a code Faxdesk does not know. */
  known: boolean;
  success: boolean;
  /** 'varies': the service lists the code both as billable and as not billable. */
  billable: boolean | 'varies';
  /** What happened, in a sentence. */
  meaning: string;
  /** What a person should do about it. */
  advice: string;
  retryable: boolean;
}

type Entry = Omit<TransmissionCodeInfo, 'known' | 'success'>;

const ENTRIES: Entry[] = [
  {
    code: 'SFAX',
    billable: true,
    meaning: 'The fax was delivered.',
    advice: 'Nothing to do.',
    retryable: false,
  },
  {
    code: 'E06',
    billable: true,
    meaning: 'The fax service had an unspecified system error.',
    advice: 'Send the fax again later; if it keeps failing, contact support with the fax ID.',
    retryable: true,
  },
  {
    code: 'E07',
    billable: false,
    meaning: 'The fax service could not turn the documents into fax pages.',
    advice: 'Check that the documents open and print correctly (not damaged or password-protected), or save them as PDF, then send again.',
    retryable: true,
  },
  {
    code: 'E41',
    billable: false,
    meaning: 'The destination line was busy.',
    advice: 'Send the fax again later.',
    retryable: true,
  },
  {
    code: 'E42',
    billable: false,
    meaning: 'The destination did not answer.',
    advice: 'Check that the number is right and the fax machine is on, then send again later.',
    retryable: true,
  },
  {
    code: 'E43',
    billable: true,
    meaning: 'A person answered instead of a fax machine.',
    advice: 'Check with the recipient that this is a fax number (not a phone line) before sending again.',
    retryable: false,
  },
  {
    code: 'E33',
    billable: true,
    meaning: 'A person answered instead of a fax machine.',
    advice: 'Check with the recipient that this is a fax number (not a phone line) before sending again.',
    retryable: false,
  },
  {
    code: 'E44',
    billable: true,
    meaning: 'The transmission was interrupted before all pages were sent.',
    advice: 'Send the fax again; the recipient may have received some pages already.',
    retryable: true,
  },
  {
    code: 'E45',
    billable: 'varies',
    meaning: 'The sender cancelled the fax.',
    advice: 'Nothing to do, unless the cancel was a mistake: then send the fax again.',
    retryable: false,
  },
  {
    code: 'E46',
    billable: true,
    meaning: 'The fax expired before it could be delivered.',
    advice: 'Check the number and that the destination fax machine is working, then send again.',
    retryable: true,
  },
  {
    code: 'E49',
    billable: false,
    meaning: 'A communication error occurred with the destination fax machine.',
    advice: 'Send the fax again; if it keeps failing, try the standard resolution or ask the recipient to check their machine.',
    retryable: true,
  },
  {
    code: 'E51',
    billable: false,
    meaning: 'The destination fax number is not in a valid format.',
    advice: 'Correct the number: digits only, with the country code (e.g. 1 for the US), then send again.',
    retryable: false,
  },
  {
    code: 'E52',
    billable: false,
    meaning: 'The service blocked the destination as high-risk.',
    advice: 'Check the number; if it is right, ask your account administrator or the fax service support to allow it.',
    retryable: false,
  },
  {
    code: 'E53',
    billable: false,
    meaning: 'Your account is not allowed to send to this destination number.',
    advice: 'Check the number; if it is right, ask your account administrator to allow this destination (for example international faxing).',
    retryable: false,
  },
];

export const TRANSMISSION_CODES: readonly TransmissionCodeInfo[] = Object.freeze(
  ENTRIES.map((e) => Object.freeze({ ...e, known: true, success: e.code === 'SFAX' })),
);

const BY_CODE: ReadonlyMap<string, TransmissionCodeInfo> = new Map(TRANSMISSION_CODES.map((e) => [e.code, e]));

/** Spellings of success other than SFAX: the detail endpoint reports error_code "0", error_message "OK". */
const SUCCESS_SPELLINGS = new Set(['SFAX', '0', 'OK', 'SUCCESS']);

/**
 * What a result code means. Tolerant: case and surrounding spaces are ignored; '0', 'OK' and
 * 'SUCCESS' mean success (the SFAX entry); a bare number names an E-code ('41' = 'E41', 'E041' too).
 * Returns null when there is no code at all (null, undefined, ''), since that alone says nothing;
 * an unknown code gets a generic entry with known: false.
 */
export function describeTransmissionCode(code: string | null | undefined): TransmissionCodeInfo | null {
  if (code === null || code === undefined) return null;
  const key = String(code).trim().toUpperCase();
  if (key === '') return null;
  if (SUCCESS_SPELLINGS.has(key)) return BY_CODE.get('SFAX')!;
  const numeric = /^E?0*(\d{1,3})$/.exec(key);
  if (numeric) {
    const entry = BY_CODE.get(`E${numeric[1]!.padStart(2, '0')}`);
    if (entry) return entry;
  }
  const direct = BY_CODE.get(key);
  if (direct) return direct;
  return {
    code: key,
    known: false,
    success: false,
    billable: 'varies',
    meaning: `The fax service reported result code ${key}, which Faxdesk does not know.`,
    advice: `Check the number and the documents and send again; if it fails again, contact the fax service support quoting code ${key}.`,
    retryable: false,
  };
}
