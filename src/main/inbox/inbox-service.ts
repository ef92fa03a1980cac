/**
 * The inbox: what happens when a received fax is stored (one notification, auto-print, badge), and
 * what the Inbox page can do with a fax (list, open, print, save, mark read, delete, download again).
 * Everything a person sees comes from the local history; only delete and "download again" talk to
 * the service.
 */
import path from 'node:path';
import type { InboxFax, PageCursor } from '../../shared/domain/history';
import type { InboxChangeReason, InboxDeleteResult, InboxFaxDetail, InboxFaxRefInput, InboxImage, InboxListInput, InboxPage, InboxPrintResult, InboxReadResult, InboxSaveResult, ListPosition } from '../../shared/ipc/contract/inbox';
import type { SyncStatus } from '../../shared/domain/sync';
import { checkPdf, pdfNotWhole } from '../documents/formats/pdf';
import { AppError, isAppError } from '../errors';
import type { EventBus } from '../ipc/events';
import type { InternalEvents } from '../platform/internal-events';
import type { Logger } from '../platform/logger';
import type { Badge, Notifier, Printer } from '../platform/ports';
import { Announcer } from '../desktop/announcer';
import type { HistoryStores, SyncAccounts, SyncSettings } from '../sync/ports';
import type { InboxHooks } from '../sync/sync-service';
import { decodeCursor, encodeCursor } from '../ipc/list-cursor';
import type { ImageDownloader } from './image-downloader';
import type { FaxImageFiles } from '../store/fax-image-files';
import type { SenderNames } from './sender-names';
import type { PrintClaims } from './print-claim';

export interface InboxServiceDeps {
  stores: HistoryStores;
  files: FaxImageFiles;
  downloader: () => ImageDownloader;
  accounts: Pick<SyncAccounts, 'clientFor'>;
  settings: Pick<SyncSettings, 'values'>;
  notifier: Notifier;
  printer: Printer;
  badge: Badge;
  events: Pick<EventBus, 'emit'>;
  /** Main's internal events: every change to received faxes is announced here (the page hears of it from it). */
  changes: Pick<InternalEvents, 'emit'>;
  logger: Logger;
  now: () => Date;
  /** What the sync status shows may have changed (download problems). */
  onStatusChange?: () => void;
  /** The address book's names for senders (the list, and the search by name). */
  senders?: SenderNames;
  /** Several desks on one account: one automatic print per fax (print-claim.ts). */
  claims?: PrintClaims;
}

export class InboxService implements InboxHooks {
  private unread = -1;

  /** One notification per fax, ever (shared with the outbox's final states: desktop/announcer.ts). */
  private readonly announcer: Announcer;

  constructor(private readonly deps: InboxServiceDeps) {
    this.announcer = new Announcer({ events: deps.stores.events, notifier: deps.notifier, settings: () => deps.settings.values, now: deps.now });
  }

  // -------------------------------------------------------------------------------------------
  // Sync and downloader hooks

  receivedChanged(accountId: string, created: readonly string[], changed: readonly string[]): void {
    const unread = this.refreshBadge();
    if (created.length) this.emit(accountId, created, 'arrived', unread);
    if (changed.length) this.emit(accountId, changed, 'updated', unread);
    if (created.length) this.deps.downloader().kick();
  }

  markOnServiceLater(accountId: string, rows: readonly { id: string; faxId: string }[]): void {
    this.deps.downloader().markOnServiceLater(accountId, rows);
  }

  setPaused(paused: boolean): void {
    this.deps.downloader().setPaused(paused);
  }

  downloadStatus(): SyncStatus['downloads'] {
    return this.deps.downloader().status();
  }

  /** Works through every image download that may be tried now (tests, benchmarks, harnesses). */
  drainDownloads(): Promise<void> {
    return this.deps.downloader().drain();
  }

  unreadCount(): number {
    return this.deps.stores.received.countUnread();
  }

  /** The image is stored: the fax counts as received. One notification, ever; auto-print if asked. */
  handleStored(fax: InboxFax): void {
    if (fax.deletedAt === null) {
      const announced = this.announcer.announce(
        { direction: 'INBOUND', receivedId: fax.id },
        { kind: 'inbound', accountId: fax.accountId, faxId: fax.faxId, from: fax.originatingNumber ?? fax.tsid, pages: fax.pages },
      );
      if (announced && this.deps.settings.values.autoPrintInbound && fax.printedAt === null) void this.autoPrint(fax);
    }
    this.emit(fax.accountId, [fax.id], 'image', this.refreshBadge());
    this.deps.onStatusChange?.();
  }

  /** The fax was deleted at the service before its image was stored here: the Inbox shows it so. */
  handleGone(fax: InboxFax): void {
    this.emit(fax.accountId, [fax.id], 'updated', this.refreshBadge());
    this.deps.onStatusChange?.();
  }

  handleFailed(fax: InboxFax, error: AppError, willRetry: boolean): void {
    this.emit(fax.accountId, [fax.id], 'image', this.refreshBadge());
    if (!willRetry) this.notice('warning', error.message);
    this.deps.onStatusChange?.();
  }

  handleProblem(error: AppError | null): void {
    if (error) this.notice('error', `Received faxes cannot be downloaded right now: ${error.message}`);
    this.deps.onStatusChange?.();
  }

  handleFolderRecreated(folder: string): void {
    this.notice(
      'warning',
      `The folder where Faxdesk keeps received faxes (${folder}) had been deleted; Faxdesk created it again. Your fax history is intact, and faxes stored there before are downloaded again when you open them.`,
    );
  }

  /** Unread faxes across accounts, to the badge port (only when it changed). */
  refreshBadge(): number {
    const count = this.deps.stores.received.countUnread();
    if (count !== this.unread) {
      this.unread = count;
      this.deps.badge.setCount(count);
    }
    return count;
  }

  // -------------------------------------------------------------------------------------------
  // Inbox page

  /**
   * A page of the Inbox list: newest first by time received, or for a search newest first by arrival
   * in the history. Read down from a cursor, up from one (direction 'newer'), or from the top; `skip`
   * jumps into the list. With `count`, also where the page starts and how long the list is.
   */
  list(input: InboxListInput): InboxPage {
    const text = [input.search, input.number].filter((t) => t && t.trim()).join(' ').trim();
    const filter = {
      unreadOnly: input.unreadOnly,
      from: input.from === undefined ? null : new Date(input.from).toISOString(),
      to: input.to === undefined ? null : new Date(input.to).toISOString(),
      ...(input.accountId ? { accountId: input.accountId } : {}),
    };
    const paging = { skip: input.skip, limit: input.limit };
    const { received } = this.deps.stores;
    const up = input.direction === 'newer';
    if (text) {
      const at = input.cursor === undefined ? null : decodeCursor(input.cursor, 'search').at;
      // A name typed finds that contact's faxes too (their numbers); with a number filter, only the words count.
      const numbers = input.search && !input.number ? (this.deps.senders?.numbersNamed(input.search) ?? []) : [];
      const page = received.search({ text, numbers, ...filter, ...paging, ...(at === null ? {} : up ? { before: at } : { after: at }) });
      const search = (seq: number | null) => (seq === null ? null : encodeCursor({ kind: 'search', at: seq }));
      const position = () => {
        const total = received.countSearch({ text, numbers, ...filter }) ?? 0;
        return { offset: page.previous === null ? 0 : (received.countSearch({ text, numbers, ...filter, before: page.previous }) ?? 0), total };
      };
      return { items: this.named(page.items), next: search(page.next), previous: search(page.previous), position: input.count ? emptyAware(page, position, up) : null };
    }
    const at = input.cursor === undefined ? null : decodeCursor(input.cursor, 'keyset').at;
    const page = received.page({ ...filter, ...paging, ...(at === null ? {} : up ? { before: at } : { after: at }) });
    const keyset = (cursor: PageCursor | null) => (cursor === null ? null : encodeCursor({ kind: 'keyset', at: cursor }));
    const position = () => ({ offset: page.previous === null ? 0 : received.count({ ...filter, before: page.previous }), total: received.count(filter) });
    return { items: this.named(page.items), next: keyset(page.next), previous: keyset(page.previous), position: input.count ? emptyAware(page, position, up) : null };
  }

  get(ref: InboxFaxRefInput): InboxFaxDetail {
    const fax = 'id' in ref ? this.require(ref.id) : this.requireByFaxId(ref.accountId, ref.faxId);
    return { fax: this.named([fax])[0]!, timeline: this.deps.stores.events.timeline({ direction: 'INBOUND', receivedId: fax.id }) };
  }

  /** The person's note on a fax ('' removes it); the Inbox search finds its words. */
  setNote(id: string, note: string): InboxFax {
    const fax = this.require(id);
    if (note !== fax.note) {
      this.deps.stores.received.setNote(id, note, this.deps.now());
      this.emit(fax.accountId, [id], 'updated', this.refreshBadge());
    }
    return this.named([this.require(id)])[0]!;
  }

  async image(id: string): Promise<InboxImage> {
    const fax = await this.withImage(this.require(id));
    const bytes = await this.storedBytes(fax, 'whole');
    if (bytes) return { kind: 'pdf', id, fileName: fileNameOf(fax), bytes: bytes.byteLength, base64: bytes.toString('base64') };
    const current = this.require(id);
    return { kind: 'unavailable', id, imageState: current.imageState, ...this.whyUnavailable(current) };
  }

  retryDownload(id: string): InboxFax {
    const fax = this.require(id);
    if (fax.goneAt !== null) throw new AppError('CONFLICT', fax.imageError ?? 'This fax was deleted at the service; there is nothing to download.', { field: 'id' });
    if (fax.imageState === 'remote') {
      // Imported history: fetched now, outside the queue (the queue never takes such a fax).
      void this.deps.downloader().downloadNow(id).catch(() => undefined);
      return this.require(id);
    }
    if (fax.imageState !== 'stored') {
      this.deps.downloader().retry(id);
      return this.named([this.require(id)])[0]!;
    }
    // Stored: only if the file went missing or bad (checked through, as the person saw it damaged) is there anything to do.
    void this.storedBytes(fax, 'parsed').catch(() => undefined);
    return this.named([fax])[0]!;
  }

  markRead(ids: readonly string[]): InboxReadResult {
    return this.setRead(ids, true);
  }

  markUnread(ids: readonly string[]): InboxReadResult {
    return this.setRead(ids, false);
  }

  async delete(id: string): Promise<InboxDeleteResult> {
    const fax = this.require(id);
    let deletedOnService = true;
    try {
      const client = await this.deps.accounts.clientFor(fax.accountId);
      await client.deleteFax(fax.faxId);
    } catch (error) {
      if (isAppError(error) && error.code === 'NOT_FOUND') deletedOnService = false;
      else {
        const reason = isAppError(error) ? error.message : 'an unexpected error (details in the log)';
        if (!isAppError(error)) this.deps.logger.error('deleting a fax on the service failed', { error: String(error) });
        throw new AppError(isAppError(error) ? error.code : 'INTERNAL', `The fax was not deleted: ${reason} It is still in your inbox; try again.`, {
          cause: error,
        });
      }
    }
    const now = this.deps.now();
    const { received, events } = this.deps.stores;
    this.deps.stores.db.transaction(() => {
      if (received.softDelete(id, now)) {
        events.record({ ref: { direction: 'INBOUND', receivedId: id }, at: now.toISOString(), source: 'local', status: 'DELETED', detail: { onService: deletedOnService } }, now);
      }
    })();
    // The person deleted it: its image goes too (the row stays, hidden, so sync never brings it back).
    if (fax.imagePath) await this.deps.files.remove(fax.imagePath).catch((error) => this.deps.logger.warn('could not remove a deleted fax image', { error: String(error) }));
    const unread = this.refreshBadge();
    this.emit(fax.accountId, [id], 'deleted', unread);
    return { id, deletedOnService, unread };
  }

  /**
   * Prints a stored fax. Only a print the printer took marks it printed; a cancelled dialog records
   * nothing, and a failed print is an error saying why.
   */
  async print(id: string, options: { silent?: boolean } = {}): Promise<InboxPrintResult> {
    const fax = await this.withImage(this.require(id));
    await this.requireBytes(fax);
    const result = await this.deps.printer.printPdf(this.deps.files.absolute(fax.imagePath!), {
      ...(options.silent ? { silent: true } : {}),
      title: titleOf(fax),
      target: { page: 'inbox', faxId: fax.faxId, accountId: fax.accountId },
    });
    if (result.outcome === 'cancelled') return { outcome: 'cancelled' };
    if (result.outcome === 'failed') throw new AppError('PRINT_FAILED', result.reason.trim() || 'The printer reported a problem.');
    const now = this.deps.now();
    this.deps.stores.db.transaction(() => {
      this.deps.stores.received.markPrinted(id, now);
      this.deps.stores.events.record({ ref: { direction: 'INBOUND', receivedId: id }, at: now.toISOString(), source: 'local', status: 'PRINTED', detail: options.silent ? { automatic: true } : {} }, now);
    })();
    this.emit(fax.accountId, [id], 'printed', this.refreshBadge());
    return { outcome: 'printed', printedAt: now.toISOString() };
  }

  async saveAs(id: string, destination?: string): Promise<InboxSaveResult> {
    const fax = await this.withImage(this.require(id));
    const bytes = await this.requireBytes(fax);
    if (destination === undefined) return { kind: 'pdf', fileName: fileNameOf(fax), bytes: bytes.byteLength, base64: bytes.toString('base64') };
    if (!path.isAbsolute(destination)) throw new AppError('VALIDATION', 'Choose where to save the fax with the Save dialog.', { field: 'destination' });
    const target = /\.pdf$/i.test(destination) ? destination : `${destination}.pdf`;
    const written = await this.deps.files.copyTo(fax.imagePath!, target);
    return { kind: 'file', path: target, bytes: written };
  }

  // -------------------------------------------------------------------------------------------

  private async autoPrint(fax: InboxFax): Promise<void> {
    // Several desks print automatically: the one that took the fax first prints it (print-claim.ts).
    // The claim may wait (a second look after CLAIM_RECHECK_MS): Faxdesk may have quit meanwhile and closed
    // the database. Nothing is printed then, and nothing escapes as an unhandled rejection.
    try {
      if (this.deps.claims && !(await this.deps.claims.shouldPrint(fax))) {
        const now = this.deps.now();
        this.deps.stores.events.record(
          { ref: { direction: 'INBOUND', receivedId: fax.id }, at: now.toISOString(), source: 'local', status: 'NOT_PRINTED_HERE', detail: { reason: 'another desk took it first' } },
          now,
        );
        this.emit(fax.accountId, [fax.id], 'updated', this.refreshBadge());
        return;
      }
    } catch (error) {
      this.deps.logger.warn('automatic print: whether another desk printed the fax could not be settled', { error: isAppError(error) ? error.message : String(error) });
      return;
    }
    try {
      // A silent print has no dialog to cancel; if the system still reports it cancelled, it was not printed.
      const result = await this.print(fax.id, { silent: true });
      if (result.outcome === 'cancelled') throw new AppError('PRINT_FAILED', 'The printer did not take it.');
    } catch (error) {
      const reason = isAppError(error) ? error.message : String(error);
      this.deps.logger.warn('automatic print failed', { error: reason });
      this.notice('warning', `The fax${fax.originatingNumber ? ` from ${fax.originatingNumber}` : ''} could not be printed automatically: ${reason} Print it from the Inbox.`);
    }
  }

  private setRead(ids: readonly string[], read: boolean): InboxReadResult {
    const now = this.deps.now();
    const { received, events } = this.deps.stores;
    const changed: string[] = [];
    const byAccount = new Map<string, string[]>();
    this.deps.stores.db.transaction(() => {
      for (const id of new Set(ids)) {
        const fax = received.get(id);
        if (!fax || fax.deletedAt !== null) continue;
        if (!(read ? received.markRead(id, now) : received.markUnread(id, now))) continue;
        changed.push(id);
        byAccount.set(fax.accountId, [...(byAccount.get(fax.accountId) ?? []), id]);
        events.record({ ref: { direction: 'INBOUND', receivedId: id }, at: now.toISOString(), source: 'local', status: read ? 'READ' : 'UNREAD', detail: {} }, now);
      }
    })();
    const unread = this.refreshBadge();
    for (const [accountId, list] of byAccount) this.emit(accountId, list, read ? 'read' : 'unread', unread);
    return { changed, unread };
  }

  /**
   * The stored PDF's bytes, or null when it is not stored. A stored file that is missing or damaged
   * on disk (the data folder was deleted or edited) is fetched again from the service.
   */
  /**
   * The stored image, or null when there is none yet; a file gone, cut short or damaged is downloaded
   * again. `check`: the downloader parsed and checked the file through before storing it, so showing it
   * looks only at what can befall a file since (gone, cut short, overwritten: 'whole'), and leaves damage
   * deeper inside to the viewer, which says so; where the file leaves the app (print, save) or the person
   * asks to download it again, it is parsed through again ('parsed'). Parsing a 100-page fax at every
   * open held each open up by tens of milliseconds.
   */
  private async storedBytes(fax: InboxFax, check: 'whole' | 'parsed'): Promise<Buffer | null> {
    if (fax.imageState !== 'stored' || !fax.imagePath) return null;
    const bytes = await this.deps.files.read(fax.imagePath);
    if (bytes && (check === 'whole' ? pdfNotWhole(bytes) === null : (await checkPdf(bytes)).ok)) return bytes;
    const now = this.deps.now();
    this.deps.stores.received.setImageState(fax.id, { state: 'pending' }, now);
    this.deps.stores.events.record(
      { ref: { direction: 'INBOUND', receivedId: fax.id }, at: now.toISOString(), source: 'local', status: 'IMAGE_MISSING', detail: { damaged: bytes !== null } },
      now,
    );
    this.deps.logger.warn('a stored fax image was missing or damaged; downloading it again', { faxId: fax.faxId });
    this.deps.downloader().retry(fax.id);
    this.emit(fax.accountId, [fax.id], 'image', this.refreshBadge());
    return null;
  }

  /**
   * The fax, with its image downloaded first when it was kept on the service (imported history):
   * opening, printing or saving such a fax is what brings its image here.
   */
  private async withImage(fax: InboxFax): Promise<InboxFax> {
    if (fax.imageState !== 'remote') return fax;
    return (await this.deps.downloader().downloadNow(fax.id)) ?? fax;
  }

  private async requireBytes(fax: InboxFax): Promise<Buffer> {
    const bytes = await this.storedBytes(fax, 'parsed');
    if (bytes) return bytes;
    throw new AppError('CONFLICT', this.whyUnavailable(this.require(fax.id)).message);
  }

  private whyUnavailable(fax: InboxFax): { message: string; canRetry: boolean } {
    if (fax.goneAt !== null) return { message: fax.imageError ?? 'This fax was deleted at the service before this desk downloaded it.', canRetry: false };
    switch (fax.imageState) {
      case 'failed':
        return { message: fax.imageError ?? 'The image of this fax could not be downloaded. Choose "Download again".', canRetry: true };
      case 'downloading':
        return { message: 'Faxdesk is downloading this fax; it shows here as soon as it is stored.', canRetry: false };
      case 'stored':
        return { message: 'The fax is stored; open it again.', canRetry: false };
      case 'remote':
        return { message: 'This fax is from your imported history: Faxdesk downloads it from the fax service when you open it. Choose "Download again" to try now.', canRetry: true };
      case 'pending': {
        const problem = this.deps.downloader().currentProblem;
        if (fax.downloadedAt !== null) return { message: 'The file of this fax was missing from the data folder; Faxdesk is downloading it again.', canRetry: false };
        return problem
          ? { message: `Faxdesk is waiting to download this fax: ${problem.message}`, canRetry: true }
          : { message: 'Faxdesk is about to download this fax; it shows here as soon as it is stored.', canRetry: false };
      }
    }
  }

  /** The faxes with their senders' names from the address book. */
  private named(faxes: InboxFax[]): InboxFax[] {
    return this.deps.senders ? this.deps.senders.named(faxes) : faxes;
  }

  private require(id: string): InboxFax {
    const fax = this.deps.stores.received.get(id);
    if (!fax || fax.deletedAt !== null) throw new AppError('NOT_FOUND', 'This fax is not in your inbox any more: it may have been deleted. Reload the list.', { field: 'id' });
    return fax;
  }

  private requireByFaxId(accountId: string, faxId: string): InboxFax {
    const fax = this.deps.stores.received.getByFaxId(accountId, faxId);
    if (!fax || fax.deletedAt !== null) throw new AppError('NOT_FOUND', 'This fax is not in your inbox any more: it may have been deleted. Reload the list.', { field: 'faxId' });
    return fax;
  }

  private emit(accountId: string | null, ids: readonly string[], reason: InboxChangeReason, unread: number): void {
    this.deps.changes.emit('inbound:changed', { accountId, ids: [...ids], reason, unread });
  }

  private notice(level: 'info' | 'warning' | 'error', message: string): void {
    this.deps.events.emit('app:notice', { level, message, at: this.deps.now().toISOString() });
  }
}

function titleOf(fax: InboxFax): string {
  const from = fax.originatingNumber ?? fax.tsid;
  return `Fax${from ? ` from ${from}` : ''}, ${fax.completedAt.slice(0, 16).replace('T', ' ')} UTC`;
}

/** e.g. fax-2026-03-01-0900-from-13125550170.pdf */
export function fileNameOf(fax: InboxFax): string {
  const when = fax.completedAt.slice(0, 16).replace('T', '-').replace(':', '');
  const from = (fax.originatingNumber ?? '').replace(/[^0-9A-Za-z]+/g, '') || 'unknown';
  return `fax-${when}-from-${from}.pdf`;
}

/** The position of a page; an empty page sits past the end reading down, at the top reading up. */
function emptyAware(page: { items: readonly unknown[] }, position: () => ListPosition, up: boolean): ListPosition {
  const found = position();
  return page.items.length > 0 ? found : { offset: up ? 0 : found.total, total: found.total };
}
