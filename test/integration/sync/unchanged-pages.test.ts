/**
 * An idle cycle does not apply a list page again when its body has not changed (the API client hands
 * back the page it parsed last time). These tests guard the cases where what a page is compared with
 * here changes while the page does not: a received fax the service lists as not downloaded again, and a
 * sent fax whose local job is in flight.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OutboundRepository } from '../../../src/main/store/repositories/outbound-repository';
import { ACCOUNT, startSyncFixture, type SyncFixture } from './sync-fixture';

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

const QUICK_SUCCESS = '12125550100';

describe('unchanged list pages', () => {
  it('a received fax the service lists as not downloaded again ends up marked, though its list page stops changing', async () => {
    const app = await fx.start(ALONE);
    await app.cycle();
    const { fax_id: faxId } = await fx.emulator.control.inbound({ from: '13125550170', pages: 1 });
    await app.cycle();
    expect((await fx.client.getMetadata(faxId)).imageDownloaded).toBe(true);

    // Another client marks it not downloaded; Faxdesk's first attempts to mark it again fail.
    await fx.client.setImageDownloaded(faxId, false);
    fx.emulator.control.addFault({ route: 'PATCH /faxes/*/metadata', kind: 'status', status: 500, count: 2 });
    for (let i = 0; i < 6 && !(await fx.client.getMetadata(faxId)).imageDownloaded; i++) {
      await app.timers.advance(5 * 60_000);
      await app.cycle();
    }
    expect((await fx.client.getMetadata(faxId)).imageDownloaded).toBe(true);
  });

  it('a sent fax whose local job is in flight is applied from an unchanged page', async () => {
    const app = await fx.start();
    const sent = await fx.client.send({ destinations: [{ faxNumber: QUICK_SUCCESS }], documents: [{ documentType: 'TXT', contentBase64: Buffer.from('hello\n').toString('base64') }] });
    const faxId = sent.faxes[0]!.faxId;
    await fx.emulator.control.advance(10 * 60_000);
    await app.cycle();
    await app.cycle(); // the same window again: the page now is the one applied last time
    const outbound = new OutboundRepository(fx.db);
    expect(outbound.getByFaxId(ACCOUNT, faxId)!.state).toBe('COMPLETED');

    // The local job falls behind the service (as a job in flight is), while the sent list stays the same.
    fx.db.prepare(`UPDATE outbound SET state = 'SUBMITTED' WHERE account_id = ? AND fax_id = ?`).run(ACCOUNT, faxId);
    await app.module.sync.syncNow(ACCOUNT, ['sent']);
    expect(outbound.getByFaxId(ACCOUNT, faxId)!.state).toBe('COMPLETED');
  });

  it('an unchanged idle cycle writes nothing and asks only for the three lists', async () => {
    const app = await fx.start();
    await fx.emulator.control.inbound({ from: '13125550170', pages: 1 });
    await app.cycle();
    await app.cycle();
    const mark = fx.mark();
    expect(await fx.writesDuring(() => app.cycle())).toBe(0);
    expect(fx.requestsSince(mark).map((r) => `${r.method} ${r.path.split('?')[0]}`).sort()).toEqual(['GET /api/faxes/received', 'GET /api/faxes/sent', 'GET /api/notifications']);
  });
});
