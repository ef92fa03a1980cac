/**
 * Faxdesk tried as a new user would, in Chromium through the bridge, from an empty data folder: the
 * first-run screen (what the Sandbox is; "Connect your fax account" with a wrong key, which is named
 * and not stored), then a practice fax (with the Sandbox's sample document) plus a dropped PDF, a header
 * line (first too long for the printed line, which the designer warns about) and a cover page with names
 * in several scripts, watched to Delivered; the practice fax arriving back in the Sandbox's inbox with
 * its notification; opening and printing it; the transmission report read back with pdf.js.
 * The test fails on any console error, any failed request and any axe violation (light and dark).
 *
 * FAXDESK_SCREENSHOTS=docs/screenshots makes it also write the screenshots the docs show
 * (`npm run screenshots`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../../src/main/accounts/secret-store';
import { checkTiff } from '../../src/main/documents/formats/tiff';
import type { OutboxImage } from '../../src/shared/ipc/contract/outbox';
import { coreCaller, stubPrint } from './support/app';
import { pdfPageTexts } from '../integration/emulator/helpers';
import { pdfPageToPng } from './support/pdf-png';
import { startSandboxSession, WAIT, type SandboxSession } from './support/sandbox-session';

const SCREENSHOTS = process.env['FAXDESK_SCREENSHOTS'] ? path.resolve(process.env['FAXDESK_SCREENSHOTS']) : null;
const NAMES = { to: '王小明', company: 'Дмитрий Соколов', from: 'Zoë Ødegård', subject: 'Δήμητρα', message: 'שרה כהן · محمد عبد الله' };
const HEADER_TEXT = 'PRACTICE';
const LONG_HEADER_TEXT = 'PRACTICE FAX: for the named recipient only. If you received this fax in error, please call us at once.';
const SAMPLE_NAME = 'Sandbox sample invoice.pdf';

async function letter(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([612, 792]).drawText('My first practice fax', { x: 72, y: 600, size: 24, font });
  return Buffer.from(await pdf.save());
}

/** The report's "Label  2026-11-25 01:17:41 UTC" times, in the order a real fax has them. */
function reportTimes(text: string, labels: string[]): number[] {
  return labels.map((label) => {
    const match = new RegExp(`${label}\\s*(\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}) UTC`).exec(text);
    if (!match) throw new Error(`The report has no "${label}" time: ${text}`);
    return Date.parse(`${match[1]!.replace(' ', 'T')}Z`);
  });
}

describe('a new user: first run, a practice fax out and back in, opened and printed', () => {
  let session: SandboxSession;
  let page: Page;
  let jobId = '';
  const secrets = new MemorySecretStore();
  const call = coreCaller(() => session.harness);

  beforeAll(async () => {
    session = await startSandboxSession({
      dataDirPrefix: 'faxdesk-new-user-',
      viewport: { width: 1280, height: 900 },
      newUser: true,
      secretStore: secrets,
      strictNetwork: true,
      beforeLoad: stubPrint,
    });
    page = session.page;
  });

  afterAll(async () => {
    await session?.stop();
  });

  const detail = () => page.getByTestId('outbox-detail');

  async function expectAxeClean(scope: string): Promise<void> {
    for (const theme of ['light', 'dark'] as const) {
      await call('settings:set', { theme });
      await page.waitForFunction((t) => document.documentElement.dataset['theme'] === t, theme);
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
      expect(results.violations.map((v) => `${scope} (${theme}) ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    }
    await call('settings:set', { theme: 'light' });
    await page.waitForFunction(() => document.documentElement.dataset['theme'] === 'light');
  }

  async function shoot(name: string, target: Page | ReturnType<Page['locator']> = page): Promise<void> {
    if (!SCREENSHOTS) return;
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    await target.screenshot({ path: path.join(SCREENSHOTS, name), animations: 'disabled' });
  }

  /** A screenshot at another window size (the test's own size is put back after), of `clip` when given. */
  async function shootAt(
    size: { width: number; height: number },
    name: string,
    target: Page | ReturnType<Page['locator']>,
    arrange: () => Promise<void>,
    clip?: () => Promise<{ x: number; y: number; width: number; height: number }>,
  ): Promise<void> {
    if (!SCREENSHOTS) return;
    const before = page.viewportSize()!;
    await page.setViewportSize(size);
    await arrange();
    if (clip) {
      fs.mkdirSync(SCREENSHOTS, { recursive: true });
      await page.screenshot({ path: path.join(SCREENSHOTS, name), animations: 'disabled', clip: await clip() });
    } else {
      await shoot(name, target);
    }
    await page.setViewportSize(before);
  }

  it('opens on the first-run screen, with the Sandbox marked as practice in the title and the status bar', async () => {
    const welcome = page.getByTestId('welcome');
    await welcome.waitFor(WAIT);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Welcome to Faxdesk');
    await expect(welcome.textContent()).resolves.toContain('The Sandbox is a practice account on this computer: nothing is really faxed.');
    await expect.poll(() => page.title(), WAIT).toBe('Faxdesk — Sandbox (practice)');
    await expect.poll(() => page.getByTestId('status-sandbox').textContent(), WAIT).toBe('Sandbox: practice account, nothing is really faxed');
    await expectAxeClean('welcome');
    await shoot('first-run.png');
  });

  it('"Connect your fax account" names a wrong API key and stores nothing', async () => {
    const form = page.getByRole('form', { name: 'Connect your fax account' });
    // Keyboard only: the form is reachable and submits with Enter.
    await form.getByLabel('App ID').fill(session.emulator.demo.appId);
    await form.getByLabel('API key').fill('not-the-right-key');
    await form.getByLabel('User-id').fill(session.emulator.demo.userId);
    await form.getByLabel('Region').selectOption({ label: 'Another address…' });
    await form.getByLabel('Base URL').fill(session.emulator.baseUrl);
    await form.getByLabel('Base URL').press('Enter');
    const report = page.getByTestId('test-report');
    await expect.poll(() => report.getAttribute('data-result'), WAIT).toBe('failed');
    await expect(report.getAttribute('data-failed-step')).resolves.toBe('token');
    await expect(report.locator('[data-step="token"]').textContent()).resolves.toContain('Bad App ID or API key');
    expect((await call('accounts:list', undefined)).map((a) => a.kind)).toEqual(['sandbox']);
    expect(secrets.entries.size).toBe(0);
    await expectAxeClean('welcome with a failed test');
  });

  it('sends a practice fax: a dropped PDF, a header line, a cover page in several scripts; watched to Delivered', async () => {
    await page.getByTestId('welcome-practice').focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Compose' }).waitFor(WAIT);
    await expect.poll(() => (call('welcome:get', undefined) as Promise<{ show: boolean }>).then((s) => s.show)).toBe(false);
    // The practice recipient is the Sandbox's own number.
    await expect(page.getByLabel('Recipient 1 fax number', { exact: true }).inputValue()).resolves.toContain(session.emulator.demo.faxNumber.slice(-4));
    await page.getByLabel('Recipient 1 name', { exact: true }).fill(NAMES.to);
    await page.getByLabel('Recipient 1 company', { exact: true }).fill(NAMES.company);

    // The practice fax comes with the Sandbox's sample document; the new user adds a letter of their own.
    await expect.poll(() => page.getByTestId('compose-document').filter({ hasText: SAMPLE_NAME }).getByTestId('document-pages').textContent(), WAIT).toBe('2 pages');
    await session.dropOnCompose('practice.pdf', await letter());
    await expect.poll(() => page.getByTestId('compose-document').filter({ hasText: 'practice.pdf' }).getByTestId('document-pages').textContent(), WAIT).toBe('1 page');

    const designer = page.getByTestId('header-designer');
    await designer.getByLabel("Use the service's default header").uncheck();
    await designer.getByRole('button', { name: 'Add Text to line 1' }).click();
    // First a text too long for the printed line: the designer says what the service will cut.
    await page.keyboard.insertText(LONG_HEADER_TEXT);
    await expect.poll(() => designer.getByTestId('header-warnings').textContent(), WAIT).toContain('line 1, slot 4 is cut after');
    await expect(page.getByTestId('compose-header-note').isVisible()).resolves.toBe(true);
    // The designer whole (taller than 1080 px): a tall window, the page scrolled to it, that area shot.
    await shootAt({ width: 1600, height: 1600 }, 'header-designer-cropped.png', page, async () => {
      await designer.evaluate((d) => d.scrollIntoView({ block: 'start' }));
    }, async () => (await designer.boundingBox())!);
    await designer.getByLabel('Slot 4', { exact: true }).fill(HEADER_TEXT);
    await expect.poll(() => designer.getByTestId('preview-line-1').textContent(), WAIT).toContain(HEADER_TEXT);
    await expect(page.getByTestId('compose-header-note').count()).resolves.toBe(0);

    const cover = page.getByTestId('cover-page-editor');
    await cover.getByLabel('Include a cover page').check();
    await cover.getByLabel('From', { exact: true }).fill(NAMES.from);
    await cover.getByLabel('Subject', { exact: true }).fill(NAMES.subject);
    await cover.getByLabel('Message', { exact: true }).fill(NAMES.message);
    await expectAxeClean('compose');
    await shootAt({ width: 1024, height: 700 }, 'compose-1024x700.png', page, async () => {
      await page.locator('main').evaluate((m) => m.scrollTo(0, 0));
    });

    jobId = await session.sendAndOpenInOutbox();
    await session.advance(5_000);
    await expect.poll(() => detail().locator('.outbox-badge-large').textContent(), WAIT).toContain('Delivered');
    // The delivered notification says it was practice.
    await expect.poll(() => session.harness.record.notifications.map((n) => n.title), WAIT).toContain('Sandbox (practice): Fax delivered');
    await expect.poll(() => page.title()).toMatch(/^(\(\d+\) )?Faxdesk — Sandbox \(practice\)$/);
    await expectAxeClean('outbox');
  });

  it('shows the cover page, in every script, in the delivered image', async () => {
    const section = detail().getByTestId('outbox-image');
    await section.getByRole('button', { name: 'Show the delivered image' }).click();
    const viewer = section.getByRole('region', { name: /^Fax viewer: Delivered fax to / });
    await viewer.waitFor(WAIT);
    // The cover page, the sample invoice (2 pages) and the letter.
    await expect.poll(() => viewer.getByTestId('fax-page-counter').textContent(), WAIT).toBe('Page 1 of 4');
    await expect.poll(() => viewer.locator('.fax-page[data-page="1"] .fax-page-surface[data-rendered="true"]').count(), WAIT).toBe(1);
    const image = (await call('outbox:image', { jobId })) as OutboxImage;
    if (image.kind !== 'pdf') throw new Error(image.message);
    const [coverText, invoiceText, , letterText] = await pdfPageTexts(Buffer.from(image.base64, 'base64'));
    expect(invoiceText).toContain('INVOICE');
    for (const name of [NAMES.to, NAMES.company, NAMES.from, NAMES.subject, 'שרה כהן', 'محمد عبد الله']) expect(coverText).toContain(name);
    expect(coverText).not.toContain('?');
    expect(letterText).toContain(HEADER_TEXT);
    expect(letterText).toContain('My first practice fax');
    if (SCREENSHOTS) fs.writeFileSync(path.join(SCREENSHOTS, 'cover-page.png'), await pdfPageToPng(Buffer.from(image.base64, 'base64'), 1));
  });

  it('saves the delivered fax as TIFF, as the Sandbox stores it: asked first, then fetched and downloaded', async () => {
    const viewer = detail().getByTestId('outbox-image').getByRole('region', { name: /^Fax viewer: Delivered fax to / });
    await viewer.getByRole('button', { name: 'Save as…' }).click();
    const formats = page.getByRole('dialog', { name: 'Save the fax as' });
    await formats.getByRole('radio', { name: /^TIFF image/ }).check();
    const [download] = await Promise.all([page.waitForEvent('download'), formats.getByRole('button', { name: 'Save', exact: true }).click()]);
    expect(download.suggestedFilename()).toMatch(/^fax-.+\.tif$/);
    expect(checkTiff(fs.readFileSync((await download.path())!))).toMatchObject({ ok: true, info: { pages: 4 } });
    await expect.poll(() => detail().getByTestId('outbox-notice').textContent(), WAIT).toContain(`Sent fax downloaded as ${download.suggestedFilename()}.`);
  });

  it('downloads a transmission report whose names read back as written', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), detail().getByRole('button', { name: 'Transmission report' }).click()]);
    const pdf = fs.readFileSync((await download.path())!);
    const [text] = await pdfPageTexts(pdf);
    const [created, submitted, completed, generated] = reportTimes(text!, ['Created', 'Submitted', 'Completed', 'Generated']);
    expect(created).toBeLessThanOrEqual(submitted!);
    expect(submitted).toBeLessThanOrEqual(completed!);
    expect(completed).toBeLessThanOrEqual(generated!);
    expect(text).toContain(NAMES.to);
    expect(text).toContain(NAMES.company);
    expect(text).toContain('Delivered');
    expect(text).toContain('Sandbox (practice account): this fax was not really sent');
    expect(text).not.toContain('?');
    if (SCREENSHOTS) fs.writeFileSync(path.join(SCREENSHOTS, 'transmission-report.png'), await pdfPageToPng(pdf, 1));
  });

  it('the practice fax arrives in the Sandbox inbox with a notification; opened from the Inbox, then printed', async () => {
    await session.advance(60_000);
    // The loop-back fax arrives while the tests above run, and its notification (an information toast
    // in the browser) leaves after 8 s by design (issue 25): the notification is checked as main sent it,
    // and the fax is opened from the Inbox (clicking the toast itself: inbox.test.ts).
    await expect.poll(() => session.harness.record.notifications.find((n) => n.title.startsWith('Sandbox (practice): New fax from'))?.body, WAIT).toContain('Practice only: nothing was really faxed.');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /^Inbox/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Inbox' }).waitFor(WAIT);
    await page.getByRole('listbox', { name: /^Received faxes/ }).getByRole('option', { name: /from \+1 415 555 2000/i }).click();
    const viewer = page.getByRole('region', { name: /^Fax viewer: Fax from / });
    await viewer.waitFor(WAIT);
    await expect.poll(() => viewer.locator('.fax-page .fax-page-surface[data-rendered="true"]').count(), WAIT).toBeGreaterThanOrEqual(1);
    await page.getByRole('button', { name: 'Print', exact: true }).click();
    await expect.poll(() => session.harness.record.prints.length, WAIT).toBe(1);
    await expect.poll(() => page.evaluate(() => window.__prints?.length ?? 0), WAIT).toBe(1);
    await expect.poll(() => page.getByTestId('inbox-notice').textContent(), WAIT).toContain('Printed');
    await expectAxeClean('inbox');
  });

  it('left the page clean: no console error, no failed request', () => {
    expect(session.problems).toEqual([]);
  });
});
