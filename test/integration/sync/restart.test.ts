import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ReceivedRepository } from '../../../src/main/store/repositories/received-repository';
import { ACCOUNT, imageDownloads, startSyncFixture, type SyncFixture } from './sync-fixture';

let fx: SyncFixture;

beforeEach(async () => {
  fx = await startSyncFixture();
});

afterEach(async () => {
  await fx.close();
});

/**
 * Waits (in small real-time steps) until the condition holds; fails after `limit` tries. 3,000 tries is
 * at least 30 s: the download starts beside the sync (a metadata GET first), which a loaded CI machine
 * can hold up for longer than the 2 s that 200 tries gave.
 */
async function until(condition: () => boolean, limit = 3_000): Promise<void> {
  for (let i = 0; i < limit; i++) {
    if (condition()) return;
    await sleep(10);
  }
  throw new Error('condition not reached');
}

describe('restarts', () => {
  it('a download cut off by a stop resumes on the next start, and the fax is stored and announced once', async () => {
    const first = await fx.start();
    await first.cycle();
    const { fax_id: faxId } = await fx.emulator.control.inbound({ from: '13125550170' });
    fx.emulator.control.addFault({ route: 'GET /faxes/*/image', kind: 'hang' });
    await first.module.sync.syncNow(ACCOUNT, ['received']);
    const received = new ReceivedRepository(fx.db);
    await until(() => received.getByFaxId(ACCOUNT, faxId)?.imageState === 'downloading');
    // The row says `downloading` before the image request leaves (the print claim is read first): stop
    // only once the request is hanging at the service, or the next start's request takes the hang.
    await until(() => fx.requestsSince(0).some((r) => r.method === 'GET' && r.path.includes(`/faxes/${faxId}/image`) && r.fault !== undefined));

    await first.stop(); // the process goes away mid-download
    expect(received.getByFaxId(ACCOUNT, faxId)!.imageState).toBe('downloading');
    expect(first.recorded.notifications).toHaveLength(0);

    const second = await fx.start();
    await second.module.downloader.drain();
    await second.cycle();
    const row = received.getByFaxId(ACCOUNT, faxId)!;
    expect(row.imageState).toBe('stored');
    expect(fs.existsSync(path.join(fx.dataDir, row.imagePath!))).toBe(true);
    expect(second.recorded.notifications).toHaveLength(1);
    expect(imageDownloads(fx.requestsSince(0), faxId)).toBe(1);
    // No temporary file left behind.
    const dir = path.dirname(path.join(fx.dataDir, row.imagePath!));
    expect(fs.readdirSync(dir).filter((n) => n.endsWith('.part'))).toEqual([]);
  });

  it('a fax announced before a restart is not announced again, nor downloaded again', async () => {
    const first = await fx.start();
    await first.cycle();
    const { fax_id: faxId } = await fx.emulator.control.inbound({ from: '13125550170' });
    await first.cycle();
    expect(first.recorded.notifications).toHaveLength(1);
    await first.stop();

    const second = await fx.start();
    // The first pass of a run also sweeps every fax not downloaded yet; nothing is new.
    const writes = await fx.writesDuring(() => second.cycle());
    expect(second.recorded.notifications).toHaveLength(0);
    expect(imageDownloads(fx.requestsSince(0), faxId)).toBe(1);
    expect(writes).toBe(0);
  });

  it('a fax that arrived while Faxdesk was not running is announced at the next start', async () => {
    const first = await fx.start();
    await first.cycle();
    await first.stop();
    const { fax_id: faxId } = await fx.emulator.control.inbound({ from: '13125550170' });
    await fx.emulator.control.advance(3 * 24 * 3600_000);
    const second = await fx.start();
    await second.cycle();
    expect(second.recorded.notifications.map((n) => (n.target as { faxId: string }).faxId)).toEqual([faxId]);
  });
});
