/**
 * Settings › Fax printer through the bridge: turned on at a port, added to "this computer" (the
 * lpadmin/lpstat commands recorded, not run: test/integration/printer runs them against a private
 * CUPS), then a FaxOut job with two tel: numbers and one that is no number arrives over IPP and the
 * page shows Compose with the document and the recipients (the bad one explained); turned off again.
 */
import net from 'node:net';
import { PDFDocument } from 'pdf-lib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../../src/main/accounts';
import type { Harness } from '../../src/main/bridge/harness';
import { GroupTag } from '../../src/main/printer/ipp/encoding';
import type { CommandResult, SystemCommand } from '../../src/main/printer/system-printer';
import { ippRequest, operationGroup } from '../unit/main/printer/fixtures/ipp-client';
import { collection, mimeType, nameAttr, Operation, text, uri } from '../unit/main/printer/fixtures/ipp-values';
import { launchChromium } from './support/browser';
import { startTestHarness, tempDataDir } from './support/harness';
import { freePort } from '../integration/printer/cupsd';

const POLL = { timeout: 30_000, interval: 200 };

describe('Settings › Fax printer', () => {
  let browser: Browser;
  let harness: Harness;
  let page: Page;
  let port: number;
  const ran: SystemCommand[] = [];
  let queues = '';

  beforeAll(async () => {
    port = await freePort();
    const commands = async (c: SystemCommand): Promise<CommandResult> => {
      ran.push(c);
      if (c.file === 'lpstat') return { code: 0, stdout: queues, stderr: '' };
      if (c.args[0] === '-p') queues += `device for ${c.args[1]}: ${c.args[4]}\n`;
      if (c.args[0] === '-x') queues = queues.split('\n').filter((l) => !l.includes(`for ${c.args[1]}:`)).join('\n');
      return { code: 0, stdout: '', stderr: '' };
    };
    browser = await launchChromium();
    harness = await startTestHarness(tempDataDir(), {
      overrides: { secretStore: new MemorySecretStore(), faxPrinter: { commands, platform: 'linux', hasDriverlessFax: async () => true } },
    });
    page = await browser.newPage({ viewport: { width: 1024, height: 700 } });
    await page.goto(harness.bridge.url);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings', exact: true }).click();
  });

  afterAll(async () => {
    await page?.close().catch(() => {});
    await browser?.close();
    await harness?.stop();
  });

  it('turns on at the port chosen, shows its address, and adds itself to the computer', async () => {
    await expect.poll(() => page.getByTestId('fax-printer-status').textContent(), POLL).toBe('The fax printer is off.');
    const portField = page.getByLabel('Port on this computer (127.0.0.1)');
    await portField.fill('80');
    await portField.press('Enter');
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Use a port from 1024 to 65535' }).count(), POLL).toBe(1);
    await portField.fill(String(port));
    await portField.press('Enter');
    // The box shows main's setting: it ticks once main has saved it (Playwright's check() wants it at once).
    await page.getByLabel('Faxdesk printer on').click();
    await expect.poll(() => page.getByLabel('Faxdesk printer on').isChecked(), POLL).toBe(true);
    await expect.poll(() => page.getByTestId('fax-printer-status').textContent(), POLL).toBe('On: printed documents open in Compose.');
    await expect(page.getByTestId('fax-printer-uri').textContent()).resolves.toBe(`ipp://127.0.0.1:${port}/ipp/print`);

    await page.getByTestId('fax-printer-add').click();
    await expect.poll(() => page.getByTestId('fax-printer-report').textContent(), POLL).toContain('Added "Faxdesk" and "Faxdesk-Fax"');
    expect(ran.filter((c) => c.file === 'lpadmin').map((c) => c.args.slice(0, 7).join(' '))).toEqual([
      `-p Faxdesk -E -v ipp://127.0.0.1:${port}/ipp/print -m everywhere`,
      `-p Faxdesk-Fax -E -v ipp://127.0.0.1:${port}/ipp/faxout -m driverless-fax:ipp://127.0.0.1:${port}/ipp/faxout`,
    ]);
    await expect(page.getByTestId('fax-printer-system').textContent()).resolves.toContain('"Faxdesk" and "Faxdesk-Fax"');
  });

  it('opens a printed FaxOut job in Compose with its document and recipients, and sends nothing', async () => {
    const doc = await PDFDocument.create();
    doc.addPage();
    doc.addPage();
    const faxout = `ipp://127.0.0.1:${port}/ipp/faxout`;
    const answer = await ippRequest(
      faxout,
      Operation.PrintJob,
      [
        operationGroup(faxout, nameAttr('job-name', 'Referral.docx'), mimeType('document-format', 'application/pdf')),
        {
          tag: GroupTag.job,
          attributes: [
            collection('destination-uris', [
              [uri('destination-uri', 'tel:+1-212-555-0147'), text('destination-name', 'Dr. Ada Lovelace')],
              [uri('destination-uri', 'tel:+44-20-7946-0000')],
              [uri('destination-uri', 'tel:555')],
            ]),
          ],
        },
      ],
      Buffer.from(await doc.save()),
    );
    expect(answer.message!.code).toBe(0);
    await page.getByRole('heading', { level: 1, name: 'Compose' }).waitFor({ timeout: 30_000 });
    await page.getByTestId('compose-dropzone').getByText('Referral.pdf').first().waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('recipient-count').textContent(), POLL).toBe('2 of 50');
    await expect(page.getByTestId('recipient-note').textContent()).resolves.toContain('2 recipients added from the fax job "Referral.pdf"; 1 skipped');
    await expect(page.getByTestId('recipient-skipped').textContent()).resolves.toMatch(/^555: /);
    await expect(page.getByLabel('Recipient 1 fax number').inputValue()).resolves.toBe('+1 212 555 0147');
    await expect(page.getByLabel('Recipient 1 name').inputValue()).resolves.toBe('Dr. Ada Lovelace');
    await expect(page.getByLabel('Recipient 2 fax number').inputValue()).resolves.toBe('+44 20 7946 0000');
    const jobs = await harness.core.dispatch('outbox:list', {});
    expect(jobs.ok && (jobs.value as { items: unknown[] }).items).toEqual([]);
  });

  it('turns off: the port closes and the queues it added are removed', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByLabel('Faxdesk printer on').click();
    await expect.poll(() => page.getByLabel('Faxdesk printer on').isChecked(), POLL).toBe(false);
    await expect.poll(() => page.getByTestId('fax-printer-status').textContent(), POLL).toBe('The fax printer is off.');
    await expect.poll(() => queues.trim(), POLL).toBe('');
    const state = await new Promise<string>((resolve) => net.connect(port, '127.0.0.1').on('connect', () => resolve('open')).on('error', () => resolve('closed')));
    expect(state).toBe('closed');
  });
});
