import fs from 'node:fs';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReceivedRepository } from '../../../src/main/store/repositories/received-repository';
import { FaxEventsRepository } from '../../../src/main/store/repositories/fax-events-repository';
import { ACCOUNT, imageDownloads, startSyncFixture, type SyncFixture } from './sync-fixture';

/**
 * One desk marking what it stored, as if alone on the account: no claim window. (With several desks, a desk
 * that does not print leaves a new fax's image_downloaded to the printing desks for 30 minutes and marks it
 * afterwards: print-claim.ts, tested in test/unit/main/inbox/print-claim.test.ts and test/integration/desks/office.test.ts.)
 */
const ALONE = { printClaim: { windowMs: 0 } };

let fx: SyncFixture;

beforeEach(async () => {
  fx = await startSyncFixture();
});

afterEach(async () => {
  await fx.close();
});

describe('an inbound fax, end to end against the emulator', () => {
  it('raises exactly one notification, stores the PDF, marks it downloaded on the service; the next cycle does nothing', async () => {
    const app = await fx.start(ALONE);
    await app.cycle(); // first pass: an empty inbox
    const { fax_id: faxId } = await fx.emulator.control.inbound({ from: '13125550170', pages: 2 });

    // (The write counter is not blind: the cycle that brings the fax commits.)
    expect(await fx.writesDuring(() => app.cycle())).toBeGreaterThan(0);

    expect(app.recorded.notifications).toEqual([
      { title: expect.stringContaining('New fax from'), body: expect.stringContaining('2 pages'), target: { page: 'inbox', faxId, accountId: ACCOUNT } },
    ]);
    const received = new ReceivedRepository(fx.db);
    const row = received.getByFaxId(ACCOUNT, faxId)!;
    expect(row).toMatchObject({ imageState: 'stored', imageError: null, originatingNumber: '13125550170', pages: 2 });
    const file = path.join(fx.dataDir, row.imagePath!);
    expect(file.startsWith(path.join(fx.dataDir, 'inbox', ACCOUNT))).toBe(true);
    const pdf = await PDFDocument.load(fs.readFileSync(file));
    expect(pdf.getPageCount()).toBe(2);
    expect((await fx.client.getMetadata(faxId)).imageDownloaded).toBe(true);
    // The timeline: received (service time), stored, announced.
    const timeline = new FaxEventsRepository(fx.db).timeline({ direction: 'INBOUND', receivedId: row.id }).map((e) => e.status);
    expect(timeline).toEqual(expect.arrayContaining(['RECEIVED', 'IMAGE_STORED', 'NOTIFIED']));
    expect(app.recorded.badge.at(-1)).toBe(1);
    expect(app.recorded.events.filter((e) => e.event === 'inbox:changed').map((e) => (e.payload as { reason: string }).reason)).toEqual(['arrived', 'image']);

    // An unchanged cycle: no notification, no download, and not one SQLite write.
    const mark = fx.mark();
    const eventsBefore = app.recorded.events.filter((e) => e.event !== 'sync:status').length;
    const writes = await fx.writesDuring(() => app.cycle());
    expect(writes).toBe(0);
    expect(app.recorded.notifications).toHaveLength(1);
    const requests = fx.requestsSince(mark);
    expect(imageDownloads(requests)).toBe(0);
    expect(requests.map((r) => `${r.method} ${r.path.split('?')[0]}`).sort()).toEqual(['GET /api/faxes/received', 'GET /api/faxes/sent', 'GET /api/notifications']);
    expect(app.recorded.events.filter((e) => e.event !== 'sync:status').length).toBe(eventsBefore);
  });

  it('asks for an incremental window: everything the first time, then since the newest fax seen minus 10 minutes', async () => {
    const app = await fx.start();
    await fx.emulator.control.inbound({ from: '13125550170' });
    const mark1 = fx.mark();
    await app.cycle();
    const first = fx.requestsSince(mark1).find((r) => r.path.startsWith('/api/faxes/received'))!;
    expect(first.path).not.toContain('min_completed_timestamp');

    await fx.emulator.control.advance(60 * 60_000);
    const mark2 = fx.mark();
    await app.cycle();
    const second = fx.requestsSince(mark2).filter((r) => r.path.startsWith('/api/faxes/received'));
    const since = new URL(`http://x${second[0]!.path}`).searchParams.get('min_completed_timestamp')!;
    const newest = new ReceivedRepository(fx.db).page().items[0]!.completedAt;
    expect(Date.parse(newest) - Date.parse(since)).toBe(10 * 60_000);
  });

  it('does not announce faxes that were already downloaded elsewhere before the account was first synchronised', async () => {
    const old = await fx.emulator.control.inbound({ from: '16175550181' });
    await fx.client.getImage(old.fax_id, 'PDF'); // another client downloaded it
    const fresh = await fx.emulator.control.inbound({ from: '12065550162' });
    const app = await fx.start();
    await app.cycle();
    // Both are in the inbox and stored; only the one nobody had downloaded is news.
    const received = new ReceivedRepository(fx.db);
    expect(received.getByFaxId(ACCOUNT, old.fax_id)?.imageState).toBe('stored');
    expect(received.getByFaxId(ACCOUNT, fresh.fax_id)?.imageState).toBe('stored');
    expect(app.recorded.notifications.map((n) => n.target)).toEqual([{ page: 'inbox', faxId: fresh.fax_id, accountId: ACCOUNT }]);
  });

  it('prints a new fax automatically when the setting is on, once', async () => {
    fx.settings.autoPrintInbound = true;
    const app = await fx.start();
    await app.cycle();
    const { fax_id: faxId } = await fx.emulator.control.inbound({ from: '13125550170' });
    await app.cycle();
    // Printing runs beside the sync (a slow printer must not hold it up): wait for it, then check it stays one.
    // vi.waitFor gives up after 1 s unless told: the print claim is a request to the service, slower under load.
    await vi.waitFor(() => expect(new ReceivedRepository(fx.db).getByFaxId(ACCOUNT, faxId)!.printedAt).not.toBeNull(), { timeout: 30_000 });
    await app.cycle();
    expect(app.recorded.prints).toHaveLength(1);
    expect(app.recorded.prints[0]!.silent).toBe(true);
  });

  it('keeps image_downloaded true on the service even when the first mark fails', async () => {
    const app = await fx.start(ALONE);
    await app.cycle();
    const { fax_id: faxId } = await fx.emulator.control.inbound({ from: '13125550170' });
    fx.emulator.control.addFault({ route: 'PATCH /faxes/*/metadata', kind: 'status', status: 503 });
    await app.cycle();
    // Someone (or something) flips it back on the service; the local file is the truth.
    await fx.client.setImageDownloaded(faxId, false);
    await app.timers.advance(60_000); // the downloader's retry of the failed mark
    await app.module.downloader.drain();
    await app.cycle();
    expect((await fx.client.getMetadata(faxId)).imageDownloaded).toBe(true);
    expect(app.recorded.notifications).toHaveLength(1);
    expect(imageDownloads(fx.requestsSince(0), faxId)).toBe(1);
  });
});
