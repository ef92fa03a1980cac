import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../../src/main/errors';
import { createGate } from '../../../../src/main/ipc/gate';
import { silentLogger } from '../../../../src/main/platform/logger';
import { ReceivedRepository } from '../../../../src/main/store/repositories/received-repository';
import type { HandlerTable } from '../../../../src/main/ipc/gate';
import type { CallInput } from '../../../../src/shared/ipc/contract';
import { InboxListInputSchema, type InboxChange, type InboxPage } from '../../../../src/shared/ipc/contract/inbox';
import { ACCOUNT, T0, harness, iso, type Harness } from '../sync/sync-fixtures';

let h: Harness;

afterEach(async () => {
  await h?.close();
});

const HOUR = 3600_000;

/** Six faxes, one per hour before T0, from two senders; all stored. */
async function inboxOfSix(): Promise<string[]> {
  h = await harness();
  for (let i = 0; i < 6; i++) h.service.addReceived(`f${i}`, T0 - (6 - i) * HOUR, { originatingNumber: i % 2 ? '16175550181' : '13125550170' });
  await h.module.sync.syncNow(ACCOUNT);
  await h.module.downloader.drain();
  const received = new ReceivedRepository(h.db);
  return [0, 1, 2, 3, 4, 5].map((i) => received.getByFaxId(ACCOUNT, `f${i}`)!.id);
}

/** inbox:list as the gate calls it: the input parsed by the contract's schema first. */
function list(input: CallInput<'inbox:list'>): InboxPage {
  return h.module.inbox.list(InboxListInputSchema.parse(input));
}

const faxIds = (page: InboxPage) => page.items.map((f) => f.faxId);

function changes(): InboxChange[] {
  return h.events.filter((e) => e.event === 'inbox:changed').map((e) => e.payload as InboxChange);
}

describe('InboxService: the Inbox page', () => {
  it('lists newest first in keyset pages, with unread, date range and number filters', async () => {
    const ids = await inboxOfSix();
    const inbox = h.module.inbox;
    const first = list({ limit: 4 });
    expect(faxIds(first)).toEqual(['f5', 'f4', 'f3', 'f2']);
    expect(first.previous).toBeNull();
    expect(first.position).toBeNull();
    const second = list({ limit: 4, cursor: first.next! });
    expect(faxIds(second)).toEqual(['f1', 'f0']);
    expect(second.next).toBeNull();

    inbox.markRead([ids[5]!, ids[4]!]);
    expect(faxIds(list({ unreadOnly: true }))).toEqual(['f3', 'f2', 'f1', 'f0']);

    const range = list({ from: iso(T0 - 4 * HOUR), to: iso(T0 - 2 * HOUR) });
    expect(faxIds(range)).toEqual(['f4', 'f3', 'f2']);
    const pagedRange = list({ limit: 2, from: iso(T0 - 4 * HOUR), to: iso(T0 - 2 * HOUR) });
    expect(faxIds(pagedRange)).toEqual(['f4', 'f3']);
    expect(faxIds(list({ limit: 2, from: iso(T0 - 4 * HOUR), cursor: pagedRange.next! }))).toEqual(['f2']);

    const bySender = list({ number: '617-555-0181' });
    expect(faxIds(bySender).sort()).toEqual(['f1', 'f3', 'f5']);
    expect(faxIds(list({ unreadOnly: true, number: '0181' })).sort()).toEqual(['f1', 'f3']);
    expect(() => list({ limit: 5, cursor: 'garbage' })).toThrow(/start again from the first page/);
  });

  it('reads up the list from a page, jumps into it, and says where a page starts and how long the list is', async () => {
    await inboxOfSix();
    const counted = list({ limit: 2, skip: 2, count: true });
    expect(faxIds(counted)).toEqual(['f3', 'f2']);
    expect(counted.position).toEqual({ offset: 2, total: 6 });
    // Up from that page: the rows just above it, newest first, then the top.
    const above = list({ limit: 1, cursor: counted.previous!, direction: 'newer', count: true });
    expect(faxIds(above)).toEqual(['f4']);
    expect(above.position).toEqual({ offset: 1, total: 6 });
    const top = list({ limit: 5, cursor: above.previous!, direction: 'newer' });
    expect(faxIds(top)).toEqual(['f5']);
    expect(top.previous).toBeNull();
    expect(faxIds(list({ limit: 5, cursor: top.next! }))).toEqual(['f4', 'f3', 'f2', 'f1', 'f0']);
    // Past the end: nothing, placed at the end.
    expect(list({ skip: 40, count: true })).toEqual({ items: [], next: null, previous: null, position: { offset: 6, total: 6 } });
    // Counted with the filters, searches included.
    expect(list({ number: '0181', count: true }).position).toEqual({ offset: 0, total: 3 });
    expect(list({ number: '0181', skip: 1, limit: 1, count: true })).toMatchObject({ position: { offset: 1, total: 3 } });
    expect(list({ from: iso(T0 - 4 * HOUR), to: iso(T0 - 2 * HOUR), count: true }).position).toEqual({ offset: 0, total: 3 });
    // Reading up needs a row to read up from.
    expect(InboxListInputSchema.safeParse({ direction: 'newer' }).error?.issues[0]).toMatchObject({ path: ['direction'] });
  });

  it('pages a filtered search whole: the filters are part of the query, so no page comes back short', async () => {
    const ids = await inboxOfSix();
    h.module.inbox.markRead([ids[5]!, ids[1]!]);
    // Senders 0181 (f1, f3, f5) minus those read (f5, f1): one fax, on a full first page; no rounds of reading.
    const unread = list({ number: '0181', unreadOnly: true, limit: 1, count: true });
    expect(faxIds(unread)).toEqual(['f3']);
    expect(unread.position).toEqual({ offset: 0, total: 1 });
    expect(unread.next).toBeNull();
    // Sender 0170 (f0, f2, f4) since f1: two faxes, a page of one each (a search lists by arrival in the history).
    const ranged = list({ number: '0170', from: iso(T0 - 5 * HOUR), limit: 1 });
    const rest = list({ number: '0170', from: iso(T0 - 5 * HOUR), limit: 1, cursor: ranged.next! });
    expect([...faxIds(ranged), ...faxIds(rest)].sort()).toEqual(['f2', 'f4']);
    expect(rest.next).toBeNull();
  });

  it('marks read and unread: writes only what changes, updates the badge and says so', async () => {
    const ids = await inboxOfSix();
    const inbox = h.module.inbox;
    expect(h.badge.at(-1)).toBe(6);
    expect(inbox.markRead([ids[0]!, ids[1]!])).toEqual({ changed: [ids[0], ids[1]], unread: 4 });
    expect(inbox.markRead([ids[0]!])).toEqual({ changed: [], unread: 4 });
    expect(inbox.markUnread([ids[0]!])).toEqual({ changed: [ids[0]], unread: 5 });
    expect(h.badge.slice(-2)).toEqual([4, 5]);
    expect(changes().slice(-2).map((c) => [c.reason, c.unread])).toEqual([
      ['read', 4],
      ['unread', 5],
    ]);
    // A page that connects now learns the count from the sync status, without counting rows itself.
    expect(h.module.sync.status().unread).toBe(5);
    expect(inbox.get({ id: ids[0]! }).timeline.map((e) => e.status)).toEqual(expect.arrayContaining(['READ', 'UNREAD']));
    expect(inbox.get({ accountId: ACCOUNT, faxId: 'f0' }).fax.id).toBe(ids[0]);
  });

  it('gives the PDF, prints through the Printer port, saves to a chosen file or as bytes', async () => {
    const ids = await inboxOfSix();
    const inbox = h.module.inbox;
    const image = await inbox.image(ids[0]!);
    expect(image).toMatchObject({ kind: 'pdf', fileName: expect.stringMatching(/^fax-2026-03-01-0300-from-13125550170\.pdf$/) });
    expect(Buffer.from((image as { base64: string }).base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');

    const printed = await inbox.print(ids[0]!);
    expect(h.prints).toEqual([path.join(h.store.dir, 'inbox', ACCOUNT, 'f0.pdf')]);
    expect(printed).toEqual({ outcome: 'printed', printedAt: expect.any(String) });
    expect(new ReceivedRepository(h.db).get(ids[0]!)!.printedAt).toBe(printed.outcome === 'printed' ? printed.printedAt : 'not printed');

    const target = path.join(h.store.dir, 'saved');
    expect(await inbox.saveAs(ids[0]!, target)).toMatchObject({ kind: 'file', path: `${target}.pdf` });
    expect(fs.existsSync(`${target}.pdf`)).toBe(true);
    expect(await inbox.saveAs(ids[0]!)).toMatchObject({ kind: 'pdf', base64: expect.any(String) });
    await expect(inbox.saveAs(ids[0]!, 'relative.pdf')).rejects.toMatchObject({ code: 'VALIDATION', field: 'destination' });
  });

  it('marks a fax printed only when the printer took it: a cancelled dialog records nothing, a failure says why', async () => {
    const ids = await inboxOfSix();
    const inbox = h.module.inbox;
    const printedEvents = () => inbox.get({ id: ids[1]! }).timeline.filter((e) => e.status === 'PRINTED').length;

    h.printOutcomes.push({ outcome: 'cancelled' });
    expect(await inbox.print(ids[1]!)).toEqual({ outcome: 'cancelled' });
    expect(new ReceivedRepository(h.db).get(ids[1]!)!.printedAt).toBeNull();
    expect(printedEvents()).toBe(0);
    expect(changes().some((c) => c.reason === 'printed')).toBe(false);

    h.printOutcomes.push({ outcome: 'failed', reason: 'The printer did not take the job. Check that it is on and connected, then try again.' });
    const failure = await inbox.print(ids[1]!).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ code: 'PRINT_FAILED', message: 'The printer did not take the job. Check that it is on and connected, then try again.' });
    expect(new ReceivedRepository(h.db).get(ids[1]!)!.printedAt).toBeNull();
    expect(printedEvents()).toBe(0);

    // Through the gate, the failure is plain data with its code, as the page sees it.
    h.printOutcomes.push({ outcome: 'failed', reason: 'The printer settings are not valid.' });
    const dispatch = createGate(h.module.handlers as unknown as HandlerTable, silentLogger);
    expect(await dispatch('inbox:print', { id: ids[1]! })).toEqual({ ok: false, error: { code: 'PRINT_FAILED', message: 'The printer settings are not valid.' } });

    expect(await inbox.print(ids[1]!)).toMatchObject({ outcome: 'printed' });
    expect(printedEvents()).toBe(1);
  });

  it('auto-print: a cancelled or failed silent print is a notice, and the fax stays unprinted', async () => {
    h = await harness();
    h.setSettings({ autoPrintInbound: true });
    const notices = () => h.events.filter((e) => e.event === 'app:notice').map((e) => (e.payload as { message: string }).message);
    h.printOutcomes.push({ outcome: 'cancelled' }, { outcome: 'failed', reason: 'The printer settings are not valid.' });
    h.service.addReceived('f1', T0 - HOUR, { originatingNumber: '13125550170' });
    h.service.addReceived('f2', T0 - HOUR / 2, { originatingNumber: '16175550181' });
    await h.module.sync.syncNow(ACCOUNT);
    await h.module.downloader.drain();
    await expect.poll(() => notices().length).toBe(2);
    expect(notices().join('\n')).toMatch(/could not be printed automatically: The printer did not take it\. Print it from the Inbox\./);
    expect(notices().join('\n')).toMatch(/could not be printed automatically: The printer settings are not valid\. Print it from the Inbox\./);
    const received = new ReceivedRepository(h.db);
    expect(received.getByFaxId(ACCOUNT, 'f1')!.printedAt).toBeNull();
    expect(received.getByFaxId(ACCOUNT, 'f2')!.printedAt).toBeNull();
    expect(h.prints).toHaveLength(2);
  });

  it('downloads a stored image again when its file is gone or cut short; one damaged inside, when asked to or before printing', async () => {
    const ids = await inboxOfSix();
    const inbox = h.module.inbox;
    const file = path.join(h.store.dir, 'inbox', ACCOUNT, 'f0.pdf');
    const whole = fs.readFileSync(file);
    const downloads = () => h.service.calls.filter((c) => c.op === 'getImage' && c.arg === 'f0').length;
    const before = downloads();
    const shownAgain = async (times: number) => {
      await h.module.downloader.drain();
      expect(downloads()).toBe(before + times);
      expect(fs.readFileSync(file).equals(whole)).toBe(true);
      expect(await inbox.image(ids[0]!)).toMatchObject({ kind: 'pdf' });
    };

    fs.rmSync(file);
    expect(await inbox.image(ids[0]!)).toMatchObject({ kind: 'unavailable' });
    await shownAgain(1);

    fs.writeFileSync(file, whole.subarray(0, whole.length - 200));
    expect(await inbox.image(ids[0]!)).toMatchObject({ kind: 'unavailable' });
    await shownAgain(2);

    // Whole (header and end-of-file marker) but garbled inside: shown as it is, with no download (the
    // viewer says it is damaged); "Download again" checks it through and fetches it again, as printing does.
    const garbled = Buffer.from(whole);
    garbled.fill(0x20, 64, garbled.length - 64);
    fs.writeFileSync(file, garbled);
    expect(await inbox.image(ids[0]!)).toMatchObject({ kind: 'pdf' });
    await h.module.downloader.drain();
    expect(downloads()).toBe(before + 2);
    inbox.retryDownload(ids[0]!);
    await expect.poll(downloads).toBe(before + 3);
    await shownAgain(3);
    fs.writeFileSync(file, garbled);
    await expect(inbox.print(ids[0]!)).rejects.toMatchObject({ code: 'CONFLICT' });
    await shownAgain(4);
  });

  it('says why a fax cannot be shown yet, and refuses to print one not downloaded', async () => {
    h = await harness();
    await h.tick(0);
    h.system.setOnline(false); // downloads wait
    h.service.addReceived('f1', T0);
    await h.module.sync.syncNow(ACCOUNT, ['received']);
    const id = new ReceivedRepository(h.db).getByFaxId(ACCOUNT, 'f1')!.id;
    expect(await h.module.inbox.image(id)).toMatchObject({ kind: 'unavailable', imageState: 'pending', canRetry: false, message: expect.stringContaining('about to download') });
    await expect(h.module.inbox.print(id)).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('download') });
  });

  it('delete: on the service first; a failure there leaves the fax in place and says so', async () => {
    const ids = await inboxOfSix();
    h.service.faults.set('deleteFax', [new AppError('NETWORK', 'The service cannot be reached.')]);
    await expect(h.module.inbox.delete(ids[0]!)).rejects.toMatchObject({ code: 'NETWORK', message: expect.stringMatching(/not deleted.*still in your inbox/) });
    expect(new ReceivedRepository(h.db).get(ids[0]!)!.deletedAt).toBeNull();
    expect(await h.module.inbox.delete(ids[0]!)).toMatchObject({ deletedOnService: true, unread: 5 });
    expect(h.service.received.some((f) => f.faxId === 'f0')).toBe(false);
    expect(changes().at(-1)).toMatchObject({ reason: 'deleted', ids: [ids[0]] });
  });
});

describe('the inbox and sync calls through the IPC gate', () => {
  it('parses every input with the contract and answers typed results', async () => {
    await inboxOfSix();
    const dispatch = createGate(h.module.handlers as unknown as HandlerTable, silentLogger);
    expect(await dispatch('inbox:list', { limit: 2 })).toMatchObject({ ok: true, value: { items: [{ faxId: 'f5' }, { faxId: 'f4' }] } });
    expect(await dispatch('inbox:list', { from: '2026-03-02T00:00:00Z', to: '2026-03-01T00:00:00Z' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT', field: 'from' },
    });
    expect(await dispatch('inbox:delete', { id: 'x' })).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', field: 'confirm' } });
    expect(await dispatch('inbox:get', { id: 'nope' })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    expect(await dispatch('sync:setPaused', { paused: true })).toMatchObject({ ok: true, value: { pausedByUser: true } });
    expect(await dispatch('sync:setFocus', { focused: true })).toMatchObject({ ok: true, value: { focused: true } });
    expect(await dispatch('sync:refresh', undefined)).toMatchObject({ ok: true });
    expect(await dispatch('sync:status', undefined)).toMatchObject({ ok: true, value: { accounts: [{ accountId: ACCOUNT }] } });
    expect(await dispatch('activity:list', { direction: 'INBOUND' })).toMatchObject({ ok: true, value: { items: [], next: null } });
    expect(await dispatch('activity:ping', { accountId: ACCOUNT, direction: 'OUTBOUND' })).toMatchObject({ ok: true, value: { ping: [] } });
  });
});
