import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../../src/main/errors';
import { createGate } from '../../../../src/main/ipc/gate';
import { silentLogger } from '../../../../src/main/platform/logger';
import { ReceivedRepository } from '../../../../src/main/store/repositories/received-repository';
import type { HandlerTable } from '../../../../src/main/ipc/gate';
import type { InboxChange } from '../../../../src/shared/ipc/contract/inbox';
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

function changes(): InboxChange[] {
  return h.events.filter((e) => e.event === 'inbox:changed').map((e) => e.payload as InboxChange);
}

describe('InboxService: the Inbox page', () => {
  it('lists newest first in keyset pages, with unread, date range and number filters', async () => {
    const ids = await inboxOfSix();
    const inbox = h.module.inbox;
    const first = inbox.list({ unreadOnly: false, limit: 4 });
    expect(first.items.map((f) => f.faxId)).toEqual(['f5', 'f4', 'f3', 'f2']);
    const second = inbox.list({ unreadOnly: false, limit: 4, cursor: first.next! });
    expect(second.items.map((f) => f.faxId)).toEqual(['f1', 'f0']);
    expect(second.next).toBeNull();

    inbox.markRead([ids[5]!, ids[4]!]);
    expect(inbox.list({ unreadOnly: true, limit: 50 }).items.map((f) => f.faxId)).toEqual(['f3', 'f2', 'f1', 'f0']);

    const range = inbox.list({ unreadOnly: false, limit: 50, from: iso(T0 - 4 * HOUR), to: iso(T0 - 2 * HOUR) });
    expect(range.items.map((f) => f.faxId)).toEqual(['f4', 'f3', 'f2']);
    const pagedRange = inbox.list({ unreadOnly: false, limit: 2, from: iso(T0 - 4 * HOUR), to: iso(T0 - 2 * HOUR) });
    expect(pagedRange.items.map((f) => f.faxId)).toEqual(['f4', 'f3']);
    expect(inbox.list({ unreadOnly: false, limit: 2, from: iso(T0 - 4 * HOUR), cursor: pagedRange.next! }).items.map((f) => f.faxId)).toEqual(['f2']);

    const bySender = inbox.list({ unreadOnly: false, limit: 50, number: '617-555-0181' });
    expect(bySender.items.map((f) => f.faxId).sort()).toEqual(['f1', 'f3', 'f5']);
    expect(inbox.list({ unreadOnly: true, limit: 50, number: '0181' }).items.map((f) => f.faxId).sort()).toEqual(['f1', 'f3']);
    expect(() => inbox.list({ unreadOnly: false, limit: 5, cursor: 'garbage' })).toThrow(/start again from the first page/);
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
    expect(new ReceivedRepository(h.db).get(ids[0]!)!.printedAt).toBe(printed.printedAt);

    const target = path.join(h.store.dir, 'saved');
    expect(await inbox.saveAs(ids[0]!, target)).toMatchObject({ kind: 'file', path: `${target}.pdf` });
    expect(fs.existsSync(`${target}.pdf`)).toBe(true);
    expect(await inbox.saveAs(ids[0]!)).toMatchObject({ kind: 'pdf', base64: expect.any(String) });
    await expect(inbox.saveAs(ids[0]!, 'relative.pdf')).rejects.toMatchObject({ code: 'VALIDATION', field: 'destination' });
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
