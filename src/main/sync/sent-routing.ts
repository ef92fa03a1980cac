/**
 * What the sent-list feed does with a listed fax that no local row holds yet, now that several desks
 * may send on one account (src/shared/domain/desk-marker.ts):
 * - it carries the marker of a compose made here: the outbox's reconciler adopts it at once when one of
 *   that compose's jobs is waiting for it (UNKNOWN, or "not sent" within the late horizon); while the
 *   compose's POST is still in flight (SUBMITTING) it is held back, since the answer links it;
 * - it carries another desk's marker, or none, and no job here is keyed by a person's reference alone
 *   (jobs an older Faxdesk stored) to that number: it is imported at once as sent elsewhere, with who
 *   sent it. Only such an older job holds back unmarked faxes to its number, until it is decided.
 * A page with anything held back is not remembered as applied (feeds.ts), so the unchanged page is
 * applied again at the next read, which the outbox asks for as soon as the reconciler has decided.
 */
import { findMarker } from '../../shared/domain/desk-marker';
import type { SentFax } from '../../shared/domain/fax';
import type { ActiveOutboundJob } from '../../shared/domain/history';
import { readStoredOptions } from '../outbox/stored-compose';
import type { HistoryStores } from './ports';

export type SentRoute = 'claimed' | 'hold' | 'import';

/** The jobs of an account whose POST may have reached the service without Faxdesk learning the fax_id. */
export interface OpenSends {
  /** Compose ids of those jobs. */
  composes: Set<string>;
  /** Compose ids with a POST in flight. */
  submitting: Set<string>;
  /** Destinations (digits) of the open jobs keyed only by the person's own reference (an older Faxdesk stored them). */
  referenceOnly: string[];
}

const digitsOf = (value: string | null | undefined) => (value ?? '').replace(/\D+/g, '');

export function openSends(stores: Pick<HistoryStores, 'outbound'>, accountId: string): OpenSends {
  const jobs: ActiveOutboundJob[] = stores.outbound
    .listInStates(['SUBMITTING', 'UNKNOWN'], Number.MAX_SAFE_INTEGER)
    .filter((j) => j.accountId === accountId && j.faxId === null);
  const open: OpenSends = { composes: new Set(), submitting: new Set(), referenceOnly: [] };
  for (const job of jobs) {
    if (job.composeId) open.composes.add(job.composeId);
    if (job.composeId && job.state === 'SUBMITTING') open.submitting.add(job.composeId);
    const stored = readStoredOptions(stores.outbound.get(job.id) ?? { options: {} });
    if (!stored || !stored.referenceOwned) open.referenceOnly.push(digitsOf(job.destination));
  }
  return open;
}

export function routeSentFax(fax: SentFax, open: OpenSends, claim: ((fax: SentFax) => boolean) | undefined, sameNumber: (a: string, b: string) => boolean): SentRoute {
  const found = findMarker(fax.clientData);
  if (found && open.composes.has(found.marker.composeId)) {
    if (claim?.(fax)) return 'claimed';
    if (open.submitting.has(found.marker.composeId)) return 'hold';
    // An open compose of this desk that did not take the fax (claim absent: the outbox decides on its own pass).
    return claim ? 'import' : 'hold';
  }
  if (!found && open.referenceOnly.some((d) => sameNumber(d, fax.destinationNumber ?? ''))) return 'hold';
  return 'import';
}
