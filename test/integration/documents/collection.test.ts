/**
 * Document garbage collection in the whole core (real SQLite file, real document folder): at start,
 * after the outbox has resumed, a document a job refers to stays (even an old one of a delivered job:
 * Resend needs it) while an unreferenced one older than the grace period goes; a recent unreferenced
 * one (a compose still open) stays too.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../../../src/main/core';
import { DOCUMENT_GRACE_MS } from '../../../src/main/documents/collector';
import { createDocumentStore, type StoredDocument } from '../../../src/main/documents/document-store';
import { openDatabase } from '../../../src/main/store/database';
import { AccountsRepository } from '../../../src/main/store/repositories/accounts-repository';
import { OutboundRepository } from '../../../src/main/store/repositories/outbound-repository';
import { startCore, tempDir, type CoreFixture } from '../accounts/core-fixture';

const dataDir = tempDir('faxdesk-gc-');
const store = createDocumentStore(dataDir);
let f: CoreFixture;
let referenced: StoredDocument;
let orphanOld: StoredDocument;
let orphanRecent: StoredDocument;

/** Makes a stored file look last written `ms` ago. */
function age(doc: StoredDocument, ms: number): void {
  const when = new Date(Date.now() - ms);
  fs.utimesSync(store.path(doc.id), when, when);
}

beforeAll(async () => {
  referenced = await store.putBytes(Buffer.from('%PDF-1.4 the letter a delivered job was sent with'));
  orphanOld = await store.putBytes(Buffer.from('%PDF-1.4 added to a compose long ago and never sent'));
  orphanRecent = await store.putBytes(Buffer.from('%PDF-1.4 added to the compose open right now'));
  age(referenced, DOCUMENT_GRACE_MS * 3);
  age(orphanOld, DOCUMENT_GRACE_MS + 60_000);

  // A job from an earlier run, delivered long ago, still in the history.
  const db = openDatabase(path.join(dataDir, DATABASE_FILE));
  const at = new Date(Date.now() - DOCUMENT_GRACE_MS * 3);
  new AccountsRepository(db).insert({
    id: 'front-desk',
    label: 'Front desk',
    kind: 'live',
    enabled: false,
    baseUrl: 'https://fax.example.com/api',
    adminBaseUrl: null,
    appId: 'app',
    userId: 'user',
    adminId: null,
    adminUsername: null,
    hasApiKey: false,
    hasAdminPassword: false,
    hasHmacSecret: false,
    settings: {},
    archivedAt: null,
    createdAt: at.toISOString(),
    updatedAt: at.toISOString(),
  });
  const outbound = new OutboundRepository(db);
  const { jobs } = outbound.insertCompose(
    [
      {
        accountId: 'front-desk',
        composeId: 'compose-1',
        destinationIndex: 0,
        destination: '12125550100',
        documents: [{ sha256: referenced.id, name: 'letter.pdf', type: 'PDF', size: referenced.size, pages: 1 }],
      },
    ],
    at,
  );
  expect(outbound.update(jobs[0]!.id, { state: 'COMPLETED', faxId: 'fax-1', completedAt: at.toISOString() }, at)).toBe(true);
  db.close();

  f = await startCore({ dataDir, startEmulator: null });
});

afterAll(async () => {
  await f?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('document collection', () => {
  it('keeps what a job refers to and removes old unreferenced documents', async () => {
    // Joins the pass the start began (or runs one more: the outcome is the same).
    await f.core.documents.collect();
    expect(await store.has(referenced.id)).toBe(true);
    expect(await store.has(orphanOld.id)).toBe(false);
    expect(await store.has(orphanRecent.id)).toBe(true);
    expect(f.core.outbox.referencedDocumentIds()).toEqual(new Set([referenced.id]));
    expect(await f.core.outbox.referencedDocumentIdsInPieces()).toEqual(new Set([referenced.id]));
  });

  it('a job deleted from the history gives its documents up to the next pass', async () => {
    const page = new OutboundRepository(f.core.db).page({});
    expect(new OutboundRepository(f.core.db).delete(page.items[0]!.id)).toBe(true);
    const { removed } = await f.core.documents.collect();
    expect(removed).toEqual([referenced.id]);
    expect(await store.has(orphanRecent.id)).toBe(true);
  });
});
