/**
 * What the page holds → the draft compose:validate and compose:send take, plus the problems only the
 * page can see (a document still being added, a retries field that is not a number, a header or cover
 * page being edited into something invalid, a send time missing). Pure.
 */
import type { ClientData } from '../../../../shared/domain/fax';
import type { ComposeDraftInput, ComposeOptions, StoredDraft } from '../../../../shared/domain/outbox';
import { CLIENT_DATA_LABELS, RETRIES_MAX, RETRIES_MIN } from '../../../../shared/domain/outbox';
import type { HeaderOptions } from '../../../../shared/header';
import type { CoverPageOptions } from '../cover-page';
import { documentsForDraft, type DocumentItem } from './documents';
import type { FieldContext, PlacedProblem } from './problems';
import { recipientsForDraft, type RecipientRow } from './recipients';
import { localInputToIso, scheduleProblem } from './schedule';

/** The client data fields in the order the compose form lists them, with their one set of labels. */
export const CLIENT_DATA_FIELDS: readonly { key: keyof ClientData; label: string }[] = (
  ['clientName', 'clientId', 'clientCode', 'clientMatter', 'clientReferenceId', 'billingCode'] as const
).map((key) => ({ key, label: CLIENT_DATA_LABELS[key] }));

export interface OptionsForm {
  resolution: 'STANDARD' | 'FINE';
  /** As typed; '' = the service's default. */
  billableRetries: string;
  nonBillableRetries: string;
  callerId: string;
  csid: string;
  clientData: Record<keyof ClientData, string>;
}

export const EMPTY_OPTIONS: OptionsForm = Object.freeze({
  resolution: 'FINE',
  billableRetries: '',
  nonBillableRetries: '',
  callerId: '',
  csid: '',
  clientData: Object.freeze({ clientName: '', clientId: '', clientCode: '', clientMatter: '', clientReferenceId: '', billingCode: '' }),
}) as OptionsForm;

export interface ComposeForm {
  accountId: string;
  recipients: readonly RecipientRow[];
  documents: readonly DocumentItem[];
  options: OptionsForm;
  coverPage: CoverPageOptions | null;
  /** False while the cover editor shows something that cannot be sent. */
  coverValid: boolean;
  header: HeaderOptions | null;
  /** False while the header designer shows something that cannot be sent. */
  headerValid: boolean;
  sendMode: 'now' | 'later';
  /** datetime-local value. */
  scheduledLocal: string;
}

/** The service defaults the retries fields show as placeholders. */
export const RETRY_DEFAULTS = { billableRetries: 2, nonBillableRetries: 5 } as const;

/** '' → null (the service's default); a whole number → that number; anything else → a problem. */
export function readRetries(text: string, what: string): { value: number | null; problem: string | null } {
  const t = text.trim();
  if (t === '') return { value: null, problem: null };
  if (!/^[+-]?\d+$/.test(t)) {
    return { value: null, problem: `${what} must be a whole number from ${RETRIES_MIN} to ${RETRIES_MAX}; leave it empty for the service's default.` };
  }
  const n = Number(t);
  if (n < RETRIES_MIN || n > RETRIES_MAX) {
    return { value: null, problem: `${what} must be a whole number from ${RETRIES_MIN} to ${RETRIES_MAX} (you gave ${n}); leave it empty for the service's default.` };
  }
  return { value: n, problem: null };
}

export interface BuiltDraft {
  draft: ComposeDraftInput;
  context: FieldContext;
  /** Problems found here, before main is asked. */
  local: PlacedProblem[];
}

export function buildDraft(form: ComposeForm, now: Date): BuiltDraft {
  const local: PlacedProblem[] = [];
  const add = (key: string, field: string, message: string) => local.push({ key, field, message });

  const { recipients, keys: recipientKeys } = recipientsForDraft(form.recipients);
  const { documents, keys: documentKeys } = documentsForDraft(form.documents);

  for (const item of form.documents) {
    if (item.phase === 'failed') {
      add(`document:${item.key}`, 'documents', `"${item.name}" cannot be sent (see why above). Remove it, or add a fixed copy of the file.`);
    } else if (item.phase !== 'ready') {
      add('documents', 'documents', `"${item.name}" is still being added. Wait until it shows its pages, then send.`);
    }
  }

  const billable = readRetries(form.options.billableRetries, 'Billable retries');
  if (billable.problem) add('billableRetries', 'options.billableRetries', billable.problem);
  const nonBillable = readRetries(form.options.nonBillableRetries, 'Non-billable retries');
  if (nonBillable.problem) add('nonBillableRetries', 'options.nonBillableRetries', nonBillable.problem);

  if (!form.coverValid) add('coverPage', 'options.coverPage', 'The cover page has a problem (shown with it). Fix it, or untick "Include a cover page".');
  if (!form.headerValid) add('header', 'options.header', 'The header line has a problem (shown with it). Fix it, or tick "Use the service\'s default header".');

  let scheduledAt: string | null = null;
  if (form.sendMode === 'later') {
    const problem = scheduleProblem(form.scheduledLocal, now);
    if (problem) add('scheduledAt', 'scheduledAt', problem);
    else scheduledAt = localInputToIso(form.scheduledLocal);
  }

  const clientData: Partial<Record<keyof ClientData, string>> = {};
  for (const { key } of CLIENT_DATA_FIELDS) {
    const value = form.options.clientData[key].trim();
    if (value !== '') clientData[key] = value;
  }

  const options: ComposeOptions = {
    resolution: form.options.resolution,
    billableRetries: billable.value,
    nonBillableRetries: nonBillable.value,
    callerId: form.options.callerId.trim() === '' ? null : form.options.callerId.trim(),
    csid: form.options.csid.trim() === '' ? null : form.options.csid.trim(),
    clientData,
    coverPage: form.coverPage ? { fromName: form.coverPage.from_name, subject: form.coverPage.subject, message: form.coverPage.message } : null,
    header: form.header,
  };

  return {
    draft: { accountId: form.accountId, recipients, documents, options, scheduledAt },
    context: { recipientKeys, documentKeys },
    local,
  };
}

/** A stored compose (outbox:draft) back into the page's form fields (documents and rows are made by the store). */
export function optionsFromStored(stored: StoredDraft['draft']): { options: OptionsForm; coverPage: CoverPageOptions | null; header: HeaderOptions | null } {
  const o = stored.options;
  const clientData = { ...EMPTY_OPTIONS.clientData };
  for (const { key } of CLIENT_DATA_FIELDS) clientData[key] = o.clientData[key] ?? '';
  return {
    options: {
      resolution: o.resolution === 'STANDARD' ? 'STANDARD' : 'FINE',
      billableRetries: o.billableRetries === null ? '' : String(o.billableRetries),
      nonBillableRetries: o.nonBillableRetries === null ? '' : String(o.nonBillableRetries),
      callerId: o.callerId ?? '',
      csid: o.csid ?? '',
      clientData,
    },
    coverPage: o.coverPage ? { from_name: o.coverPage.fromName, subject: o.coverPage.subject, message: o.coverPage.message } : null,
    header: (o.header as HeaderOptions | null) ?? null,
  };
}
