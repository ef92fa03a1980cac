/**
 * The Compose page in Chromium through the bridge, against the real core and its built-in Sandbox:
 * documents dropped (a real drop event carrying a File), picked and reordered; a damaged file refused
 * with its reason; numbers checked as typed; a pasted list; every problem placed on its field; a send
 * to the Sandbox's success number, a double click that makes one job, a scheduled send, a reopened
 * job, and a file dropped on another page opening Compose.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from '../../src/main/bridge/harness';
import { launchChromium } from './support/browser';
import { startTestHarness, tempDataDir } from './support/harness';
import { coreCaller, recordPageProblems } from './support/app';

const SCREENSHOT_DIR = path.resolve(__dirname, '../../.tmp');
/** The machine may be busy: wait this long for what the app does by itself. */
const POLL = { timeout: 30_000 };
/** Sandbox rule 00: quick success. */
const SUCCESS_NUMBER = '12125550100';
const SUCCESS_SHOWN = '+1 212 555 0100';

async function makePdf(pages: number, title: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) {
    const page = pdf.addPage([612, 792]);
    page.drawText(`${title}: page ${i} of ${pages}`, { x: 72, y: 700, size: 24, font });
  }
  return Buffer.from(await pdf.save());
}

describe('Compose through the bridge', () => {
  let browser: Browser;
  let harness: Harness;
  let page: Page;
  const problems: string[] = [];
  let threePages: Buffer;
  let onePage: Buffer;

  const call = coreCaller(() => harness);

  const nav = (name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name, exact: true });
  const documents = () => page.getByTestId('compose-document');
  const documentNames = () => page.getByTestId('document-name').allTextContents();
  const numberField = (n: number) => page.getByLabel(`Recipient ${n} fax number`, { exact: true });
  const sendButton = () => page.getByTestId('compose-send');
  const outbox = async () => (await call('outbox:list', { limit: 500 })).items;

  /** A real drop event on `selector`, carrying Files made in the page from these bytes. */
  async function drop(selector: string, files: { name: string; type: string; bytes: Buffer }[]): Promise<void> {
    const dataTransfer = await page.evaluateHandle(
      (list) => {
        const transfer = new DataTransfer();
        for (const f of list) {
          const bytes = Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0));
          transfer.items.add(new File([bytes], f.name, { type: f.type }));
        }
        return transfer;
      },
      files.map((f) => ({ name: f.name, type: f.type, base64: f.bytes.toString('base64') })),
    );
    await page.locator(selector).first().dispatchEvent('dragover', { dataTransfer });
    await page.locator(selector).first().dispatchEvent('drop', { dataTransfer });
    await dataTransfer.dispose();
  }

  /** The whole page: the app scrolls inside <main>, so the window is made as tall as the page for the picture. */
  /** A drop of files made inside the page (large ones need not cross from Node): text, or `size` zero bytes. */
  async function dropMade(files: { name: string; text?: string; size?: number }[]): Promise<void> {
    const dataTransfer = await page.evaluateHandle((list) => {
      const transfer = new DataTransfer();
      for (const f of list) transfer.items.add(new File([f.text ?? new Uint8Array(f.size ?? 0)], f.name));
      return transfer;
    }, files);
    await page.getByTestId('compose-dropzone').dispatchEvent('drop', { dataTransfer });
    await dataTransfer.dispose();
  }

  async function screenshot(name: string): Promise<void> {
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
    const viewport = page.viewportSize()!;
    const height = await page.evaluate(() => {
      const main = document.querySelector('main')!;
      main.scrollTop = 0;
      return main.scrollHeight + 40;
    });
    await page.setViewportSize({ width: viewport.width, height: Math.max(viewport.height, height) });
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, name) });
    await page.setViewportSize(viewport);
  }

  async function setTheme(theme: 'light' | 'dark'): Promise<void> {
    await call('settings:set', { theme });
    await page.waitForFunction((t) => document.documentElement.dataset['theme'] === t, theme);
  }

  /** Empties the compose (documents, recipients, options) through its own button. */
  async function newFax(): Promise<void> {
    await page.getByRole('button', { name: 'New fax' }).click();
    const discard = page.getByRole('button', { name: 'Discard and start over' });
    if (await discard.isVisible()) await discard.click();
    await expect.poll(() => documents().count()).toBe(0);
  }

  async function addReadyPdf(name: string, bytes: Buffer, pagesText: string): Promise<void> {
    await page.getByTestId('compose-file-input').setInputFiles({ name, mimeType: 'application/pdf', buffer: bytes });
    await expect.poll(() => page.getByTestId('compose-document').filter({ hasText: name }).getByTestId('document-pages').textContent(), POLL).toBe(pagesText);
  }

  beforeAll(async () => {
    threePages = await makePdf(3, 'Quarterly report');
    onePage = await makePdf(1, 'Cover letter');
    browser = await launchChromium();
    harness = await startTestHarness(tempDataDir());
    const context = await browser.newContext({ viewport: { width: 1360, height: 1000 } });
    page = await context.newPage();
    recordPageProblems(page, problems);
    await page.goto(harness.bridge.url);
    await nav('Compose').click();
    await page.getByRole('heading', { level: 1, name: 'Compose' }).waitFor();
    // The Sandbox is the default account on a first run.
    await page.waitForFunction(() => (document.getElementById('compose-accountId') as HTMLSelectElement | null)?.value === 'sandbox', undefined, POLL);
  });

  afterAll(async () => {
    await browser?.close();
    await harness?.stop();
    expect(problems).toEqual([]);
  });

  it('lists a dropped PDF and a picked one with their page counts, a thumbnail, the totals, and reorders them', async () => {
    await drop('[data-testid="compose-dropzone"]', [{ name: 'report.pdf', type: 'application/pdf', bytes: threePages }]);
    await expect.poll(() => documents().first().getByTestId('document-pages').textContent(), POLL).toBe('3 pages');
    // Page 1 drawn by the viewer's pdfjs.
    await expect.poll(() => documents().first().getByTestId('document-thumbnail').count(), POLL).toBe(1);

    await addReadyPdf('letter.pdf', onePage, '1 page');
    expect(await documentNames()).toEqual(['report.pdf', 'letter.pdf']);
    await expect(page.getByTestId('compose-totals').textContent()).resolves.toMatch(/^2 of 25 documents · 0\.\d MB of 100 MB once encoded · 4 pages/);

    // Keyboard path for reordering: the focus stays on the button that moved the row.
    await page.getByRole('button', { name: 'Move letter.pdf up' }).click();
    expect(await documentNames()).toEqual(['letter.pdf', 'report.pdf']);
    await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).resolves.toBe('Move letter.pdf up');
    await expect.poll(() => page.getByTestId('compose-announcement').textContent()).toBe('"letter.pdf" moved to position 1 of 2.');
    // And by dragging a row's handle onto another row.
    await page.locator('[data-testid="compose-document"]:nth-child(2) .cx-handle').dragTo(documents().first());
    expect(await documentNames()).toEqual(['report.pdf', 'letter.pdf']);
  });

  it('refuses a damaged PDF with its reason, and nothing can be sent while it is listed', async () => {
    const before = (await outbox()).length;
    await drop('[data-testid="compose-dropzone"]', [{ name: 'broken.pdf', type: 'application/pdf', bytes: Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog garbage') }]);
    const broken = documents().filter({ hasText: 'broken.pdf' });
    await expect.poll(() => broken.getByTestId('document-problem').textContent(), POLL).toMatch(/^"broken\.pdf" is damaged: .+\./);
    await numberField(1).fill(SUCCESS_NUMBER);
    await sendButton().click();
    const listed = page.getByTestId('compose-problems');
    await expect.poll(() => listed.textContent(), POLL).toContain('"broken.pdf" cannot be sent (see why above). Remove it, or add a fixed copy of the file.');
    // The focus goes to the first problem: the damaged document's row.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toContain('broken.pdf');
    expect((await outbox()).length).toBe(before);
    await page.getByRole('button', { name: 'Remove broken.pdf' }).click();
    await expect.poll(() => documents().count()).toBe(2);
  });

  it('checks each number as it is typed, shows it formatted once valid, and adds a pasted list with the lines it skipped', async () => {
    await numberField(1).fill('555-12');
    await numberField(1).blur();
    await expect.poll(() => page.getByTestId('recipient-state').first().textContent()).toBe(
      '5 digits is too short: include the area code (10 digits in North America), or write "+" and the country code for other countries.',
    );
    await expect(numberField(1).getAttribute('aria-invalid')).resolves.toBe('true');
    await numberField(1).fill('(212) 555-0100');
    await numberField(1).blur();
    await expect(numberField(1).inputValue()).resolves.toBe(SUCCESS_SHOWN);
    await expect(page.getByTestId('recipient-state').first().textContent()).resolves.toBe(`Sends to ${SUCCESS_SHOWN}`);

    await page.getByRole('button', { name: 'Paste a list or CSV…' }).click();
    await page.getByLabel(/^Paste numbers/).fill('+44 20 7946 0000, Charles Babbage, Difference Engines\n415-555-2001\n00 33 1 23 45 67 89; Marie; Institut\n12-34');
    await page.getByRole('button', { name: 'Add these recipients' }).click();
    await expect.poll(() => page.getByTestId('recipient-count').textContent()).toBe('4 of 50');
    await expect(page.getByTestId('recipient-note').textContent()).resolves.toContain('3 recipients added from the pasted list; 1 skipped:');
    await expect(page.getByTestId('recipient-skipped').textContent()).resolves.toMatch(/^Line 4 \(12-34\): 4 digits is too short/);
    await expect(numberField(2).inputValue()).resolves.toBe('+44 20 7946 0000');
    await expect(page.getByLabel('Recipient 2 name', { exact: true }).inputValue()).resolves.toBe('Charles Babbage');
    await expect(page.getByLabel('Recipient 4 company', { exact: true }).inputValue()).resolves.toBe('Institut');
  });

  it('picks recipients from contacts and adds a whole distribution list', async () => {
    const ada = await call('contacts:create', { name: 'Ada Lovelace', company: 'Analytical Engines', faxNumber: '+1 312 555 0170' });
    const bob = await call('contacts:create', { name: 'Bob Jones', faxNumber: '+1 415 555 2001' });
    await call('contacts:createList', { name: 'Board', memberIds: [ada.id, bob.id] });
    const search = page.getByLabel('Add from contacts');
    await search.fill('board');
    await page.getByRole('list', { name: 'Matching contacts and lists' }).getByRole('button', { name: /Board/ }).click();
    // Bob's number was pasted already: skipped with the reason, Ada added.
    await expect.poll(() => page.getByTestId('recipient-count').textContent(), POLL).toBe('5 of 50');
    await expect(page.getByTestId('recipient-skipped').textContent()).resolves.toContain('+1 415 555 2001 is already in the list');
    await expect(page.getByLabel('Recipient 5 name', { exact: true }).inputValue()).resolves.toBe('Ada Lovelace');
    // The draft lives in its store: another page and back, and it is all still there.
    await nav('Contacts').click();
    await page.getByRole('heading', { level: 1, name: 'Contacts' }).waitFor();
    await nav('Compose').click();
    await expect.poll(() => page.getByTestId('recipient-count').textContent()).toBe('5 of 50');
    expect(await documentNames()).toEqual(['report.pdf', 'letter.pdf']);
  });

  it('places every problem next to its field and focuses the first', async () => {
    await page.getByLabel('Billable retries', { exact: true }).fill('11');
    await page.getByLabel('Caller ID').fill('12');
    await page.getByRole('radio', { name: 'Send later' }).check();
    await page.getByLabel('Send at (your time)').fill('2020-01-01T09:00');
    await numberField(3).fill('+1 555');
    await sendButton().click();
    const listed = page.getByTestId('compose-problems');
    await expect.poll(() => listed.locator('li').count(), POLL).toBeGreaterThanOrEqual(4);
    // Recipient 3 comes first on the page: it has the focus, and its message is under it.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Recipient 3 fax number');
    await expect(page.getByTestId('recipient-row').nth(2).getByTestId('field-problem').textContent()).resolves.toMatch(/^Recipient 3: 4 digits is too short for a fax number with its country code/);
    const retries = page.locator('.cx-field').filter({ has: page.getByLabel('Billable retries', { exact: true }) });
    await expect(retries.getByTestId('field-problem').allTextContents()).resolves.toEqual([
      "Billable retries must be a whole number from 1 to 10 (you gave 11); leave it empty for the service's default.",
    ]);
    const schedule = page.locator('.cx-schedule');
    await expect(schedule.getByTestId('field-problem').first().textContent()).resolves.toBe('The send time is in the past. Pick a later time, or choose "Send now".');
    // Each problem in the list is a way to its field.
    await listed.getByRole('button', { name: /Billable retries must be/ }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('compose-billableRetries');
    await screenshot('compose-problems-light.png');

    // Fixed, field by field.
    await page.getByLabel('Billable retries', { exact: true }).fill('3');
    await page.getByLabel('Caller ID').fill('');
    await page.getByRole('radio', { name: 'Send now' }).check();
    await page.getByRole('button', { name: 'Remove recipient 3' }).click();
    await expect.poll(() => page.getByTestId('recipient-count').textContent()).toBe('4 of 50');
    expect(await outbox()).toEqual([]);
  });

  it('screenshots the page with documents and recipients, light and dark', async () => {
    // A cover page, to show its preview.
    await page.getByLabel('Include a cover page').check();
    await page.getByLabel('From', { exact: true }).fill('Front office, Example Legal LLP');
    await page.getByLabel('Subject', { exact: true }).fill('Signed agreement');
    await page.getByLabel('Message', { exact: true }).fill('Please find the signed agreement attached.\nCall us with any questions.');
    await expect.poll(() => page.getByTestId('compose-summary').textContent()).toContain('5 pages (with the cover page)');
    await setTheme('light');
    await screenshot('compose-light.png');
    await setTheme('dark');
    await screenshot('compose-dark.png');
    const results = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa']).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(serious).toEqual([]);
    await setTheme('light');
  });

  it('enforces the limits before anything is queued: a file no fax can carry, and more than 25 documents', async () => {
    await newFax();
    // Two numbers pasted into a number field become two recipients.
    await numberField(1).focus();
    await page.evaluate(() => {
      const data = new DataTransfer();
      data.setData('text/plain', '212-555-0100\n212-555-0101');
      document.activeElement!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    await expect.poll(() => page.getByTestId('recipient-count').textContent()).toBe('2 of 50');
    await expect(numberField(2).inputValue()).resolves.toBe('+1 212 555 0101');

    await dropMade([{ name: 'huge-scan.pdf', size: 80 * 1024 * 1024 }]);
    const huge = documents().filter({ hasText: 'huge-scan.pdf' });
    await expect.poll(() => huge.getByTestId('document-problem').textContent()).toMatch(
      /^"huge-scan\.pdf" is 80\.0 MB, which is 106\.\d MB once encoded for sending; the service accepts at most 100 MB per fax\. Split it/,
    );
    await page.getByRole('button', { name: 'Remove huge-scan.pdf' }).click();

    await dropMade(Array.from({ length: 26 }, (_, i) => ({ name: `note-${i + 1}.txt`, text: `Note ${i + 1}\n` })));
    await expect.poll(() => page.getByTestId('document-pages').count(), { timeout: 60_000 }).toBe(26);
    const totals = page.getByTestId('compose-totals');
    await expect(totals.textContent()).resolves.toContain('26 of 25 documents');
    await expect(totals.getByRole('alert').textContent()).resolves.toBe(
      '26 documents were added; a fax can carry at most 25. Remove 1 document, or send the others as a second fax.',
    );
    await sendButton().click();
    await expect.poll(() => page.getByTestId('compose-problems').textContent(), POLL).toContain('a fax can carry at most 25');
    expect(await outbox()).toEqual([]);
    await newFax();
  });

  it('shows the progress of a large file while it is read, prepared and checked', async () => {
    // Records every progress bar the list shows, as it shows it.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { __progress: string[] }).__progress = seen;
      new MutationObserver(() => {
        for (const bar of document.querySelectorAll('.cx-doc progress')) seen.push(`${bar.getAttribute('aria-label')}|${bar.getAttribute('value') ?? 'indeterminate'}`);
      }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['value', 'aria-label'] });
    });
    const pdf = await PDFDocument.create();
    pdf.addPage([612, 792]);
    // Random bytes: pdf-lib compresses attachments, and these stay 24 MB.
    await pdf.attach(randomBytes(24 * 1024 * 1024), 'scan-data.bin', { mimeType: 'application/octet-stream' });
    const large = Buffer.from(await pdf.save({ useObjectStreams: false }));
    await drop('[data-testid="compose-dropzone"]', [{ name: 'large.pdf', type: 'application/pdf', bytes: large }]);
    await expect.poll(() => documents().first().getByTestId('document-pages').textContent(), { timeout: 60_000 }).toBe('1 page');
    expect(large.length).toBeGreaterThan(24 * 1024 * 1024);
    const seen = await page.evaluate(() => (window as unknown as { __progress: string[] }).__progress);
    const fractions = (phase: string) => seen.filter((s) => s.startsWith(`large.pdf: ${phase}`)).map((s) => Number(s.split('|')[1]));
    expect(fractions('Preparing it for sending').some((v) => v > 0 && v < 1)).toBe(true);
    expect(seen.some((s) => s.startsWith('large.pdf: Handing it to Faxdesk and checking it…|indeterminate'))).toBe(true);
    await newFax();
  });

  it('sends to the Sandbox success number: a double click makes exactly one job, shown with its state, and the compose starts afresh', async () => {
    await newFax();
    await addReadyPdf('letter.pdf', onePage, '1 page');
    await numberField(1).fill(SUCCESS_NUMBER);
    await page.getByLabel('Recipient 1 name', { exact: true }).fill('Sandbox success');
    await sendButton().dblclick();
    const outcome = page.getByTestId('send-outcome');
    await expect.poll(() => outcome.getByRole('heading').textContent(), POLL).toBe('Fax queued');
    await expect(outcome.getByTestId('sent-job').count()).resolves.toBe(1);
    await expect(outcome.getByTestId('sent-job').textContent()).resolves.toContain(`${SUCCESS_SHOWN} · Sandbox success`);
    const jobs = await outbox();
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ destination: SUCCESS_NUMBER, toName: 'Sandbox success', documentCount: 1 });
    // A new compose: empty, with a new compose id.
    await expect.poll(() => documents().count()).toBe(0);
    await expect(numberField(1).inputValue()).resolves.toBe('');
    // The job's state follows the service until delivered.
    await expect.poll(() => outcome.getByTestId('sent-job-status').textContent(), { timeout: 90_000, interval: 500 }).toBe('Delivered');
    // The link opens the job in the Outbox.
    await outcome.getByRole('button', { name: 'Open in Outbox' }).click();
    await expect.poll(() => page.evaluate(() => document.querySelector('main')?.getAttribute('aria-label'))).toBe('Outbox & Sent');
    await nav('Compose').click();
    expect(await outbox()).toHaveLength(1);
  });

  it('schedules a send for later: shown as scheduled, held on this computer', async () => {
    await addReadyPdf('report.pdf', threePages, '3 pages');
    await numberField(1).fill(SUCCESS_NUMBER);
    await page.getByRole('radio', { name: 'Send later' }).check();
    const at = await page.evaluate(() => {
      const d = new Date(Date.now() + 26 * 60 * 60 * 1000);
      const p = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
    });
    await page.getByLabel('Send at (your time)').fill(at);
    await expect.poll(() => page.getByTestId('schedule-when').textContent()).toMatch(/^Faxdesk sends it .+ \(\d{4}-\d\d-\d\d \d\d:\d\d UTC\)\./);
    await expect(sendButton().textContent()).resolves.toBe('Schedule fax');
    // Enter pressed twice on the button: one job.
    await sendButton().focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    const outcome = page.getByTestId('send-outcome');
    await expect.poll(() => outcome.getByRole('heading').textContent(), POLL).toMatch(/^Fax scheduled for /);
    await expect(outcome.getByTestId('sent-job-status').textContent()).resolves.toBe('Scheduled');
    const scheduled = (await outbox()).filter((j) => j.state === 'SCHEDULED');
    expect(scheduled).toHaveLength(1);
    expect(Date.parse(scheduled[0]!.scheduledAt!)).toBe(await page.evaluate((v) => new Date(v).getTime(), at));
  });

  it('reopens a stored fax for editing when navigation asks for it', async () => {
    const job = (await outbox()).find((j) => j.state === 'SCHEDULED')!;
    harness.core.events.emit('ui:navigate', { page: 'compose', fromJobId: job.id });
    await expect.poll(() => page.getByTestId('compose-reopened').count(), POLL).toBe(1);
    await expect.poll(() => documentNames()).toEqual(['report.pdf']);
    await expect(numberField(1).inputValue()).resolves.toBe(SUCCESS_SHOWN);
    await expect(documents().first().getByTestId('document-pages').textContent()).resolves.toBe('3 pages');
    await newFax();
  });

  it('opens Compose with a file dropped anywhere on the window while another page is shown', async () => {
    await nav('Inbox').click();
    await expect.poll(() => page.evaluate(() => document.querySelector('main')?.getAttribute('aria-label'))).toBe('Inbox');
    await drop('main', [{ name: 'dropped-on-inbox.pdf', type: 'application/pdf', bytes: onePage }]);
    await page.getByRole('heading', { level: 1, name: 'Compose' }).waitFor();
    await expect.poll(() => documents().first().getByTestId('document-pages').textContent(), POLL).toBe('1 page');
    expect(await documentNames()).toEqual(['dropped-on-inbox.pdf']);
  });

  it('takes the files main hands over (command line, "Open with", hot folder) by path', async () => {
    const file = path.join(tempDataDir('faxdesk-handoff-'), 'handed-over.pdf');
    fs.writeFileSync(file, threePages);
    harness.core.desktop.handoff.offer([file], 'command-line');
    await expect.poll(() => documentNames(), POLL).toEqual(['dropped-on-inbox.pdf', 'handed-over.pdf']);
    await expect.poll(() => documents().nth(1).getByTestId('document-pages').textContent(), POLL).toBe('3 pages');
  });
});
