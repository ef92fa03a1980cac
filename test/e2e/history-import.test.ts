/**
 * The import of an account's older faxes, in Chromium through the bridge: the Sandbox's service is
 * seeded with years of faxes before its first sync, so the first pass shows the newest and the rest is
 * imported in the background. Pause and Resume in the status bar and in Settings › Fax history, and
 * the range chosen there ("The last 90 days") ending the import sooner.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartEmulator } from '../../src/main/accounts';
import type { Harness } from '../../src/main/bridge/harness';
import type { HistoryImportStatus } from '../../src/shared/domain/history-import';
import { launchChromium } from './support/browser';
import { startTestHarness, tempDataDir } from './support/harness';
import { coreCaller, recordPageProblems } from './support/app';

const POLL = { timeout: 30_000, interval: 200 };
const RECEIVED = 3_000;
const SENT = 3_000;

/** The Sandbox's emulator, seeded with a history spread over three years before the core's first sync reads it. */
const seededSandbox: StartEmulator = async (options) => {
  const emulator = await import('../../src/emulator');
  const handle = await emulator.startEmulator(options);
  const res = await fetch(`${handle.controlUrl}/history/seed`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ received: RECEIVED, sent: SENT, spanDays: 3 * 365 }),
  });
  if (res.status !== 201) throw new Error(`seeding the Sandbox failed: HTTP ${res.status}`);
  return handle;
};

describe('Importing an account’s fax history', () => {
  let browser: Browser;
  let harness: Harness;
  let page: Page;
  const problems: string[] = [];
  const call = coreCaller(() => harness);

  const status = async (): Promise<HistoryImportStatus> => call('historyImport:status', undefined);
  const read = async () => {
    const account = (await status()).accounts[0];
    return account ? account.received.read + account.sent.read : 0;
  };
  const progress = () => page.getByTestId('import-progress');
  const section = () => page.getByTestId('history-import-section');

  beforeAll(async () => {
    browser = await launchChromium();
    // One list page a second: slow enough that the import is still going while the test looks at it.
    harness = await startTestHarness(tempDataDir(), { overrides: { startEmulator: seededSandbox, tuning: { sync: { importRate: 1 } } } });
    page = await browser.newPage({ viewport: { width: 1024, height: 700 } });
    recordPageProblems(page, problems);
    await page.goto(harness.bridge.url);
  });

  afterAll(async () => {
    await page?.close().catch(() => {});
    await browser?.close();
    await harness?.stop();
  });

  it('shows the import in the status bar, and Pause there holds it until Resume', async () => {
    await expect.poll(() => progress().textContent(), POLL).toMatch(/^Importing your fax history: [\d,]+ of about 6,000Pause$/);
    await progress().getByRole('button', { name: 'Pause' }).click();
    await expect.poll(() => progress().textContent(), POLL).toMatch(/^Importing your fax history \(paused\): [\d,]+ of about 6,000Resume$/);
    expect((await status()).paused).toBe(true);
    // Paused: nothing more is read (a page in flight when Pause was pressed may still land).
    const atPause = await read();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const held = await read();
    expect(held - atPause).toBeLessThanOrEqual(100);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await read()).toBe(held);

    await progress().getByRole('button', { name: 'Resume' }).click();
    expect((await status()).paused).toBe(false);
    await expect.poll(read, POLL).toBeGreaterThan(held);
  });

  it('Settings › Fax history shows where the import stands, pauses and resumes it, and a narrower range ends it sooner', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings', exact: true }).click();
    await expect.poll(() => section().getByTestId('history-import-account').textContent(), POLL).toMatch(/^Sandbox Importing\s*Received: [\d,]+ of about 3,000 · Sent: [\d,]+ of about 3,000 · [\d,]+ requests$/);

    await section().getByRole('button', { name: 'Pause importing' }).click();
    await expect.poll(() => section().getByTestId('history-import-account').textContent(), POLL).toMatch(/^Sandbox Paused/);
    expect((await status()).paused).toBe(true);
    await section().getByRole('button', { name: 'Resume importing' }).click();
    await expect.poll(() => section().getByTestId('history-import-account').textContent(), POLL).toMatch(/^Sandbox Importing/);

    // The seeded faxes are spread over three years: the last 90 days are about a twelfth of them.
    await section().getByLabel('Bring in faxes from').selectOption({ label: 'The last 90 days' });
    await expect.poll(async () => ((await call('settings:get', undefined)) as { values: { historyImportRange: string } }).values.historyImportRange, POLL).toBe('90days');
    await expect.poll(() => section().getByTestId('history-import-account').textContent(), { ...POLL, timeout: 60_000 }).toMatch(/^Sandbox Done/);
    const done = (await status()).accounts[0]!;
    expect(done.received.read + done.sent.read).toBeLessThan(RECEIVED + SENT);
    // Nothing left to import: the status bar line is gone.
    await expect.poll(() => progress().count(), POLL).toBe(0);
    expect(problems).toEqual([]);
  });
});
