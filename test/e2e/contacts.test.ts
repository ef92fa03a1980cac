/**
 * The Contacts page through the browser bridge: the real core (SQLite in a temp folder) behind the
 * real renderer in Chromium.
 */
import fs from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from '../../src/main/bridge/harness';
import { launchChromium } from './support/browser';
import { startTestHarness, tempDataDir } from './support/harness';

const SCREENSHOT_DIR = path.resolve(__dirname, '../../.tmp');

describe('Contacts page', () => {
  let browser: Browser;
  let harness: Harness;
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    browser = await launchChromium();
    harness = await startTestHarness(tempDataDir(), { overrides: { startEmulator: null } });
    context = await browser.newContext({ viewport: { width: 1360, height: 900 }, acceptDownloads: true });
    page = await context.newPage();
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.goto(harness.bridge.url);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Contacts', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Contacts' }).waitFor();
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await harness?.stop();
    expect(pageErrors).toEqual([]);
  });

  const rows = () => page.getByRole('list', { name: 'Contacts', exact: true }).getByRole('listitem');
  const rowTexts = () => rows().allTextContents();
  const form = () => page.locator('form.contact-form');

  it('refuses a badly formatted number with the reason, then saves the fixed one and shows it formatted', async () => {
    await form().getByLabel('Name').fill('Ada Lovelace');
    await form().getByLabel('Company').fill('Analytical Engines');
    await form().getByLabel('Fax number').fill('555-12');
    await form().getByRole('button', { name: 'Add contact' }).click();
    const error = form().getByRole('alert');
    await expect.poll(() => error.textContent()).toContain('too short');
    await expect(form().getByLabel('Fax number').getAttribute('aria-invalid')).resolves.toBe('true');
    // The number field has focus, so the person can fix it straight away.
    await expect(page.evaluate(() => document.activeElement?.getAttribute('inputmode'))).resolves.toBe('tel');

    await form().getByLabel('Fax number').fill('(555) 123-4567');
    await expect.poll(() => form().getByTestId('contact-number-hint').textContent()).toBe('Saved as +1 555 123 4567');
    await form().getByLabel('Fax number').press('Enter');
    await expect.poll(() => page.getByTestId('contact-form-status').textContent()).toBe('Saved Ada Lovelace (+1 555 123 4567).');
    await expect.poll(rowTexts).toEqual([expect.stringContaining('+1 555 123 4567')]);
    expect((await rowTexts())[0]).toContain('Ada Lovelace');
  });

  it('finds a contact by part of its number', async () => {
    await harness.core.dispatch('contacts:create', { name: 'Bob Jones', faxNumber: '+1 555 987 6543' });
    await expect.poll(() => rows().count()).toBe(2);
    const search = page.getByLabel('Search contacts');
    await search.fill('1234');
    await expect.poll(rowTexts).toEqual([expect.stringContaining('Ada Lovelace')]);
    await expect.poll(() => page.getByTestId('contacts-count').textContent()).toBe('1 match for “1234”, best first');
    await search.fill('987 65');
    await expect.poll(rowTexts).toEqual([expect.stringContaining('Bob Jones')]);
    await search.press('Escape');
    await expect.poll(() => rows().count()).toBe(2);
  });

  it('imports a CSV of 3 rows: 2 created, 1 skipped with the reason', async () => {
    const csv = 'Name,Company,Fax\r\n"Babbage, Charles",Difference Engines,+44 20 7946 0000\r\nNo Number Ltd,,12-34\r\nGrace Hopper,Navy,555.222.3333\r\n';
    await page.getByTestId('contacts-import-file').setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    const summary = page.getByTestId('import-summary');
    await expect.poll(() => summary.getByTestId('import-counts').textContent()).toBe('2 created, 0 updated, 1 skipped.');
    await expect(summary.getByTestId('import-skipped').textContent()).resolves.toMatch(/^Line 3: Fax number "12-34": 4 digits is too short/);
    await expect.poll(() => rows().count()).toBe(4);
    await page.getByRole('button', { name: 'Close the import summary' }).click();
  });

  it('creates a distribution list with two members', async () => {
    const lists = page.locator('section.contact-lists');
    await lists.getByLabel('New list name').fill('Board');
    await lists.getByRole('button', { name: 'Create list' }).click();
    const find = lists.getByLabel('Add a member');
    await find.fill('Babbage');
    await lists.getByRole('button', { name: 'Add Babbage, Charles to Board' }).click();
    await find.fill('hopper');
    await lists.getByRole('button', { name: 'Add Grace Hopper to Board' }).click();
    const members = lists.getByRole('list', { name: 'Members of Board' }).getByRole('listitem');
    await expect.poll(() => members.count()).toBe(2);
    await expect(members.allTextContents()).resolves.toEqual([expect.stringContaining('Babbage, Charles'), expect.stringContaining('Grace Hopper')]);
    await expect.poll(() => lists.getByRole('button', { name: /Board/ }).first().textContent()).toContain('2 members');
    const stored = await harness.core.dispatch('contacts:listLists', undefined);
    expect(stored).toMatchObject({ ok: true, value: [{ name: 'Board', memberCount: 2 }] });
    // Compose finds the list, with its members as ready recipients.
    const found = await harness.core.dispatch('contacts:search', { text: 'board' });
    expect(found).toMatchObject({ ok: true, value: { hits: [{ kind: 'list', recipients: [{ faxNumber: '442079460000' }, { faxNumber: '15552223333' }] }] } });
  });

  it('exports a vCard file holding every contact', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export vCard' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^faxdesk-contacts-\d{4}-\d{2}-\d{2}\.vcf$/);
    const text = fs.readFileSync(await download.path(), 'utf8');
    expect(text.match(/BEGIN:VCARD/g)).toHaveLength(4);
    for (const line of ['FN:Ada Lovelace', 'FN:Babbage\\, Charles', 'FN:Grace Hopper', 'FN:Bob Jones', 'TEL;TYPE=WORK,FAX:+15551234567', 'ORG:Analytical Engines']) {
      expect(text).toContain(line);
    }
    await expect.poll(() => page.locator('.contacts-import-export [role="status"]').textContent()).toContain('Exported 4 contacts');
  });

  it('lists recently used contacts first', async () => {
    await harness.core.dispatch('contacts:markUsed', { faxNumbers: ['+1 555 987 6543'] });
    await expect.poll(async () => (await rowTexts())[0]).toContain('Bob Jones');
    await page.getByText('A–Z', { exact: true }).click();
    await expect.poll(async () => (await rowTexts()).map((t) => t.split('+')[0])).toEqual([
      expect.stringContaining('Ada Lovelace'),
      expect.stringContaining('Babbage, Charles'),
      expect.stringContaining('Bob Jones'),
      expect.stringContaining('Grace Hopper'),
    ]);
  });

  it('edits a contact, and deletes one after confirming', async () => {
    await page.getByRole('button', { name: 'Edit Grace Hopper' }).click();
    await expect(form().getByLabel('Fax number').inputValue()).resolves.toBe('+1 555 222 3333');
    await form().getByLabel('Notes').fill('Compiler questions');
    await form().getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => page.getByTestId('contact-form-status').textContent()).toBe('Saved Grace Hopper (+1 555 222 3333).');

    await page.getByRole('button', { name: 'Delete Bob Jones' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Bob Jones?' });
    await dialog.waitFor();
    // Cancel first: nothing is deleted.
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await rows().count()).toBe(4);
    await page.getByRole('button', { name: 'Delete Bob Jones' }).click();
    await dialog.getByRole('button', { name: 'Delete contact' }).click();
    await expect.poll(() => rows().count()).toBe(3);
    await expect.poll(() => page.getByTestId('contacts-page-status').textContent()).toBe('Deleted Bob Jones.');
  });

  it('serves header templates over the bridge: save, overwrite by name, refuse bad options, default, delete, events', async () => {
    await page.evaluate(() => {
      const seen: string[][] = [];
      (window as unknown as { templateEvents: string[][] }).templateEvents = seen;
      window.faxdesk.on('templates:changed', (list) => seen.push(list.map((t) => `${t.name}${t.isDefault ? '*' : ''}`)));
    });
    const result = await page.evaluate(async () => {
      const api = window.faxdesk;
      const first = await api.templates.save({ name: 'Standard', options: { line_1: ['${DATE_TIME}', '${FAX_ID}'] } });
      const again = await api.templates.save({ name: ' standard ', options: { line_1: ['${CURRENT_PAGE}/${TOTAL_PAGE}'] } });
      const bad = await api.templates.save({ name: 'Bad', options: { line_1: ['${NOPE}'] } });
      const id = first.ok ? first.value.id : '';
      const setDefault = await api.templates.setDefault({ id });
      const byDefault = await api.templates.getDefault();
      const list = await api.templates.list();
      const removed = await api.templates.delete({ id });
      const gone = await api.templates.delete({ id });
      return { first, again, bad, setDefault, byDefault, list, removed, gone };
    });
    expect(result.first).toMatchObject({ ok: true, value: { name: 'Standard', isDefault: false, problem: null } });
    expect(result.again).toMatchObject({ ok: true, value: { name: 'standard', options: { line_1: ['${CURRENT_PAGE}/${TOTAL_PAGE}'] } } });
    expect(result.again.ok && result.first.ok && result.again.value.id).toBe(result.first.ok && result.first.value.id);
    expect(result.bad).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', field: 'options.line_1.0', message: expect.stringContaining('${NOPE}') } });
    expect(result.setDefault).toMatchObject({ ok: true, value: { isDefault: true } });
    expect(result.byDefault).toMatchObject({ ok: true, value: { name: 'standard' } });
    expect(result.list).toMatchObject({ ok: true, value: [{ name: 'standard', isDefault: true }] });
    expect(result.removed).toMatchObject({ ok: true });
    expect(result.gone).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    await expect.poll(() => page.evaluate(() => (window as unknown as { templateEvents: string[][] }).templateEvents)).toEqual([['Standard'], ['standard'], ['standard*'], []]);
  });

  it('has no accessibility violations (axe) in the light and the dark theme, and a screenshot of each', async () => {
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await page.getByRole('button', { name: /^Board/ }).click();
    for (const theme of ['light', 'dark'] as const) {
      await harness.core.dispatch('settings:set', { theme });
      await page.waitForFunction((t) => document.documentElement.dataset['theme'] === t, theme);
      const results = await new AxeBuilder({ page }).include('.contacts-page').analyze();
      expect(results.violations.map((v) => `${theme}: ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `contacts-${theme}.png`) });
    }
  });
});
