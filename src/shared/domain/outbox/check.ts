/**
 * The one set of rules that says whether a draft can be sent and, when not, which field is wrong and
 * how to fix it. Pure: the renderer runs the same checks while the person types; main runs them again
 * (plus the checks only it can make: documents on disk, the account) before anything is queued.
 */
import { checkDocumentSet, DOCUMENT_TYPES, MAX_DOCUMENTS, type DocumentType } from '../documents';
import type { ClientData } from '../fax';
import { MARKER_PREFIX, markerFieldFor } from '../desk-marker';
import { normalizeFaxNumber } from '../../fax-number';
import { validateHeaderOptions, type HeaderOptions, type HeaderWarning } from '../../header';
import { MAX_RECIPIENTS, RETRIES_MIN, RETRIES_MAX, CSID_MAX, CLIENT_DATA_MAX, NAME_MAX, COVER_LIMITS, MAX_SCHEDULE_AHEAD_MS, SCHEDULE_PAST_GRACE_MS, type ComposeDraft, type NormalizedRecipient, type NormalizedDocument, type NormalizedOptions, type ComposeProblem, type ComposeCheck, type ComposeCheckContext } from './draft';

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
