/**
 * The Compose draft in main: saved and read back through the gate (SavedDraftSchema), never brought
 * back once its compose was sent, its documents kept by the collector while it exists.
 */
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DocumentCollector, DOCUMENT_GRACE_MS } from '../../../../src/main/documents/collector';
import { createDocumentStore, type DocumentStore } from '../../../../src/main/documents/document-store';
import { DraftsService } from '../../../../src/main/drafts/drafts-service';
import { createGate, type Dispatch, type HandlerTable } from '../../../../src/main/ipc/gate';
import { silentLogger } from '../../../../src/main/platform/logger';
import { ManualTimers } from '../../../../src/main/platform/timers';
import { openDatabase, type Db } from '../../../../src/main/store/database';
import type { SavedDraftInput } from '../../../../src/shared/ipc/contract/drafts';
import { createDraftHandlers } from '../../../../src/main/drafts/handlers';

const COMPOSE = '2f1c9a4e-8b7d-4c3e-9a1b-0c2d3e4f5a6b';

function draft(documents: SavedDraftInput['documents'], patch: Partial<SavedDraftInput> = {}): SavedDraftInput {
  return {
    composeId: COMPOSE,
    accountId: 'sandbox',
    recipients: Array.from({ length: 50 }, (_, i) => ({ number: `+1 212 555 ${String(1000 + i)}`, name: `Person ${i}`, company: '' })),
    documents,
    options: {
      resolution: 'FINE',
      billableRetries: '3',
      nonBillableRetries: 'x',
      callerId: '',
      csid: 'ACME',
      clientData: { clientName: '', clientId: '', clientCode: '', clientMatter: 'M-7', clientReferenceId: '', billingCode: '' },
    },
    coverPage: { from_name: 'Zoë', subject: 'Contract', message: 'Please sign.' },
    header: { line_1: ['${DATE_TIME1}', 'To ${TO_NUMBER}'] },
    headerChosen: true,
    sendMode: 'later',
    scheduledLocal: '2026-12-01T09:30',
    reopenedFrom: null,
    ...patch,
  };
}

describe('DraftsService', () => {
  let dataDir: string;
  let db: Db;
  let store: DocumentStore;
  let timers: ManualTimers;
  const sent = new Set<string>();
  let drafts: DraftsService;
  let dispatch: Dispatch;

  beforeEach(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'faxdesk-drafts-'));
    db = openDatabase(path.join(dataDir, 'faxdesk.sqlite3'));
    store = createDocumentStore(dataDir);
    timers = new ManualTimers(Date.now());
    sent.clear();
    drafts = new DraftsService({ db, store, isSent: (id) => sent.has(id), logger: silentLogger, now: () => new Date(timers.now()) });
    dispatch = createGate(createDraftHandlers(drafts) as HandlerTable, silentLogger);
  });
  afterEach(async () => {
    db.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('gives back the draft as saved, naming documents no longer in the store', async () => {
    const kept = await store.putBytes(Buffer.from('%PDF-1.4 kept'));
    const lost = 'b'.repeat(64);
    const documents = [
      { id: kept.id, name: 'contract.pdf', type: 'PDF' as const, pages: 3, size: kept.size },
      { id: lost, name: 'gone.pdf', type: 'PDF' as const, pages: 1, size: 10 },
    ];
    const saved = await dispatch('drafts:save', { draft: draft(documents) });
    expect(saved).toEqual({ ok: true, value: { saved: true, savedAt: new Date(timers.now()).toISOString() } });
    const got = await dispatch('drafts:get', undefined);
    expect(got).toEqual({ ok: true, value: { draft: { ...draft(documents) }, savedAt: new Date(timers.now()).toISOString(), missingDocuments: ['gone.pdf'] } });
  });

  it('is there on the next start: a new service on the same file gives it back', async () => {
    await dispatch('drafts:save', { draft: draft([]) });
    db.close();
    db = openDatabase(path.join(dataDir, 'faxdesk.sqlite3'));
    const next = new DraftsService({ db, store, isSent: () => false, logger: silentLogger, now: () => new Date(timers.now()) });
    await expect(next.get()).resolves.toMatchObject({ draft: { composeId: COMPOSE, recipients: { length: 50 } }, missingDocuments: [] });
  });

  it('refuses a draft that is not one, naming the field, and keeps the one it had', async () => {
    await dispatch('drafts:save', { draft: draft([]) });
    for (const bad of [
      { ...draft([]), composeId: 'not-a-uuid' },
      { ...draft([{ id: '../../etc/passwd', name: 'x', type: 'PDF', pages: 1, size: 1 }]) },
      { ...draft([]), header: { line_1: ['${FOO}'] } },
      { ...draft([]), extra: true },
      { ...draft([]), recipients: Array.from({ length: 101 }, () => ({ number: '1', name: '', company: '' })) },
    ]) {
      const result = await dispatch('drafts:save', { draft: bad as SavedDraftInput });
      expect(result.ok, JSON.stringify(bad).slice(0, 80)).toBe(false);
      if (!result.ok) expect(result.error.code).toBe('INVALID_INPUT');
    }
    expect((await drafts.get())?.draft.composeId).toBe(COMPOSE);
  });

  it('never saves or restores a compose that was sent', async () => {
    await drafts.save(draft([]) as never);
    sent.add(COMPOSE);
    // A save that arrives after Send (the debounce) is not kept; the draft left behind is forgotten.
    expect(drafts.save(draft([]) as never)).toEqual({ saved: false, savedAt: null });
    await expect(drafts.get()).resolves.toBeNull();
    expect(drafts.referencedDocumentIds()).toEqual([]);
  });

  it('discards only its own compose when asked with an id', async () => {
    await dispatch('drafts:save', { draft: draft([]) });
    await expect(dispatch('drafts:discard', { composeId: '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a' })).resolves.toEqual({ ok: true, value: { discarded: false } });
    await expect(dispatch('drafts:discard', { composeId: COMPOSE })).resolves.toEqual({ ok: true, value: { discarded: true } });
    await expect(dispatch('drafts:get', undefined)).resolves.toEqual({ ok: true, value: null });
  });

  it('keeps the draft\'s documents through the collector\'s passes, long after the grace period', async () => {
    const doc = await store.putBytes(Buffer.from('%PDF-1.4 a 60 MB scan, in spirit'));
    const orphan = await store.putBytes(Buffer.from('%PDF-1.4 nobody'));
    await dispatch('drafts:save', { draft: draft([{ id: doc.id, name: 'scan.pdf', type: 'PDF', pages: 40, size: doc.size }]) });
    const old = new Date(timers.now() - DOCUMENT_GRACE_MS * 3);
    await fs.utimes(store.path(doc.id), old, old);
    await fs.utimes(store.path(orphan.id), old, old);
    const collector = new DocumentCollector({ store, referencedIds: () => drafts.referencedDocumentIds(), timers, logger: silentLogger });
    await expect(collector.collect()).resolves.toEqual({ removed: [orphan.id], freedBytes: orphan.size });
    expect(await store.has(doc.id)).toBe(true);
    // Once the draft is discarded, nothing holds the document any more.
    drafts.discard();
    await expect(collector.collect()).resolves.toEqual({ removed: [doc.id], freedBytes: doc.size });
    await collector.stop();
  });
});
