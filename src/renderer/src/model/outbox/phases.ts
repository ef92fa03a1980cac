/** The Outbox list's phase tabs: the filter the store reads with and the tabs the page shows. */
import type { OutboundPhase } from '../../../../shared/domain/history';


export type PhaseFilter = 'all' | OutboundPhase;

export const PHASE_TABS: readonly { id: PhaseFilter; label: string; hint: string }[] = [
  { id: 'all', label: 'All', hint: 'Every fax' },
  { id: 'active', label: 'Active', hint: 'Waiting, scheduled, being sent, or waiting for the service to confirm' },
  { id: 'completed', label: 'Delivered', hint: 'Delivered to the destination fax machine' },
  { id: 'failed', label: 'Failed', hint: 'Not delivered, refused by the service, or not sent' },
  { id: 'canceled', label: 'Cancelled', hint: 'Cancelled before delivery' },
];
