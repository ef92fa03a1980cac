/**
 * The Inbox, the Activity page and the status bar in Chromium through the bridge, against the real core
 * and its built-in Sandbox: a fax made to arrive by the emulator's control surface shows up live,
 * announces itself once, opens in the viewer, prints through the page, is found by search and filters,
 * is marked unread and read, and is deleted (here and on the service) after a confirmation.
 */
import fs from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from '../../src/main/bridge/harness';
import { checkTiff } from '../../src/main/documents/formats/tiff';
import { AccountsRepository } from '../../src/main/store/repositories/accounts-repository';
import { ReceivedRepository } from '../../src/main/store/repositories/received-repository';
import { launchChromium } from './support/browser';
import { startTestHarness, tempDataDir } from './support/harness';
import { coreCaller, recordPageProblems, stubPrint } from './support/app';

const SCREENSHOT_DIR = path.resolve(__dirname, '../../.tmp');
/** The machine may be busy (other suites, one CPU): wait this long for what the app does by itself. */
const POLL = { timeout: 30_000 };
const SENDER = '13125550170';
const SENDER_SHOWN = '+1 312 555 0170';

describe('Inbox, Activity and the status bar through the bridge', () => {
  let browser: Browser;
  let harness: Harness;
  let page: Page;
  const problems: string[] = [];

  /** A call straight to main (what the renderer would get), typed by the contract. */
  const call = coreCaller(() => harness);

  /** The running Sandbox emulator's control surface (next to its API, which the account record holds). */
  function controlUrl(): string {
    const baseUrl = harness.core.accounts.record('sandbox').baseUrl;
    expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api$/);
    return baseUrl.replace(/\/api$/, '/control');
  }

  async function control<T>(route: string, body: unknown): Promise<T> {
    const res = await fetch(`${controlUrl()}${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(res.status).toBeLessThan(300);
    return (await res.json()) as T;
  }

  // The Inbox's name carries its unread badge ("Inbox 1 unread").
  const nav = (name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: new RegExp(`^${name}( \\d+ unread)?$`) });
  const list = () => page.getByRole('listbox', { name: /^Received faxes/ });
  const row = () => list().getByRole('option', { name: new RegExp(`from \\${SENDER_SHOWN}`, 'i') });
  const statusBar = () => page.getByRole('contentinfo', { name: 'Sync status' });

  async function screenshot(name: string): Promise<void> {
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, name) });
  }

  async function setTheme(theme: 'light' | 'dark'): Promise<void> {
    await call('settings:set', { theme });
    await page.waitForFunction((t) => document.documentElement.dataset['theme'] === t, theme);
  }

  async function seriousViolations(): Promise<string[]> {
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }

  beforeAll(async () => {
    browser = await launchChromium();
    harness = await startTestHarness(tempDataDir());
    // An inbound webhook, so the service logs a delivery (to the Activity page) when the fax arrives.
    // Nothing listens on it: the delivery fails at once, which is what the log shows.
    await call('webhooks:set', { accountId: 'sandbox', direction: 'INBOUND', url: 'https://127.0.0.1:8443/faxdesk/webhook' });
    const context = await browser.newContext({ viewport: { width: 1360, height: 860 }, acceptDownloads: true });
    page = await context.newPage();
    recordPageProblems(page, problems);
    await stubPrint(page);
    await page.goto(harness.bridge.url);
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
  });

  afterAll(async () => {
    await browser?.close();
    await harness?.stop();
  });

  it('shows "last synced" in the status bar, and an empty inbox', async () => {
    await nav('Inbox').click();
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Inbox');
    await expect.poll(() => statusBar().textContent(), POLL).toMatch(/Last synced (just now|\d+ min ago)/);
    await expect.poll(() => page.getByText('No faxes received yet.', { exact: false }).count(), POLL).toBe(1);
    await expect(statusBar().getByTestId('status-unread').textContent()).resolves.toBe('No unread faxes');
  });

  it('a fax made to arrive at the Sandbox appears live, bold and unread, with one in-page notification', async () => {
    await control('/inbound', { from: SENDER, tsid: 'ACME LEGAL', pages: 2 });
    // Sync polls every 10 s while the window has focus; ask now rather than wait. The page is not reloaded.
    await call('sync:refresh', { accountId: 'sandbox' });
    await row().waitFor(POLL);
    // The toast leaves by itself 8 s after it came, and the next test clicks it: a person reading it
    // (the pointer on it) keeps it, as on a loaded machine the steps in between can take that long.
    const toast = page.getByRole('button', { name: new RegExp(`New fax from \\${SENDER_SHOWN}`) });
    await toast.waitFor(POLL);
    await toast.hover();
    await expect(row().getAttribute('data-unread')).resolves.toBe('true');
    await expect(row().locator('.inbox-row-sender').evaluate((el) => getComputedStyle(el).fontWeight)).resolves.toBe('700');
    await expect(row().textContent()).resolves.toContain('ACME LEGAL');
    await expect(row().textContent()).resolves.toContain('2 pages');
    // The exact time in UTC is on hover.
    await expect(row().locator('time').getAttribute('title')).resolves.toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/);

    expect(harness.record.notifications).toHaveLength(1);
    expect(harness.record.notifications[0]).toMatchObject({ title: `Sandbox (practice): New fax from ${SENDER_SHOWN}`, target: { page: 'inbox', accountId: 'sandbox' } });
    await expect.poll(() => statusBar().getByTestId('status-unread').textContent(), POLL).toBe('1 unread');
    await expect.poll(() => nav('Inbox').textContent()).toContain('1');
  });

  it('clicking the notification opens the fax in the viewer with its pages drawn, and marks it read', async () => {
    // From another page, as a person would: the click brings them to the Inbox with the fax open.
    await nav('Activity').click();
    await page.getByRole('button', { name: new RegExp(`New fax from \\${SENDER_SHOWN}`) }).click();
    await page.getByRole('heading', { level: 1, name: 'Inbox' }).waitFor();
    const viewer = page.getByRole('region', { name: `Fax viewer: Fax from ${SENDER_SHOWN}, 2 pages` });
    await viewer.waitFor(POLL);
    await expect.poll(() => viewer.getByTestId('fax-page-counter').textContent(), POLL).toBe('Page 1 of 2');
    await expect.poll(() => viewer.locator('.fax-page .fax-page-surface[data-rendered="true"]').count(), POLL).toBeGreaterThanOrEqual(1);
    await expect(viewer.getByRole('button', { name: /^Page \d$/ }).count()).resolves.toBe(2);

    await expect.poll(() => row().getAttribute('aria-selected'), POLL).toBe('true');
    await expect.poll(() => row().getAttribute('data-unread'), POLL).toBe('false');
    await expect(page.getByTestId('read-state').textContent()).resolves.toBe('Marked as read when opened.');
    await expect.poll(() => statusBar().getByTestId('status-unread').textContent(), POLL).toBe('No unread faxes');
    expect(harness.record.notifications).toHaveLength(1);
  });

  it('prints through main, which asks the page, which prints exactly that fax', async () => {
    await page.getByRole('button', { name: 'Print', exact: true }).click();
    await expect.poll(() => harness.record.prints.length, POLL).toBe(1);
    expect(harness.record.prints[0]!.title).toContain(SENDER);
    expect(harness.record.prints[0]!.file).toMatch(/\.pdf$/);
    await expect.poll(() => page.evaluate(() => window.__prints), POLL).toEqual([{ pages: 2, armed: true }]);
    // The print container is gone again afterwards.
    await expect.poll(() => page.locator('.fax-print-root').count()).toBe(0);
    await expect.poll(() => page.getByTestId('inbox-notice').textContent(), POLL).toContain('Printed');
    await expect.poll(async () => (await call('inbox:list', {})).items[0]?.printedAt ?? null).not.toBeNull();
  });

  it('saves as PDF or TIFF through a download, asking which first (the TIFF from the service)', async () => {
    const formats = page.getByRole('dialog', { name: 'Save the fax as' });
    const saveAs = async (format: 'PDF document' | 'TIFF image') => {
      await page.getByRole('button', { name: 'Save as…' }).click();
      await formats.waitFor();
      await formats.getByRole('radio', { name: new RegExp(`^${format}`) }).check();
      const download = page.waitForEvent('download');
      await formats.getByRole('button', { name: 'Save', exact: true }).click();
      return fs.readFileSync((await (await download).path())!);
    };
    const name = (extension: string) => new RegExp(`^Saved as fax-\\d{4}-\\d{2}-\\d{2}-\\d{4}-from-${SENDER}\\.${extension} \\(in your downloads\\)\\.`);
    const pdf = await saveAs('PDF document');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await expect.poll(() => page.getByTestId('inbox-notice').textContent(), POLL).toMatch(name('pdf'));
    const tiff = await saveAs('TIFF image');
    expect(checkTiff(tiff)).toMatchObject({ ok: true, info: { pages: 2 } });
    await expect.poll(() => page.getByTestId('inbox-notice').textContent(), POLL).toMatch(name('tif'));
    // Escape is "not now": nothing is saved, and the focus is back on the button.
    await page.getByRole('button', { name: 'Save as…' }).click();
    await formats.waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => formats.isVisible()).toBe(false);
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Save as…');
  });

  it('search by part of the sender number finds it; a number that is not there finds nothing', async () => {
    const search = page.getByRole('searchbox', { name: 'Search faxes' });
    await search.fill('0170');
    await expect.poll(() => list().getAttribute('aria-label'), POLL).toBe('Received faxes (filtered)');
    await expect.poll(() => row().count(), POLL).toBe(1);
    await search.fill('5550199');
    await expect.poll(() => page.getByText('No fax matches these filters.').count(), POLL).toBe(1);
    await expect(row().count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => row().count(), POLL).toBe(1);
    await expect(search.inputValue()).resolves.toBe('');
  });

  it('filters unread only, and marks unread and read again', async () => {
    const unreadOnly = page.getByRole('checkbox', { name: 'Unread only' });
    await unreadOnly.check();
    await expect.poll(() => page.getByText('No fax matches these filters.').count(), POLL).toBe(1);
    await unreadOnly.uncheck();
    await expect.poll(() => row().count(), POLL).toBe(1);

    await page.getByRole('button', { name: 'Mark unread' }).click();
    await expect.poll(() => row().getAttribute('data-unread'), POLL).toBe('true');
    await expect(page.getByTestId('read-state').textContent()).resolves.toBe('Unread.');
    await expect.poll(() => statusBar().getByTestId('status-unread').textContent(), POLL).toBe('1 unread');
    await unreadOnly.check();
    await expect.poll(() => row().count(), POLL).toBe(1);
    await unreadOnly.uncheck();

    await page.getByRole('button', { name: 'Mark read' }).click();
    await expect.poll(() => row().getAttribute('data-unread'), POLL).toBe('false');
    await expect.poll(() => statusBar().getByTestId('status-unread').textContent(), POLL).toBe('No unread faxes');
  });

  it('is usable from the keyboard and has no serious accessibility problems (light and dark)', async () => {
    await list().focus();
    await page.keyboard.press('Home');
    await expect.poll(() => list().getAttribute('aria-activedescendant')).toMatch(/^inbox-row-/);
    // Delete asks first; Escape keeps the fax and gives focus back to the list.
    await page.keyboard.press('Delete');
    const dialog = page.getByRole('dialog', { name: 'Delete this fax?' });
    await dialog.waitFor();
    await expect(dialog.getByRole('button', { name: 'Cancel' }).evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => list().evaluate((el) => el === document.activeElement)).toBe(true);
    await expect(row().count()).resolves.toBe(1);

    await setTheme('light');
    await expect.poll(() => page.locator('.fax-page .fax-page-surface[data-rendered="true"]').count(), POLL).toBeGreaterThanOrEqual(1);
    expect(await seriousViolations()).toEqual([]);
    await screenshot('inbox-light.png');
    await setTheme('dark');
    expect(await seriousViolations()).toEqual([]);
    await screenshot('inbox-dark.png');
    await setTheme('light');
  });

  it('the Activity page lists the notification log, and Ping shows what the service said', async () => {
    await nav('Activity').click();
    await page.getByRole('heading', { level: 1, name: 'Activity' }).waitFor();
    const rows = page.getByTestId('activity-row');
    await expect.poll(() => rows.count(), POLL).toBeGreaterThanOrEqual(1);
    await expect(rows.first().textContent()).resolves.toContain('Inbound');
    await expect(rows.first().textContent()).resolves.toContain('Failed');

    await page.getByRole('button', { name: 'Ping inbound webhook' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'test inbound notification' }).count(), POLL).toBe(1);
    // The ping's own delivery arrives in the log, live.
    await expect.poll(() => page.getByTestId('activity-row').filter({ hasText: 'Test ping' }).count(), POLL).toBe(1);
    // No outbound address is set: the service's refusal is shown where the button is.
    await page.getByRole('button', { name: 'Ping outbound webhook' }).click();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'outbound webhook address' }).count(), POLL).toBe(1);

    // Filters: only failed inbound deliveries, then only successful ones (none).
    await page.getByLabel('Direction', { exact: true }).selectOption('INBOUND');
    await page.getByLabel('Status', { exact: true }).selectOption('FAILED');
    await expect.poll(() => rows.count(), POLL).toBe(2);
    await page.getByLabel('Status', { exact: true }).selectOption('SUCCESSFUL');
    await expect.poll(() => page.getByText('No entry matches these filters.').count(), POLL).toBe(1);
    await page.getByLabel('Status', { exact: true }).selectOption('');
    await page.getByLabel('Direction', { exact: true }).selectOption('');
    await expect.poll(() => rows.count(), POLL).toBe(2);

    expect(await seriousViolations()).toEqual([]);
    await screenshot('activity-light.png');
    await setTheme('dark');
    await screenshot('activity-dark.png');
    await setTheme('light');
  });

  it('a fax whose download failed says so in its row, and "Download again" fetches it', async () => {
    await nav('Inbox').click();
    // The service answers the first image request with 404, as for a fax not stored there yet.
    await control('/faults', { route: 'GET /faxes/*/image', kind: 'status', status: 404, count: 1 });
    await control('/inbound', { from: '12125550142', tsid: 'LAB', pages: 1 });
    await call('sync:refresh', { accountId: 'sandbox' });
    const failedRow = list().getByRole('option', { name: /from \+1 212 555 0142/i });
    await failedRow.waitFor(POLL);
    await expect.poll(() => failedRow.textContent(), POLL).toContain('Download failed');
    await failedRow.click();
    const viewer = page.getByRole('region', { name: /^Fax viewer: Fax from \+1 212 555 0142/ });
    await expect.poll(() => viewer.getByRole('alert').textContent(), POLL).toContain('could not be stored');
    await page.getByRole('button', { name: 'Download again' }).click();
    await expect.poll(() => viewer.getByTestId('fax-page-counter').textContent(), POLL).toBe('Page 1 of 1');
    await expect.poll(() => failedRow.textContent(), POLL).not.toContain('Download failed');
    await expect(page.getByRole('button', { name: 'Download again' }).count()).resolves.toBe(0);
  });

  it('deletes the fax after a confirmation, here and on the service', async () => {
    await nav('Inbox').click();
    await row().click();
    await page.getByRole('button', { name: 'Delete…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this fax?' });
    await expect(dialog.textContent()).resolves.toContain('Delete this fax from the service and from this computer?');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(row().count()).resolves.toBe(1);

    await page.getByRole('button', { name: 'Delete…' }).click();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => row().count(), POLL).toBe(0);
    await expect.poll(() => page.getByTestId('inbox-notice').textContent(), POLL).toContain('deleted from the service and from this computer');
    // Focus does not fall back to the page with the button that went away: the list has it.
    await expect.poll(() => list().evaluate((el) => el === document.activeElement)).toBe(true);
    expect((await call('inbox:list', {})).items.map((f) => f.originatingNumber)).not.toContain(SENDER);
    const client = await harness.core.accounts.clientFor('sandbox');
    const onService = await client.listReceived();
    expect(onService.items.filter((f) => f.originatingNumber === SENDER)).toEqual([]);
  });

  it('shows a sync error plainly with "Retry now", and pausing with "Resume"', async () => {
    await control('/faults', { route: 'GET /faxes/received', kind: 'status', status: 400, count: 1000 });
    await call('sync:refresh', { accountId: 'sandbox' });
    const error = statusBar().getByRole('alert');
    await expect.poll(() => error.count(), POLL).toBe(1);
    const shown = (await error.textContent()) ?? '';
    expect(shown.length).toBeGreaterThan(20);
    await expect.poll(() => statusBar().locator('.status-dot-error').count()).toBe(1);
    // The notifications float above the bar, also when the error makes it taller.
    await expect
      .poll(() => page.evaluate(() => document.querySelector('.toasts')!.getBoundingClientRect().bottom <= document.querySelector('.status-bar')!.getBoundingClientRect().top))
      .toBe(true);
    await screenshot('status-error-light.png');
    await fetch(`${controlUrl()}/faults`, { method: 'DELETE' });
    await error.getByRole('button', { name: 'Retry now' }).click();
    await expect.poll(() => error.count(), POLL).toBe(0);
    await expect.poll(() => statusBar().textContent(), POLL).toMatch(/Last synced/);

    await statusBar().getByRole('button', { name: 'Pause sync' }).click();
    await expect.poll(() => statusBar().getByTestId('sync-paused').textContent(), POLL).toContain('Sync paused: you paused it.');
    expect((await call('sync:status', undefined)).pausedByUser).toBe(true);
    await statusBar().getByRole('button', { name: 'Resume' }).click();
    await expect.poll(() => statusBar().getByTestId('sync-paused').count(), POLL).toBe(0);
    expect((await call('sync:status', undefined)).paused).toBe(false);

    // The window's focus goes to main (sync polls fast while a person looks at the app).
    await page.evaluate(() => window.dispatchEvent(new Event('blur')));
    await expect.poll(async () => (await call('sync:status', undefined)).focused, POLL).toBe(false);
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect.poll(async () => (await call('sync:status', undefined)).focused, POLL).toBe(true);
  });

  it('raised no page errors', () => {
    // The pdf.js worker logs nothing at error level; anything here is a bug in the page.
    expect(problems).toEqual([]);
  });
});

describe('a long inbox', () => {
  const COUNT = 100_000;
  const START = Date.parse('2026-01-01T00:00:00.000Z');
  let browser: Browser;
  let harness: Harness;
  let page: Page;
  let listCalls = 0;

  /** Stored faxes of an account that is not synchronised (no Sandbox here), one a minute apart. */
  function seed(repo: ReceivedRepository, from: number, count: number): string[] {
    const now = new Date();
    return harness.core.db.transaction(() => {
      const ids: string[] = [];
      for (let i = from; i < from + count; i++) {
        const completedAt = new Date(START + i * 60_000).toISOString();
        const { id } = repo.upsertFromService('archive', { faxId: `fax-${i}`, completedAt, pages: 1 + (i % 5), originatingNumber: `1212555${String(i % 10_000).padStart(4, '0')}`, originatingTsid: `Sender ${i}` }, now);
        repo.setImageState(id, { state: 'stored', path: `inbox/archive/fax-${i}.pdf` }, now);
        if (i % 3 !== 0) repo.markRead(id, now);
        ids.push(id);
      }
      return ids;
    })();
  }

  const list = () => page.getByRole('listbox', { name: 'Received faxes' });
  const topRowLabel = () =>
    list().evaluate((el) => {
      const top = el.getBoundingClientRect().top;
      const rows = [...el.querySelectorAll<HTMLElement>('[role="option"]')];
      const label = rows.find((r) => r.getBoundingClientRect().bottom > top + 1)?.getAttribute('aria-label') ?? '';
      return /Sender \d+/.exec(label)?.[0] ?? null;
    });

  beforeAll(async () => {
    browser = await launchChromium();
    harness = await startTestHarness(tempDataDir(), { overrides: { startEmulator: null } });
    // A switched-off account (not synchronised) that holds the history.
    const at = new Date().toISOString();
    new AccountsRepository(harness.core.db).insert({
      id: 'archive', label: 'Archive', kind: 'live', enabled: false, baseUrl: 'https://fax.example.com/api', adminBaseUrl: null, appId: 'app', userId: 'user',
      adminId: null, adminUsername: null, hasApiKey: false, hasAdminPassword: false, hasHmacSecret: false, settings: {}, archivedAt: null, createdAt: at, updatedAt: at,
    });
    seed(new ReceivedRepository(harness.core.db), 0, COUNT);
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    page.on('websocket', (ws) => ws.on('framesent', (frame) => void (String(frame.payload).includes('inbox:list') && listCalls++)));
    await page.goto(harness.bridge.url);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /^Inbox/ }).click();
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await harness?.stop();
  });

  /** The sender named by the row at the top of the view ("Sender 99999" is the newest of the seeded faxes). */
  const senderAtTop = async () => Number((await topRowLabel())?.replace('Sender ', '') ?? Number.NaN);
  const scrollToRow = (index: number) => list().evaluate((el, top) => (el.scrollTop = top), index * 68);
  const listCallsDuring = async (action: () => Promise<void>) => {
    const before = listCalls;
    await action();
    return listCalls - before;
  };

  it('is as long as the whole history from the start, with only the rows in view in the page', async () => {
    await list().getByRole('option').first().waitFor(POLL);
    await expect(list().getByRole('option').first().getAttribute('aria-label')).resolves.toContain('Sender 99999');
    expect(await list().getByRole('option').count()).toBeLessThan(40);
    await expect(list().getByRole('option').first().getAttribute('aria-setsize')).resolves.toBe(String(COUNT));
    expect(await list().evaluate((el) => el.scrollHeight)).toBe(COUNT * 68);
  });

  it('reads the next pages as the list is scrolled down, one read for each page of 200 passed', async () => {
    const calls = await listCallsDuring(async () => {
      // Down a page of 200 rows at a time, each step waiting for its rows.
      for (let index = 150; index <= 750; index += 150) {
        await scrollToRow(index);
        await expect.poll(senderAtTop, POLL).toBe(COUNT - 1 - index);
      }
    });
    // 750 rows past the first page of 50: four pages of 200, read one after another, not the history.
    expect(calls).toBeGreaterThanOrEqual(3);
    expect(calls).toBeLessThanOrEqual(5);
    expect(await list().getByRole('option').count()).toBeLessThan(40);
  });

  it('jumps into the middle and to the end with one read each, not by reading every page on the way', async () => {
    const calls = await listCallsDuring(async () => {
      await scrollToRow(50_000);
      await expect.poll(senderAtTop, POLL).toBe(COUNT - 1 - 50_000);
      await list().evaluate((el) => (el.scrollTop = el.scrollHeight));
      await expect.poll(() => list().getByRole('option').last().getAttribute('aria-label'), POLL).toMatch(/Sender 0,/);
    });
    expect(calls).toBeLessThanOrEqual(4);
    await expect(list().getByRole('option').last().getAttribute('aria-posinset')).resolves.toBe(String(COUNT));
    // Rows read up from the end are where they belong.
    await scrollToRow(COUNT - 400);
    await expect.poll(senderAtTop, POLL).toBe(399);
  });

  it('goes to the first and the last fax with Home and End, wherever the rows held are', async () => {
    await list().focus();
    await page.keyboard.press('Home');
    await expect.poll(() => list().locator('[role="option"].active').getAttribute('aria-label'), POLL).toMatch(/Sender 99999,/);
    await page.keyboard.press('End');
    await expect.poll(() => list().locator('[role="option"].active').getAttribute('aria-label'), POLL).toMatch(/Sender 0,/);
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => list().locator('[role="option"].active').getAttribute('aria-label'), POLL).toMatch(/Sender 1,/);
  });

  it('keeps the rows in view and the open fax when a new fax arrives above them', async () => {
    await scrollToRow(0);
    await expect.poll(senderAtTop, POLL).toBe(COUNT - 1);
    await list().evaluate((el) => (el.scrollTop = 68 * 120 + 20));
    // Row 124 (newest first) is in view, a few rows below the top.
    await list().getByRole('option', { name: /Sender 99875,/ }).click();
    const selectedRow = list().locator('[role="option"][aria-selected="true"]');
    await expect.poll(() => selectedRow.count(), POLL).toBe(1);
    // Its name changes as it is opened (marked read; its missing file is fetched again): compare the sender.
    const sender = async () => /Sender \d+/.exec((await selectedRow.getAttribute('aria-label')) ?? '')?.[0];
    const selected = await sender();
    const top = await topRowLabel();
    expect(top).not.toBeNull();

    const [id] = seed(new ReceivedRepository(harness.core.db), COUNT, 1);
    harness.core.inbox.receivedChanged('archive', [id!], []);
    await expect.poll(() => list().getByRole('option').first().getAttribute('aria-setsize'), POLL).toBe(String(COUNT + 1));
    expect(await topRowLabel()).toBe(top);
    await expect(sender()).resolves.toBe(selected);
    // Back at the top, the new fax is first.
    await scrollToRow(0);
    await expect.poll(() => list().getByRole('option').first().getAttribute('aria-label'), POLL).toContain(`Sender ${COUNT}`);
  });
});
