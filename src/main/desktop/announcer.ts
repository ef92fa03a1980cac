/**
 * One desktop notification per fax, at most, whoever asks: the inbox when a new fax's image is stored,
 * OutboundStates when a composed job first becomes final (Delivered, Failed, Cancelled). The policy
 * (notification-policy.ts: the settings, the words) is applied here, and the fax's own timeline
 * remembers the announcement: a `local` NOTIFIED event is written (in the same synchronous step) just
 * before the Notifier is called, so neither a second sync cycle, a second download of the same fax, a
 * second observer of the same final state, nor a restart shows it again. It is written even when the
 * settings say not to show it (`detail.shown: false`), so turning notifications on later does not
 * replay old faxes. A fax found as history when an account is first synchronised gets IMPORTED
 * instead and is never announced.
 */
import type { Settings } from '../../shared/domain/settings';
import type { FaxRef } from '../../shared/domain/history';
import type { Notifier } from '../platform/ports';
import type { FaxEventsRepository } from '../store/repositories/fax-events-repository';
import { notificationFor, type NotifiableEvent } from './notification-policy';

/** The fax was announced (or deliberately not, when the setting is off: `detail.shown` says which). */
export const NOTIFIED_STATUS = 'NOTIFIED';
/** The fax was already there when the account was first synchronised: history, not news. */
export const IMPORTED_STATUS = 'IMPORTED';

export interface AnnouncerDeps {
  events: FaxEventsRepository;
  notifier: Notifier;
  settings: () => Pick<Settings, 'notifyInbound' | 'notifyOutbound'>;
  now: () => Date;
}

export class Announcer {
  constructor(private readonly deps: AnnouncerDeps) {}

  /** Whether this fax was announced (or imported as history) before. */
  wasAnnounced(ref: FaxRef): boolean {
    return this.deps.events.timeline(ref).some((e) => e.source === 'local' && (e.status === NOTIFIED_STATUS || e.status === IMPORTED_STATUS));
  }

  /** Shows what `event` deserves unless this fax was announced before. Returns whether this call is the one that announced it. */
  announce(ref: FaxRef, event: NotifiableEvent): boolean {
    if (this.wasAnnounced(ref)) return false;
    const notification = notificationFor(this.deps.settings(), event);
    const now = this.deps.now();
    this.deps.events.record({ ref, at: now.toISOString(), source: 'local', status: NOTIFIED_STATUS, detail: { shown: notification !== null } }, now);
    if (notification) {
      try {
        this.deps.notifier.show(notification);
      } catch {
        // A notifier failure (no notification service on this desktop) must not undo what was recorded.
      }
    }
    return true;
  }
}
