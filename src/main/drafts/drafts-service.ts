/**
 * The Compose draft's main-process side (contract: src/shared/ipc/contract/drafts.ts). The page saves
 * what the person is writing, debounced; main checks it (the gate parses it with SavedDraftSchema),
 * keeps it in SQLite and gives it back on the next start or reload. Three rules:
 * - a compose that has been sent is never saved or restored again (a save that arrives after Send, or a
 *   draft left by a crash between sending and forgetting it, would otherwise bring a sent fax back);
 * - the draft's documents stay in the store while it exists (`referencedDocumentIds`, read by the
 *   document collector), and a document missing all the same is named, not silently dropped;
 * - nothing here sends: restoring gives the page its form back, and only Send sends.
 */
import { SavedDraftSchema, type DraftSaveResult, type DraftSnapshot, type SavedDraft } from '../../shared/ipc/contract/drafts';
import type { DocumentStore } from '../documents/document-store';
import type { Logger } from '../platform/logger';
import type { Db } from '../store/database';
import { ComposeDraftsRepository } from '../store/repositories/compose-drafts-repository';

export interface DraftsServiceDeps {
  db: Db;
  store: Pick<DocumentStore, 'has'>;
  /** True once compose:send has made jobs for this compose id. */
  isSent(composeId: string): boolean;
  logger: Logger;
  now: () => Date;
}

export class DraftsService {
  private readonly drafts: ComposeDraftsRepository;

  constructor(private readonly deps: DraftsServiceDeps) {
    this.drafts = new ComposeDraftsRepository(deps.db);
  }

  async get(): Promise<DraftSnapshot | null> {
    const stored = this.drafts.get();
    if (!stored) return null;
    if (this.deps.isSent(stored.composeId)) {
      this.drafts.delete(stored.composeId);
      return null;
    }
    // Written by this or an older version: a draft that no longer fits the shape is dropped, and said so in the log.
    const parsed = SavedDraftSchema.safeParse(stored.draft);
    if (!parsed.success) {
      this.deps.logger.warn('saved Compose draft unreadable; dropped', { issue: parsed.error.issues[0]?.message ?? 'invalid' });
      this.drafts.delete(stored.composeId);
      return null;
    }
    const missing: string[] = [];
    for (const d of parsed.data.documents) if (!(await this.deps.store.has(d.id))) missing.push(d.name);
    return { draft: parsed.data, savedAt: stored.savedAt, missingDocuments: missing };
  }

  save(draft: SavedDraft): DraftSaveResult {
    if (this.deps.isSent(draft.composeId)) return { saved: false, savedAt: null };
    return { saved: true, savedAt: this.drafts.put(draft.composeId, draft, this.deps.now()) };
  }

  discard(composeId?: string): { discarded: boolean } {
    return { discarded: this.drafts.delete(composeId) };
  }

  /** Documents the draft refers to: the collector must keep them. */
  referencedDocumentIds(): string[] {
    return this.drafts.documentIds();
  }
}
