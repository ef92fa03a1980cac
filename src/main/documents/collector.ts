/**
 * Document garbage collection: removes stored documents that no outbound job refers to (a fax
 * composed and never sent, a job deleted from the history) once they are older than a grace period.
 * A job keeps its documents for as long as it exists, whatever its state (Resend needs them), so the
 * referenced ids are read from every job at the start of each pass. The grace period covers documents
 * added in Compose and not sent yet: adding them again refreshes their time.
 *
 * One pass when started (after the outbox has resumed its jobs), then one every `everyMs`; a pass
 * asked for while one runs joins it. Failures are logged and retried at the next pass.
 */
import type { Logger } from '../platform/logger';
import type { Timers } from '../platform/timers';
import type { DocumentStore } from './document-store';

/** Unreferenced documents younger than this stay (a compose may still be open with them). */
export const DOCUMENT_GRACE_MS = 24 * 60 * 60_000;
export const DOCUMENT_COLLECT_EVERY_MS = 6 * 60 * 60_000;

export interface DocumentCollectorDeps {
  store: Pick<DocumentStore, 'removeUnreferenced'>;
  /** Every document id any job refers to (OutboxService.referencedDocumentIdsInPieces). */
  referencedIds(): Iterable<string> | Promise<Iterable<string>>;
  /** realTimers in the app (unref'd: a pending pass never keeps the process alive). */
  timers: Timers;
  logger: Logger;
  graceMs?: number;
  everyMs?: number;
}

export interface CollectResult {
  removed: string[];
  freedBytes: number;
}

export class DocumentCollector {
  private timer: unknown = null;
  private running: Promise<CollectResult> | null = null;
  private started = false;

  constructor(private readonly deps: DocumentCollectorDeps) {}

  /** Runs a pass now (in the background) and then every `everyMs`. */
  start(): void {
    if (this.started) return;
    this.started = true;
    void this.collect();
  }

  /** One pass, or the pass already under way. Never throws: a failure is logged and gives an empty result. */
  collect(): Promise<CollectResult> {
    this.running ??= this.pass().finally(() => {
      this.running = null;
      this.schedule();
    });
    return this.running;
  }

  async stop(): Promise<void> {
    this.started = false;
    if (this.timer !== null) this.deps.timers.clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  private schedule(): void {
    if (!this.started) return;
    if (this.timer !== null) this.deps.timers.clearTimeout(this.timer);
    this.timer = this.deps.timers.setTimeout(() => {
      this.timer = null;
      void this.collect();
    }, this.deps.everyMs ?? DOCUMENT_COLLECT_EVERY_MS);
  }

  private async pass(): Promise<CollectResult> {
    try {
      // Read at the start of the pass: a job created since the last one keeps its documents.
      const referenced = new Set(await this.deps.referencedIds());
      const result = await this.deps.store.removeUnreferenced(referenced, { olderThanMs: this.deps.graceMs ?? DOCUMENT_GRACE_MS, now: this.deps.timers.now() });
      if (result.removed.length > 0) this.deps.logger.info('unreferenced documents removed', { count: result.removed.length, freedBytes: result.freedBytes });
      return result;
    } catch (error) {
      this.deps.logger.warn('document collection failed', { error: error instanceof Error ? error.message : String(error) });
      return { removed: [], freedBytes: 0 };
    }
  }
}
