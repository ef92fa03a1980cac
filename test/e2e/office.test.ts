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
process.env['TZ'] = 'America/New_York';

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreCaller } from './support/app';
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
    session = await startSandboxSession({ dataDirPrefix: 'faxdesk-office-', viewport: { width: 1280, height: 860 }, beforeLoad: headlessPrintAndHeldImages });
    page = session.page;
    await page.getByRole('navigation', { name: 'Main' }).waitFor(WAIT);
  });

  afterAll(async () => {
    await session?.stop();
  });

  const nav = (name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: new RegExp(`^${name}( \\d+ unread)?$`) });
  const list = () => page.getByRole('listbox', { name: /^Received faxes/ });
  const rowFrom = (shown: string) => list().getByRole('option', { name: new RegExp(shown.replace(/[+ ]/g, (c) => (c === '+' ? '\\+' : ' ')), 'i') });

  async function receive(from: string, pages = 2): Promise<void> {
    await session.emulator.control.inbound({ from, pages });
    session.harness.core.sync.runNow('sandbox');
  }

  describe('2. printing a received fax always ends', () => {
    beforeAll(async () => {
      await receive(SENDER, 2);
      await receive(OTHER_SENDER, 1);
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
});
