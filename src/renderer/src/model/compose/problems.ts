/**
 * Where a problem is shown. compose:validate (and compose:send's VALIDATION error) name the culprit by
 * a dotted path into the draft: `recipients.3.number`, `documents.1`, `options.clientData.billingCode`,
 * `options.header.line_1.2`, `scheduledAt`. The page shows each next to its field, so a path becomes a
 * field key that follows the row or document it names (by its stable key, not its position), and a DOM
 * id to focus. Pure.
 */

export interface FieldContext {
  /** Row key of draft recipient i (the draft skips blank rows). */
  recipientKeys: readonly string[];
  /** Item key of draft document i (the draft holds only ready documents). */
  documentKeys: readonly string[];
}

export interface PlacedProblem {
  /** Field key: 'recipient:<rowKey>:number', 'document:<itemKey>', 'billableRetries', 'clientData:clientCode', … */
  key: string;
  /** The path as main gave it. */
  field: string;
  message: string;
}

const SIMPLE_OPTIONS = new Set(['resolution', 'billableRetries', 'nonBillableRetries', 'callerId', 'csid']);

export function fieldKey(field: string, ctx: FieldContext): string {
  if (field === 'accountId' || field === 'scheduledAt' || field === 'recipients' || field === 'documents') return field;
  const recipient = /^recipients\.(\d+)(?:\.(number|name|company))?(?:\.|$)/.exec(field);
  if (recipient) {
    const key = ctx.recipientKeys[Number(recipient[1])];
    return key === undefined ? 'recipients' : `recipient:${key}:${recipient[2] ?? 'number'}`;
  }
  if (field.startsWith('recipients.')) return 'recipients';
  const document = /^documents\.(\d+)(?:\.|$)/.exec(field);
  if (document) {
    const key = ctx.documentKeys[Number(document[1])];
    return key === undefined ? 'documents' : `document:${key}`;
  }
  if (field.startsWith('documents.')) return 'documents';
  const option = /^options\.([A-Za-z]+)(?:\.([A-Za-z_]+))?/.exec(field);
  if (option) {
    const [, name, sub] = option as unknown as [string, string, string | undefined];
    if (SIMPLE_OPTIONS.has(name)) return name;
    if (name === 'clientData') return sub ? `clientData:${sub}` : 'clientData';
    if (name === 'coverPage') return 'coverPage';
    if (name === 'header') return 'header';
  }
  return 'general';
}

/** The element to focus for a field key (the page gives its fields these ids). */
export function domIdFor(key: string): string {
  return `compose-${key.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}

/** The collapsible part of the page a field lives in, to open before focusing it. */
export function sectionOf(key: string): 'billing' | null {
  return key.startsWith('clientData') ? 'billing' : null;
}

/** Top to bottom, as the page lays fields out. */
const PAGE_ORDER = [
  'documents',
  'document:',
  'recipients',
  'recipient:',
  'accountId',
  'resolution',
  'billableRetries',
  'nonBillableRetries',
  'callerId',
  'csid',
  'clientData',
  'coverPage',
  'header',
  'scheduledAt',
  'general',
];

function rank(key: string): number {
  const at = PAGE_ORDER.findIndex((prefix) => key === prefix || (prefix.endsWith(':') && key.startsWith(prefix)) || key.startsWith(`${prefix}:`));
  return at < 0 ? PAGE_ORDER.length : at;
}

/**
 * Problems placed on their fields, in page order (rows and documents keep main's order, which is
 * theirs), duplicates removed.
 */
export function placeProblems(
  problems: readonly { field: string; message: string }[],
  ctx: FieldContext,
  /** Problems the page found itself, already placed; they come first within a field. */
  local: readonly PlacedProblem[] = [],
): PlacedProblem[] {
  const seen = new Set<string>();
  const placed: PlacedProblem[] = [];
  for (const p of [...local, ...problems]) {
    const key = 'key' in p && typeof p.key === 'string' ? p.key : fieldKey(p.field, ctx);
    const id = `${key}\n${p.message}`;
    if (seen.has(id)) continue;
    seen.add(id);
    placed.push({ key, field: p.field, message: p.message });
  }
  return placed
    .map((p, i) => ({ p, i }))
    .sort((a, b) => rank(a.p.key) - rank(b.p.key) || a.i - b.i)
    .map(({ p }) => p);
}

export function messagesFor(problems: readonly PlacedProblem[], key: string): string[] {
  return problems.filter((p) => p.key === key).map((p) => p.message);
}

/** Problems of a field (and, for 'recipient:<k>' or 'clientData', of its parts) go once it is edited. */
export function withoutField(problems: readonly PlacedProblem[], key: string): PlacedProblem[] {
  return problems.filter((p) => p.key !== key && !p.key.startsWith(`${key}:`));
}
