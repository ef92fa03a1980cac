/**
 * "Exactly one desktop notification per fax", remembered in the fax's own timeline: a `local` event
 * NOTIFIED is written (in the same synchronous step) just before the Notifier is called, so neither a
 * second sync cycle, a second download of the same fax nor a restart shows it again. A fax found as
 * history when an account is first synchronised gets IMPORTED instead and is never announced.
 * (Outbound final states are notified once by the outbox's OutboundStates, on the one write that
 * makes a job final.)
 */
import type { FaxRef } from '../../shared/domain/history';
import type { Notifier, DesktopNotification } from '../platform/ports';
import type { FaxEventsRepository } from '../store/repositories/fax-events-repository';

/** The fax was announced (or deliberately not, when the setting is off: `detail.shown` says which). */
export const NOTIFIED_STATUS = 'NOTIFIED';
/** The fax was already there when the account was first synchronised: history, not news. */
export const IMPORTED_STATUS = 'IMPORTED';

export function wasAnnounced(events: FaxEventsRepository, ref: FaxRef): boolean {
  return events.timeline(ref).some((e) => e.source === 'local' && (e.status === NOTIFIED_STATUS || e.status === IMPORTED_STATUS));
}

/**
 * Shows `notification` unless this fax was announced before; records that it was, even when the
 * settings say not to show it (null), so turning notifications on later does not replay old faxes.
 * Returns whether this call is the one that announced it.
 */
export function notifyOnce(
  deps: { events: FaxEventsRepository; notifier: Notifier; now: () => Date },
  ref: FaxRef,
  notification: DesktopNotification | null,
): boolean {
  if (wasAnnounced(deps.events, ref)) return false;
  const now = deps.now();
  deps.events.record({ ref, at: now.toISOString(), source: 'local', status: NOTIFIED_STATUS, detail: { shown: notification !== null } }, now);
  if (notification) deps.notifier.show(notification);
  return true;
}
