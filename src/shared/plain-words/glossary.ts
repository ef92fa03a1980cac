/**
 * The one glossary: the fax service's words Faxdesk has to use (the account's credentials, webhooks,
 * the sending station's ID…), each with what it means for an office worker. Wherever such a word shows,
 * its help line or tooltip comes from here (renderer: components/HelpTip.tsx and form hints), and where
 * the service's word is not needed the screen says the `plain` words instead.
 */
export interface GlossaryEntry {
  /** The service's word, as the screen shows it where it must. */
  term: string;
  /** Plain words for it, where the service's word is not needed. */
  plain: string;
  /** One or two sentences: what it is, and where it comes from or what it does. */
  help: string;
}

export const GLOSSARY = {
  appId: {
    term: 'App ID',
    plain: 'App ID',
    help: 'The name of your account’s connection to the fax service. Your fax service (or your administrator) gives it to you with the API key.',
  },
  apiKey: {
    term: 'API key',
    plain: 'API key',
    help: 'The password that lets Faxdesk use your fax account, given with the App ID. Faxdesk keeps it in this computer’s keychain.',
  },
  userId: {
    term: 'User-id',
    plain: 'user number',
    help: 'Your user number at the fax service, such as 12345678-87654321. It is on the page that gave you the App ID and API key.',
  },
  adminCredentials: {
    term: 'Admin API credentials',
    plain: 'administrator sign-in',
    help: 'Only for the person who manages the company’s fax users and numbers. Without them the Admin page stays hidden.',
  },
  webhook: {
    term: 'webhook',
    plain: 'instant update',
    help: 'A message the fax service sends to Faxdesk the moment a fax arrives or finishes, instead of Faxdesk asking every minute.',
  },
  webhookUrl: {
    term: 'webhook URL',
    plain: 'instant-update address',
    help: 'The internet address where the fax service sends its instant updates (Faxdesk’s receiver, or your reverse proxy in front of it).',
  },
  hmac: {
    term: 'HMAC key',
    plain: 'signing key',
    help: 'A shared secret the fax service uses to sign each instant update, so Faxdesk can tell it really came from the service.',
  },
  csid: {
    term: 'CSID',
    plain: 'station ID',
    help: 'The name of the sending fax station, which the receiving fax machine prints at the top of each page and shows on its screen (at most 20 characters).',
  },
  tsid: {
    term: 'TSID',
    plain: 'station ID',
    help: 'The name the sending fax machine gives itself (its station ID). It is often the company’s name or fax number.',
  },
  billableRetries: {
    term: 'billable retries',
    plain: 'charged retries',
    help: 'How many more times the service dials after a busy line or a dropped call. The service charges for each of these retries.',
  },
  nonBillableRetries: {
    term: 'non-billable retries',
    plain: 'free retries',
    help: 'How many more times the service dials after a failure it does not charge for, such as no answer or a noisy line.',
  },
  job: {
    term: 'job',
    plain: 'fax',
    help: 'One fax to one recipient. A fax sent to three numbers is three of them, each followed on its own in the Outbox.',
  },
  transmissionDetail: {
    term: 'transmission detail',
    plain: 'call record',
    help: 'The fax service’s record of each call to the recipient’s fax machine: when it dialled, how long it took, and the result.',
  },
} as const satisfies Record<string, GlossaryEntry>;

export type GlossaryId = keyof typeof GLOSSARY;
