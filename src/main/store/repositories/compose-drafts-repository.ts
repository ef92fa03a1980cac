/**
 * The saved Compose draft (one: the fax being written). The draft's shape is checked by the caller
 * (DraftsService, with SavedDraftSchema) before it gets here; this file only stores and reads it.
 */
import type { Db } from '../database';
import { isoUtc, readJson, stableJson } from './row-support';

interface DraftRow {
  compose_id: string;
  draft: string;
  saved_at: string;
}

export interface StoredComposeDraft {
  composeId: string;
  /** The JSON as written (parse it with SavedDraftSchema: a draft of an older version may not fit). */
  draft: unknown;
  savedAt: string;
}

export class ComposeDraftsRepository {
  private readonly selectDraft;
  private readonly upsertDraft;
  private readonly deleteAll;
  private readonly deleteCompose;
  private readonly selectDocumentIds;

  constructor(db: Db) {
    this.selectDraft = db.prepare<[], DraftRow>('SELECT compose_id, draft, saved_at FROM compose_drafts WHERE slot = 1');
    this.upsertDraft = db.prepare<[string, string, string]>(
      `INSERT INTO compose_drafts (slot, compose_id, draft, saved_at) VALUES (1, ?, ?, ?)
       ON CONFLICT (slot) DO UPDATE SET compose_id = excluded.compose_id, draft = excluded.draft, saved_at = excluded.saved_at`,
    );
    this.deleteAll = db.prepare('DELETE FROM compose_drafts');
    this.deleteCompose = db.prepare<[string]>('DELETE FROM compose_drafts WHERE compose_id = ?');
    this.selectDocumentIds = db.prepare<[], { id: string }>(
      `SELECT DISTINCT json_extract(d.value, '$.id') AS id FROM compose_drafts, json_each(compose_drafts.draft, '$.documents') AS d WHERE id IS NOT NULL`,
    );
  }

  get(): StoredComposeDraft | undefined {
    const row = this.selectDraft.get();
    return row && { composeId: row.compose_id, draft: readJson(row.draft, 'Compose draft'), savedAt: row.saved_at };
  }

  /** Replaces the draft; returns the time stored. */
  put(composeId: string, draft: object, now: Date): string {
    const at = isoUtc(now, 'savedAt');
    this.upsertDraft.run(composeId, stableJson(draft), at);
    return at;
  }

  /** Deletes the draft (only if it is `composeId`'s, when given). Returns whether one was deleted. */
  delete(composeId?: string): boolean {
    return (composeId === undefined ? this.deleteAll.run() : this.deleteCompose.run(composeId)).changes > 0;
  }

  /** The ids of the documents the draft refers to. */
  documentIds(): string[] {
    return this.selectDocumentIds.all().map((r) => r.id);
  }
}
