/**
 * Why nothing is polled now (asleep, offline, paused by the person): one owner, created before the
 * services that read it. The SyncService adds and removes reasons (and tells the downloads); the
 * history import reads whether the sync is held.
 */
import type { SyncPauseReason } from '../../shared/domain/sync';

export class SyncPauses {
  private readonly reasons = new Set<SyncPauseReason>();

  /** Nothing is polled now, for any reason. */
  get held(): boolean {
    return this.reasons.size > 0;
  }

  has(reason: SyncPauseReason): boolean {
    return this.reasons.has(reason);
  }

  list(): SyncPauseReason[] {
    return [...this.reasons];
  }

  /** False when the reason was already there. */
  add(reason: SyncPauseReason): boolean {
    if (this.reasons.has(reason)) return false;
    this.reasons.add(reason);
    return true;
  }

  /** False when the reason was not there. */
  delete(reason: SyncPauseReason): boolean {
    return this.reasons.delete(reason);
  }
}
