/**
 * A big account in the Sandbox: control POST /history/seed and `npm run emulator -- --seed-faxes N`
 * give the demo user years of received and sent faxes at once, listed newest first like any others,
 * whose received images can be downloaded.
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator';
import { ApiClient, getToken, startTestEmulator, type Json } from './helpers';

const DAY = 24 * 3600_000;
let emu: RunningEmulator;
beforeAll(async () => {
  emu = await startTestEmulator();
});
afterAll(async () => {
  await emu.stop();
});

const seed = (body: unknown) => fetch(`${emu.controlUrl}/history/seed`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const timeOf = (f: Json) => Date.parse(String(f.completed_timestamp).replace('+0000', 'Z'));

describe('a seeded history', () => {
  it('lists years of faxes newest first, spread over the span, and serves the images of old received ones', async () => {
    expect((await seed({ received: 0, sent: 0, spanDays: 0 })).status).toBe(400);
    expect((await seed({ received: 1, sent: 1, extra: true })).status).toBe(400);
    const res = await seed({ received: 2_500, sent: 2_000, spanDays: 730 });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ received: 2_500, sent: 2_000 });
    // Only into an empty account: a second seeding would interleave two histories.
    expect((await seed({ received: 10, sent: 10 })).status).toBe(409);

    await emu.control.reset();
    const api = await ApiClient.for(emu);
    expect(await emu.control.seedHistory({ received: 2_500, sent: 2_000, spanDays: 730 })).toEqual({ received: 2_500, sent: 2_000 });
    const now = Date.parse(emu.control.clock().now);
    const received = (await api.get('/faxes/received', { 'pagination-limit': '100' })).body;
    expect(received.total_records).toBe(2_500);
    const times = received.faxes.map(timeOf);
    expect(times).toEqual([...times].sort((a: number, b: number) => b - a));
    const last = (await api.get('/faxes/received', { 'pagination-offset': '2401', 'pagination-limit': '100' })).body.faxes;
    expect(last).toHaveLength(100);
    const oldest = last.at(-1);
    expect(Math.round((now - timeOf(oldest)) / DAY)).toBe(730);
    expect((await api.get('/faxes/sent')).body.total_records).toBe(2_000);
    // Most were downloaded by someone before; one in ten not.
    expect((await api.get('/faxes/received?image_downloaded=false')).body.total_records).toBe(250);
    const image = (await api.get(`/faxes/${oldest.fax_id}/image?desired_format=PDF`)).body;
    expect(Buffer.from(image.image, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    // None was announced: they arrived long ago.
    expect(emu.control.webhookDeliveries()).toEqual([]);
  });

  it('is what `npm run emulator -- --seed-faxes N` starts with', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', resolve(__dirname, '../../../src/emulator/cli.ts'), '--seed-faxes', '3000', '--seed-span-days', '365', '--quiet'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const line = await new Promise<string>((ok, fail) => {
        createInterface({ input: child.stdout! }).once('line', ok);
        child.once('exit', (code) => fail(new Error(`exited ${String(code)}`)));
      });
      const info = JSON.parse(line) as { baseUrl: string; appId: string; apiKey: string; userId: string };
      const api = new ApiClient(info.baseUrl, await getToken(info.baseUrl, info), info.userId);
      expect((await api.get('/faxes/received')).body.total_records).toBe(3_000);
      expect((await api.get('/faxes/sent')).body.total_records).toBe(3_000);
    } finally {
      child.kill('SIGTERM');
    }
  });
});
