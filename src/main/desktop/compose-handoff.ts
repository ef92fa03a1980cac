/**
 * The one way into Compose from outside the window: the command line, a second launch, macOS
 * `open-file`, "Open with Faxdesk", File > Open Documents and the hot folder all hand their documents here.
 *
 * Documents wait in a queue until a page takes them (`desktop:takePendingFiles`), because they often
 * arrive before the window has loaded (a double-clicked PDF starts Faxdesk) or while no page is
 * connected (the browser harness). Each hand-over also emits `ui:navigate {page:'compose'}` and
 * `compose:open`, so a page that is open takes them at once.
 */
import path from 'node:path';
import type { ComposeFile, PendingFiles, PendingRecipient } from '../../shared/ipc/contract/desktop';
import type { EventBus } from '../ipc/events';
import type { Logger } from '../platform/logger';

export type HandoffSource = 'command-line' | 'second-instance' | 'open-file' | 'hot-folder' | 'printer' | 'menu';

/** More than a page could sensibly take (a fax has at most 25 documents); the oldest are dropped past it. */
export const MAX_PENDING_FILES = 100;

/** Recipients waiting with them (a fax has at most 50). */
const MAX_PENDING_RECIPIENTS = 200;

export class ComposeHandoff {
  private pending: ComposeFile[] = [];
  private recipients: PendingRecipient[] = [];
  private recipientsFrom: string | null = null;

  constructor(
    private readonly events: EventBus,
    private readonly logger: Logger,
  ) {}

  /**
   * Hands documents (absolute paths, already checked) to Compose, with recipients to fill in when
   * given (the fax printer). Returns the ones newly queued.
   */
  offer(files: readonly string[], source: HandoffSource, extra?: { recipients: readonly PendingRecipient[]; recipientsFrom: string }): ComposeFile[] {
    const queued = new Set(this.pending.map((f) => f.path));
    const added: ComposeFile[] = [];
    for (const file of files) {
      if (queued.has(file)) continue;
      queued.add(file);
      added.push({ path: file, name: path.basename(file) });
    }
    if (!added.length) return [];
    this.pending.push(...added);
    if (extra?.recipients.length) {
      this.recipients = [...this.recipients, ...extra.recipients].slice(-MAX_PENDING_RECIPIENTS);
      this.recipientsFrom = extra.recipientsFrom;
    }
    if (this.pending.length > MAX_PENDING_FILES) {
      const dropped = this.pending.splice(0, this.pending.length - MAX_PENDING_FILES);
      this.logger.warn('compose hand-off: too many pending documents, the oldest were dropped', { dropped: dropped.length });
    }
    this.logger.info('compose hand-off', { source, files: added.length });
    this.events.emit('ui:navigate', { page: 'compose' });
    this.events.emit('compose:open', { files: added });
    return added;
  }

  /** Returns the documents (and recipients) no page has taken yet, and forgets them. */
  take(): PendingFiles {
    const files = this.pending;
    this.pending = [];
    if (!this.recipients.length) return { files };
    const taken: PendingFiles = { files, recipients: this.recipients, recipientsFrom: this.recipientsFrom ?? 'a printed job' };
    this.recipients = [];
    this.recipientsFrom = null;
    return taken;
  }

  /** Whether a document is still waiting for a page to take it. */
  isPending(file: string): boolean {
    return this.pending.some((f) => f.path === file);
  }

  get pendingCount(): number {
    return this.pending.length;
  }
}
