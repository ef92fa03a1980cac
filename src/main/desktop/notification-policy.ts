/**
 * Which desktop notification an event deserves, if any. The sync (new inbound fax) and the outbox (a
 * job reached a final state) call this and pass the result to the Notifier port; the policy lives
 * here so the settings are honoured in one place and the texts stay consistent.
 */
import type { Settings } from '../../shared/domain/settings';
import { formatFaxNumber } from '../../shared/fax-number';
import type { DesktopNotification } from '../platform/ports';

export interface InboundFaxArrived {
  kind: 'inbound';
  accountId: string;
  faxId: string;
  /** The sender's number or station id, when the service knows it. */
  from?: string | null;
  pages?: number | null;
}

export type OutboundFinalState = 'COMPLETED' | 'ERROR' | 'CANCELED';

export interface OutboundFinal {
  kind: 'outbound-final';
  jobId: string;
  state: OutboundFinalState;
  destination: string;
  /** Why it failed, in words (the service's reason or the transmission code's description). */
  errorReason?: string | null;
}

export type NotifiableEvent = InboundFaxArrived | OutboundFinal;

const MAX_REASON_CHARS = 180;

export function notificationFor(settings: Pick<Settings, 'notifyInbound' | 'notifyOutbound'>, event: NotifiableEvent): DesktopNotification | null {
  if (event.kind === 'inbound') {
    if (!settings.notifyInbound) return null;
    const from = displayNumber(event.from);
    const pages = typeof event.pages === 'number' && event.pages > 0 ? `${event.pages} ${event.pages === 1 ? 'page' : 'pages'}` : null;
    return {
      title: from ? `New fax from ${from}` : 'New fax received',
      body: [pages, 'Click to open it.'].filter(Boolean).join('. '),
      target: { page: 'inbox', faxId: event.faxId, accountId: event.accountId },
    };
  }
  if (!settings.notifyOutbound) return null;
  const to = displayNumber(event.destination) ?? 'the destination';
  const target = { page: 'outbox' as const, jobId: event.jobId };
  switch (event.state) {
    case 'COMPLETED':
      return { title: 'Fax delivered', body: `Your fax to ${to} was delivered.`, target };
    case 'ERROR': {
      const reason = shorten(event.errorReason?.trim() || 'The service did not say why.');
      return { title: 'Fax failed', body: `Your fax to ${to} could not be delivered: ${withFullStop(reason)}`, target };
    }
    case 'CANCELED':
      return { title: 'Fax cancelled', body: `Your fax to ${to} was cancelled before it was delivered.`, target };
  }
}

function displayNumber(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  if (!trimmed || /^unknown$/i.test(trimmed)) return null;
  return formatFaxNumber(trimmed);
}

function shorten(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ');
  return oneLine.length <= MAX_REASON_CHARS ? oneLine : oneLine.slice(0, MAX_REASON_CHARS - 1).trimEnd() + '…';
}

function withFullStop(text: string): string {
  return /[.!?…]$/.test(text) ? text : text + '.';
}
