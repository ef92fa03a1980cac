import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DocumentCollector, DOCUMENT_COLLECT_EVERY_MS, DOCUMENT_GRACE_MS } from '../../../../src/main/documents/collector';
import { createDocumentStore, type DocumentStore, type StoredDocument } from '../../../../src/main/documents/document-store';
import { silentLogger } from '../../../../src/main/platform/logger';
import { ManualTimers } from '../../../../src/main/platform/timers';

let dataDir: string;
let store: DocumentStore;
let timers: ManualTimers;
const referenced = new Set<string>();

beforeEach(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'faxdesk-collector-'));
  store = createDocumentStore(dataDir);
  timers = new ManualTimers(Date.now());
  referenced.clear();
});
afterEach(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** Stores bytes written `ms` before the manual clock's now. */
async function stored(text: string, ms: number): Promise<StoredDocument> {
  const doc = await store.putBytes(Buffer.from(text));
  const when = new Date(timers.now() - ms);
  await fs.utimes(store.path(doc.id), when, when);
  return doc;
}

describe('DocumentCollector', () => {
  it('removes only unreferenced documents older than the grace period, at start and then every few hours', async () => {
    const collector = new DocumentCollector({ store, referencedIds: () => referenced, timers, logger: silentLogger });
    const kept = await stored('a job refers to me', DOCUMENT_GRACE_MS * 2);
    referenced.add(kept.id);
    const orphan = await stored('nobody refers to me', DOCUMENT_GRACE_MS + 1);
    const fresh = await stored('a compose is still open with me', DOCUMENT_GRACE_MS - 60_000);

    collector.start();
    await expect(collector.collect()).resolves.toEqual({ removed: [orphan.id], freedBytes: orphan.size });
    expect(await store.has(kept.id)).toBe(true);
    expect(await store.has(fresh.id)).toBe(true);
    expect(timers.pendingCount).toBe(1);

    // The next pass, a few hours later: the compose was never sent, its document has aged out.
    await timers.advance(DOCUMENT_COLLECT_EVERY_MS);
    // The pass the timer began does real file work: wait for it (collect() joins a running pass).
    await collector.collect();
    expect(await store.has(fresh.id)).toBe(false);
    expect(await store.has(kept.id)).toBe(true);

    await collector.stop();
    expect(timers.pendingCount).toBe(0);
  });

  it('logs a failure and tries again at the next pass', async () => {
    const warnings: string[] = [];
    let calls = 0;
    const collector = new DocumentCollector({
      store: {
        removeUnreferenced: async () => {
          calls++;
          if (calls === 1) throw new Error('disk gone');
          return { removed: [], freedBytes: 0 };
        },
      },
      referencedIds: () => referenced,
      timers,
      logger: { ...silentLogger, warn: (message) => warnings.push(message) },
    });
    collector.start();
    await expect(collector.collect()).resolves.toEqual({ removed: [], freedBytes: 0 });
    expect(warnings).toEqual(['document collection failed']);
    await timers.advance(DOCUMENT_COLLECT_EVERY_MS);
    expect(calls).toBe(2);
    await collector.stop();
  });
});
