/** Rule 12 (state files) and the `npm run emulator` entry point. */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../../../src/emulator';
import { ApiClient, MINUTE, WebhookReceiver, call, configureWebhook, getToken, sendOne, startTestEmulator, statusOf } from './helpers';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'faxdesk-emulator-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('state file', () => {
  it('keeps accounts, faxes, images, tokens, webhooks and the clock across restarts', async () => {
    const file = join(dir, 'sandbox.db');
    const first = await startTestEmulator({ stateFile: file });
    const api = await ApiClient.for(first);
    const done = await sendOne(api, '12125550100');
    await first.control.advance(MINUTE);
    const { fax_id: received } = await first.control.inbound({ from: '13125550170' });
    await configureWebhook(api, first.demo.appId, 'OUTBOUND', 'https://example.invalid/hook');
    const image = (await api.get(`/faxes/${done}/image?desired_format=PDF`)).body.image;
    const clock = first.control.clock().now;
    await first.stop();

    const second = await startTestEmulator({ stateFile: file });
    try {
      expect(second.demo).toEqual(first.demo);
      expect(Date.parse(second.control.clock().now)).toBeGreaterThanOrEqual(Date.parse(clock));
      const again = new ApiClient(second.baseUrl, api.token, api.userId);
      expect((await again.get('/faxes/sent')).body.total_records).toBe(1);
      expect(await statusOf(again, done)).toBe('COMPLETED');
      expect((await again.get(`/faxes/${done}/image?desired_format=PDF`)).body.image).toBe(image);
      expect((await again.get('/faxes/received')).body.faxes[0]).toMatchObject({ fax_id: received, originating_fax_number: '13125550170' });
      expect((await again.get(`/applications/${second.demo.appId}/notifications`)).body).toHaveLength(1);
    } finally {
      await second.stop();
    }
  });

  it('resumes faxes in flight and queued webhook retries after a restart', async () => {
    const file = join(dir, 'resume.db');
    const receiver = new WebhookReceiver();
    const url = await receiver.start();
    receiver.statuses = [500, 200];
    try {
      const first = await startTestEmulator({ stateFile: file });
      const api = await ApiClient.for(first);
      await configureWebhook(api, first.demo.appId, 'OUTBOUND', url);
      const busy = await sendOne(api, '12125550101');
      const quick = await sendOne(api, '12125550100');
      await first.control.advance(15_000);
      expect(await statusOf(api, busy)).toBe('PENDING RETRY');
      expect(await statusOf(api, quick)).toBe('COMPLETED');
      expect(receiver.received).toHaveLength(1);
      await first.stop();

      const second = await startTestEmulator({ stateFile: file });
      try {
        const again = new ApiClient(second.baseUrl, api.token, api.userId);
        await second.control.advance(30 * MINUTE);
        expect(await statusOf(again, busy)).toBe('COMPLETED');
        // The queued retry of the first notification went out, then the busy fax's own notification.
        expect(receiver.received).toHaveLength(3);
        const statuses = (await again.get('/notifications')).body.map((n: { sent_status: string }) => n.sent_status);
        expect(statuses).toEqual(['SUCCESSFUL', 'SUCCESSFUL']);
      } finally {
        await second.stop();
      }
    } finally {
      await receiver.stop();
    }
  });

  it('reset empties the file too', async () => {
    const file = join(dir, 'reset.db');
    const first = await startTestEmulator({ stateFile: file });
    const api = await ApiClient.for(first);
    await sendOne(api, '12125550100');
    await first.control.reset();
    await first.stop();
    const second = await startTestEmulator({ stateFile: file });
    try {
      const fresh = await ApiClient.for(second);
      expect((await fresh.get('/faxes/sent')).body.total_records).toBe(0);
      expect(second.demo).toEqual(first.demo);
    } finally {
      await second.stop();
    }
  });

  it('refuses a corrupt or foreign state file with a clear message', async () => {
    const garbage = join(dir, 'garbage.db');
    writeFileSync(garbage, 'this is not a database, just text that happens to be long enough to look like a file'.repeat(20));
    await expect(startEmulator({ stateFile: garbage, quiet: true })).rejects.toThrow(/garbage\.db cannot be read.*Move it away/);

    const foreign = join(dir, 'foreign.db');
    const db = new Database(foreign);
    db.exec("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL); INSERT INTO meta VALUES ('format', 'someone-else')");
    db.close();
    await expect(startEmulator({ stateFile: foreign, quiet: true })).rejects.toThrow(/not an emulator state file/);

    const damaged = join(dir, 'damaged.db');
    const ok = await startEmulator({ stateFile: damaged, quiet: true });
    await ok.stop();
    const raw = new Database(damaged);
    raw.prepare("UPDATE records SET json = '{not json' WHERE kind = 'account'").run();
    raw.close();
    await expect(startEmulator({ stateFile: damaged, quiet: true })).rejects.toThrow(/damaged account record/);
  });

  it('refuses a state file another emulator is using', async () => {
    const file = join(dir, 'shared.db');
    const first = await startEmulator({ stateFile: file, quiet: true });
    try {
      await getToken(first.baseUrl, first.demo);
      await new Promise((r) => setTimeout(r, 20));
      await expect(startEmulator({ stateFile: file, quiet: true })).rejects.toThrow(/in use by another emulator/);
    } finally {
      await first.stop();
    }
  });
});

describe('npm run emulator (cli.ts)', () => {
  const cli = resolve(__dirname, '../../../src/emulator/cli.ts');
  const tsx = resolve(__dirname, '../../../node_modules/tsx/dist/loader.mjs');

  function launch(args: string[]) {
    const child = spawn(process.execPath, ['--import', tsx, cli, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    const firstLine = new Promise<string>((resolveLine, reject) => {
      const lines = createInterface({ input: child.stdout! });
      lines.once('line', resolveLine);
      child.once('exit', (code) => reject(new Error(`exited with ${code}`)));
    });
    firstLine.catch(() => undefined); // some tests only wait for the exit
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    let stderr = '';
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    return { child, firstLine, exited, stderr: () => stderr };
  }

  it('prints the demo account as the first line of stdout, serves, and stops on SIGTERM', async () => {
    const run = launch(['--clock', 'manual', '--state', join(dir, 'cli.db')]);
    const info = JSON.parse(await run.firstLine);
    expect(Object.keys(info)).toEqual(expect.arrayContaining(['baseUrl', 'adminBaseUrl', 'controlUrl', 'appId', 'apiKey', 'userId', 'adminId', 'adminUsername', 'adminPassword']));
    expect(info.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api$/);
    const token = await getToken(info.baseUrl, info);
    const res = await call(`${info.baseUrl}/faxes/received`, { headers: { authorization: `Bearer ${token}`, 'user-id': info.userId } });
    expect(res.status).toBe(200);
    expect((await call(`${info.controlUrl}/clock`)).body.mode).toBe('manual');
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    expect(run.stderr()).toMatch(/Stopped/);
  });

  it('stops on SIGINT and takes --port', async () => {
    const probe = await startTestEmulator();
    const port = probe.port;
    await probe.stop();
    const run = launch(['--port', String(port), '--quiet']);
    const info = JSON.parse(await run.firstLine);
    expect(info.baseUrl).toBe(`http://127.0.0.1:${port}/api`);
    run.child.kill('SIGINT');
    expect(await run.exited).toBe(0);
  });

  it('explains bad options and a bad state file', async () => {
    const bad = launch(['--clock', 'sideways']);
    expect(await bad.exited).toBe(2);
    expect(bad.stderr()).toMatch(/--clock must be real or manual/);
    const garbage = join(dir, 'cli-garbage.db');
    writeFileSync(garbage, 'not sqlite '.repeat(100));
    const broken = launch(['--state', garbage]);
    expect(await broken.exited).toBe(1);
    expect(broken.stderr()).toMatch(/could not start: .*cannot be read/);
  });
});
