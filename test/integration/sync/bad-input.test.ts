import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DISK_FULL_MESSAGE, type FaxFileSystem } from '../../../src/main/store/fax-image-files';
import { ReceivedRepository } from '../../../src/main/store/repositories/received-repository';
import { ACCOUNT, imageDownloads, startSyncFixture, type SyncFixture } from './sync-fixture';

let fx: SyncFixture;

beforeEach(async () => {
  fx = await startSyncFixture();
});

afterEach(async () => {
  await fx.close();
});

function notices(events: { event: string; payload: unknown }[]): string[] {
  return events.filter((e) => e.event === 'app:notice').map((e) => (e.payload as { message: string }).message);
}

describe('a full disk, a deleted data folder', () => {
  it('a full disk holds downloads back with a clear message (the fax is not failed), and they resume once there is space', async () => {
    let full = true;
    const failingFs: FaxFileSystem = {
      ...fsp,
      open: (async (file: fs.PathLike, flags?: string | number, mode?: fs.Mode) => {
        const handle = await fsp.open(file, flags, mode);
        if (!full || String(file).endsWith('inbox') || flags === 'r') return handle;
        return Object.assign(Object.create(Object.getPrototypeOf(handle) as object) as object, handle, {
          writeFile: async () => {
            throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
          },
          close: () => handle.close(),
          sync: () => handle.sync(),
        });
      }) as FaxFileSystem['open'],
    };
    const app = await fx.start({ fs: failingFs });
    await app.cycle();
    const { fax_id: faxId } = await fx.emulator.control.inbound({ from: '13125550170' });
    await app.cycle();
    await app.timers.advance(20_000);
    await app.module.downloader.drain();

    const received = new ReceivedRepository(fx.db);
    const row = received.getByFaxId(ACCOUNT, faxId)!;
    expect(row.imageState).toBe('pending');
    expect(app.module.sync.status().downloads.lastError?.message).toBe(DISK_FULL_MESSAGE);
    expect(notices(app.recorded.events)).toEqual([`Received faxes cannot be downloaded right now: ${DISK_FULL_MESSAGE}`]);
    expect(await app.module.inbox.image(row.id)).toMatchObject({ kind: 'unavailable', imageState: 'pending', message: expect.stringContaining('disk is full') });
    // Nothing half-written is left under the final name or as a temporary file.
    const dir = path.join(fx.dataDir, 'inbox', ACCOUNT);
    expect(fs.readdirSync(dir)).toEqual([]);

    full = false;
    await app.timers.advance(10 * 60_000);
    await app.module.downloader.drain();
    expect(received.getByFaxId(ACCOUNT, faxId)!.imageState).toBe('stored');
    expect(app.recorded.notifications).toHaveLength(1);
    expect(app.module.sync.status().downloads.lastError).toBeNull();
  });

  it('the inbox folder deleted: it is made again (and the person told), stored faxes are fetched again when opened, history kept', async () => {
    const app = await fx.start();
    await app.cycle();
    const first = await fx.emulator.control.inbound({ from: '13125550170' });
    await app.cycle();
    const received = new ReceivedRepository(fx.db);
    const firstRow = received.getByFaxId(ACCOUNT, first.fax_id)!;
    expect(firstRow.imageState).toBe('stored');

    fs.rmSync(path.join(fx.dataDir, 'inbox'), { recursive: true, force: true });

    const second = await fx.emulator.control.inbound({ from: '16175550181' });
    await app.cycle();
    expect(received.getByFaxId(ACCOUNT, second.fax_id)!.imageState).toBe('stored');
    expect(notices(app.recorded.events).some((m) => /had been deleted; Faxdesk created it again/.test(m))).toBe(true);

    // The first fax: its row (history) is intact; opening it fetches the file again.
    const opened = await app.module.inbox.image(firstRow.id);
    expect(opened).toMatchObject({ kind: 'unavailable', message: expect.stringContaining('missing from the data folder') });
    await app.module.downloader.drain();
    expect(await app.module.inbox.image(firstRow.id)).toMatchObject({ kind: 'pdf' });
    expect(received.page({ limit: 10 }).items).toHaveLength(2);
    // Announced once each, whatever happened to the files.
    expect(app.recorded.notifications).toHaveLength(2);
    expect(imageDownloads(fx.requestsSince(0), first.fax_id)).toBe(2);
  });

  it('deleting a fax deletes it on the service and here; one already gone on the service is still deleted here', async () => {
    const app = await fx.start();
    await app.cycle();
    const a = await fx.emulator.control.inbound({ from: '13125550170' });
    const b = await fx.emulator.control.inbound({ from: '16175550181' });
    await app.cycle();
    const received = new ReceivedRepository(fx.db);
    const rowA = received.getByFaxId(ACCOUNT, a.fax_id)!;
    const rowB = received.getByFaxId(ACCOUNT, b.fax_id)!;

    expect(await app.module.inbox.delete(rowA.id)).toMatchObject({ deletedOnService: true, unread: 1 });
    await fx.client.deleteFax(b.fax_id); // gone on the service already
    expect(await app.module.inbox.delete(rowB.id)).toMatchObject({ deletedOnService: false, unread: 0 });

    expect(fs.existsSync(path.join(fx.dataDir, rowA.imagePath!))).toBe(false);
    await app.cycle();
    expect(received.page({ limit: 10 }).items).toHaveLength(0);
    expect(received.get(rowA.id)!.deletedAt).not.toBeNull(); // kept as a tombstone: sync never brings it back
    await expect(app.module.inbox.image(rowA.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
