import { createHash } from 'node:crypto';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDocumentStore, type DocumentStore } from '../../../../src/main/documents/document-store';
import { AppError } from '../../../../src/main/errors';

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

let dataDir: string;
let store: DocumentStore;

beforeEach(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'faxdesk-store-'));
  store = createDocumentStore(dataDir);
});
afterEach(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function storedFiles(): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await fs.readdir(store.root, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) out.push(path.relative(store.root, path.join(entry.parentPath, entry.name)));
  }
  return out.sort();
}

describe('document store', () => {
  it('stores bytes under documents/<sha[0:2]>/<sha> and reads them back', async () => {
    const bytes = Buffer.from('hello fax');
    const { id, size } = await store.putBytes(bytes);
    expect(id).toBe(sha(bytes));
    expect(size).toBe(9);
    expect(store.path(id)).toBe(path.join(dataDir, 'documents', id.slice(0, 2), id));
    expect(await store.read(id)).toEqual(bytes);
    expect(await store.has(id)).toBe(true);
    expect(await store.size(id)).toBe(9);
    expect(await storedFiles()).toEqual([path.join(id.slice(0, 2), id)]);
  });

  it('stores the same bytes once, and leaves no temp files', async () => {
    const bytes = Buffer.from('same content');
    const results = await Promise.all([store.putBytes(bytes), store.putBytes(Buffer.from(bytes)), store.putBytes(bytes)]);
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(await storedFiles()).toEqual([path.join(results[0]!.id.slice(0, 2), results[0]!.id)]);
  });

  it('streams a file in with progress, giving the same id as its bytes', async () => {
    const source = path.join(dataDir, 'big.bin');
    const bytes = Buffer.alloc(3 * 1024 * 1024 + 17, 7);
    await fs.writeFile(source, bytes);
    const progress: [number, number][] = [];
    const { id, size } = await store.putFile(source, (done, total) => progress.push([done, total]));
    expect(id).toBe(sha(bytes));
    expect(size).toBe(bytes.length);
    expect(progress.length).toBeGreaterThanOrEqual(4);
    expect(progress.at(-1)).toEqual([bytes.length, bytes.length]);
    expect(progress.every(([done], i) => i === 0 || done > progress[i - 1]![0])).toBe(true);
    // Already stored: the second copy is discarded.
    expect((await store.putFile(source)).id).toBe(id);
    expect(await storedFiles()).toEqual([path.join(id.slice(0, 2), id)]);
  });

  it('stores chunks written as they are read under the hash of them all, only when kept', async () => {
    const bytes = Buffer.alloc(2 * 1024 * 1024 + 5, 3);
    const copy = store.begin();
    for (let at = 0; at < bytes.length; at += 1024 * 1024) copy.write(bytes.subarray(at, at + 1024 * 1024));
    copy.end();
    const { id, size } = await copy.keep();
    expect(id).toBe(sha(bytes));
    expect(size).toBe(bytes.length);
    expect(await store.read(id)).toEqual(bytes);
    await copy.discard(); // after keep: nothing happens
    expect(await storedFiles()).toEqual([path.join(id.slice(0, 2), id)]);
    // The same content again: already there, the second copy goes.
    const again = store.begin();
    again.write(bytes);
    expect((await again.keep()).id).toBe(id);
    expect(await storedFiles()).toEqual([path.join(id.slice(0, 2), id)]);
  });

  it('leaves nothing behind for a copy that is discarded', async () => {
    const copy = store.begin();
    copy.write(Buffer.from('refused after its checks'));
    copy.end();
    await copy.discard();
    expect(await storedFiles()).toEqual([]);
  });

  it('reports a copy that could not be written when it is kept, not before', async () => {
    await fs.writeFile(path.join(dataDir, 'documents'), 'a file where the folder should be');
    const copy = store.begin();
    copy.write(Buffer.from('content'));
    copy.end();
    await expect(copy.keep()).rejects.toMatchObject({ code: 'STORAGE' });
    await copy.discard();
  });

  it('refuses ids that are not SHA-256 hex (no paths through the id)', async () => {
    for (const bad of ['../../etc/passwd', 'ABC', 'a'.repeat(63), 'A'.repeat(64)]) {
      expect(() => store.path(bad)).toThrow(AppError);
      await expect(store.read(bad)).rejects.toMatchObject({ code: 'VALIDATION' });
    }
  });

  it('says NOT_FOUND for a document that is not there', async () => {
    const missing = 'a'.repeat(64);
    expect(await store.has(missing)).toBe(false);
    await expect(store.read(missing)).rejects.toMatchObject({ code: 'NOT_FOUND', message: expect.stringContaining('Add the file again') });
  });

  it('verifies a stored file against its id', async () => {
    const { id } = await store.putBytes(Buffer.from('original'));
    expect(await store.verify(id)).toBe(true);
    await fs.writeFile(store.path(id), 'tampered');
    expect(await store.verify(id)).toBe(false);
  });

  it('removes unreferenced documents and stale temp files, keeping referenced and recent ones', async () => {
    const kept = await store.putBytes(Buffer.from('kept'));
    const dropped = await store.putBytes(Buffer.from('dropped'));
    const recent = await store.putBytes(Buffer.from('recent'));
    await fs.mkdir(path.join(store.root, 'tmp'), { recursive: true });
    await fs.writeFile(path.join(store.root, 'tmp', 'abandoned.part'), 'x');
    const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
    for (const id of [kept.id, dropped.id]) await fs.utimes(store.path(id), old, old);
    await fs.utimes(path.join(store.root, 'tmp', 'abandoned.part'), old, old);

    const result = await store.removeUnreferenced([kept.id]);
    expect(result.removed).toEqual([dropped.id]);
    expect(result.freedBytes).toBe('dropped'.length + 1);
    expect(await store.has(kept.id)).toBe(true);
    expect(await store.has(dropped.id)).toBe(false);
    expect(await store.has(recent.id)).toBe(true); // touched within the hour
    expect(await storedFiles()).toEqual([path.join(kept.id.slice(0, 2), kept.id), path.join(recent.id.slice(0, 2), recent.id)].sort());

    expect((await store.removeUnreferenced([kept.id], { olderThanMs: 0, now: Date.now() + 1000 })).removed).toEqual([recent.id]);
  });

  it('refreshes the time of a document stored again, so a collection keeps it', async () => {
    const { id } = await store.putBytes(Buffer.from('again'));
    const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await fs.utimes(store.path(id), old, old);
    await store.putBytes(Buffer.from('again'));
    expect((await store.removeUnreferenced([])).removed).toEqual([]);
  });

  it('collects nothing when the folder does not exist yet', async () => {
    expect(await store.removeUnreferenced([])).toEqual({ removed: [], freedBytes: 0 });
  });
});
