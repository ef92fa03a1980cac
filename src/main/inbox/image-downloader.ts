/**
 * Downloads the image of every received fax, once, in the background: the queue is the received
 * table itself (image_state pending/failed), one download at a time.
 *
 * For each fax: GET /faxes/{id}/image?desired_format=PDF, check that the bytes are a whole PDF
 * (pdf-lib, plus the end marker pdf-lib does not insist on), write it atomically to the data folder,
 * mark the row stored, and only then tell the inbox (notification, auto-print, badge). After that the
 * service is told image_downloaded = true; if that fails it is told again later (the local file is the
 * truth; the next sweep of "not downloaded" faxes also finds it).
 *
 * Failures are of two kinds:
 * - this fax's image is bad (damaged, cut off, missing on the service): the row becomes `failed` with
 *   a sentence saying so, retried a bounded number of times with growing waits; never deleted;
 * - the world is in the way (network, service errors, disk full, data folder not writable): the row
 *   goes back to `pending` and the whole downloader waits (growing waits, no limit) — the problem is
 *   reported once, not per fax, and a full disk costs no fax its tries.
 * A crash mid-download leaves the row `downloading`: start() puts it back to pending. A crash after
 * the rename but before the row was updated leaves a whole file: it is recognised and kept, not
 * downloaded again.
 */
import type { InboxFax } from '../../shared/domain/history';
import type { SyncErrorView } from '../../shared/domain/sync';
import { checkPdf } from '../documents/formats/pdf';
import { AppError, isAppError } from '../errors';
import { exponentialDelay } from '../platform/backoff';
import type { Logger } from '../platform/logger';
import type { Timers } from '../platform/timers';
import { toAppError } from '../sync/sync-error';
import type { HistoryStores, SyncAccounts, SyncClient } from '../sync/ports';
import { goneAtService, goneMessage } from './gone-at-service';
import type { FaxImageFiles } from '../store/fax-image-files';
import type { PrintClaims } from './print-claim';

export interface ImageDownloaderOptions {
  /** Automatic tries for a fax whose image is bad. Default 5. */
  maxAttempts?: number;
  /** First wait before retrying a bad image (doubles each time). Default 1 min, at most 30 min. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** First wait after a network/disk problem (doubles). Default 15 s, at most 10 min. */
  problemBaseMs?: number;
  problemMaxMs?: number;
}

export interface ImageDownloaderDeps extends ImageDownloaderOptions {
  stores: Pick<HistoryStores, 'received' | 'events'>;
  files: FaxImageFiles;
  accounts: Pick<SyncAccounts, 'clientFor'>;
  timers: Timers;
  now: () => Date;
  logger: Logger;
  /** The image is stored: the fax now counts as received. */
  onStored: (fax: InboxFax) => void;
  /** The fax's image is bad (the row is `failed`, with the message). */
  onFailed: (fax: InboxFax, error: AppError, willRetry: boolean) => void;
  /** A problem holding every download back started (error) or ended (null). */
  onProblem: (error: AppError | null) => void;
  /** The fax was deleted at the service before its image was stored here (the row is marked gone). */
  onGone?: (fax: InboxFax) => void;
  /** One automatic print per fax across desks (print-claim.ts): reads the claim before a first download, says how to mark after. */
  claims?: PrintClaims;
}

interface ServiceMark {
  accountId: string;
  faxId: string;
  /** What to set image_downloaded to: true (downloaded), or false (given back for a printing desk: print-claim.ts). */
  value: boolean;
  tries: number;
  notBefore: number;
}

/** Codes that mean "this fax's image is bad", as opposed to "something is in the way". */
const PER_FAX_CODES = new Set(['BAD_RESPONSE', 'NOT_FOUND', 'VALIDATION']);
const QUEUE_SCAN = 200;
const MARK_RETRY_MAX_MS = 30 * 60_000;
const EVERY_ATTEMPT = 1_000_000;

export class ImageDownloader {
  private readonly maxAttempts: number;
  private readonly retryBaseMs: number;
  private readonly retryMaxMs: number;
  private readonly problemBaseMs: number;
  private readonly problemMaxMs: number;
  private running: Promise<void> | null = null;
  private again = false;
  private paused = false;
  private stopped = true;
  private abort = new AbortController();
  private timer: unknown = null;
  /** Per fax (row id): not before this time (timers clock), after its image was bad. */
  private readonly notBefore = new Map<string, number>();
  /** Asked for by the person: tried once more whatever its count. */
  private readonly forced = new Set<string>();
  /** The problem holding every download back, if any. */
  private problem: { error: AppError; at: string; failures: number; until: number } | null = null;
  /** image_downloaded = true still owed to the service, per row id. */
  private readonly marks = new Map<string, ServiceMark>();
  private counts = { pending: 0, failed: 0 };
  /** Downloads asked for by the person outside the queue (downloadNow), per row id. */
  private readonly onDemand = new Map<string, Promise<void>>();

  constructor(private readonly deps: ImageDownloaderDeps) {
    this.maxAttempts = deps.maxAttempts ?? 5;
    this.retryBaseMs = deps.retryBaseMs ?? 60_000;
    this.retryMaxMs = deps.retryMaxMs ?? 30 * 60_000;
    this.problemBaseMs = deps.problemBaseMs ?? 15_000;
    this.problemMaxMs = deps.problemMaxMs ?? 10 * 60_000;
  }

  /** Recovers from a crash (interrupted downloads, temporary files), then starts on the queue. */
  async start(): Promise<void> {
    const reset = this.deps.stores.received.resetInterruptedDownloads(this.deps.now());
    if (reset > 0) this.deps.logger.info('image downloads interrupted by a stop resume', { count: reset });
    const removed = await this.deps.files.cleanTemporaryFiles();
    if (removed > 0) this.deps.logger.info('removed partial image files', { count: removed });
    await this.deps.files.noteRoot();
    this.stopped = false;
    this.kick();
  }

  /** Cancels the download in flight (its row stays `downloading`; the next start resumes it). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.deps.timers.clearTimeout(this.timer);
    this.timer = null;
    this.abort.abort();
    while (this.running) await this.running;
    await Promise.allSettled([...this.onDemand.values()]);
    this.abort = new AbortController();
  }

  setPaused(paused: boolean): void {
    this.paused = paused;
    if (!paused) this.kick();
  }

  /** Something may be waiting: look at the queue soon. */
  kick(): void {
    if (this.stopped || this.paused) return;
    if (this.running) {
      this.again = true;
      return;
    }
    const run = this.loop().finally(() => {
      if (this.running === run) this.running = null;
    });
    this.running = run;
  }

  /** Works through everything that may be tried now, and waits until done (tests, benchmarks). */
  async drain(): Promise<void> {
    this.kick();
    while (this.running) await this.running;
  }

  /** The person asked to download this fax again: now, whatever its tries and waits. */
  retry(id: string): void {
    this.forced.add(id);
    this.notBefore.delete(id);
    if (this.problem) this.problem.until = 0;
    this.kick();
  }

  /**
   * Downloads this fax's image now, outside the queue, and resolves with the row as it then stands
   * (stored, failed, or back to pending when something held it back): an image kept on the service
   * ('remote', imported history) that the person opens, prints or saves. One download per fax at a time.
   */
  async downloadNow(id: string): Promise<InboxFax | undefined> {
    let flight = this.onDemand.get(id);
    if (!flight) {
      const row = this.deps.stores.received.get(id);
      if (!row || row.imageState === 'stored' || row.imageState === 'downloading') return row;
      flight = this.download(row).finally(() => this.onDemand.delete(id));
      this.onDemand.set(id, flight);
    }
    await flight;
    return this.deps.stores.received.get(id);
  }

  /** These stored faxes are still "not downloaded" on the service: tell it again (a new fax only by a printing desk: print-claim.ts). */
  markOnServiceLater(accountId: string, rows: readonly { id: string; faxId: string }[]): void {
    const claims = this.deps.claims;
    const due = claims ? rows.filter((r) => {
      const row = this.deps.stores.received.get(r.id);
      return row !== undefined && claims.mayMarkLater(row);
    }) : rows;
    for (const row of due) if (!this.marks.has(row.id)) this.marks.set(row.id, { accountId, faxId: row.faxId, value: true, tries: 0, notBefore: 0 });
    if (due.length > 0) this.kick();
  }

  /** Why a pending fax is not downloaded yet, when a problem holds downloads back. */
  get currentProblem(): SyncErrorView | null {
    return this.problem ? { message: this.problem.error.message, code: this.problem.error.code, at: this.problem.at, feed: 'images' } : null;
  }

  status(): { pending: number; failed: number; lastError: SyncErrorView | null } {
    return { ...this.counts, lastError: this.currentProblem };
  }

  private async loop(): Promise<void> {
    this.deps.timers.clearTimeout(this.timer);
    this.timer = null;
    do {
      this.again = false;
      for (;;) {
        if (this.stopped || this.paused) return;
        const next = this.nextEligible();
        if (!next) break;
        await this.download(next);
        if (this.problem && this.waiting(this.problem.until, this.deps.timers.now(), this.problemMaxMs)) break;
      }
      await this.sendMarks();
    } while (this.again && !this.stopped && !this.paused);
    if (this.problem && this.counts.pending === 0) {
      // Nothing is held back any more (the faxes were deleted, or stored through another path).
      this.problem = null;
      this.deps.onProblem(null);
    }
    this.arm();
  }

  /** The next fax to try now, pending first, newest first; null when none may be tried yet. */
  private nextEligible(): InboxFax | null {
    const now = this.deps.timers.now();
    const rows = this.deps.stores.received.listImageQueue({ maxAttempts: EVERY_ATTEMPT, limit: QUEUE_SCAN });
    this.counts = { pending: rows.filter((r) => r.imageState === 'pending').length, failed: rows.filter((r) => r.imageState === 'failed').length };
    const blocked = this.problem !== null && this.waiting(this.problem.until, now, this.problemMaxMs);
    for (const row of rows) {
      if (this.forced.has(row.id)) return row;
      if (blocked) continue;
      if (this.waiting(this.notBefore.get(row.id) ?? 0, now, this.retryMaxMs)) continue;
      if (row.imageState === 'failed' && row.imageAttempts >= this.maxAttempts) continue;
      return row;
    }
    return null;
  }

  /**
   * Whether a wait that ends at `until` is still going. A wait longer than the longest one ever set
   * means the clock went back (a person or NTP changed the time): it is over, not a day to come.
   */
  private waiting(until: number, now: number, longest: number): boolean {
    return until > now && until - now <= longest;
  }

  private async download(row: InboxFax): Promise<void> {
    const { received } = this.deps.stores;
    const relative = this.deps.files.relativePathFor(row.accountId, row.faxId);
    this.forced.delete(row.id);
    // A whole file under the final name means a crash came between the rename and the row update.
    const existing = await this.deps.files.read(relative).catch(() => null);
    if (existing && (await checkPdf(existing)).ok) {
      this.stored(row, relative);
      return;
    }
    received.setImageState(row.id, { state: 'downloading' }, this.deps.now());
    const signal = this.abort.signal;
    let client: SyncClient | null = null;
    try {
      client = await this.deps.accounts.clientFor(row.accountId);
      // Several desks: the claim on a new fax is read before fetching the image sets it (print-claim.ts).
      if ((await this.deps.claims?.beforeDownload(row, client, signal)) === 'gone') {
        this.gone(row);
        return;
      }
      const image = await client.getImage(row.faxId, 'PDF', { signal });
      const check = await checkPdf(image.data);
      if (!check.ok) throw new AppError('BAD_RESPONSE', `the service sent a damaged PDF (${check.reason})`);
      await this.deps.files.write(relative, image.data);
      if (this.problem) {
        this.problem = null;
        this.deps.onProblem(null);
      }
      this.stored(row, relative);
    } catch (caught) {
      if (signal.aborted) return;
      const error = toAppError(caught);
      // No image: not ready yet, or the fax is gone (another desk deleted it at the service)? Its metadata says.
      if (error.code === 'NOT_FOUND' && client && (await goneAtService(client, row.faxId, signal))) this.gone(row);
      else if (signal.aborted) return;
      else if (PER_FAX_CODES.has(error.code)) this.failed(row, error);
      else this.heldBack(row, error);
    }
  }

  private stored(row: InboxFax, relative: string): void {
    const now = this.deps.now();
    const { received, events } = this.deps.stores;
    received.setImageState(row.id, { state: 'stored', path: relative }, now);
    events.record({ ref: { direction: 'INBOUND', receivedId: row.id }, at: now.toISOString(), source: 'local', status: 'IMAGE_STORED', detail: {} }, now);
    this.notBefore.delete(row.id);
    const value = this.deps.claims ? this.deps.claims.markAfterStore(row) : true;
    if (value !== null) this.marks.set(row.id, { accountId: row.accountId, faxId: row.faxId, value, tries: 0, notBefore: 0 });
    const fresh = received.get(row.id);
    if (fresh) {
      try {
        this.deps.onStored(fresh);
      } catch (error) {
        this.deps.logger.error('handling a stored fax failed', { error: String((error as Error)?.stack ?? error) });
      }
    }
  }

  private failed(row: InboxFax, error: AppError): void {
    const now = this.deps.now();
    const attempts = row.imageAttempts + 1;
    const willRetry = attempts < this.maxAttempts;
    const from = row.originatingNumber ?? row.tsid;
    const what = `The image of the fax${from ? ` from ${from}` : ''} (received ${row.completedAt.slice(0, 16).replace('T', ' ')} UTC) could not be stored: `;
    const reason = error.code === 'NOT_FOUND' ? 'the service has no image for it (yet)' : lowerFirst(error.message.replace(/\.$/, ''));
    const next = willRetry
      ? ` Faxdesk will try again (${this.maxAttempts - attempts} ${this.maxAttempts - attempts === 1 ? 'try' : 'tries'} left); you can also choose "Download again".`
      : ` Faxdesk gave up after ${attempts} tries; choose "Download again" to try once more. The fax stays in your inbox.`;
    const message = `${what}${reason}.${next}`;
    const { received, events } = this.deps.stores;
    received.setImageState(row.id, { state: 'failed', error: message }, now);
    events.record(
      { ref: { direction: 'INBOUND', receivedId: row.id }, at: now.toISOString(), source: 'local', status: 'IMAGE_FAILED', detail: { attempt: attempts, code: error.code } },
      now,
    );
    if (willRetry) this.notBefore.set(row.id, this.deps.timers.now() + exponentialDelay(attempts, this.retryBaseMs, this.retryMaxMs));
    else this.notBefore.delete(row.id);
    this.deps.logger.warn('fax image could not be stored', { accountId: row.accountId, faxId: row.faxId, attempt: attempts, code: error.code });
    const fresh = this.deps.stores.received.get(row.id) ?? row;
    this.deps.onFailed(fresh, new AppError(error.code, message, { cause: error }), willRetry);
  }

  /** The service no longer has the fax: shown as deleted there, with what is known; never tried again. */
  private gone(row: InboxFax): void {
    const now = this.deps.now();
    const { received, events } = this.deps.stores;
    if (received.markGone(row.id, goneMessage(row), now)) {
      events.record({ ref: { direction: 'INBOUND', receivedId: row.id }, at: now.toISOString(), source: 'local', status: 'DELETED_AT_SERVICE', detail: {} }, now);
      this.deps.logger.info('a received fax was deleted at the service before its image was stored', { accountId: row.accountId, faxId: row.faxId });
    }
    this.notBefore.delete(row.id);
    this.marks.delete(row.id);
    this.deps.claims?.forget(row.id);
    const fresh = received.get(row.id);
    if (fresh) {
      try {
        this.deps.onGone?.(fresh);
      } catch (error) {
        this.deps.logger.error('handling a fax deleted at the service failed', { error: String((error as Error)?.stack ?? error) });
      }
    }
  }

  private heldBack(row: InboxFax, error: AppError): void {
    this.deps.stores.received.setImageState(row.id, { state: 'pending' }, this.deps.now());
    const failures = (this.problem?.failures ?? 0) + 1;
    const wait = exponentialDelay(failures, this.problemBaseMs, this.problemMaxMs);
    const fresh = !this.problem || this.problem.error.message !== error.message;
    this.problem = { error, at: this.deps.now().toISOString(), failures, until: this.deps.timers.now() + wait };
    this.deps.logger.warn('image downloads held back', { code: error.code, waitMs: wait });
    if (fresh) this.deps.onProblem(error);
  }

  /** Tells the service image_downloaded = true for every stored fax it is owed for, as far as it can. */
  private async sendMarks(): Promise<void> {
    const now = this.deps.timers.now();
    for (const [id, mark] of [...this.marks]) {
      if (this.stopped || this.paused) return;
      if (this.waiting(mark.notBefore, now, MARK_RETRY_MAX_MS)) continue;
      try {
        const client = await this.deps.accounts.clientFor(mark.accountId);
        await client.setImageDownloaded(mark.faxId, mark.value, { signal: this.abort.signal });
        this.marks.delete(id);
      } catch (error) {
        if (this.abort.signal.aborted) return;
        // Deleted on the service meanwhile: nothing left to mark.
        if (isAppError(error) && error.code === 'NOT_FOUND') {
          this.marks.delete(id);
          continue;
        }
        mark.tries += 1;
        mark.notBefore = this.deps.timers.now() + exponentialDelay(mark.tries, 30_000, MARK_RETRY_MAX_MS);
        this.deps.logger.warn('could not mark a fax as downloaded on the service; will try again', { faxId: mark.faxId, code: toAppError(error).code });
      }
    }
  }

  /** Wakes up when the earliest wait (a bad image's retry, a problem's backoff, a mark) is over. */
  private arm(): void {
    if (this.stopped || this.paused) return;
    const now = this.deps.timers.now();
    let earliest = Infinity;
    const consider = (at: number, longest: number) => {
      if (this.waiting(at, now, longest)) earliest = Math.min(earliest, at);
    };
    for (const at of this.notBefore.values()) consider(at, this.retryMaxMs);
    if (this.problem) consider(this.problem.until, this.problemMaxMs);
    for (const mark of this.marks.values()) consider(mark.notBefore, MARK_RETRY_MAX_MS);
    if (earliest === Infinity) return;
    this.deps.timers.clearTimeout(this.timer);
    this.timer = this.deps.timers.setTimeout(() => {
      this.timer = null;
      this.kick();
    }, earliest - now);
  }
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
