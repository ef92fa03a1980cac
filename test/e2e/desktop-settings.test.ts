/**
 * Print-to-fax and support, through the bridge: the hot folder set in Settings opens Compose with a PDF
 * saved into it (as a "Print to PDF" printer would), and "Export diagnostics" writes a bundle without secrets.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MemorySecretStore } from '../../src/main/accounts';
import type { Harness } from '../../src/main/bridge/harness';
import { launchChromium } from './support/browser';
import { startTestHarness, tempDataDir } from './support/harness';

const POLL = { timeout: 30_000, interval: 200 };

describe('Settings: hot folder and diagnostics', () => {
  let browser: Browser;
  let harness: Harness;
  let page: Page;

  beforeAll(async () => {
    browser = await launchChromium();
    harness = await startTestHarness(tempDataDir(), { overrides: { secretStore: new MemorySecretStore() } });
    page = await browser.newPage();
    await page.goto(harness.bridge.url);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings', exact: true }).click();
  });

  async function hotFolderSetting(): Promise<string> {
    const result = await harness.core.dispatch('settings:get', undefined);
    return result.ok ? (result.value as { values: { hotFolder: string } }).values.hotFolder : `error: ${result.error.message}`;
  }

  afterAll(async () => {
    await page?.close().catch(() => {});
    await browser?.close();
    await harness?.stop();
  });

  it('refuses a relative hot folder with a message saying what to enter, and saves nothing', async () => {
    const field = page.getByLabel(/Hot folder/);
    await field.fill('Faxes');
    await field.press('Enter');
    await expect.poll(() => page.getByRole('alert').first().textContent(), POLL).toContain('full path of a folder');
    expect(await hotFolderSetting()).toBe('');
  });

  it('opens Compose with a PDF saved into the hot folder, once it is complete', async () => {
    const folder = tempDataDir('faxdesk-hot-');
    const field = page.getByLabel(/Hot folder/);
    await field.fill(folder);
    await field.press('Enter');
    await expect.poll(() => hotFolderSetting(), POLL).toBe(folder);

    const pdf = await PDFDocument.create();
    pdf.addPage();
    pdf.addPage();
    fs.writeFileSync(path.join(folder, 'printed-invoice.pdf'), await pdf.save());

    await page.getByRole('heading', { level: 1, name: 'Compose' }).waitFor({ timeout: 30_000 });
    const doc = page.getByTestId('compose-dropzone').getByText('printed-invoice.pdf');
    await doc.first().waitFor({ timeout: 30_000 });
    // Taken once: moved aside, never deleted.
    await expect.poll(() => fs.existsSync(path.join(folder, 'sent-to-faxdesk', 'printed-invoice.pdf')), POLL).toBe(true);
    expect(fs.existsSync(path.join(folder, 'printed-invoice.pdf'))).toBe(false);
  });

  it('exports a diagnostics bundle from Settings', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByRole('button', { name: 'Export diagnostics' }).click();
    const result = page.getByTestId('diagnostics-result');
    await expect.poll(() => result.textContent(), POLL).toMatch(/Saved .+\.zip/);
    const file = /Saved (.+\.zip)/.exec((await result.textContent())!)![1]!;
    const bytes = fs.readFileSync(file);
    // A zip (its contents and the absence of secrets are checked in test/unit/main/desktop/diagnostics.test.ts).
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
  });
});
