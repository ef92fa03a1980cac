/**
 * The header designer and the cover page editor in real Chromium. The Compose page that will embed
 * them does not exist yet, so a test-only page (test/e2e/header-designer/) mounts them with in-memory
 * templates and prints every value they emit; it is built with Vite and served on 127.0.0.1.
 */
import fs from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateHeaderOptions, type HeaderOptions } from '../../src/shared/header';
import { buildHarness, serveFolder } from './header-designer/harness-server';
import { launchChromium } from './support/browser';

describe('header designer and cover page (harness page in Chromium)', () => {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-header-designer-'));
  let browser: Browser;
  let server: http.Server;
  let baseUrl: string;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    await buildHarness(outDir);
    ({ url: baseUrl, server } = await serveFolder(outDir));
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
    fs.rmSync(outDir, { recursive: true, force: true });
    expect(pageErrors).toEqual([]);
  });

  async function open(query = ''): Promise<Page> {
    // A context per page: each test starts from a fresh page, and axe needs a context of its own.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.on('close', () => void context.close().catch(() => {})); // the browser may already be closing
    page.on('pageerror', (e) => pageErrors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') pageErrors.push(m.text());
    });
    await page.goto(baseUrl + query);
    await page.getByTestId('header-designer').waitFor();
    return page;
  }

  const json = async (locator: Locator): Promise<unknown> => JSON.parse((await locator.textContent()) ?? 'undefined');
  const value = (page: Page) => json(page.getByTestId('value'));
  const emitted = async (page: Page) => (await json(page.getByTestId('emitted'))) as (HeaderOptions | null)[];
  const slotInput = (page: Page, n: number) => page.getByLabel(`Slot ${n}`, { exact: true });

  it('drags a chip into line 1, adds one from the keyboard, and lays 3 items out left, centre and right', async () => {
    const page = await open();
    expect(await value(page)).toEqual({ line_1: ['${DATE_TIME1}'] });

    await page.getByTestId('chip-TO_NUMBER').dragTo(page.getByTestId('line1-drop'));
    await expect.poll(() => value(page)).toEqual({ line_1: ['${DATE_TIME1}', '${TO_NUMBER}'] });

    // The keyboard path: every chip has its own Add button.
    await page.getByRole('button', { name: 'Add Page count to line 1' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => value(page)).toEqual({ line_1: ['${DATE_TIME1}', '${TO_NUMBER}', '${TOTAL_PAGE}'] });
    await expect(page.getByTestId('line1-count').textContent()).resolves.toBe('3 of 6 slots');

    const line = (await page.getByTestId('preview-line-1').boundingBox())!;
    const boxes = await Promise.all([0, 1, 2].map(async (i) => (await page.getByTestId(`preview-1-${i}`).boundingBox())!));
    const texts = await Promise.all([0, 1, 2].map((i) => page.getByTestId(`preview-1-${i}`).textContent()));
    expect(texts).toEqual(['2024-05-10 15:07:01', '+12125550123', '3']);
    // Each slot shows what it prints for the sample fax, never the variable's code.
    await expect(page.getByTestId('slot-sample-1').textContent()).resolves.toBe('Recipient fax number: +12125550123');
    await expect(page.getByTestId('slot-sample-1').locator('.hd-sample-var').getAttribute('title')).resolves.toBe('Recipient fax number (${TO_NUMBER})');
    const [left, centre, right] = boxes as [typeof line, typeof line, typeof line];
    expect(Math.abs(left.x - line.x)).toBeLessThan(1);
    expect(Math.abs(centre.x + centre.width / 2 - (line.x + line.width / 2))).toBeLessThan(1);
    expect(Math.abs(right.x + right.width - (line.x + line.width))).toBeLessThan(1);
    // The preview is a Letter page at its proportions, no wider than 8.5 in (816 CSS px); items sit at the
    // columns of the printed line (106 characters), so these three are at the left, centre and right.
    const sheet = (await page.getByTestId('header-preview').boundingBox())!;
    expect(sheet.width).toBeLessThanOrEqual(816);
    expect(line.width / sheet.width).toBeCloseTo(8 / 8.5, 2);

    // A variable dropped on a slot joins its text; slots reorder with the keyboard, focus following.
    await page.getByTestId('chip-CURRENT_PAGE').dragTo(page.getByTestId('slot-2').locator('.hd-slot-head'));
    await expect.poll(() => value(page)).toEqual({ line_1: ['${DATE_TIME1}', '${TO_NUMBER}', '${TOTAL_PAGE} ${CURRENT_PAGE}'] });
    await page.getByRole('button', { name: 'Move slot 3 left' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => value(page)).toEqual({ line_1: ['${DATE_TIME1}', '${TOTAL_PAGE} ${CURRENT_PAGE}', '${TO_NUMBER}'] });
    await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).resolves.toBe('Move slot 2 left');
    await page.keyboard.press('Enter');
    await expect.poll(() => value(page)).toEqual({ line_1: ['${TOTAL_PAGE} ${CURRENT_PAGE}', '${DATE_TIME1}', '${TO_NUMBER}'] });
    await page.getByRole('button', { name: 'Remove slot 1' }).click();
    await expect.poll(() => value(page)).toEqual({ line_1: ['${DATE_TIME1}', '${TO_NUMBER}'] });
    await page.close();
  });

  it('shows an unknown variable as an error and does not emit it', async () => {
    const page = await open();
    await page.getByRole('button', { name: 'Add Text to line 1' }).click();
    // The new text slot has the focus; typing goes into it.
    await page.keyboard.type('Ref ');
    await expect.poll(() => value(page)).toEqual({ line_1: ['${DATE_TIME1}', 'Ref '] });

    await slotInput(page, 2).fill('Ref ${FOO}');
    const slot = page.getByTestId('slot-1');
    await expect(slot.getByText('Unknown header variable ${FOO}').isVisible()).resolves.toBe(true);
    await expect(slotInput(page, 2).getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(page.getByTestId('header-valid').textContent()).resolves.toBe('false');
    expect(await value(page)).toEqual({ line_1: ['${DATE_TIME1}', 'Ref '] });

    // Typed a key at a time, the half-written ${FO... states are never emitted either.
    await slotInput(page, 2).fill('');
    await slotInput(page, 2).pressSequentially('No ${FOO} and ${FAX_ID');
    await expect(slot.getByText('Unclosed header variable ${FAX_ID').isVisible()).resolves.toBe(true);
    await slotInput(page, 2).press('}');
    await expect(slot.getByText('Unknown header variable ${FOO}').isVisible()).resolves.toBe(true);
    await slotInput(page, 2).fill('Ref ${FAX_ID}');
    await expect.poll(() => value(page)).toEqual({ line_1: ['${DATE_TIME1}', 'Ref ${FAX_ID}'] });
    await expect(page.getByTestId('header-valid').textContent()).resolves.toBe('true');
    for (const options of await emitted(page)) {
      expect(options === null || validateHeaderOptions(options).ok).toBe(true);
      expect(JSON.stringify(options)).not.toContain('FOO');
    }
    // The sample fax_id is UUID-shaped (36 characters), so the 32-character crop is announced.
    await expect(page.getByTestId('header-warnings').textContent()).resolves.toContain(
      '${FAX_ID} in line 1, slot 2 is 36 characters here; the service prints only the first 32.',
    );
    await page.close();
  });

  it('counts line 2 and warns that a 60-character field will be cropped to 50', async () => {
    const page = await open();
    await page.getByRole('button', { name: 'Add a line 2 field' }).click();
    const field = page.getByLabel('Line 2, field 1', { exact: true });
    await expect(field.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    const sixty = 'Attn: Accounts payable, third floor, building B, room 0123456789'.slice(0, 60);
    expect(sixty).toHaveLength(60);
    await field.fill(sixty);
    await expect(page.getByTestId('line2-field-0').getByText('60/50').isVisible()).resolves.toBe(true);
    await expect(page.getByTestId('line2-total').textContent()).resolves.toBe('60 of 100 characters');
    await expect(page.getByTestId('header-warnings').textContent()).resolves.toContain(
      'line 2, field 1 is 60 characters; the service prints only the first 50 of each line 2 field.',
    );
    // A crop is a warning, not an error: the value is emitted, and the preview prints what the service will.
    await expect.poll(() => value(page)).toEqual({ line_1: ['${DATE_TIME1}'], line_2: [sixty] });
    await expect(page.getByTestId('preview-2-0').textContent()).resolves.toBe(sixty.slice(0, 50));

    // A variable is refused in line 2, which holds plain text only.
    await field.fill('To ${TO_NUMBER}');
    await expect(page.getByTestId('line2-field-0').textContent()).resolves.toContain('variables work only in line 1');
    expect(await value(page)).toEqual({ line_1: ['${DATE_TIME1}'], line_2: [sixty] });
    await page.close();
  });

  it('lists the seven date formats with examples, and format 2 switches the preview to the 12-hour form', async () => {
    const page = await open();
    const picker = page.getByLabel('Date and time format');
    const options = await picker.locator('option').allTextContents();
    expect(options).toHaveLength(7);
    expect(options[0]).toContain('2024-05-10 15:07:01');
    expect(options[1]).toContain('5/10/2024 3:07:01 PM');
    expect(options[6]).toContain('2024/05/10 3:07:01 PM');
    await expect(page.getByTestId('preview-1-0').textContent()).resolves.toBe('2024-05-10 15:07:01');

    await picker.selectOption('2');
    await expect.poll(() => value(page)).toEqual({ line_1: ['${DATE_TIME2}'] });
    await expect(page.getByTestId('preview-1-0').textContent()).resolves.toBe('5/10/2024 3:07:01 PM');
    await expect(page.getByTestId('chip-DATE_TIME').textContent()).resolves.toContain('US 12 hour');
    await expect(page.getByTestId('header-warnings').textContent()).resolves.toContain('the end (AM/PM) can be cut off');
    await page.close();
  });

  it('emits null for the service default header, restores the design when unticked, and follows a value set by the parent', async () => {
    const page = await open();
    await page.getByRole('button', { name: 'Add Sender ID (CSID) to line 1' }).click();
    await expect.poll(() => value(page)).toEqual({ line_1: ['${DATE_TIME1}', '${CSID}'] });
    const toggle = page.getByLabel("Use the service's default header");
    await toggle.check();
    await expect.poll(() => value(page)).toBeNull();
    await expect(page.getByTestId('slot-0').count()).resolves.toBe(0);
    await toggle.uncheck();
    await expect.poll(() => value(page)).toEqual({ line_1: ['${DATE_TIME1}', '${CSID}'] });

    // A value set by the parent replaces the design, and is not echoed back.
    const before = (await emitted(page)).length;
    await page.getByRole('button', { name: 'Parent sets the header' }).click();
    // The slots show what they print; their text opens for editing.
    await expect(page.getByTestId('slot-sample-0').textContent()).resolves.toBe('Spacer: prints nothing');
    await expect(page.getByTestId('slot-sample-1').textContent()).resolves.toBe('Fax ID: 3f2b9c1e-7a4d-4e8b-9c2f-1a2b3c4d');
    await page.getByRole('button', { name: 'Edit slot 2' }).click();
    await expect(slotInput(page, 2).evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await expect(slotInput(page, 2).inputValue()).resolves.toBe('${FAX_ID}');
    await page.getByRole('button', { name: 'Done editing slot 2' }).click();
    await expect(slotInput(page, 2).count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Edit slot 1' }).click();
    await expect(slotInput(page, 1).inputValue()).resolves.toBe('');
    await expect(page.getByTestId('preview-1-1').getAttribute('data-align')).resolves.toBe('right');
    expect(await emitted(page)).toHaveLength(before);
    await page.close();
  });

  it('saves, loads, sets as default and deletes a template', async () => {
    const page = await open();
    await page.getByRole('button', { name: 'Add Fax ID to line 1' }).click();
    await page.getByLabel('Template name').fill('Standard');
    await page.getByLabel('Template name').press('Enter');
    const row = page.getByTestId('template-Standard');
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain('${DATE_TIME1}  |  ${FAX_ID}');

    await page.getByRole('button', { name: 'Add Spacer to line 1' }).click();
    await expect.poll(() => value(page)).toEqual({ line_1: ['${DATE_TIME1}', '${FAX_ID}', ''] });
    await page.getByRole('button', { name: 'Load Standard' }).click();
    await expect.poll(() => value(page)).toEqual({ line_1: ['${DATE_TIME1}', '${FAX_ID}'] });

    await page.getByRole('button', { name: 'Set Standard as default' }).click();
    await row.getByText('Default', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Start new faxes with the service default header' }).click();
    await row.getByText('Default', { exact: true }).waitFor({ state: 'detached' });

    // Deleting asks first; Keep leaves the template alone.
    await page.getByRole('button', { name: 'Delete Standard' }).click();
    await page.getByRole('button', { name: 'Keep' }).click();
    await expect(row.count()).resolves.toBe(1);
    await page.getByRole('button', { name: 'Delete Standard' }).click();
    await row.getByRole('button', { name: 'Delete', exact: true }).click();
    await row.waitFor({ state: 'detached' });
    await expect(page.getByText('No templates yet.').isVisible()).resolves.toBe(true);
    await page.close();
  });

  it('edits a cover page with counters, refuses a subject over its limit, and previews the sheet', async () => {
    const page = await open();
    const coverValue = () => json(page.getByTestId('cover-value'));
    expect(await coverValue()).toBeNull();
    await page.getByLabel('Include a cover page').check();
    await expect.poll(coverValue).toEqual({ from_name: 'Ann Example', subject: '', message: '' });
    await page.getByLabel('Subject', { exact: true }).fill('Signed contract');
    await page.getByLabel('Message', { exact: true }).fill('Please sign page 2\nand fax it back.');
    await expect.poll(coverValue).toEqual({ from_name: 'Ann Example', subject: 'Signed contract', message: 'Please sign page 2\nand fax it back.' });
    const preview = page.getByTestId('cover-preview');
    await expect(preview.getByTestId('cover-to').textContent()).resolves.toBe('Jane RoeRoe & Partners');
    await expect(preview.getByTestId('cover-subject').textContent()).resolves.toBe('Signed contract');
    await expect(preview.getByTestId('cover-pages').textContent()).resolves.toBe('4 pages, including this cover');
    await expect(preview.textContent()).resolves.toContain('May 10, 2024');

    await page.getByLabel('Subject', { exact: true }).fill('x'.repeat(101));
    await expect(page.getByText('Subject has 101 characters; the cover page holds 100. Shorten it by 1.').isVisible()).resolves.toBe(true);
    await expect(page.getByText('101/100 characters').isVisible()).resolves.toBe(true);
    await expect(page.getByTestId('cover-valid').textContent()).resolves.toBe('false');
    expect(await coverValue()).toEqual({ from_name: 'Ann Example', subject: 'Signed contract', message: 'Please sign page 2\nand fax it back.' });
    await page.getByLabel('Include a cover page').uncheck();
    await expect.poll(coverValue).toBeNull();
    await page.close();
  });

  it('has no serious accessibility violations, in the light and the dark theme', async () => {
    for (const theme of ['light', 'dark']) {
      const page = await open(`?theme=${theme}`);
      await page.getByRole('button', { name: 'Add a line 2 field' }).click();
      await page.getByLabel('Include a cover page').check();
      await page.getByLabel('Template name').fill('Weekly');
      await page.getByLabel('Template name').press('Enter');
      await page.getByTestId('template-Weekly').waitFor();
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(serious, theme).toEqual([]);
      await page.close();
    }
  });
});
