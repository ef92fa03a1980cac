/**
 * Settings › Several desks on one account, through the bridge: the desk name typed there is what other
 * desks will show ("Sent by … (user)"), saved as the installationName setting; a name on two lines is
 * refused with a plain message; the section says whether this desk prints automatically. Settings ›
 * Accounts › Webhooks names the desk that set an address, and saving over another desk's address asks
 * first (Replace) and saves only when the person chooses it. A fax another desk sent says who sent it
 * in its Outbox row, in the words of its detail; Settings lists the desks seen and which of them print
 * received faxes automatically, as of each one's last fax sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MemorySecretStore } from '../../src/main/accounts';
import type { Harness } from '../../src/main/bridge/harness';
import { formatMarker } from '../../src/shared/domain/desk-marker';
import { launchChromium } from './support/browser';
import { startTestHarness, tempDataDir } from './support/harness';

const POLL = { timeout: 30_000, interval: 200 };
const SHOTS = process.env['FAXDESK_DESKS_SHOTS'];

describe('Settings: several desks on one account', () => {
  let browser: Browser;
  let harness: Harness;
  let page: Page;

  beforeAll(async () => {
    browser = await launchChromium();
    harness = await startTestHarness(tempDataDir(), { overrides: { secretStore: new MemorySecretStore() } });
    page = await browser.newPage({ viewport: { width: 1024, height: 700 } });
    await page.goto(harness.bridge.url);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings', exact: true }).click();
  });

  afterAll(async () => {
    await page?.close().catch(() => {});
    await browser?.close();
    await harness?.stop();
  });

  const installationName = async () => {
    const result = await harness.core.dispatch('settings:get', undefined);
    return result.ok ? (result.value as { values: { installationName: string } }).values.installationName : `error: ${result.error.message}`;
  };

  it('saves the desk name and shows how other desks will name this desk’s faxes', async () => {
    const field = page.getByLabel('Name of this desk');
    await field.fill('Front desk');
    await field.press('Enter');
    await expect.poll(installationName, POLL).toBe('Front desk');
    await expect.poll(() => page.getByTestId('desk-seen-as').textContent(), POLL).toMatch(/Sent by Front desk \(.+\)/);
    expect(await page.getByTestId('desk-auto-print').textContent()).toContain('does not print received faxes automatically');
    if (SHOTS) {
      const section = page.locator('section[aria-labelledby=desks-heading]');
      await section.screenshot({ path: `${SHOTS}/desks-1024.png` });
      await page.setViewportSize({ width: 1920, height: 1080 });
      await section.screenshot({ path: `${SHOTS}/desks-1920.png` });
      await page.setViewportSize({ width: 1024, height: 700 });
    }
  });

  it('refuses a desk name with a line break in plain words and keeps the saved one', async () => {
    const field = page.getByLabel('Name of this desk');
    await field.evaluate((el: HTMLInputElement) => {
      // A pasted name with a tab (an input drops line breaks): the setting's rule must answer.
      const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      set.call(el, 'Front\tdesk');
      el.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await field.press('Enter');
    await expect.poll(() => page.locator('#desks-heading ~ * [role=alert], section[aria-labelledby=desks-heading] [role=alert]').first().textContent(), POLL).toContain('one line');
    expect(await installationName()).toBe('Front desk');
  });

  it('names the desk that set the webhook address, and asks before replacing it (Cancel keeps it, Replace saves)', async () => {
    // Another desk of the office set the inbound address (its saved address names it).
    const client = await harness.core.accounts.clientFor('sandbox');
    const theirs = 'https://127.0.0.1:8443/back/webhook';
    await client.createNotificationConfig({ direction: 'INBOUND', url: `${theirs}?faxdesk-desk=0123456789abcdef.Back%20office` });
    await page.reload();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings', exact: true }).click();
    const card = page.getByRole('article', { name: 'Sandbox', exact: true });
    await card.getByRole('button', { name: 'Webhooks' }).click();
    const panel = card.getByRole('region', { name: 'Webhooks of Sandbox' });
    const inbound = panel.getByLabel('Inbound webhook URL');
    await expect.poll(() => panel.getByText('by “Back office”, another desk on this account', { exact: false }).count(), POLL).toBe(1);
    const inboundUrl = async () => (await harness.core.dispatch('webhooks:get', { accountId: 'sandbox' })) as { ok: true; value: { inbound: { url: string } | null } };

    const ours = 'https://127.0.0.1:8443/front/webhook';
    await inbound.fill(ours);
    await panel.getByRole('button', { name: 'Save webhooks' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.textContent(), POLL).toContain('“Back office”, receives them');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect((await inboundUrl()).value.inbound?.url).toBe(theirs);
    await expect.poll(() => panel.getByTestId('webhooks-outcome').textContent(), POLL).toContain('was not');

    await panel.getByRole('button', { name: 'Save webhooks' }).click();
    await dialog.getByRole('button', { name: 'Replace' }).click();
    await expect.poll(() => panel.getByTestId('webhooks-outcome').textContent(), POLL).toContain('Saved');
    expect((await inboundUrl()).value.inbound?.url).toBe(ours);
    await expect.poll(() => panel.getByText('by this desk', { exact: false }).count(), POLL).toBe(1);
  });

  it('an Outbox row of another desk’s fax says who sent it, in the words of its detail', async () => {
    // Back office (lena) sends from its own installation: its marker is in the fax's client data.
    const client = await harness.core.accounts.clientFor('sandbox');
    const marker = formatMarker(crypto.randomUUID(), { installationId: 'fedcba9876543210', deskName: 'Back office', osUser: 'lena' });
    const sent = await client.send({
      destinations: [{ faxNumber: '13125550155', toName: 'Accounts payable', toCompany: 'ACME Corp' }],
      documents: [{ documentType: 'TXT', contentBase64: Buffer.from('invoice').toString('base64') }],
      clientData: { clientReferenceId: marker },
    });
    await harness.core.sync.syncNow('sandbox');
    const faxId = sent.faxes[0]!.faxId;
    const listed = await harness.core.dispatch('outbox:list', { accountId: 'sandbox' });
    const job = listed.ok ? (listed.value as { items: { id: string; faxId: string | null }[] }).items.find((i) => i.faxId === faxId) : undefined;
    expect(job, 'the other desk’s fax is in this desk’s Outbox').toBeDefined();

    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Outbox & Sent', exact: true }).click();
    const row = page.locator(`[data-testid="outbox-row"][data-job-id="${job!.id}"]`);
    await expect.poll(() => row.getByTestId('outbox-row-sender').textContent(), POLL).toBe('Sent by Back office (lena)');
    expect(await row.getByTestId('outbox-row-sender').getAttribute('title')).toBe('Back office (lena), another desk on this account');
    // Its documents are not here and no page is counted yet: the row says nothing of them rather than "0 documents".
    expect(await row.locator('.outbox-row-meta').textContent()).not.toMatch(/document|page/);
    // The sender line stays inside its 64 px row and never pushes the state badge or the time out.
    const box = async (selector: string) => (await row.locator(selector).boundingBox())!;
    for (const size of [{ width: 1024, height: 700 }, { width: 1920, height: 1080 }]) {
      await page.setViewportSize(size);
      const [rowBox, side, sender] = [await row.boundingBox(), await box('.outbox-row-side'), await box('.outbox-row-sender')];
      expect(side.x + side.width).toBeLessThanOrEqual(rowBox!.x + rowBox!.width);
      expect(sender.x + sender.width).toBeLessThanOrEqual(side.x);
      expect(sender.y + sender.height).toBeLessThanOrEqual(rowBox!.y + rowBox!.height);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/outbox-sender-${size.width}.png` });
    }
    await page.setViewportSize({ width: 1024, height: 700 });
    await row.click();
    await expect.poll(() => page.getByTestId('outbox-detail').textContent(), POLL).toContain('Back office (lena), another desk on this account');
  });

  it('Settings lists the desks seen and which print automatically, as of each one’s last fax sent, and says a desk that only receives is not seen', async () => {
    // Mail room (ola) prints automatically and says so in its fax; Back office's fax (the test above) did not say.
    const client = await harness.core.accounts.clientFor('sandbox');
    const marker = formatMarker(crypto.randomUUID(), { installationId: '00112233aabbccdd', deskName: 'Mail room', osUser: 'ola', autoPrint: true });
    await client.send({
      destinations: [{ faxNumber: '13125550155' }],
      documents: [{ documentType: 'TXT', contentBase64: Buffer.from('memo').toString('base64') }],
      clientData: { clientReferenceId: marker },
    });
    await harness.core.sync.syncNow('sandbox');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings', exact: true }).click();
    const printing = page.getByTestId('desks-printing');
    await expect.poll(() => printing.textContent(), POLL).toContain('Mail room (ola) prints received faxes automatically, as of its last fax sent (');
    const text = (await printing.textContent())!;
    expect(text).toContain('This desk and 2 other desks that sent from this account in the last 14 days:');
    expect(text).toMatch(/Front desk \(.+\) \(this desk\) does not print received faxes automatically/);
    expect(text).toContain('Back office (lena) did not say whether it prints automatically (its Faxdesk is older), as of its last fax sent (');
    expect(text).toContain('Printing automatically: Mail room (ola).');
    expect(text).toContain('a desk that only receives faxes never appears here');
    if (SHOTS) {
      const section = page.locator('section[aria-labelledby=desks-heading]');
      await section.screenshot({ path: `${SHOTS}/desks-printing-1024.png` });
      await page.setViewportSize({ width: 1920, height: 1080 });
      await section.screenshot({ path: `${SHOTS}/desks-printing-1920.png` });
      await page.setViewportSize({ width: 1024, height: 700 });
    }
  });
});
