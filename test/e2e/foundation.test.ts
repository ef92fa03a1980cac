import { SETTING_SENTENCES } from '../../src/shared/plain-words/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './support/browser';
import { startTestHarness, tempDataDir } from './support/harness';
import type { Harness } from '../../src/main/bridge/harness';

const PAGES = ['Compose', 'Outbox & Sent', 'Inbox', 'Activity', 'Contacts', 'Settings'];

describe('the app shell through the browser bridge', () => {
  let browser: Browser;
  const dataDir = tempDataDir();

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function openApp(harness: Harness): Promise<Page> {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(harness.bridge.url);
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    expect(errors).toEqual([]);
    return page;
  }

  it('visits every page, and a changed setting survives a restart of the core', async () => {
    let harness = await startTestHarness(dataDir);
    try {
      const page = await openApp(harness);
      // The token is taken out of the address bar once the shim has it.
      expect(page.url()).not.toContain('token=');
      for (const name of PAGES) {
        await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name, exact: true }).click();
        await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(name);
      }
      await page.getByLabel('Theme').selectOption('dark');
      await page.getByLabel('Check for new faxes every (seconds)').fill('120');
      await page.getByLabel('Check for new faxes every (seconds)').press('Enter');
      await page.waitForFunction(() => document.documentElement.dataset['theme'] === 'dark');
      await expect.poll(async () => (await harness.core.dispatch('settings:get', undefined))).toMatchObject({
        ok: true,
        value: { values: { theme: 'dark', pollIntervalSeconds: 120 } },
      });
      // A value out of range is refused with a sentence naming the problem (not the schema's words), and nothing is saved.
      await page.getByLabel('Check for new faxes every (seconds)').fill('5');
      await page.getByLabel('Check for new faxes every (seconds)').press('Enter');
      await expect(page.getByRole('alert').first().textContent()).resolves.toContain(SETTING_SENTENCES.pollIntervalSeconds);
      await expect(harness.core.dispatch('settings:get', undefined)).resolves.toMatchObject({ ok: true, value: { values: { pollIntervalSeconds: 120 } } });
      await page.close();
    } finally {
      await harness.stop();
    }

    harness = await startTestHarness(dataDir);
    try {
      const page = await openApp(harness);
      await page.getByRole('button', { name: 'Settings', exact: true }).click();
      await expect(page.getByLabel('Theme').inputValue()).resolves.toBe('dark');
      await expect(page.getByLabel('Check for new faxes every (seconds)').inputValue()).resolves.toBe('120');
      await page.getByRole('button', { name: 'Show version and data folder' }).click();
      await expect(page.getByTestId('app-info').textContent()).resolves.toContain(dataDir);
      await page.close();
    } finally {
      await harness.stop();
    }
  });

  it('refuses a WebSocket without the right token, or from another origin or host', async () => {
    const harness = await startTestHarness(tempDataDir());
    try {
      const base = `ws://127.0.0.1:${harness.bridge.port}/__faxdesk/ws`;
      const origin = `http://127.0.0.1:${harness.bridge.port}`;
      const attempt = (url: string, headers: Record<string, string>) =>
        new Promise<string>((resolve) => {
          // Node's WebSocket cannot set Origin/Host; use ws, which can.
          void import('ws').then(({ WebSocket }) => {
            const ws = new WebSocket(url, { headers });
            ws.on('open', () => {
              ws.close();
              resolve('open');
            });
            ws.on('unexpected-response', (_req, res) => resolve(String(res.statusCode)));
            ws.on('error', () => resolve('error'));
          });
        });
      expect(await attempt(`${base}?token=${harness.bridge.token}`, { Origin: origin })).toBe('open');
      expect(await attempt(base, { Origin: origin })).toBe('401');
      expect(await attempt(`${base}?token=wrong`, { Origin: origin })).toBe('401');
      expect(await attempt(`${base}?token=${harness.bridge.token}`, { Origin: 'http://evil.example' })).toBe('403');
      expect(await attempt(`${base}?token=${harness.bridge.token}`, {})).toBe('403');
      expect(await attempt(`${base}?token=${harness.bridge.token}`, { Origin: origin, Host: `evil.example:${harness.bridge.port}` })).toBe('403');
      // fetch() may not set Host; node:http can, as a rebinding attacker's browser effectively does.
      const { request } = await import('node:http');
      const status = await new Promise<number>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port: harness.bridge.port, path: '/', headers: { Host: 'rebound.example' } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end();
      });
      expect(status).toBe(403);
    } finally {
      await harness.stop();
    }
  });

  it('answers malformed calls over the bridge with typed errors, and keeps serving', async () => {
    const harness = await startTestHarness(tempDataDir());
    try {
      const page = await openApp(harness);
      const results = await page.evaluate(async () => {
        const api = window.faxdesk as unknown as Record<string, Record<string, (i?: unknown) => Promise<unknown>>>;
        return [
          await api['settings']!['set']!({ theme: 'purple' }),
          await api['settings']!['set']!('dark'),
          await api['settings']!['set']!({ unknownKey: 1 }),
          typeof (api as Record<string, unknown>)['fs'],
          await api['app']!['info']!(),
        ];
      });
      expect(results[0]).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', field: 'theme' } });
      expect(results[1]).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
      expect(results[2]).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', field: 'unknownKey' } });
      expect(results[3]).toBe('undefined');
      expect(results[4]).toMatchObject({ ok: true, value: { name: 'Faxdesk', shell: 'bridge' } });
      await page.close();
    } finally {
      await harness.stop();
    }
  });
});
