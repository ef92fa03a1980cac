/**
 * Compose and Outbox: what a person fills in to send a fax, the one set of rules that says whether it
 * can be sent (and, when not, which field is wrong and how to fix it), and how an outbound job's state
 * reads in the UI. Pure: the renderer can run the same checks while the person types; main runs them
 * again (plus the checks only it can make: documents on disk, the account) before anything is queued.
 *
 * Limits (research/efax-api-facts.md §4 and the emulator, which enforces the same numbers): at most 50
 * recipients, 25 documents and 100 MB of payload including base64; billable and non-billable retries
 * 1-10 each; CSID at most 20 characters; client data fields at most 255 characters; names and company
 * at most 200; cover page from 200, subject 500, message 10 000.
 */
import { z } from 'zod';
import { boundedJson } from '../ipc/bounded-json';
import { checkDocumentSet, DOCUMENT_TYPES, MAX_DOCUMENTS, type DocumentType } from './documents';
import type { ClientData, IsoUtc, TransmissionAttempt } from './fax';
import { MARKER_PREFIX, markerFieldFor } from './desk-marker';
import { FAX_STATE_DESCRIPTIONS } from './fax-status';
import type { FaxEvent, OutboundDocument, OutboundJob, OutboundPhase, OutboundState } from './history';
import type { TransmissionCodeInfo } from './transmission-codes';
import { formatFaxNumber, normalizeFaxNumber } from '../fax-number';
import { validateHeaderOptions, type HeaderOptions, type HeaderWarning } from '../header';

export const MAX_RECIPIENTS = 50;
export const RETRIES_MIN = 1;
export const RETRIES_MAX = 10;
export const CSID_MAX = 20;
export const CLIENT_DATA_MAX = 255;
export const NAME_MAX = 200;
export const COVER_LIMITS = { fromName: 200, subject: 500, message: 10_000 } as const;
/** A send later than this is refused as a probable typo. */
export const MAX_SCHEDULE_AHEAD_MS = 366 * 24 * 60 * 60 * 1000;
/** A scheduled time at most this far in the past means "now" (the form sat open for a moment). */
export const SCHEDULE_PAST_GRACE_MS = 60_000;

/**
 * error_code Faxdesk stores on a job whose POST was ambiguous and that the service still did not list
 * after the settle window: the job is REJECTED (phase 'failed'), shown as "Not sent", and can be sent
 * again deliberately. Never a service code (those start with E).
 */
export const NOT_SENT_CODE = 'NOT_SENT';

// ---------------------------------------------------------------------------------------------
// The draft (IPC input). Shapes are loose on purpose: the rules below give the field-level messages.

const loose = (max: number) => z.string().max(max);

export const ClientDataInputSchema = z
  .object({
    clientCode: loose(5000).optional(),
    clientId: loose(5000).optional(),
    clientMatter: loose(5000).optional(),
    clientName: loose(5000).optional(),
    clientReferenceId: loose(5000).optional(),
    billingCode: loose(5000).optional(),
  })
  .strict();

export const ComposeRecipientSchema = z
  .object({
    number: loose(200),
    name: loose(5000).default(''),
    company: loose(5000).default(''),
  })
  .strict();
export type ComposeRecipient = z.output<typeof ComposeRecipientSchema>;

export const ComposeDocumentSchema = z
  .object({
    /** SHA-256 from compose:addFiles / compose:addBytes. */
    id: loose(200),
    type: loose(40),
    name: loose(5000),
    pages: z.number().int().nonnegative().nullable().default(null),
    /** Informational; main uses the stored file's size. */
    size: z.number().int().nonnegative().optional(),
  })
  .strict();
export type ComposeDocument = z.output<typeof ComposeDocumentSchema>;

export const CoverPageSchema = z
  .object({
    fromName: loose(50_000).default(''),
    subject: loose(50_000).default(''),
    message: loose(200_000).default(''),
  })
  .strict();

export const ComposeOptionsSchema = z
  .object({
    resolution: loose(40).default('FINE'),
    /** null: the service default (2). */
    billableRetries: z.number().nullable().default(null),
    /** null: the service default (5). */
    nonBillableRetries: z.number().nullable().default(null),
    /** Sender number shown to the recipient (${FROM_NUMBER}); null or '': the account's own. */
    callerId: loose(200).nullable().default(null),
    /** Station id (${CSID}); null or '': the account's own. */
    csid: loose(500).nullable().default(null),
    clientData: ClientDataInputSchema.default({}),
    /** null: no cover page. */
    coverPage: CoverPageSchema.nullable().default(null),
    /**
     * header_options as the service takes it; null: the service's default header (left out of the request).
     * Free-form here (the rules below report its problems by field) but bounded in size and depth.
     */
    header: boundedJson().nullable().default(null),
  })
  .strict();
export type ComposeOptions = z.output<typeof ComposeOptionsSchema>;

const DEFAULT_OPTIONS: ComposeOptions = {
  resolution: 'FINE',
  billableRetries: null,
  nonBillableRetries: null,
  callerId: null,
  csid: null,
  clientData: {},
  coverPage: null,
  header: null,
};

export const ComposeDraftSchema = z
  .object({
    accountId: loose(200).default(''),
    recipients: z.array(ComposeRecipientSchema).max(1000).default([]),
    documents: z.array(ComposeDocumentSchema).max(1000).default([]),
    options: ComposeOptionsSchema.default(DEFAULT_OPTIONS),
    /** ISO 8601 with an offset; null/absent: send now. */
    scheduledAt: loose(100).nullable().optional(),
  })
  .strict();
export type ComposeDraft = z.output<typeof ComposeDraftSchema>;
export type ComposeDraftInput = z.input<typeof ComposeDraftSchema>;

// ---------------------------------------------------------------------------------------------
// The checked compose

export interface NormalizedRecipient {
  /** Digits with country code. */
  number: string;
  name: string;
  company: string;
}

export interface NormalizedDocument {
  id: string;
  type: DocumentType;
  name: string;
  pages: number | null;
  size: number;
}

export interface NormalizedOptions {
  resolution: 'STANDARD' | 'FINE';
  billableRetries: number | null;
  nonBillableRetries: number | null;
  callerId: string | null;
  csid: string | null;
  /** Only the fields the person filled, trimmed. */
  clientData: ClientData;
  coverPage: { fromName: string; subject: string; message: string } | null;
  header: HeaderOptions | null;
}

export interface NormalizedCompose {
  accountId: string;
  recipients: NormalizedRecipient[];
  documents: NormalizedDocument[];
  options: NormalizedOptions;
  /** ISO UTC, or null to send now. */
  scheduledAt: IsoUtc | null;
}

/** One thing wrong (or worth knowing) about a draft. */
export interface ComposeProblem {
  /** Dotted path into the draft: `recipients.3.number`, `options.header.line_1.2`, `documents`. */
  field: string;
  /** Names the problem and the fix. */
  message: string;
}

export interface ComposeCheck {
  problems: ComposeProblem[];
  warnings: ComposeProblem[];
  /** Present only when there is no problem. */
  value?: NormalizedCompose;
}

export interface ComposeCheckContext {
  now: Date;
  /** Stored sizes by document id (main); when absent the draft's own `size` is used. */
  documentSizes?: ReadonlyMap<string, number>;
}

// eslint-disable-next-line no-control-regex -- names and ids are checked for control characters on purpose
const CONTROL = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- a cover message may hold line breaks and tabs, nothing else
const CONTROL_EXCEPT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** What each client data field is called wherever Faxdesk shows it (compose form, job detail, messages). */
export const CLIENT_DATA_LABELS: Readonly<Record<keyof ClientData, string>> = {
  clientCode: 'Client code',
  clientId: 'Client ID',
  clientMatter: 'Client matter',
  clientName: 'Client name',
  clientReferenceId: 'Client reference',
  billingCode: 'Billing code',
};

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** 'line_1[2]' -> 'line_1.2' */
function headerPath(path: string): string {
  return path.replace(/\[(\d+)\]/g, '.$1');
}

/**
 * Checks a draft with the rules the service enforces, plus Faxdesk's own (no duplicate numbers, a
 * scheduled time in the future). Every problem names its field and says how to fix it.
 */
export function checkComposeDraft(draft: ComposeDraft, ctx: ComposeCheckContext): ComposeCheck {
  const problems: ComposeProblem[] = [];
  const warnings: ComposeProblem[] = [];
  const problem = (field: string, message: string) => problems.push({ field, message });

  if (draft.accountId.trim() === '') problem('accountId', 'Choose the account to send from.');

  // Recipients -------------------------------------------------------------------------------
  const recipients: NormalizedRecipient[] = [];
  if (draft.recipients.length === 0) problem('recipients', 'Add at least one recipient: type a fax number, or pick a contact.');
  if (draft.recipients.length > MAX_RECIPIENTS) {
    const excess = draft.recipients.length - MAX_RECIPIENTS;
    problem(
      'recipients',
      `${draft.recipients.length} recipients were added; one fax goes to at most ${MAX_RECIPIENTS}. Remove ${plural(excess, 'recipient')}, or send to the others as a second fax.`,
    );
  }
  const seen = new Map<string, number>();
  draft.recipients.forEach((r, i) => {
    const at = `recipients.${i}`;
    const who = `Recipient ${i + 1}`;
    const result = normalizeFaxNumber(r.number);
    if (!result.ok) problem(`${at}.number`, `${who}: ${result.message}`);
    else {
      const first = seen.get(result.value);
      if (first !== undefined) {
        problem(`${at}.number`, `${who} has the same number as recipient ${first + 1} (${result.display}); a fax goes once to each number. Remove one of them.`);
      } else seen.set(result.value, i);
    }
    const name = r.name.trim();
    const company = r.company.trim();
    if (name.length > NAME_MAX) problem(`${at}.name`, `${who}'s name is ${name.length} characters; the service accepts at most ${NAME_MAX}. Shorten it.`);
    else if (CONTROL.test(name)) problem(`${at}.name`, `${who}'s name contains a line break or control character; write it on one line.`);
    if (company.length > NAME_MAX) problem(`${at}.company`, `${who}'s company is ${company.length} characters; the service accepts at most ${NAME_MAX}. Shorten it.`);
    else if (CONTROL.test(company)) problem(`${at}.company`, `${who}'s company contains a line break or control character; write it on one line.`);
    if (result.ok) recipients.push({ number: result.value, name, company });
  });

  // Documents --------------------------------------------------------------------------------
  const documents: NormalizedDocument[] = [];
  if (draft.documents.length === 0) problem('documents', 'Attach at least one document to fax: drop a file here, or choose one.');
  if (draft.documents.length > MAX_DOCUMENTS) {
    const excess = draft.documents.length - MAX_DOCUMENTS;
    problem('documents', `${draft.documents.length} documents were attached; a fax can carry at most ${MAX_DOCUMENTS}. Remove ${plural(excess, 'document')}, or send the others as a second fax.`);
  }
  const seenDocs = new Map<string, string>();
  draft.documents.forEach((d, i) => {
    const at = `documents.${i}`;
    const name = d.name.trim() || `document ${i + 1}`;
    if (!/^[0-9a-f]{64}$/.test(d.id)) {
      problem(at, `"${name}" was not prepared by Faxdesk (its id is not valid). Remove it and add the file again.`);
      return;
    }
    if (!(DOCUMENT_TYPES as readonly string[]).includes(d.type)) {
      problem(at, `"${name}" has the type "${d.type}", which Faxdesk cannot send. Remove it and add the file again.`);
      return;
    }
    const size = ctx.documentSizes?.get(d.id) ?? d.size;
    if (size === undefined) {
      problem(at, `"${name}" is not in Faxdesk's data folder. Remove it and add the file again.`);
      return;
    }
    const first = seenDocs.get(d.id);
    if (first !== undefined) warnings.push({ field: at, message: `"${name}" has the same content as "${first}"; it will be sent twice.` });
    else seenDocs.set(d.id, name);
    documents.push({ id: d.id, type: d.type as DocumentType, name, pages: d.pages, size });
  });
  if (documents.length === draft.documents.length && documents.length <= MAX_DOCUMENTS) {
    for (const p of checkDocumentSet(documents)) {
      if (p.code !== 'TOO_MANY') problem('documents', p.message);
    }
  }

  // Options ----------------------------------------------------------------------------------
  const o = draft.options;
  let resolution: 'STANDARD' | 'FINE' = 'FINE';
  if (o.resolution === 'STANDARD' || o.resolution === 'FINE') resolution = o.resolution;
  else problem('options.resolution', `Resolution must be STANDARD (faster, 204 x 98 dpi) or FINE (sharper, 204 x 196 dpi), not "${o.resolution}".`);

  const retries = (value: number | null, field: 'billableRetries' | 'nonBillableRetries', what: string): number | null => {
    if (value === null) return null;
    if (!Number.isInteger(value) || value < RETRIES_MIN || value > RETRIES_MAX) {
      problem(`options.${field}`, `${what} must be a whole number from ${RETRIES_MIN} to ${RETRIES_MAX} (you gave ${value}); leave it empty for the service's default.`);
      return null;
    }
    return value;
  };
  const billableRetries = retries(o.billableRetries, 'billableRetries', 'Billable retries');
  const nonBillableRetries = retries(o.nonBillableRetries, 'nonBillableRetries', 'Non-billable retries');

  let callerId: string | null = null;
  if (o.callerId !== null && o.callerId.trim() !== '') {
    const result = normalizeFaxNumber(o.callerId);
    if (!result.ok) problem('options.callerId', `Caller ID: ${result.message} Leave it empty to show the account's own number.`);
    else callerId = result.value;
  }

  let csid: string | null = null;
  if (o.csid !== null && o.csid.trim() !== '') {
    const text = o.csid.trim();
    if (text.length > CSID_MAX) problem('options.csid', `The CSID is ${text.length} characters; fax machines show at most ${CSID_MAX}. Shorten it.`);
    else if (!/^[\x20-\x7e]+$/.test(text)) problem('options.csid', 'The CSID may contain only plain letters, digits, spaces and punctuation (fax machines cannot show other characters). Remove the others.');
    else csid = text;
  }

  const clientData: ClientData = {};
  for (const key of Object.keys(CLIENT_DATA_LABELS) as (keyof ClientData)[]) {
    const value = o.clientData[key];
    if (value === undefined) continue;
    const text = value.trim();
    if (text === '') continue;
    const field = `options.clientData.${key}`;
    if (text.length > CLIENT_DATA_MAX) problem(field, `${CLIENT_DATA_LABELS[key]} is ${text.length} characters; the service keeps at most ${CLIENT_DATA_MAX}. Shorten it.`);
    else if (CONTROL.test(text)) problem(field, `${CLIENT_DATA_LABELS[key]} contains a line break or control character; write it on one line.`);
    else if (text.toLowerCase().startsWith(MARKER_PREFIX)) {
      problem(field, `${CLIENT_DATA_LABELS[key]} starts with "${MARKER_PREFIX}", which Faxdesk keeps for the mark it puts on its own faxes. Write it another way.`);
    } else clientData[key] = text;
  }
  if (markerFieldFor(clientData) === null) {
    // Without a free field the fax could not carry Faxdesk's mark (desk-marker.ts): a failed connection
    // while sending would leave no way to tell it from another desk's fax to the same number.
    problem(
      'options.clientData',
      'All six client data fields are filled. Faxdesk needs one of them empty to mark the fax as sent from this desk (so that, if the connection fails while sending, it is never mixed up with another desk’s fax). Leave one of them empty.',
    );
  }

  let coverPage: NormalizedOptions['coverPage'] = null;
  if (o.coverPage) {
    const c = { fromName: o.coverPage.fromName.trim(), subject: o.coverPage.subject.trim(), message: o.coverPage.message.replace(/\s+$/, '') };
    const limits: [keyof typeof COVER_LIMITS, string][] = [
      ['fromName', 'The cover page "From"'],
      ['subject', 'The cover page subject'],
      ['message', 'The cover page message'],
    ];
    let ok = true;
    for (const [key, what] of limits) {
      const value = c[key];
      if (value.length > COVER_LIMITS[key]) {
        problem(`options.coverPage.${key}`, `${what} is ${value.length} characters; the service accepts at most ${COVER_LIMITS[key]}. Shorten it.`);
        ok = false;
      } else if ((key === 'message' ? CONTROL_EXCEPT_LINES : CONTROL).test(value)) {
        problem(`options.coverPage.${key}`, `${what} contains ${key === 'message' ? 'a control character' : 'a line break or control character'}; remove it.`);
        ok = false;
      }
    }
    if (ok) coverPage = c;
  }

  let header: HeaderOptions | null = null;
  if (o.header !== null && o.header !== undefined) {
    const result = validateHeaderOptions(o.header);
    if (result.ok) {
      header = result.value;
      for (const w of result.warnings as HeaderWarning[]) warnings.push({ field: `options.header${w.path ? `.${headerPath(w.path)}` : ''}`, message: w.message });
    } else {
      for (const e of result.errors) problem(`options.header${e.path ? `.${headerPath(e.path)}` : ''}`, `Header: ${e.message}`);
    }
  }

  // When -------------------------------------------------------------------------------------
  let scheduledAt: string | null = null;
  if (draft.scheduledAt !== null && draft.scheduledAt !== undefined && draft.scheduledAt.trim() !== '') {
    const text = draft.scheduledAt.trim();
    const time = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i.test(text) ? Date.parse(text) : NaN;
    const now = ctx.now.getTime();
    if (Number.isNaN(time)) problem('scheduledAt', `"${text.slice(0, 60)}" is not a date and time Faxdesk can read; pick the send time again.`);
    else if (time < now - SCHEDULE_PAST_GRACE_MS) problem('scheduledAt', 'The send time is in the past. Pick a later time, or choose "Send now".');
    else if (time > now + MAX_SCHEDULE_AHEAD_MS) problem('scheduledAt', 'The send time is more than a year away; pick an earlier date.');
    else if (time > now) scheduledAt = new Date(time).toISOString();
  }

  if (problems.length > 0) return { problems, warnings };
  return {
    problems,
    warnings,
    value: {
      accountId: draft.accountId.trim(),
      recipients,
      documents,
      options: { resolution, billableRetries, nonBillableRetries, callerId, csid, clientData, coverPage, header },
      scheduledAt,
    },
  };
}

/** One sentence for an error carrying many problems: the count and the first one. */
export function summarizeProblems(problems: readonly ComposeProblem[]): string {
  const first = problems[0];
  if (!first) return 'The fax is ready to send.';
  if (problems.length === 1) return first.message;
  return `${problems.length} things need fixing before this fax can be sent. First: ${first.message}`;
}

// ---------------------------------------------------------------------------------------------
// States

/** What the Outbox shows for a job: one word per situation a person can tell apart. */
export const OUTBOX_STATUSES = [
  'scheduled',
  'queued',
  'sending',
  'unknown',
  'not-sent',
  'rejected',
  'submitted',
  'new',
  'in-progress',
  'pending-retry',
  'cancel-requested',
  'delivered',
  'failed',
  'canceled',
] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const OUTBOX_STATUS_LABELS: Readonly<Record<OutboxStatus, string>> = Object.freeze({
  scheduled: 'Scheduled',
  queued: 'Waiting to send',
  sending: 'Sending to the service',
  unknown: 'Outcome unknown — checking',
  'not-sent': 'Not sent',
  rejected: 'Rejected',
  submitted: 'Accepted',
  new: 'Queued at the service',
  'in-progress': 'Sending',
  'pending-retry': 'Waiting to retry',
  'cancel-requested': 'Cancel requested',
  delivered: 'Delivered',
  failed: 'Failed',
  canceled: 'Cancelled',
});

export const OUTBOX_STATUS_DESCRIPTIONS: Readonly<Record<OutboxStatus, string>> = Object.freeze({
  scheduled: 'Kept on this computer and sent at the scheduled time (Faxdesk must be running then).',
  queued: 'Saved on this computer; Faxdesk hands it to the fax service as soon as it can.',
  sending: 'Faxdesk is handing the fax to the service right now.',
  unknown:
    'The connection failed while Faxdesk handed the fax to the service, so it cannot tell yet whether the service has it. ' +
    "It is checking the service's list of sent faxes and will never send it again by itself.",
  'not-sent':
    'The connection failed while Faxdesk handed the fax to the service, and the service still has no record of it. ' +
    'Nothing was sent. Send it again when you are ready.',
  rejected: 'The fax service refused the fax; the reason says why. Correct it and send again.',
  submitted: 'The service accepted the fax and will start dialling shortly.',
  new: FAX_STATE_DESCRIPTIONS.NEW,
  'in-progress': FAX_STATE_DESCRIPTIONS.IN_PROGRESS,
  'pending-retry': FAX_STATE_DESCRIPTIONS.PENDING_RETRY,
  'cancel-requested':
    'Faxdesk asked the service to cancel the fax and is waiting for it to confirm. A fax that finishes first is still delivered.',
  delivered: FAX_STATE_DESCRIPTIONS.COMPLETED,
  failed: FAX_STATE_DESCRIPTIONS.ERROR,
  canceled: FAX_STATE_DESCRIPTIONS.CANCELED,
});

export function outboxStatusOf(job: { state: OutboundState; errorCode: string | null }): OutboxStatus {
  switch (job.state) {
    case 'SCHEDULED':
      return 'scheduled';
    case 'QUEUED':
      return 'queued';
    case 'SUBMITTING':
      return 'sending';
    case 'UNKNOWN':
      return 'unknown';
    case 'REJECTED':
      return job.errorCode === NOT_SENT_CODE ? 'not-sent' : 'rejected';
    case 'SUBMITTED':
      return 'submitted';
    case 'CANCEL_REQUESTED':
      return 'cancel-requested';
    case 'NEW':
      return 'new';
    case 'IN_PROGRESS':
      return 'in-progress';
    case 'PENDING_RETRY':
      return 'pending-retry';
    case 'COMPLETED':
      return 'delivered';
    case 'ERROR':
      return 'failed';
    case 'CANCELED':
      return 'canceled';
  }
}

// ---------------------------------------------------------------------------------------------
// Views (IPC outputs)

/** A job as the Outbox lists it. */
export interface OutboxItem {
  id: string;
  composeId: string | null;
  accountId: string;
  destinationIndex: number;
  origin: 'local' | 'service';
  faxId: string | null;
  state: OutboundState;
  phase: OutboundPhase;
  status: OutboxStatus;
  statusLabel: string;
  /** One or two sentences: what is happening and, when something is wrong, what to do. */
  statusDetail: string;
  destination: string;
  destinationDisplay: string;
  toName: string;
  toCompany: string;
  subject: string;
  documentCount: number;
  /** Pages counted before sending (documents + cover page); null when unknown. */
  pageCount: number | null;
  /** Pages the service reports as sent. */
  pages: number | null;
  durationSeconds: number | null;
  scheduledAt: string | null;
  submittedAt: string | null;
  completedAt: string | null;
  createdAt: string;
  updatedAt: string;
  errorCode: string | null;
  errorReason: string | null;
  rejection: string | null;
  /** Why a queued job is waiting (sign-in refused, rate limited, offline) and when Faxdesk tries again. */
  hold: { reason: string; retryAt: string } | null;
  /**
   * For a fax found on the service (origin 'service'): who sent it, when another Faxdesk desk did and its
   * marker says ("Front desk (maria)"); null for faxes sent here, and for faxes sent by other software.
   */
  sentBy: string | null;
  canCancel: boolean;
  /** A new job from the stored compose (outbox:resend). */
  canResend: boolean;
  /** The stored compose can be reopened in Compose (outbox:draft). */
  canEdit: boolean;
  /** outbox:reconcile applies (UNKNOWN, or "not sent"). */
  canReconcile: boolean;
  /** outbox:reschedule applies. */
  canReschedule: boolean;
}

export interface OutboxPage {
  items: OutboxItem[];
  /** Pass back as `cursor` for the next page; null when this is the last. */
  next: string | null;
}

export interface OutboxDetail {
  job: OutboxItem;
  /** Every source's events for this fax, oldest first. */
  timeline: FaxEvent[];
  /** Delivery attempts from the transmission detail; null when not available (not accepted yet, or unreachable). */
  attempts: TransmissionAttempt[] | null;
  /** Why attempts are missing, when they are. */
  attemptsNote: string | null;
  /** The result code explained (E-code table); null when there is none. */
  code: TransmissionCodeInfo | null;
  documents: OutboundDocument[];
  /** The send options as stored (null for faxes found on the service). */
  options: NormalizedOptions | null;
  /** The other destinations of the same compose. */
  siblings: { id: string; destination: string; destinationDisplay: string; status: OutboxStatus; statusLabel: string }[];
  /** A cancel was asked (202) but the fax was delivered first. */
  cancelTooLate: boolean;
}

export interface ComposeValidation {
  problems: ComposeProblem[];
  warnings: ComposeProblem[];
  ok: boolean;
  summary: {
    destinations: number;
    documents: number;
    /** Pages of the documents (plus the cover page); null when a document's count is unknown. */
    pages: number | null;
    /** Estimated POST body size, base64 included. */
    payloadBytes: number;
  };
}

export interface SendOutcome {
  composeId: string;
  /** False when this compose was already queued (a repeated send): nothing new was created or posted. */
  created: boolean;
  jobs: OutboxItem[];
}

export type CancelOutcomeKind = 'canceled-locally' | 'cancel-requested' | 'already-completed';

export interface CancelOutcome {
  outcome: CancelOutcomeKind;
  message: string;
  job: OutboxItem;
}

/** A stored compose reopened for editing or resending. */
export interface StoredDraft {
  /** The compose it came from. */
  sourceComposeId: string | null;
  draft: ComposeDraft;
  /** Documents no longer in the data folder (remove and add them again). */
  missingDocuments: string[];
}

export interface ExportResult {
  file: string;
  rows: number;
  bytes: number;
}

export interface ReportResult {
  file: string;
  bytes: number;
  /** The PDF itself, for the browser harness (a report is a few KB). */
  base64: string;
  /** Characters no bundled font has: printed as U+FFFD placeholders (the page says which). */
  missingCharacters: string[];
}

/** For the UI's list: the display form of a destination. */
export function displayDestination(number: string): string {
  return formatFaxNumber(number);
}

export type { OutboundJob };
