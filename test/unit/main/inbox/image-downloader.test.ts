import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../../src/main/errors';
import { ReceivedRepository } from '../../../../src/main/store/repositories/received-repository';
import { ACCOUNT, T0, harness, samplePdf, type Harness } from '../sync/sync-fixtures';

let h: Harness;

afterEach(async () => {
  await h?.close();
});

const MIN = 60_000;

async function arrive(faxId: string): Promise<string> {
  h.service.addReceived(faxId, T0);
  await h.module.sync.syncNow(ACCOUNT, ['received']);
  return new ReceivedRepository(h.db).getByFaxId(ACCOUNT, faxId)!.id;
}

describe('ImageDownloader', () => {
  it('a fax missing on the service: failed with a sentence, retried with growing waits up to the limit, row kept', async () => {
    h = await harness({ downloads: { maxAttempts: 3, retryBaseMs: MIN } });
    await h.tick(0);
    h.service.faults.set('getImage', [1, 2, 3].map(() => new AppError('NOT_FOUND', 'No image.', { httpStatus: 404 })));
    const id = await arrive('f1');
    await h.module.downloader.drain();
    const received = new ReceivedRepository(h.db);
    expect(received.get(id)).toMatchObject({ imageState: 'failed', imageAttempts: 1, imageError: expect.stringMatching(/has no image for it \(yet\).*2 tries left/) });
    await h.tick(MIN - 1);
    expect(h.service.count('getImage')).toBe(1);
    await h.tick(1);
    await h.module.downloader.drain();
    expect(h.service.count('getImage')).toBe(2);
    await h.tick(2 * MIN);
    await h.module.downloader.drain();
    expect(received.get(id)).toMatchObject({ imageState: 'failed', imageAttempts: 3, imageError: expect.stringContaining('gave up after 3 tries') });
    await h.tick(60 * MIN);
    await h.module.downloader.drain();
    expect(h.service.count('getImage')).toBe(3);
    expect(h.events.filter((e) => e.event === 'app:notice')).toHaveLength(1);
    // The person asks again: tried at once, whatever the count.
    h.module.inbox.retryDownload(id);
    await h.module.downloader.drain();
    expect(received.get(id)!.imageState).toBe('stored');
    expect(h.notifications).toHaveLength(1);
  });

  it('a network problem holds every download back (one notice, no fax failed), then resumes', async () => {
    h = await harness();
    await h.tick(0);
    h.service.faults.set('getImage', [new AppError('NETWORK', 'The service cannot be reached.'), new AppError('NETWORK', 'The service cannot be reached.')]);
    const a = await arrive('f1');
    const b = await arrive('f2');
    await h.module.downloader.drain();
    const received = new ReceivedRepository(h.db);
    expect([received.get(a)!.imageState, received.get(b)!.imageState]).toEqual(['pending', 'pending']);
    expect(h.service.count('getImage')).toBe(1); // the second was not tried into the same wall
    expect(h.module.downloader.status()).toMatchObject({ pending: 2, lastError: { code: 'NETWORK', feed: 'images' } });
    await h.tick(15_000);
    await h.module.downloader.drain(); // 15 s later: fails again, waits 30 s
    await h.tick(30_000);
    await h.module.downloader.drain();
    expect([received.get(a)!.imageState, received.get(b)!.imageState]).toEqual(['stored', 'stored']);
    expect(h.events.filter((e) => e.event === 'app:notice')).toHaveLength(1);
    expect(h.module.downloader.status().lastError).toBeNull();
  });

  it('after a crash between the rename and the row update, the whole file is kept, not downloaded again', async () => {
    h = await harness({ start: false });
    h.service.addReceived('f1', T0);
    await h.module.start();
    await h.module.sync.syncNow(ACCOUNT, ['received']);
    await h.module.stop();
    const received = new ReceivedRepository(h.db);
    const row = received.getByFaxId(ACCOUNT, 'f1')!;
    // Simulate: the download finished and was renamed, the process died before the row said "stored".
    received.setImageState(row.id, { state: 'downloading' }, new Date(T0));
    const file = path.join(h.store.dir, 'inbox', ACCOUNT, 'f1.pdf');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, await samplePdf());
    fs.writeFileSync(path.join(path.dirname(file), '.f2.pdf.abc.part'), 'half a file');
    const calls = h.service.count('getImage');

    await h.module.start();
    await h.module.downloader.drain();
    expect(received.get(row.id)).toMatchObject({ imageState: 'stored', imagePath: path.join('inbox', ACCOUNT, 'f1.pdf') });
    expect(h.service.count('getImage')).toBe(calls);
    expect(fs.readdirSync(path.dirname(file))).toEqual(['f1.pdf']);
    expect(h.notifications).toHaveLength(1);
  });

  it('does not download while sync is paused (asleep, offline)', async () => {
    h = await harness();
    await h.tick(0);
    h.service.addReceived('f1', T0);
    await h.module.sync.syncNow(ACCOUNT, ['received']);
    h.system.setOnline(false);
    await h.module.downloader.drain();
    const before = h.service.count('getImage');
    h.module.downloader.kick();
    await h.module.downloader.drain();
    expect(h.service.count('getImage')).toBe(before);
    h.system.setOnline(true);
    await h.module.downloader.drain();
    expect(new ReceivedRepository(h.db).getByFaxId(ACCOUNT, 'f1')!.imageState).toBe('stored');
  });

  it('a damaged PDF is refused (never stored), with what was wrong', async () => {
    h = await harness();
    await h.tick(0);
    const good = await samplePdf();
    h.service.images.set('f1', good.subarray(0, Math.floor(good.length / 2)));
    const id = await arrive('f1');
    await h.module.downloader.drain();
    expect(new ReceivedRepository(h.db).get(id)).toMatchObject({ imageState: 'failed', imagePath: null, imageError: expect.stringContaining('cut off') });
    expect(fs.existsSync(path.join(h.store.dir, 'inbox', ACCOUNT, 'f1.pdf'))).toBe(false);
    expect(h.notifications).toHaveLength(0);
  });
});
