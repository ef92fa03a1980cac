/**
 * An office worker's first day (issue 25, the ux2 half), in Chromium through the bridge, over the
 * built-in Sandbox on a manual clock: printing a received fax always ends (printed, cancelled or a plain
 * error, with a Cancel and a time limit, and no message left on other faxes); no developer text reaches
 * the screen; toasts leave, stay clear of the page's controls and are announced once; notes on received
 * faxes; contact names in the Inbox; a transmission report in the computer's time zone and the
 * timeline's words; plain words for the service's terms; a confirmation with page 1 of the fax.
 *
 * The computer here is in New York (TZ is set before anything reads the time zone), so local times and
 * UTC differ and a report in UTC would show.
 */
// Both are put back in afterAll: nothing of this file's computer should reach a file run after it in the same worker.
const processBefore = { TZ: process.env['TZ'], DBUS_SESSION_BUS_ADDRESS: process.env['DBUS_SESSION_BUS_ADDRESS'] };
process.env['TZ'] = 'America/New_York';
// …and has no keychain: no Secret Service on a session bus (the real library's failure, not a stand-in).
process.env['DBUS_SESSION_BUS_ADDRESS'] = 'unix:path=/nonexistent/faxdesk-e2e-no-keychain';

import fs from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeyringSecretStore } from '../../src/main/accounts/keyring-secret-store';
import { isDeveloperText } from '../../src/shared/plain-words/errors';
import { GLOSSARY, type GlossaryId } from '../../src/shared/plain-words/glossary';
import { coreCaller } from './support/app';
import { pdfPageTexts } from '../integration/emulator/helpers';
import { sendDeliveredInvoice } from './support/delivered-fax';
import { startSandboxSession, WAIT, type SandboxSession } from './support/sandbox-session';

const SENDER = '13125550170';
const OTHER_SENDER = '16175550199';

declare global {
  interface Window {
    /** Test switch: while true, no print sheet's image finishes decoding (a print that hangs while preparing). */
    __holdPrintImages?: boolean;
  }
}

/**
 * Headless Chromium's own window.print(): it sends `beforeprint` and returns, and never sends
 * `afterprint` (no dialog is shown). Sheets decode normally unless __holdPrintImages is set.
 */
async function headlessPrintAndHeldImages(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const decode = HTMLImageElement.prototype.decode;
    HTMLImageElement.prototype.decode = function (this: HTMLImageElement) {
      if (window.__holdPrintImages && this.parentElement?.classList.contains('print-page')) return new Promise<void>(() => {});
      return decode.call(this);
    };
  });
}

describe('an office worker\'s day (issue 25: print, words, toasts, notes, names, reports, confirmations)', () => {
  let session: SandboxSession;
  let page: Page;
  const call = coreCaller(() => session.harness);

  beforeAll(async () => {
    session = await startSandboxSession({
      dataDirPrefix: 'faxdesk-office-',
      viewport: { width: 1280, height: 860 },
      secretStore: new KeyringSecretStore({ service: 'faxdesk-e2e-office' }),
      beforeLoad: headlessPrintAndHeldImages,
    });
    page = session.page;
    await page.getByRole('navigation', { name: 'Main' }).waitFor(WAIT);
  });

  afterAll(async () => {
    await session?.stop();
    for (const [name, value] of Object.entries(processBefore)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  const nav = (name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: new RegExp(`^${name}( \\d+ unread)?$`) });
  const list = () => page.getByRole('listbox', { name: /^Received faxes/ });
  const rowFrom = (shown: string) => list().getByRole('option', { name: new RegExp(shown.replace(/[+ ]/g, (c) => (c === '+' ? '\\+' : ' ')), 'i') });

  async function receive(from: string, pages = 2, tsid?: string): Promise<void> {
    await session.emulator.control.inbound({ from, pages, ...(tsid ? { tsid } : {}) });
    session.harness.core.sync.runNow('sandbox');
  }

  /** Everything the page shows as text (alerts, notices, toasts, fields' messages). */
  const screenText = () => page.locator('body').innerText();

  describe('4. no developer text on the screen', () => {
    beforeAll(async () => {
      await nav('Settings').click();
      await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor(WAIT);
    });

    it('a poll interval out of range is refused with a sentence, not a schema path or zod\'s words', async () => {
      const field = page.getByLabel('Check for new faxes every (seconds)');
      await field.fill('5');
      await field.press('Enter');
      const alert = page.getByRole('region', { name: /Preferences/ }).getByRole('alert');
      await expect.poll(() => alert.textContent(), WAIT).toBe('Check for new faxes every 15 to 3600 seconds (an hour): enter a whole number in that range.');
      await expect(field.getAttribute('aria-invalid')).resolves.toBe('true');
      const text = await screenText();
      expect(text).not.toContain('pollIntervalSeconds');
      expect(text).not.toMatch(/Too small|expected number|>=/);
      expect((await call('settings:get', undefined)).values.pollIntervalSeconds).toBe(60);
    });

    it('Instant updates for the Sandbox on a computer without a keychain: one plain sentence, said once, and the box is not left ticked', async () => {
      const box = page.getByTestId('instant-sandbox');
      // click, not check(): check() fails when the box is unticked again before it looks, which is
      // exactly what the app does once the keychain's refusal comes back (fast on a quiet machine).
      await box.click();
      const error = page.getByTestId('instant-sandbox-error');
      await expect.poll(() => error.count(), WAIT).toBe(1);
      const message = (await error.textContent()) ?? '';
      expect(message).toMatch(/^Instant updates for the Sandbox could not start\. Faxdesk could not reach a keyring \(Secret Service\) to read the webhook HMAC secret\./);
      expect(message).toMatch(/try again\.$/); // whole, not cut mid-word
      expect(isDeveloperText(message)).toBe(false);
      const text = await screenText();
      expect(text).not.toMatch(/D-?Bus|dbus-daemon|DBUS_SESSION_BUS_ADDRESS|Platform failure|org\.freedesktop/i);
      expect(text.split('could not reach a keyring').length - 1).toBe(1);
      await expect.poll(() => box.isChecked(), WAIT).toBe(false);
      expect((await call('receiver:get', undefined)).sandbox.enabled).toBe(false);
    });
  });

  describe('6. toasts', () => {
    it('information leaves by itself, is announced once, and sits in its own row, covering nothing', async () => {
      await nav('Compose').click();
      await page.getByRole('heading', { level: 1, name: 'Compose' }).waitFor(WAIT);
      session.harness.core.events.emit('app:notice', { level: 'info', message: 'The hot folder is watched again.', at: new Date().toISOString() });
      session.harness.core.events.emit('app:notice', { level: 'error', message: 'Received faxes cannot be downloaded right now: the disk is full.', at: new Date().toISOString() });
      const toasts = page.getByRole('region', { name: 'Notifications' });
      const info = toasts.locator('.toast', { hasText: 'The hot folder is watched again.' });
      const problem = toasts.locator('.toast', { hasText: 'the disk is full' });
      await info.waitFor(WAIT);
      await problem.waitFor(WAIT);
      // Announced once each: one live region holds each text, the toasts themselves are not live regions.
      await expect.poll(() => page.getByTestId('toast-announcer').textContent(), WAIT).toBe('Notice. The hot folder is watched again.');
      await expect(page.getByTestId('toast-announcer-urgent').textContent()).resolves.toBe('Problem. Received faxes cannot be downloaded right now: the disk is full.');
      await expect(toasts.locator('[aria-live], [role="status"], [role="alert"]').count()).resolves.toBe(0);
      await expect(toasts.getAttribute('aria-live')).resolves.toBeNull();
      // No control of the page lies under a toast: the page's row ends where the toasts' row begins.
      const overlap = await page.evaluate(() => {
        const boxes = [...document.querySelectorAll('.toast')].map((t) => t.getBoundingClientRect());
        const controls = [...document.querySelectorAll('main button, main input, main select, main textarea, main a[href], nav button')];
        return controls
          .map((c) => ({ c, r: c.getBoundingClientRect() }))
          .filter(({ r }) => r.width > 0 && r.height > 0)
          .filter(({ c, r }) => {
            // Only what can be seen: a control scrolled out of the page's view is not covered.
            const main = c.closest('main');
            const view = main ? main.getBoundingClientRect() : null;
            if (view && (r.bottom <= view.top || r.top >= view.bottom)) return false;
            return boxes.some((b) => r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top);
          })
          .map(({ c }) => c.textContent || c.getAttribute('aria-label') || c.tagName);
      });
      expect(overlap).toEqual([]);
      const mainBottom = await page.evaluate(() => document.querySelector('main')!.getBoundingClientRect().bottom);
      const toastsTop = await page.evaluate(() => document.querySelector('.toasts')!.getBoundingClientRect().top);
      expect(mainBottom).toBeLessThanOrEqual(toastsTop + 0.5);
      // The information toast leaves by itself; the problem stays until dismissed.
      await expect.poll(() => info.count(), { timeout: 30_000 }).toBe(0);
      await expect(problem.count()).resolves.toBe(1);
      await expect(page.getByTestId('toast-announcer').textContent()).resolves.toBe('Notice. The hot folder is watched again.');
      await problem.getByRole('button', { name: 'Dismiss notification' }).click();
      await expect.poll(() => toasts.locator('.toast').count(), WAIT).toBe(0);
    });
  });

  describe('2. printing a received fax always ends', () => {
    beforeAll(async () => {
      await receive(SENDER, 2);
      await receive(OTHER_SENDER, 1, 'HARBOR CLINIC');
      await nav('Inbox').click();
      await rowFrom('+1 312 555 0170').waitFor(WAIT);
      await rowFrom('+1 617 555 0199').waitFor(WAIT);
    });

    async function openFrom(shown: string): Promise<void> {
      await rowFrom(shown).click();
      const viewer = page.getByRole('region', { name: new RegExp(`^Fax viewer: Fax from \\${shown}`) });
      await viewer.waitFor(WAIT);
      await expect.poll(() => viewer.locator('.fax-page .fax-page-surface[data-rendered="true"]').count(), WAIT).toBeGreaterThanOrEqual(1);
    }

    const printButton = () => page.getByRole('region', { name: /^Fax viewer:/ }).getByRole('button', { name: /^(Print|Printing…)$/ });
    const printedAt = async (from: string) => (await call('inbox:list', {})).items.find((f) => f.originatingNumber === from)?.printedAt ?? null;

    it('stopped by its time limit while the browser gives no word (headless Chromium never says its print dialog closed): a plain error, not printed', async () => {
      session.harness.printer.timeLimitMs = 4_000;
      await openFrom('+1 312 555 0170');
      await printButton().click();
      const notice = page.getByTestId('inbox-notice');
      await expect.poll(() => notice.textContent(), WAIT).toContain('The fax was not printed: Printing was stopped after 4 seconds');
      await expect(notice.getAttribute('role')).resolves.toBe('alert');
      await expect(page.getByTestId('inbox-printing').count()).resolves.toBe(0);
      expect(session.harness.record.prints.at(-1)?.outcome).toMatchObject({ outcome: 'failed' });
      expect(await printedAt(SENDER)).toBeNull();
      await expect(printButton().textContent()).resolves.toBe('Print');
      await expect(printButton().isEnabled()).resolves.toBe(true);
      // The print container is gone: the page prints as the app again.
      await expect(page.locator('.fax-print-root').count()).resolves.toBe(0);
    });

    it('a Cancel while the pages are being prepared ends it "cancelled"; the fax is not marked printed', async () => {
      session.harness.printer.timeLimitMs = 120_000;
      await page.evaluate(() => (window.__holdPrintImages = true));
      await printButton().click();
      const progress = page.getByTestId('inbox-printing');
      await expect.poll(() => progress.textContent(), WAIT).toMatch(/Preparing page 1 of 2 for printing…|Getting the fax ready/);
      await expect(printButton().textContent()).resolves.toBe('Printing…');
      await expect(printButton().isDisabled()).resolves.toBe(true);
      await progress.getByRole('button', { name: 'Cancel printing' }).click();
      await expect.poll(() => page.getByTestId('inbox-notice').textContent(), WAIT).toContain('Printing was cancelled; the fax is not marked as printed.');
      await expect(progress.count()).resolves.toBe(0);
      expect(session.harness.record.prints.at(-1)?.outcome).toEqual({ outcome: 'cancelled' });
      expect(await printedAt(SENDER)).toBeNull();
      await page.evaluate(() => (window.__holdPrintImages = false));
    });

    it('leaves no message on another fax, and that one prints (the dialog closing, as a desktop browser says it does)', async () => {
      await openFrom('+1 617 555 0199');
      await expect(page.getByTestId('inbox-notice').count()).resolves.toBe(0);
      await expect(page.getByTestId('inbox-printing').count()).resolves.toBe(0);
      // A desktop browser's print(): the dialog opens and closes before print() returns.
      await page.evaluate(() => {
        window.print = () => {
          window.dispatchEvent(new Event('beforeprint'));
          window.dispatchEvent(new Event('afterprint'));
        };
      });
      await printButton().click();
      await expect.poll(() => page.getByTestId('inbox-notice').textContent(), WAIT).toContain('Printed. The fax is marked as printed.');
      expect(session.harness.record.prints.at(-1)?.outcome).toEqual({ outcome: 'printed' });
      await expect.poll(() => printedAt(OTHER_SENDER), WAIT).not.toBeNull();
      // Back on the first fax: the second one's message is not shown there.
      await openFrom('+1 312 555 0170');
      await expect(page.getByTestId('inbox-notice').count()).resolves.toBe(0);
    });
  });

  describe('10-11. names, not numbers; notes on received faxes', () => {
    const row = () => rowFrom('+1 312 555 0170');
    const search = () => page.getByRole('searchbox', { name: 'Search faxes' });

    it("shows the contact's name for a known sender number, in the list and the viewer, as soon as the contact exists", async () => {
      await expect(row().locator('.inbox-row-sender').textContent()).resolves.toBe('+1 312 555 0170');
      await call('contacts:create', { name: 'Ada Lovelace', company: 'Analytical Engines', faxNumber: '+1 312 555 0170' });
      await expect.poll(() => row().locator('.inbox-row-sender').textContent(), WAIT).toBe('Ada Lovelace');
      await expect(row().locator('.inbox-row-number').textContent()).resolves.toBe('+1 312 555 0170');
      await expect(row().getAttribute('aria-label')).resolves.toMatch(/^From Ada Lovelace, .*\+1 312 555 0170/);
      await expect.poll(() => page.getByTestId('inbox-sender').textContent(), WAIT).toBe('Ada Lovelace · +1 312 555 0170');
      await page.getByRole('region', { name: 'Fax viewer: Fax from Ada Lovelace (+1 312 555 0170), 2 pages' }).waitFor(WAIT);
      // A sender not in the address book keeps its number.
      await expect(rowFrom('+1 617 555 0199').locator('.inbox-row-sender').textContent()).resolves.toBe('+1 617 555 0199');
    });

    it('finds faxes by the contact\'s name or company', async () => {
      for (const words of ['ada', 'Lovelace', 'analytical eng']) {
        // From the whole list each time: after the previous words the count is already 1, and the poll
        // below would pass before these words were searched.
        await search().fill('');
        await expect.poll(() => list().getByRole('option').count(), WAIT).toBe(2);
        await search().fill(words);
        await expect.poll(() => list().getByRole('option').count(), WAIT).toBe(1);
        await expect(row().count()).resolves.toBe(1);
      }
      await search().fill('nobody-like-that');
      await expect.poll(() => list().getByRole('option').count(), WAIT).toBe(0);
      await search().fill('');
      await expect.poll(() => list().getByRole('option').count(), WAIT).toBe(2);
    });

    it('adds a note to the open fax: kept with the fax, shown in its row and the viewer, found by the search', async () => {
      const note = page.getByTestId('inbox-note');
      await note.getByRole('button', { name: 'Add a note' }).click();
      const box = note.getByLabel('Note on this fax');
      await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA');
      await box.fill('Invoice 4411: called back, paid on Monday.');
      await note.getByRole('button', { name: 'Save note' }).click();
      await expect.poll(() => note.getByTestId('inbox-note-text').textContent(), WAIT).toBe('Invoice 4411: called back, paid on Monday.');
      await expect(note.getByRole('status').textContent()).resolves.toBe('Note saved.');
      await expect.poll(() => row().getByTestId('inbox-row-note').textContent(), WAIT).toBe('note: Invoice 4411: called back, paid on Monday.');
      await expect(row().getAttribute('aria-label')).resolves.toContain('note: Invoice 4411: called back, paid on Monday.');
      expect((await call('inbox:list', {})).items.find((f) => f.originatingNumber === SENDER)?.note).toBe('Invoice 4411: called back, paid on Monday.');
      await search().fill('4411 paid');
      await expect.poll(() => list().getByRole('option').count(), WAIT).toBe(1);
      await expect(row().count()).resolves.toBe(1);
      await search().fill('');
      await expect.poll(() => list().getByRole('option').count(), WAIT).toBe(2);
    });

    it('edits it (Escape leaves it as it was), and keeps it across a reload', async () => {
      const note = page.getByTestId('inbox-note');
      await note.getByRole('button', { name: 'Edit note' }).click();
      await note.getByLabel('Note on this fax').fill('something else');
      await page.keyboard.press('Escape');
      await expect(note.getByTestId('inbox-note-text').textContent()).resolves.toBe('Invoice 4411: called back, paid on Monday.');
      await note.getByRole('button', { name: 'Edit note' }).click();
      await note.getByLabel('Note on this fax').fill('Invoice 4411 paid. Filed under Lovelace.');
      await page.keyboard.press('Control+Enter');
      await expect.poll(() => note.getByTestId('inbox-note-text').textContent(), WAIT).toBe('Invoice 4411 paid. Filed under Lovelace.');
      await page.reload();
      await nav('Inbox').click();
      await expect.poll(() => row().getByTestId('inbox-row-note').textContent(), WAIT).toBe('note: Invoice 4411 paid. Filed under Lovelace.');
      await row().click();
      await expect.poll(() => page.getByTestId('inbox-note-text').textContent(), WAIT).toBe('Invoice 4411 paid. Filed under Lovelace.');
      // The old words are gone from the search, the new ones found.
      await search().fill('monday');
      await expect.poll(() => list().getByRole('option').count(), WAIT).toBe(0);
      await search().fill('filed');
      await expect.poll(() => list().getByRole('option').count(), WAIT).toBe(1);
      await search().fill('');
      await expect.poll(() => list().getByRole('option').count(), WAIT).toBe(2);
    });
  });

  describe('12 and 14. the transmission report speaks like the screen; a confirmation with page 1', () => {
    let jobId = '';
    const detail = () => page.locator(`[data-testid="outbox-detail"][data-job-id="${jobId}"]`);

    beforeAll(async () => {
      jobId = await sendDeliveredInvoice(session);
      await nav('Outbox & Sent').click();
      await page.locator(`[data-testid="outbox-row"][data-job-id="${jobId}"]`).click();
      await detail().waitFor(WAIT);
    });

    it("prints the computer's local times (UTC in a footnote) and the timeline's words, not the service's codes", async () => {
      const timeline = detail().getByRole('region', { name: 'Status timeline' });
      await expect.poll(() => timeline.textContent(), WAIT).toContain('Attempt 1 delivered');
      const [download] = await Promise.all([page.waitForEvent('download'), detail().getByRole('button', { name: 'Transmission report' }).click()]);
      const text = (await pdfPageTexts(fs.readFileSync((await download.path())!))).join('\n').replace(/\s+/g, ' ');
      const job = (await call('outbox:get', { jobId, refresh: false })).job;
      const local = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
        .format(new Date(job.completedAt!))
        .replace(',', '');
      expect(text).toMatch(new RegExp(`Completed ?${local} E[SD]T`));
      expect(text).toContain("Times are in this computer's time zone, America/New_York (UTC−0");
      expect(text).toContain(`Completed ${job.completedAt!.replace('T', ' ').replace(/\.\d{3}Z$/, '')} UTC`);
      expect(text).toContain('Delivered');
      expect(text).toContain('Attempt 1 delivered');
      expect(text).toContain('transmission detail');
      expect(text).not.toMatch(/ATTEMPT_|IN_PROGRESS|PENDING_RETRY|COMPLETED\b|SUBMITTING|faxId:|errorCode:/);
    });

    it('shows page 1 of the delivered fax and saves a confirmation: the report with page 1 on it', async () => {
      const section = detail().getByTestId('outbox-confirmation');
      await expect.poll(() => section.getByTestId('confirmation-thumbnail').getAttribute('data-rendered'), WAIT).toBe('true');
      const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: 'Save confirmation (PDF)' }).click()]);
      expect(download.suggestedFilename()).toMatch(/^fax-confirmation-.+\.pdf$/);
      const pdf = fs.readFileSync((await download.path())!);
      const [first, ...rest] = await pdfPageTexts(pdf);
      expect(first).toContain('Fax delivery confirmation');
      expect(first).toContain('Result: Delivered');
      expect(first).toContain('Page 1 of the fax, as the fax service delivered it');
      // Page 1 of the fax itself, drawn on the confirmation's first page.
      expect(first).toContain('Invoice 4411 for Analytical Engines, page 1 of 2');
      expect(first).not.toContain('page 2 of 2');
      expect([first, ...rest].join('\n')).toContain('Attempt 1 delivered');
      await expect.poll(() => section.getByTestId('confirmation-result').textContent(), WAIT).toContain('Delivery confirmation downloaded');
      // The thumbnail opens the whole delivered image.
      await section.getByRole('button', { name: /^Page 1 of the delivered fax/ }).click();
      await detail().getByRole('region', { name: /^Fax viewer: Delivered fax to / }).waitFor(WAIT);
    });
  });

  describe('13. plain words: the service\'s terms explained where they appear, from one glossary', () => {
    /** The help line a field points at (aria-describedby), which is what a screen reader says after its name. */
    const description = (label: string) =>
      page.getByLabel(new RegExp(`^${label.replace(/[()]/g, '\\$&')}`)).first().evaluate((el) =>
        (el.getAttribute('aria-describedby') ?? '')
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' '),
      );

    async function helpTip(scope: ReturnType<Page['locator']>, id: GlossaryId): Promise<void> {
      const button = scope.getByRole('button', { name: `What is “${GLOSSARY[id].term}”?` }).first();
      await expect(button.getAttribute('title')).resolves.toBe(GLOSSARY[id].help);
      await button.click();
      await expect(button.getAttribute('aria-expanded')).resolves.toBe('true');
      const note = page.locator(`[id="${(await button.getAttribute('aria-controls'))!}"]`);
      await expect(note.textContent()).resolves.toBe(GLOSSARY[id].help);
      await expect(note.isVisible()).resolves.toBe(true);
      await button.click();
      await expect(note.isVisible()).resolves.toBe(false);
    }

    it('Settings: App ID, API key, user-id and admin credentials have help lines; webhooks and the HMAC key a "What is…?"', async () => {
      await nav('Settings').click();
      await page.getByRole('button', { name: 'Add account' }).click();
      await expect.poll(() => description('App ID'), WAIT).toContain(GLOSSARY.appId.help);
      await expect(description('API key')).resolves.toContain(GLOSSARY.apiKey.help);
      await expect(description('User-id')).resolves.toContain(GLOSSARY.userId.help);
      await expect(description('This account has Admin API credentials (optional)')).resolves.toContain(GLOSSARY.adminCredentials.help);
      const instant = page.getByRole('region', { name: 'Instant updates' });
      await helpTip(instant, 'webhook');
      await helpTip(instant, 'hmac');
      await expect(instant.getByRole('columnheader', { name: /^Signing key \(HMAC\)/ }).count()).resolves.toBe(1);
    });

    it('Compose: the station ID (CSID) and the retries say what they are', async () => {
      await nav('Compose').click();
      await page.getByRole('heading', { level: 1, name: 'Compose' }).waitFor(WAIT);
      const billing = page.locator('details.cx-billing');
      if ((await billing.count()) > 0 && (await billing.getAttribute('open')) === null) await billing.locator('summary').click();
      await expect.poll(() => description('CSID (station ID)'), WAIT).toContain(GLOSSARY.csid.help);
      await expect(description('Billable retries')).resolves.toContain(GLOSSARY.billableRetries.help);
      await expect(description('Non-billable retries')).resolves.toContain(GLOSSARY.nonBillableRetries.help);
    });

    it('Activity, the Inbox and the Outbox: webhook, station ID and the transmission detail are explained', async () => {
      await nav('Activity').click();
      await helpTip(page.getByRole('region', { name: 'Test the webhooks' }), 'webhook');
      await nav('Inbox').click();
      await rowFrom('+1 617 555 0199').click();
      await page.getByRole('region', { name: /^Fax viewer:/ }).waitFor(WAIT);
      await helpTip(page.getByRole('region', { name: 'Fax', exact: true }), 'tsid');
      await nav('Outbox & Sent').click();
      const source = page.locator('.outbox-event-source', { hasText: 'transmission detail' }).first();
      await source.waitFor(WAIT);
      await expect(source.getAttribute('title')).resolves.toContain(GLOSSARY.transmissionDetail.help);
    });
  });

  it('leaves every screen it touched accessible (axe, light and dark) and the page clean: no console error', async () => {
    const screens: [string, () => Promise<void>][] = [
      [
        'inbox with a note and a help line open',
        async () => {
          await nav('Inbox').click();
          await rowFrom('+1 312 555 0170').click();
          await page.getByTestId('inbox-note-text').waitFor(WAIT);
          await page.getByRole('button', { name: 'What is “TSID”?' }).first().click().catch(() => undefined);
        },
      ],
      [
        'outbox with the confirmation',
        async () => {
          await nav('Outbox & Sent').click();
          await page.getByTestId('outbox-confirmation').waitFor(WAIT);
        },
      ],
      ['settings', async () => void (await nav('Settings').click())],
    ];
    for (const [name, open] of screens) {
      await open();
      for (const theme of ['light', 'dark'] as const) {
        await call('settings:set', { theme });
        await page.waitForFunction((t) => document.documentElement.dataset['theme'] === t, theme);
        const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
        expect(results.violations.map((v) => `${name} (${theme}) ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      }
    }
    await call('settings:set', { theme: 'light' });
    expect(session.problems).toEqual([]);
  });
});
