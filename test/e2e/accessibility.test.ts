/**
 * Keyboard and accessibility in Chromium through the bridge, against the real core and its built-in
 * Sandbox, with something on every page (two received faxes made to arrive through the emulator's
 * control surface, a sent fax, a contact, a draft in Compose):
 * - axe (WCAG 2.0/2.1 A and AA) finds nothing, of any impact, on any page, in the light and the dark theme;
 * - "Skip to content" is the first Tab stop and leads into the page; Tab reaches every control of every
 *   page, each with a visible focus ring, and the page's heading takes the focus on a page change;
 * - the shortcuts of shortcuts/keymap.ts: Ctrl+N, Ctrl+1..7, "/" and Ctrl+F, J/K and Alt+Down/Up,
 *   Ctrl+P (the page's print, not the window's), Ctrl+Enter (one job), "?" and its dialog.
 */
import fs from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemorySecretStore } from '../../src/main/accounts/secret-store';
import type { Harness } from '../../src/main/bridge/harness';
import type { SendOutcome } from '../../src/shared/domain/outbox';
import { SHORTCUTS } from '../../src/renderer/src/shortcuts/keymap';
import { launchChromium } from './support/browser';
import { startTestHarness, tempDataDir } from './support/harness';
import { coreCaller, recordPageProblems, stubPrint, waitForSandbox } from './support/app';

const SCREENSHOT_DIR = path.resolve(__dirname, '../../.tmp');
/** The machine may be busy (other suites, one CPU): wait this long for what the app does by itself. */
const POLL = { timeout: 30_000 };
/** Sandbox rule 00: quick success. */
const SUCCESS_NUMBER = '12125550100';
const OLDER_SENDER = '13125550170';
const NEWER_SENDER = '14155550123';
const PAGES = ['Compose', 'Outbox & Sent', 'Inbox', 'Activity', 'Contacts', 'Admin', 'Settings'] as const;
type PageName = (typeof PAGES)[number];
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

async function onePagePdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, 792]);
  page.drawText('Faxdesk accessibility e2e: one page.', { x: 72, y: 700, size: 18, font: await pdf.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await pdf.save());
}

describe('keyboard and accessibility through the bridge', () => {
  let browser: Browser;
  let harness: Harness;
  let page: Page;
  let pdf: Buffer;
  const problems: string[] = [];

  const call = coreCaller(() => harness);

  /** Makes a fax arrive at the Sandbox (its control surface, next to its API) and asks the sync to look now. */
  async function receive(from: string, tsid: string, pages: number): Promise<void> {
    const control = harness.core.accounts.record('sandbox').baseUrl.replace(/\/api$/, '/control');
    const res = await fetch(`${control}/inbound`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ from, tsid, pages }) });
    expect(res.status).toBeLessThan(300);
    await call('sync:refresh', { accountId: 'sandbox' });
  }

  /** Queues a fax as the Compose page does (window.faxdesk.compose.send). */
  async function sendThroughBridge(number: string, name: string): Promise<void> {
    const outcome = await page.evaluate(
      async ({ base64, number, name }) => {
        const api = window.faxdesk;
        const added = await api.compose.addBytes({ name: 'letter.pdf', base64 });
        if (!added.ok) throw new Error(added.error.message);
        const doc = added.value.documents[0]!;
        const sent = await api.compose.send({
          composeId: crypto.randomUUID(),
          accountId: 'sandbox',
          recipients: [{ number, name, company: 'Access Ltd' }],
          documents: [{ id: doc.id, type: doc.type, name: doc.name, pages: doc.pages, size: doc.size }],
          scheduledAt: null,
        });
        if (!sent.ok) throw new Error(sent.error.message);
        return sent.value;
      },
      { base64: pdf.toString('base64'), number, name },
    );
    expect((outcome as SendOutcome).jobs).toHaveLength(1);
  }

  const sidebar = () => page.getByRole('navigation', { name: 'Main' });
  // The Inbox's name carries its unread badge ("Inbox 1 unread").
  const nav = (name: PageName) => sidebar().getByRole('button', { name: new RegExp(`^${name.replace('&', '\\&')}( \\d+ unread)?$`) });
  const heading = () => page.getByRole('heading', { level: 1 });
  const inboxRows = () => page.getByRole('listbox', { name: /^Received faxes/ }).getByRole('option');
  const outboxRows = () => page.getByTestId('outbox-row');
  const activeTag = () => page.evaluate(() => document.activeElement?.tagName.toLowerCase() ?? null);

  async function goTo(name: PageName): Promise<void> {
    await nav(name).click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
  }

  async function setTheme(theme: 'light' | 'dark'): Promise<void> {
    await call('settings:set', { theme });
    await page.waitForFunction((t) => document.documentElement.dataset['theme'] === t, theme);
  }

  async function screenshot(name: string): Promise<void> {
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, name) });
  }

  /** axe on the whole window (shell, page, status bar, toasts): every violation, whatever its impact. */
  async function axeViolations(where: string): Promise<string[]> {
    const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
    return results.violations.map(
      (v) => `${where}: ${v.id} (${v.impact}) ${v.help}\n` + v.nodes.map((n) => `    ${n.target.join(' ')}: ${(n.failureSummary ?? '').replace(/\s*\n\s*/g, ' ')}`).join('\n'),
    );
  }

  /** Waits until the page shows what it has (lists loaded, the open fax drawn), so axe sees it settled. */
  async function settle(name: PageName): Promise<void> {
    switch (name) {
      case 'Compose':
        // A draft, so its documents, recipient rows, cover page editor and header designer are there too.
        if ((await page.getByTestId('compose-document').count()) === 0) {
          await page.getByTestId('compose-file-input').setInputFiles({ name: 'draft.pdf', mimeType: 'application/pdf', buffer: pdf });
          await page.getByLabel('Recipient 1 fax number', { exact: true }).fill(SUCCESS_NUMBER);
        }
        await page.getByLabel('Include a cover page').check();
        await page.getByLabel("Use the service's default header").uncheck();
        await expect.poll(() => page.getByTestId('document-pages').first().textContent(), POLL).toBe('1 page');
        break;
      case 'Outbox & Sent':
        await outboxRows().first().waitFor(POLL);
        if ((await page.getByTestId('outbox-detail').count()) === 0) await outboxRows().first().click();
        await page.getByTestId('outbox-detail').waitFor(POLL);
        break;
      case 'Inbox':
        await inboxRows().first().waitFor(POLL);
        if ((await page.locator('.inbox-row.selected').count()) === 0) await inboxRows().first().click();
        await expect.poll(() => page.locator('.fax-page .fax-page-surface[data-rendered="true"]').count(), POLL).toBeGreaterThanOrEqual(1);
        break;
      case 'Activity':
        break;
      case 'Contacts':
        await expect.poll(() => page.getByTestId('contacts-count').textContent(), POLL).toMatch(/^\d+ contacts?$/);
        break;
      case 'Admin':
        await expect.poll(() => page.getByRole('table').getByRole('row').count(), POLL).toBeGreaterThan(1);
        break;
      case 'Settings':
        await page.getByRole('heading', { level: 2, name: 'Accounts' }).waitFor(POLL);
        break;
    }
    // Nothing still loading anywhere in the page.
    await expect.poll(() => page.locator('main [aria-busy="true"]').count(), POLL).toBe(0);
  }

  beforeAll(async () => {
    pdf = await onePagePdf();
    browser = await launchChromium();
    harness = await startTestHarness(tempDataDir('faxdesk-a11y-e2e-'), { overrides: { secretStore: new MemorySecretStore() } });
    await waitForSandbox(harness, POLL);
    const context = await browser.newContext({ viewport: { width: 1360, height: 900 } });
    page = await context.newPage();
    recordPageProblems(page, problems);
    await stubPrint(page);
    await page.goto(harness.bridge.url);
    await sidebar().waitFor();

    // Something on every page: two received faxes, a sent one, a contact.
    await receive(OLDER_SENDER, 'ACME LEGAL', 2);
    await vi.waitFor(async () => expect((await call('inbox:list', {})).items).toHaveLength(1), POLL);
    await receive(NEWER_SENDER, 'HARBOR CLINIC', 1);
    await vi.waitFor(async () => expect((await call('inbox:list', {})).items).toHaveLength(2), POLL);
    await sendThroughBridge(SUCCESS_NUMBER, 'Quick Success');
    await call('contacts:create', { name: 'Dana Scully', company: 'Bureau', faxNumber: '+1 202 555 0143' });
  });

  afterAll(async () => {
    await browser?.close();
    await harness?.stop();
  });

  /** The window as it opens: nothing focused, the next Tab goes to the first control. */
  async function reload(): Promise<void> {
    await page.reload();
    await sidebar().waitFor();
  }

  it('starts with "Skip to content", which jumps past the sidebar into the page', async () => {
    await reload();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    // Shown while it has the focus (it sits off screen otherwise).
    const box = await skip.boundingBox();
    expect(box && box.y >= 0 && box.height > 0).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement === document.querySelector('main h1'))).toBe(true);
    await page.keyboard.press('Tab');
    await expect(
      page.evaluate(() => document.querySelector('main')!.contains(document.activeElement) && document.activeElement !== document.querySelector('main h1')),
    ).resolves.toBe(true);
    expect(problems).toEqual([]);
  });

  it('Tab goes through the sidebar, each stop with a visible focus ring, and on into the page', async () => {
    await reload();
    const stops: string[] = [];
    for (let i = 0; i < 20; i++) {
      await page.keyboard.press('Tab');
      const stop = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        const style = getComputedStyle(el);
        const ring = (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
        return { name: el.textContent?.trim() ?? '', inMain: el.closest('main') !== null, ring };
      });
      expect(stop.ring, `focus ring on ${stop.name}`).toBe(true);
      if (stop.inMain) break;
      stops.push(stop.name.replace(/\d+$/, '')); // the Inbox's unread badge
    }
    expect(stops).toEqual(['Skip to content', 'Compose', 'Outbox & Sent', 'Inbox', 'Activity', 'Contacts', 'Admin', 'Settings', 'Keyboard shortcuts ?']);
  });

  it("moves the focus to the new page's heading when the page changes, so the next Tab starts there", async () => {
    await nav('Contacts').focus();
    await page.keyboard.press('Enter');
    await heading().filter({ hasText: 'Contacts' }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement === document.querySelector('main h1'))).toBe(true);
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.querySelector('main')!.contains(document.activeElement))).resolves.toBe(true);
  });

  it('Ctrl+N opens Compose and Ctrl+1..7 go to each page, from anywhere, even from a text field', async () => {
    await goTo('Contacts');
    await page.getByLabel('Search contacts').focus();
    await page.keyboard.press('Control+n');
    await heading().filter({ hasText: 'Compose' }).waitFor();
    for (const [index, name] of PAGES.entries()) {
      await page.keyboard.press(`Control+${index + 1}`);
      await expect.poll(() => heading().textContent()).toBe(name);
    }
  });

  it('on the Inbox: "/" and Ctrl+F find, J/K and Alt+Down/Up open the next and previous fax', async () => {
    await goTo('Inbox');
    await expect.poll(() => inboxRows().count(), POLL).toBe(2);
    const search = page.getByRole('searchbox', { name: 'Search faxes' });
    await page.keyboard.press('/');
    await expect(search.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    // The "/" went to the shortcut, not into the box.
    await expect(search.inputValue()).resolves.toBe('');
    // In the box, J is a letter.
    await page.keyboard.press('j');
    await expect(search.inputValue()).resolves.toBe('j');
    await search.fill('');
    await heading().focus();
    await page.keyboard.press('Control+f');
    await expect(search.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await heading().focus();

    const selected = () => page.locator('.inbox-row[aria-selected="true"]').getAttribute('aria-label');
    const open = (sender: string) => page.getByRole('region', { name: new RegExp(`^Fax viewer: Fax from .*${sender.slice(-4)}`) });
    // Newest first: J opens the first fax (none was open), then the next; K goes back.
    await page.keyboard.press('j');
    await expect.poll(selected, POLL).toMatch(/555 0123/);
    await open(NEWER_SENDER).waitFor(POLL);
    await page.keyboard.press('j');
    await expect.poll(selected, POLL).toMatch(/555 0170/);
    await open(OLDER_SENDER).waitFor(POLL);
    await page.keyboard.press('j'); // the last fax: stays
    await expect.poll(selected, POLL).toMatch(/555 0170/);
    await page.keyboard.press('k');
    await expect.poll(selected, POLL).toMatch(/555 0123/);
    await page.keyboard.press('Alt+ArrowDown');
    await expect.poll(selected, POLL).toMatch(/555 0170/);
    await page.keyboard.press('Alt+ArrowUp');
    await expect.poll(selected, POLL).toMatch(/555 0123/);
    // Focus stayed on the page (the heading), where the next J works too.
    await expect(activeTag()).resolves.toBe('h1');
  });

  it('on the Inbox, Ctrl+P prints the open fax through the page, not the window', async () => {
    await goTo('Inbox');
    await page.keyboard.press('Alt+ArrowDown');
    await expect.poll(() => page.locator('.inbox-row[aria-selected="true"]').getAttribute('aria-label'), POLL).toMatch(/555 0170/);
    const viewer = page.getByRole('region', { name: /^Fax viewer: Fax from .*0170, 2 pages/ });
    await expect.poll(() => viewer.locator('.fax-page .fax-page-surface[data-rendered="true"]').count(), POLL).toBeGreaterThanOrEqual(1);
    const printsBefore = harness.record.prints.length;
    await page.evaluate(() => (window.__prints = []));
    await page.keyboard.press('Control+p');
    await expect.poll(() => harness.record.prints.length, POLL).toBe(printsBefore + 1);
    expect(harness.record.prints.at(-1)!.title).toContain(OLDER_SENDER);
    // Exactly the fax's two pages were printed, once.
    await expect.poll(() => page.evaluate(() => window.__prints), POLL).toEqual([{ pages: 2, armed: true }]);
    await expect.poll(() => page.getByTestId('inbox-notice').textContent(), POLL).toContain('Printed');
  });

  it('on a page with nothing to print, Ctrl+P prints nothing (not the app window)', async () => {
    await goTo('Activity');
    await page.evaluate(() => (window.__prints = []));
    const printsBefore = harness.record.prints.length;
    await page.keyboard.press('Control+p');
    await page.keyboard.press('Control+7'); // a later key arrives after the first was handled
    await heading().filter({ hasText: 'Settings' }).waitFor();
    await expect(page.evaluate(() => window.__prints)).resolves.toEqual([]);
    expect(harness.record.prints.length).toBe(printsBefore);
  });

  it('on the Outbox: "/" finds, J/K open the next and previous fax', async () => {
    await goTo('Outbox & Sent');
    await outboxRows().first().waitFor(POLL);
    await page.keyboard.press('/');
    await expect(page.getByRole('searchbox', { name: 'Search faxes' }).evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await heading().focus();
    await page.keyboard.press('j');
    await expect.poll(() => page.locator('[data-testid="outbox-row"][aria-selected="true"]').count(), POLL).toBe(1);
    await page.getByTestId('outbox-detail').waitFor(POLL);
  });

  it('on the Outbox, Ctrl+P prints the delivered image shown in the viewer', async () => {
    await goTo('Outbox & Sent');
    const row = outboxRows().filter({ hasText: 'Quick Success' });
    await row.waitFor(POLL);
    await row.click();
    const detail = page.locator('[data-testid="outbox-detail"]');
    // The Sandbox's quick number delivers within seconds; then the image is a download, on request.
    const show = detail.getByTestId('outbox-image').getByRole('button', { name: 'Show the delivered image' });
    await show.waitFor(POLL);
    await show.click();
    const viewer = detail.getByRole('region', { name: /^Fax viewer: Delivered fax to / });
    await expect.poll(() => viewer.locator('.fax-page .fax-page-surface[data-rendered="true"]').count(), POLL).toBeGreaterThanOrEqual(1);
    await page.evaluate(() => (window.__prints = []));
    await heading().focus();
    await page.keyboard.press('Control+p');
    await expect.poll(() => page.evaluate(() => window.__prints), POLL).toEqual([{ pages: 1, armed: true }]);
    await detail.getByTestId('outbox-image').getByRole('button', { name: 'Hide the delivered image' }).click();
  });

  it('on Compose, Ctrl+Enter from a field sends the fax: exactly one job', async () => {
    await goTo('Compose');
    const before = (await call('outbox:list', { limit: 500 })).items.length;
    await page.getByTestId('compose-file-input').setInputFiles({ name: 'keyboard.pdf', mimeType: 'application/pdf', buffer: pdf });
    await expect.poll(() => page.getByTestId('compose-document').filter({ hasText: 'keyboard.pdf' }).getByTestId('document-pages').textContent(), POLL).toBe('1 page');
    const number = page.getByLabel('Recipient 1 fax number', { exact: true });
    await number.fill(SUCCESS_NUMBER);
    await page.getByLabel('Recipient 1 name', { exact: true }).fill('Sent by keyboard');
    await page.keyboard.press('Control+Enter');
    await page.keyboard.press('Control+Enter'); // twice: still one job
    const outcome = page.getByTestId('send-outcome');
    await expect.poll(() => outcome.getByRole('heading').textContent(), POLL).toBe('Fax queued');
    // An earlier Send's "Fax queued" stays until this one's answer replaces it.
    await expect.poll(() => outcome.getByTestId('sent-job').textContent(), POLL).toContain('Sent by keyboard');
    const jobs = (await call('outbox:list', { limit: 500 })).items;
    expect(jobs).toHaveLength(before + 1);
    expect(jobs.filter((j) => j.toName === 'Sent by keyboard')).toHaveLength(1);
  });

  it('"?" opens the shortcuts dialog, written from the keymap; Escape closes it and the focus goes back', async () => {
    await goTo('Inbox');
    await nav('Inbox').focus();
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await dialog.waitFor();
    await expect(dialog.locator('[data-command]').count()).resolves.toBe(SHORTCUTS.length);
    await expect(dialog.locator('[data-command="new-fax"]').textContent()).resolves.toBe('Ctrl+NNew fax (go to Compose)');
    await expect(dialog.locator('[data-command="next-fax"]').textContent()).resolves.toContain('J or Alt+↓');
    await expect(dialog.getByRole('button', { name: 'Close' }).evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    // While it is open, the page's keys are the dialog's: J does not move the Inbox.
    const selectedBefore = await page.locator('.inbox-row[aria-selected="true"]').getAttribute('aria-label');
    await page.keyboard.press('j');
    await expect(page.locator('.inbox-row[aria-selected="true"]').getAttribute('aria-label')).resolves.toBe(selectedBefore);
    for (const theme of ['light', 'dark'] as const) {
      await setTheme(theme);
      expect(await axeViolations(`[${theme}] shortcuts dialog`)).toEqual([]);
    }
    await setTheme('light');
    await screenshot('a11y-shortcuts-dialog.png');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect(nav('Inbox').evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    // The sidebar's button opens it too.
    await sidebar()
      .getByRole('button', { name: /^Keyboard shortcuts/ })
      .click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
  });

  it('Tab reaches every control of every page, each with a visible focus ring, and leaves the page again', async () => {
    const report: string[] = [];
    for (const name of PAGES) {
      await goTo(name);
      await settle(name);
      // Every control a Tab should reach: enabled, shown, in the tab order (one radio per group).
      const expected = await page.evaluate(() => {
        const main = document.querySelector('main')!;
        const candidates = [...main.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, summary, [tabindex], [contenteditable="true"]')];
        const wanted = candidates.filter((el) => {
          if (el.tabIndex < 0 || (el as HTMLButtonElement).disabled || el.closest('[inert], [hidden]')) return false;
          if (!el.checkVisibility({ visibilityProperty: true })) return false;
          if (el instanceof HTMLInputElement && el.type === 'radio' && el.name) {
            const group = [...main.querySelectorAll<HTMLInputElement>(`input[type="radio"][name="${CSS.escape(el.name)}"]`)].filter((r) => !r.disabled);
            const checked = group.find((r) => r.checked);
            return el === (checked ?? group[0]);
          }
          return true;
        });
        wanted.forEach((el, i) => el.setAttribute('data-a11y-tab', String(i)));
        return wanted.length;
      });
      await page.evaluate(() => document.querySelector<HTMLElement>('main h1')!.focus());
      const reached = new Set<string>();
      const noRing: string[] = [];
      let left = false;
      for (let i = 0; i < 400 && !left; i++) {
        await page.keyboard.press('Tab');
        const stop = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          if (!el || !document.querySelector('main')!.contains(el)) return null;
          const ringOf = (node: Element) => {
            const style = getComputedStyle(node);
            return (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
          };
          // A control drawn by its label (a segmented choice) shows the ring on the label.
          const ring = ringOf(el) || (el.closest('label') !== null && ringOf(el.closest('label')!));
          return { id: el.getAttribute('data-a11y-tab'), name: (el.getAttribute('aria-label') || el.textContent || el.outerHTML.slice(0, 80)).trim().slice(0, 60), ring };
        });
        if (!stop) {
          left = true;
          break;
        }
        if (stop.id !== null) reached.add(stop.id);
        if (!stop.ring) noRing.push(stop.name);
      }
      const missing = await page.evaluate(
        (ids) =>
          [...document.querySelectorAll<HTMLElement>('[data-a11y-tab]')]
            .filter((el) => !ids.includes(el.getAttribute('data-a11y-tab')!))
            .map((el) => (el.getAttribute('aria-label') || el.textContent || el.outerHTML.slice(0, 80)).trim().slice(0, 60)),
        [...reached],
      );
      await page.evaluate(() => document.querySelectorAll('[data-a11y-tab]').forEach((el) => el.removeAttribute('data-a11y-tab')));
      if (!left) report.push(`${name}: Tab never left the page (a keyboard trap?)`);
      if (missing.length > 0) report.push(`${name}: not reached by Tab: ${missing.join(' | ')}`);
      if (noRing.length > 0) report.push(`${name}: no visible focus: ${noRing.join(' | ')}`);
      expect(expected, `${name} has controls`).toBeGreaterThan(0);
    }
    expect(report).toEqual([]);
  });

  it('axe finds no violation of WCAG 2.1 A/AA on any page, in the light and the dark theme', async () => {
    const violations: string[] = [];
    for (const theme of ['light', 'dark'] as const) {
      await setTheme(theme);
      for (const name of PAGES) {
        await goTo(name);
        await settle(name);
        violations.push(...(await axeViolations(`[${theme}] ${name}`)));
        await screenshot(`a11y-${theme}-${name.replace(/\W+/g, '-').toLowerCase()}.png`);
      }
    }
    await setTheme('light');
    expect(violations).toEqual([]);
    expect(problems.join('\n'), 'console errors, failed requests').toBe('');
  });
});
