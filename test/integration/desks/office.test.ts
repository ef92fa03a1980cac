/**
 * Issue 23, items 4-7 with three desks on one emulator: a fax deleted at the service by another desk,
 * who sent a fax (and cancelling another desk's fax in flight), one automatic print per fax, and the
 * request budget (other desks' faxes in flight do not make a desk poll fast; the office in Settings), and
 * which desks print automatically (each desk's marker says it; Settings lists it).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ReceivedRepository } from '../../../src/main/store/repositories/received-repository';
import type { InboxFax } from '../../../src/shared/domain/history';
import type { InboxImage, InboxPage } from '../../../src/shared/ipc/contract/inbox';
import type { OfficeAccountView } from '../../../src/shared/ipc/contract/desks';
import type { CancelOutcome } from '../../../src/shared/domain/outbox';
import { OS_USER, SLOW_TUNING, startOffice, type Desk, type Office } from './desks-fixture';

let office: Office;
afterEach(async () => office?.stop());

const inboxRow = (desk: Desk, faxId: string): InboxFax | undefined => new ReceivedRepository(desk.fixture.core.db).getByFaxId(desk.accountId, faxId);
const requestsFor = (office: Office, faxId: string, what: RegExp) => office.emulator.control.requests().filter((r) => r.path.includes(faxId) && what.test(`${r.method} ${r.path}`)).length;

describe('three desks, one account', () => {
  it('a fax deleted at the service by another desk shows as deleted there, with what is known, and is not tried again', async () => {
    office = await startOffice(['Front desk', 'Back office', 'Records']);
    const [a, b, c] = office.desks as [Desk, Desk, Desk];
    const { fax_id: faxId } = await office.emulator.control.inbound({ pages: 2, from: '13125550170' });
    // B and C list it but have not downloaded its image yet (their downloads are paused).
    for (const desk of [b, c]) {
      desk.fixture.core.sync.setPaused(true);
      await desk.fixture.core.sync.syncNow(desk.accountId, ['received']);
      expect(inboxRow(desk, faxId)).toMatchObject({ imageState: 'pending', readAt: null });
    }
    await office.poll(a);
    const onA = inboxRow(a, faxId)!;
    expect(onA.imageState).toBe('stored');
    await a.fixture.ok('inbox:delete', { id: onA.id, confirm: true });

    for (const desk of [b, c]) {
      desk.fixture.core.sync.setPaused(false);
      await desk.fixture.core.inbox.drainDownloads();
      const row = inboxRow(desk, faxId)!;
      expect(row.goneAt).not.toBeNull();
      expect(row.readAt).not.toBeNull();
      expect(row.imageError).toMatch(/^Deleted at the service \(by another desk on this account, or in the web portal\).*from \+1 312 555 0170, 2 pages, received /);
      const image = await desk.fixture.ok<InboxImage>('inbox:image', { id: row.id });
      expect(image).toMatchObject({ kind: 'unavailable', canRetry: false, message: row.imageError });
      const listed = await desk.fixture.ok<InboxPage>('inbox:list', { unreadOnly: true });
      expect(listed.items.map((f) => f.faxId)).not.toContain(faxId);
      expect(desk.fixture.core.inbox.unreadCount()).toBe(0);
    }
    // Never again: polls and downloads ask nothing more about it.
    const before = requestsFor(office, faxId, /^GET .*\/(image|metadata)/);
    await office.emulator.control.advance(60 * 60_000);
    await office.poll(b);
    await office.poll(c);
    expect(requestsFor(office, faxId, /^GET .*\/(image|metadata)/)).toBe(before);
  });

  it('other desks show who sent a fax; a fax still in flight from another desk can be cancelled from any desk', async () => {
    office = await startOffice(['Front desk', 'Back office', 'Records']);
    const [a, b, c] = office.desks as [Desk, Desk, Desk];
    // 555-0113: a slow success (10 minutes on the line): still in flight when B cancels it.
    const sent = await office.send(a, { number: '12125550113', name: 'Clinic' });
    const faxId = office.jobsOf(a, sent.composeId)[0]!.faxId!;
    await office.poll(b);
    await office.poll(c);
    for (const desk of [b, c]) {
      const row = desk.fixture.core.outbox.outbound.getByFaxId(desk.accountId, faxId)!;
      expect(desk.fixture.core.outbox.item(row)).toMatchObject({ origin: 'service', sentBy: `Front desk (${OS_USER})`, canCancel: true });
      // The list (no stored JSON read) says the same.
      const page = desk.fixture.core.outbox.list({ accountId: desk.accountId });
      expect(page.items.find((i) => i.faxId === faxId)).toMatchObject({ sentBy: `Front desk (${OS_USER})` });
    }
    const onB = b.fixture.core.outbox.outbound.getByFaxId(b.accountId, faxId)!;
    const cancel = await b.fixture.ok<CancelOutcome>('outbox:cancel', { jobId: onB.id });
    expect(cancel.outcome).toBe('cancel-requested');
    await office.emulator.control.advance(60_000);
    await b.fixture.core.outbox.trackNow();
    await office.poll(a);
    await office.poll(c);
    expect(b.fixture.core.outbox.outbound.get(onB.id)!.state).toBe('CANCELED');
    expect(office.jobsOf(a, sent.composeId)[0]!.state).toBe('CANCELED');
    expect(c.fixture.core.outbox.outbound.getByFaxId(c.accountId, faxId)!.state).toBe('CANCELED');
  });

  it('one automatic print per fax, whichever desk fetches it first; desks that do not print leave it to those that do', async () => {
    office = await startOffice(['Front desk', 'Back office', 'Records'], { autoPrint: ['Front desk', 'Back office'] });
    const [a, b, c] = office.desks as [Desk, Desk, Desk];
    const prints = () => a.printed.length + b.printed.length + c.printed.length;
    // Records (does not print) fetches first, then the two that print, one after the other.
    const first = (await office.emulator.control.inbound({ pages: 1 })).fax_id;
    for (const desk of [c, a, b]) await office.poll(desk);
    expect([a.printed.length, b.printed.length, c.printed.length]).toEqual([1, 0, 0]);
    expect(inboxRow(c, first)!.imageState).toBe('stored');
    // Back office first this time.
    const second = (await office.emulator.control.inbound({ pages: 1 })).fax_id;
    for (const desk of [b, c, a]) await office.poll(desk);
    expect([a.printed.length, b.printed.length, c.printed.length]).toEqual([1, 1, 0]);
    // Three more, the desks in turn: still one copy each, and every desk has every fax.
    for (let i = 0; i < 3; i++) {
      const faxId = (await office.emulator.control.inbound({ pages: 1 })).fax_id;
      const order = [[a, b, c], [c, b, a], [b, a, c]][i]!;
      for (const desk of order) await office.poll(desk);
      for (const desk of office.desks) expect(inboxRow(desk, faxId)?.imageState).toBe('stored');
    }
    expect(prints()).toBe(5);
    // The desk that did not print says why in the timeline.
    const timeline = await b.fixture.ok<{ timeline: { status: string }[] }>('inbox:get', { id: inboxRow(b, first)!.id });
    expect(timeline.timeline.map((e) => e.status)).toContain('NOT_PRINTED_HERE');
    expect(inboxRow(a, second)!.printedAt).toBeNull();
  });

  it('another desk’s faxes in flight do not make a desk poll fast; Settings shows the desks of the account and the office’s request rate', async () => {
    // The app's intervals (10 s in front, 60 s in the background); the test is over before a second poll.
    office = await startOffice(['Front desk', 'Back office', 'Records'], {
      tuning: { ...SLOW_TUNING, sync: { ...SLOW_TUNING.sync, intervals: { fastMs: 10_000, idleMs: 60_000, backoffBaseMs: 3_600_000, backoffMaxMs: 3_600_000 } } },
    });
    const [a, b, c] = office.desks as [Desk, Desk, Desk];
    await office.send(a, { number: '12125550113' });
    await office.send(c, { number: '12125550113' });
    await office.poll(b);
    const status = b.fixture.core.sync.status().accounts.find((s) => s.accountId === b.accountId)!;
    expect(status.mode).toBe('idle');
    const [view] = await b.fixture.ok<OfficeAccountView[]>('desks:office');
    expect(view!.desks[0]).toMatchObject({ label: `Back office (${OS_USER})`, thisDesk: true });
    expect(view!.desks.slice(1).map((d) => [d.label, d.thisDesk]).sort()).toEqual([
      [`Front desk (${OS_USER})`, false],
      [`Records (${OS_USER})`, false],
    ]);
    // Three desks: 3 lists a minute each in the background (60 s), 18 each in front (10 s), plus the jitter's ~11 %.
    expect(view!.estimate).toMatchObject({ desks: 3, intervals: { frontMs: 10_000, backgroundMs: 60_000 } });
    expect(view!.estimate.allBackground).toBeCloseTo(10, 0);
    expect(view!.estimate.allFront).toBeCloseTo(60, 0);
    expect(view!.estimate.thisDesk).toBeCloseTo(view!.estimate.allBackground / 3);
  });

  it('Settings says which desks print automatically, as of each desk’s last fax sent; a desk that only receives is not listed', async () => {
    // Front desk and Records print; Records only receives, so nothing it does reaches the other desks.
    office = await startOffice(['Front desk', 'Back office', 'Records'], { autoPrint: ['Front desk', 'Records'] });
    const [a, b, c] = office.desks as [Desk, Desk, Desk];
    const printingOn = async (desk: Desk) =>
      (await desk.fixture.ok<OfficeAccountView[]>('desks:office'))[0]!.desks.map((d) => [d.label?.replace(` (${OS_USER})`, ''), d.thisDesk, d.autoPrint]);
    await office.send(a, { number: '12125550100' });
    await office.poll(b);
    await office.poll(c);
    expect(await printingOn(b)).toEqual([
      ['Back office', true, false],
      ['Front desk', false, true],
    ]);
    expect(await printingOn(c)).toEqual([
      ['Records', true, true],
      ['Front desk', false, true],
    ]);
    // Front desk turns it off: the others learn it with its next fax, not before.
    await a.fixture.ok('settings:set', { autoPrintInbound: false });
    await office.emulator.control.advance(60_000);
    await office.poll(b);
    expect((await printingOn(b))[1]).toEqual(['Front desk', false, true]);
    await office.send(a, { number: '12125550100' });
    await office.poll(b);
    expect(await printingOn(b)).toEqual([
      ['Back office', true, false],
      ['Front desk', false, false],
    ]);
    // Back office sends too: Front desk now sees it, and that it does not print.
    await office.send(b, { number: '12125550100' });
    await office.poll(a);
    expect(await printingOn(a)).toEqual([
      ['Front desk', true, false],
      ['Back office', false, false],
    ]);
  });
});
