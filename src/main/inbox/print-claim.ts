/**
 * One automatic print per received fax, however many desks on the account have "Print received faxes
 * automatically" on. The service offers one shared, writable fact per fax: `image_downloaded` (GET
 * /faxes/{id}/metadata reads it; PATCH sets it; fetching the image sets it). Faxdesk uses it as the
 * claim on a new fax (one that arrived within CLAIM_WINDOW_MS):
 * - before a desk first downloads a new fax it reads the flag (fetching the image will set it);
 * - a desk that prints (auto-print on) prints the fax when the flag was not set: it has taken it. When
 *   it was set, another desk was first; but a desk that does not print also sets it by fetching the
 *   image, and gives it back right after (below), so a printing desk that saw it set looks once more
 *   after CLAIM_RECHECK_MS and takes it then if it was given back;
 * - a desk that does not print gives a new fax back (PATCH false) after fetching it when the flag was
 *   not set before, and never marks a new fax downloaded: the printing desks' claim is left to them.
 *   After the window every desk marks what it stored (as before), so the service's "not downloaded"
 *   list does not keep old faxes for ever.
 * No compare-and-set exists at the service: two printing desks that read the flag within the same
 * fraction of a second both print. Settings says so, and that one desk (by the printer) should print.
 * Without coordination (no flag in the answer) a printing desk prints: a second copy is better than none.
 */
import type { InboxFax } from '../../shared/domain/history';
import type { Logger } from '../platform/logger';
import type { Timers } from '../platform/timers';
import { isAppError } from '../errors';
import type { SyncClient } from '../sync/ports';

/** Faxes that arrived within this long are coordinated; older ones are marked downloaded as before. */
export const CLAIM_WINDOW_MS = 30 * 60_000;
/** How long a printing desk that found a fax taken waits before looking again (a non-printing desk gives it back in about one download). */
export const CLAIM_RECHECK_MS = 20_000;

/** What the service said before this desk's first download: the flag, or that the fax is gone. */
export type ClaimSeen = 'untaken' | 'taken' | 'unknown' | 'gone';

export interface PrintClaimDeps {
  accounts: { clientFor(accountId: string): Promise<Pick<SyncClient, 'getMetadata' | 'setImageDownloaded'>> };
  /** Whether this desk prints received faxes automatically (the setting). */
  printsHere: () => boolean;
  now: () => Date;
  timers: Timers;
  logger: Logger;
  recheckMs?: number;
  /** CLAIM_WINDOW_MS unless set (tests of one desk's marking set 0: every fax is past the window). */
  windowMs?: number;
}

export class PrintClaims {
  /** Per received row: what the service said before this desk first downloaded it. */
  private readonly seen = new Map<string, ClaimSeen>();

  constructor(private readonly deps: PrintClaimDeps) {}

  /** A fax new enough for the desks to coordinate. */
  isNew(fax: Pick<InboxFax, 'completedAt'>): boolean {
    return this.deps.now().getTime() - Date.parse(fax.completedAt) < (this.deps.windowMs ?? CLAIM_WINDOW_MS);
  }

  /**
   * Before this desk's first download of a fax: reads the flag (one GET metadata). 'gone' when the service
   * no longer has the fax (deleted by another desk): there is nothing to download.
   */
  async beforeDownload(row: InboxFax, client: Pick<SyncClient, 'getMetadata'>, signal?: AbortSignal): Promise<ClaimSeen> {
    const known = this.seen.get(row.id);
    if (known) return known;
    if (row.downloadedAt !== null || (!this.isNew(row) && !this.deps.printsHere())) return 'unknown';
    let seen: ClaimSeen;
    try {
      const meta = await client.getMetadata(row.faxId, signal ? { signal } : {});
      seen = meta.imageDownloaded === true ? 'taken' : meta.imageDownloaded === false ? 'untaken' : 'unknown';
    } catch (error) {
      if (signal?.aborted) throw error;
      seen = isAppError(error) && error.code === 'NOT_FOUND' ? 'gone' : 'unknown';
    }
    this.seen.set(row.id, seen);
    return seen;
  }

  /**
   * What this desk tells the service once it stored the image: true (downloaded: a printing desk's claim,
   * or any fax past the window), false (a non-printing desk gives back a new fax it found untaken), or
   * null (nothing: the flag is already as it should be).
   */
  markAfterStore(row: Pick<InboxFax, 'id' | 'completedAt'>): boolean | null {
    if (this.deps.printsHere() || !this.isNew(row)) return true;
    const seen = this.seen.get(row.id);
    return seen === 'taken' ? null : false;
  }

  /** The sweep found a stored fax still "not downloaded" on the service: whether this desk marks it. */
  mayMarkLater(row: Pick<InboxFax, 'completedAt'>): boolean {
    return this.deps.printsHere() || !this.isNew(row);
  }

  /** Whether this (printing) desk prints the fax it just stored, or another desk took it first. */
  async shouldPrint(fax: InboxFax): Promise<boolean> {
    const seen = this.seen.get(fax.id);
    this.seen.delete(fax.id);
    if (seen !== 'taken') return true;
    // Set before this desk fetched it: another printing desk took it, or a desk that does not print is
    // fetching it and gives it back in a moment. Look once more.
    await new Promise<void>((resolve) => this.deps.timers.setTimeout(resolve, this.deps.recheckMs ?? CLAIM_RECHECK_MS));
    try {
      const client = await this.deps.accounts.clientFor(fax.accountId);
      const meta = await client.getMetadata(fax.faxId);
      if (meta.imageDownloaded !== false) return false;
      await client.setImageDownloaded(fax.faxId, true);
      return true;
    } catch (error) {
      this.deps.logger.warn('could not look again whether another desk printed a fax', { faxId: fax.faxId, code: isAppError(error) ? error.code : 'INTERNAL' });
      return false;
    }
  }

  forget(rowId: string): void {
    this.seen.delete(rowId);
  }
}
