/**
 * Settings › Several desks on one account, through the bridge: the desk name typed there is what other
 * desks will show ("Sent by … (user)"), saved as the installationName setting; a name on two lines is
 * refused with a plain message; the section says whether this desk prints automatically. Settings ›
 * Accounts › Webhooks names the desk that set an address, and saving over another desk's address asks
 * first (Replace) and saves only when the person chooses it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MemorySecretStore } from '../../src/main/accounts';
import type { Harness } from '../../src/main/bridge/harness';
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
});
