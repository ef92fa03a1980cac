/**
 * Settings › Instant updates in Chromium through the bridge: one switch turns them on for the Sandbox,
 * "Test" shows the ping's round trip, and the delivery is listed as verified.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MemorySecretStore } from '../../src/main/accounts';
import type { Harness } from '../../src/main/bridge/harness';
import { recordPageProblems, waitForSandbox } from './support/app';
import { launchChromium } from './support/browser';
import { startTestHarness, tempDataDir } from './support/harness';

const POLL = { timeout: 30_000, interval: 200 };

describe('Settings: instant updates', () => {
  let browser: Browser;
  let harness: Harness;
  let page: Page;
  const problems: string[] = [];

  beforeAll(async () => {
    browser = await launchChromium();
    harness = await startTestHarness(tempDataDir(), { overrides: { secretStore: new MemorySecretStore() } });
    await waitForSandbox(harness, POLL);
    page = await browser.newPage();
    recordPageProblems(page, problems);
    await page.goto(harness.bridge.url);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings', exact: true }).click();
  });

  afterAll(async () => {
    await page?.close().catch(() => {});
    await browser?.close();
    await harness?.stop();
  });

  it('turns on for the Sandbox with one switch', async () => {
    const section = page.getByRole('region', { name: 'Instant updates' });
    await section.getByLabel('Instant updates for the Sandbox').click();
    await expect.poll(() => section.getByText(/^On: the Sandbox posts to https:\/\/localhost:8443/).count(), POLL).toBe(1);
  });

  it('"Test" shows the round trip, and the ping is listed as a verified delivery', async () => {
    const section = page.getByRole('region', { name: 'Instant updates' });
    const row = section.getByTestId('instant-account').filter({ hasText: 'Sandbox' });
    await row.getByRole('button', { name: /Test instant updates/ }).click();
    await expect.poll(() => row.getByTestId('instant-test-result').textContent(), POLL).toMatch(/came back in \d+ ms/);
    await expect.poll(() => row.textContent(), POLL).toMatch(/Instant updates on/);
    const deliveries = section.getByTestId('instant-deliveries');
    await expect.poll(() => deliveries.getByRole('row').filter({ hasText: 'PING' }).first().textContent(), POLL).toMatch(/PING\s*Yes\s*200 Accepted\./);
    expect(problems).toEqual([]);
  });
});
