/**
 * The sent and received lists answer from indexes (a completion-time index, the faxes not completed
 * yet, and each fax's JSON kept until it changes): the pages must be what a scan of every fax gives,
 * and a fax that changes must show its new state in the next page.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator';
import { ApiClient, MINUTE, sendOne, startTestEmulator, type Json } from './helpers';

let emu: RunningEmulator;
let api: ApiClient;
beforeAll(async () => {
  emu = await startTestEmulator();
});
afterAll(async () => {
  await emu.stop();
});
beforeEach(async () => {
  await emu.control.reset();
  api = await ApiClient.for(emu);
});

/** Every fax of a list, page by page (100 at a time), newest first. */
async function everyFax(path: string): Promise<Json[]> {
  const all: Json[] = [];
  for (let offset = 1; ; offset += 100) {
    const page = (await api.get(path, { 'pagination-offset': String(offset), 'pagination-limit': '100' })).body;
    all.push(...page.faxes);
    if (page.faxes.length < 100) return all;
  }
}

describe('large histories', () => {
  it('a completion window gives exactly the faxes a scan finds, newest first, with the right total', async () => {
    expect(emu.control.history({ sent: 750 })).toEqual({ added: 750 });
    await sendOne(api, '12125550100'); // not completed yet: in every window by its submission time
    const all = await everyFax('/faxes/sent');
    expect(all).toHaveLength(751);
    const created = all.map((f) => Date.parse(f.created_timestamp.replace('+0000', 'Z')));
    expect(created).toEqual([...created].sort((a, b) => b - a));
    const now = Date.parse(emu.control.clock().now);
    for (const hoursAgo of [0.5, 30, 24 * 200, 24 * 400]) {
      const from = now - hoursAgo * 3600_000;
      const expected = all.filter((f) => Date.parse((f.completed_timestamp ?? f.created_timestamp).replace('+0000', 'Z')) >= from).map((f) => f.fax_id);
      const query = `/faxes/sent?min_completed_timestamp=${encodeURIComponent(new Date(from).toISOString())}`;
      const first = (await api.get(query, { 'pagination-limit': '100' })).body;
      expect(first.total_records, `${hoursAgo} h`).toBe(expected.length);
      expect((await everyFax(query)).map((f) => f.fax_id), `${hoursAgo} h`).toEqual(expected);
    }
  });

  it('a fax that changes shows its new state in the next list page', async () => {
    const sentAt = emu.control.clock().now;
    const faxId = await sendOne(api, '12125550100');
    const listed = async () => (await api.get('/faxes/sent')).body.faxes.find((f: Json) => f.fax_id === faxId);
    expect((await listed()).transmission_data.transmission_status).toBe('NEW');
    await emu.control.advance(MINUTE);
    const done = await listed();
    expect(done.transmission_data.transmission_status).toBe('COMPLETE');
    expect(done.completed_timestamp).not.toBeNull();
    expect(done.image_downloaded).toBe(false);
    expect((await api.patch(`/faxes/${faxId}/metadata`, { image_downloaded: true })).status).toBe(200);
    expect((await listed()).image_downloaded).toBe(true);
    // The window index knows it completed.
    expect((await api.get(`/faxes/sent?min_completed_timestamp=${sentAt}`)).body.faxes.map((f: Json) => f.fax_id)).toEqual([faxId]);
  });

  it('refuses a ready-made history for a user who already has sent faxes', async () => {
    await sendOne(api, '12125550100');
    const res = await fetch(`${emu.controlUrl}/history`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ sent: 10 }) });
    expect(res.status).toBe(409);
    const bad = await fetch(`${emu.controlUrl}/history`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ sent: 0 }) });
    expect(bad.status).toBe(400);
  });
});
