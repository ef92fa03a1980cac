/**
 * Settings › Accounts, webhook settings and the Admin page in Chromium through the browser bridge,
 * against the real core and its built-in Sandbox (the emulator running in-process). Secrets go to a
 * MemorySecretStore so the test never touches the machine's keychain and can simulate a locked one.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../../src/main/accounts';
import type { Harness } from '../../src/main/bridge/harness';
import { launchChromium } from './support/browser';
import { startTestHarness, tempDataDir } from './support/harness';
import { coreCaller } from './support/app';

declare global {
  interface Window {
    /** Every accounts:changed payload and accounts:list result the page saw (collected by the test). */
    __accountResults?: unknown[];
  }
}

describe('accounts, webhooks and admin (Chromium through the bridge)', () => {
  let browser: Browser;
  let harness: Harness;
  const secrets = new MemorySecretStore();
  const pageErrors: string[] = [];
  /** Every secret the test typed into a form: none may come back from main. */
  const typed = new Set<string>();

  beforeAll(async () => {
    harness = await startTestHarness(tempDataDir(), { overrides: { secretStore: secrets } });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await harness?.stop();
    expect(pageErrors).toEqual([]);
  });

  async function openSettings(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.on('close', () => void context.close().catch(() => {})); // the browser may already be closing
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.goto(harness.bridge.url);
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    // Collect what main sends about accounts, to check later that no typed secret is in it.
    await page.evaluate(() => {
      window.__accountResults = [];
      window.faxdesk.on('accounts:changed', (list) => window.__accountResults!.push(list));
    });
    await nav(page, 'Settings').click();
    await page.getByRole('heading', { level: 2, name: 'Accounts' }).waitFor();
    return page;
  }

  const nav = (page: Page, name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name, exact: true });
  const accountCard = (page: Page, name: string) => page.getByRole('article', { name, exact: true });
  const sandboxCredentials = async () => {
    const record = harness.core.accounts.record('sandbox');
    return { ...(await harness.core.accounts.serviceCredentials(record)), ...(await harness.core.accounts.adminCredentials(record)) };
  };
  /** A call straight to main (what the renderer would get), typed by the contract. */
  const call = coreCaller(() => harness);
  const listAccounts = () => call('accounts:list', undefined);
  /** The form field's error, found through aria-describedby as a screen reader would ('' when none). */
  async function fieldError(field: Locator): Promise<string> {
    if ((await field.getAttribute('aria-invalid')) !== 'true') return '';
    const ids = ((await field.getAttribute('aria-describedby')) ?? '').split(' ').filter((id) => id.endsWith('-error'));
    expect(ids).toHaveLength(1);
    return (await field.page().locator(`[id="${ids[0]}"]`).textContent()) ?? '';
  }
  async function collectListResult(page: Page): Promise<void> {
    await page.evaluate(async () => {
      window.__accountResults!.push(await window.faxdesk.accounts.list());
    });
  }
  async function runTest(card: Locator): Promise<Locator> {
    await card.getByRole('button', { name: 'Test connection' }).click();
    const report = card.getByTestId('test-report').first();
    await expect.poll(() => report.getAttribute('data-result')).not.toBe('running');
    return report;
  }
  /** A form field by its label, whether or not the label says "(required)". */
  const field = (form: Locator, label: string) => form.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\(required\\))?$`));
  async function fillAccountForm(form: Locator, values: Record<string, string>): Promise<void> {
    for (const [label, value] of Object.entries(values)) {
      await field(form, label).fill(value);
      if (/key|password/i.test(label) && value) typed.add(value);
    }
  }

  it('lists the Sandbox, labelled as a sandbox and selected as default, and its connection test passes every step', async () => {
    const page = await openSettings();
    const card = accountCard(page, 'Sandbox');
    await expect.poll(() => card.getByTestId('kind-badge').textContent()).toBe('Sandbox');
    await expect.poll(() => card.getByTestId('status-badge').textContent()).toContain('Ready');
    expect(await card.getByLabel('Active').isChecked()).toBe(true);
    // First run: the Sandbox is the default account.
    await expect(page.getByLabel('Default account (for new faxes)').inputValue()).resolves.toBe('sandbox');
    // The Sandbox cannot be removed.
    await expect(card.getByRole('button', { name: /Remove/ }).count()).resolves.toBe(0);

    const report = await runTest(card);
    expect(await report.getAttribute('data-result')).toBe('ok');
    const steps = report.locator('[data-step]');
    expect(await steps.evaluateAll((els) => els.map((e) => [e.getAttribute('data-step'), e.getAttribute('data-outcome')]))).toEqual([
      ['settings', 'ok'],
      ['reach', 'ok'],
      ['clock', 'ok'],
      ['token', 'ok'],
      ['received', 'ok'],
      ['admin', 'ok'],
    ]);
    await expect.poll(() => report.textContent()).toContain('Connection test passed');

    const axe = await new AxeBuilder({ page }).include('.acct-section').analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await page.close();
  });

  it('refuses an invalid base URL or an empty API key next to the field, and a locked keychain with a message; nothing is added', async () => {
    const page = await openSettings();
    const before = (await listAccounts()).length;
    await page.getByRole('button', { name: 'Add account' }).click();
    const form = page.getByRole('form', { name: 'Add an account' });
    await fillAccountForm(form, { Name: 'Broken', 'Base URL': 'not a url', 'App ID': 'app-1', 'API key': 'never-stored-key-1', 'User-id': '1234-5678' });
    await form.getByRole('button', { name: 'Add account' }).click();
    const baseUrl = form.getByLabel('Base URL');
    await expect.poll(() => fieldError(baseUrl)).toContain('is not a web address');
    // The field with the error has the focus.
    await expect.poll(() => baseUrl.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await listAccounts()).toHaveLength(before);

    await baseUrl.fill('https://api.example.com');
    await form.getByLabel('API key').fill('');
    await form.getByRole('button', { name: 'Add account' }).click();
    await expect.poll(() => fieldError(form.getByLabel('API key'))).toContain('Enter the API key');
    expect(await baseUrl.getAttribute('aria-invalid')).toBeNull();

    secrets.fault = 'locked';
    try {
      await form.getByLabel('API key').fill('never-stored-key-2');
      typed.add('never-stored-key-2');
      await form.getByRole('button', { name: 'Add account' }).click();
      await expect.poll(() => form.getByTestId('account-form-error').textContent()).toContain('keychain is locked');
    } finally {
      secrets.fault = null;
    }
    expect(await listAccounts()).toHaveLength(before);
    expect(secrets.entries.size).toBe(0);
    await form.getByRole('button', { name: 'Cancel' }).click();
    // Focus goes back to the button that opened the form once the form has closed.
    await expect.poll(() => page.getByRole('button', { name: 'Add account' }).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.close();
  });

  it('adds an account with wrong credentials, reports the failing sign-in step, fixes it on edit, keeps the key on a later edit, and removes it after confirming', async () => {
    const sandbox = await sandboxCredentials();
    const page = await openSettings();
    // The Sandbox's address as the page shows it.
    const shownBaseUrl = await accountCard(page, 'Sandbox').locator('dt:text-is("Base URL") + dd').textContent();
    expect(shownBaseUrl).toBe(sandbox.baseUrl);

    await page.getByRole('button', { name: 'Add account' }).click();
    const addForm = page.getByRole('form', { name: 'Add an account' });
    await fillAccountForm(addForm, { Name: 'Front office', 'Base URL': shownBaseUrl!, 'App ID': sandbox.appId, 'API key': 'wrong-api-key-0001', 'User-id': sandbox.userId });
    await addForm.getByRole('button', { name: 'Add account' }).click();
    await expect.poll(() => page.getByTestId('accounts-notice').textContent()).toContain('Front office');
    const card = accountCard(page, 'Front office');
    await expect.poll(() => card.getByTestId('kind-badge').textContent()).toBe('Live');
    await expect.poll(() => card.locator('dt:text-is("API key") + dd').textContent()).toBe('set');
    const id = (await card.getAttribute('data-account-id'))!;
    expect(secrets.entries.get(`${id}:apiKey`)).toBe('wrong-api-key-0001');

    // Test connection fails at the sign-in step, with the service's reason, and skips what follows.
    let report = await runTest(card);
    expect(await report.getAttribute('data-failed-step')).toBe('token');
    const failed = report.locator('[data-step="token"]');
    expect(await failed.getAttribute('data-outcome')).toBe('failed');
    await expect(failed.evaluate((el) => el.classList.contains('acct-step-failed'))).resolves.toBe(true);
    const expected = (await call('accounts:test', { id })).steps.find((s) => s.id === 'token')?.message;
    expect(expected).toBeTruthy();
    await expect.poll(() => failed.textContent()).toContain(expected!);
    await expect(report.locator('[data-step="received"]').getAttribute('data-outcome')).resolves.toBe('skipped');

    // Edit: the API key field is empty and says one is set; enter the right one and the admin credentials.
    await card.getByRole('button', { name: 'Edit' }).click();
    const editForm = card.getByRole('form', { name: 'Edit Front office' });
    const apiKey = editForm.getByLabel('API key');
    expect(await apiKey.inputValue()).toBe('');
    expect(await apiKey.getAttribute('type')).toBe('password');
    await expect(editForm.getByText('Set — leave empty to keep the saved API key.').count()).resolves.toBe(1);
    await apiKey.fill(sandbox.apiKey);
    typed.add(sandbox.apiKey);
    await editForm.getByLabel('This account has Admin API credentials').check();
    await fillAccountForm(editForm, {
      'Admin base URL': sandbox.adminBaseUrl,
      'Admin ID': sandbox.adminId,
      'Admin username': sandbox.adminUsername,
      'Admin password': sandbox.adminPassword,
    });
    await editForm.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => page.getByTestId('accounts-notice').textContent()).toContain('Changes to “Front office” saved');
    report = await runTest(card);
    expect(await report.getAttribute('data-result')).toBe('ok');
    expect(await report.locator('[data-step]').evaluateAll((els) => els.map((e) => `${e.getAttribute('data-step')}:${e.getAttribute('data-outcome')}`))).toEqual([
      'settings:ok',
      'keychain:ok',
      'reach:ok',
      'clock:ok',
      'token:ok',
      'received:ok',
      'admin:ok',
    ]);

    // Edit only the name, leaving the API key empty: the saved key is kept and the test still passes.
    await card.getByRole('button', { name: 'Edit' }).click();
    const renameForm = card.getByRole('form', { name: 'Edit Front office' });
    await field(renameForm, 'Name').fill('Front desk');
    await renameForm.getByRole('button', { name: 'Save changes' }).click();
    const renamed = accountCard(page, 'Front desk');
    await renamed.waitFor();
    expect(secrets.entries.get(`${id}:apiKey`)).toBe(sandbox.apiKey);
    report = await runTest(renamed);
    expect(await report.getAttribute('data-result')).toBe('ok');

    // No typed secret ever comes back: not in any accounts:list result or event, not in the page.
    await collectListResult(page);
    const seen = JSON.stringify(await page.evaluate(() => window.__accountResults));
    expect(seen).toContain('Front desk');
    for (const secret of typed) {
      expect(seen).not.toContain(secret);
      expect(await page.content()).not.toContain(secret);
    }
    const values = await page.locator('input').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
    for (const secret of typed) expect(values).not.toContain(secret);

    // Remove: the dialog names the account; Escape cancels and gives focus back; confirming removes it.
    const removeButton = renamed.getByRole('button', { name: 'Remove…' });
    await removeButton.click();
    const dialog = page.getByRole('dialog', { name: 'Remove account “Front desk”?' });
    await dialog.waitFor();
    await expect(dialog.getByRole('button', { name: 'Cancel' }).evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => removeButton.evaluate((el) => el === document.activeElement)).toBe(true);
    expect((await listAccounts()).map((a) => a.id)).toContain(id);
    await removeButton.click();
    await dialog.getByRole('button', { name: 'Remove account' }).click();
    await expect.poll(() => page.getByTestId('accounts-notice').textContent()).toContain('“Front desk” removed');
    await expect.poll(() => renamed.count()).toBe(0);
    await expect.poll(() => page.getByRole('button', { name: 'Add account' }).evaluate((el) => el === document.activeElement)).toBe(true);
    expect((await listAccounts()).map((a) => a.id)).not.toContain(id);
    expect([...secrets.entries.keys()].filter((k) => k.startsWith(`${id}:`))).toEqual([]);
    await page.close();
  });

  it('refuses webhook addresses the service never delivers to before sending, saves an https :8443 one, and sends a test ping', async () => {
    const page = await openSettings();
    const card = accountCard(page, 'Sandbox');
    await card.getByRole('button', { name: 'Webhooks' }).click();
    const panel = card.getByRole('region', { name: 'Webhooks of Sandbox' });
    const inbound = panel.getByLabel('Inbound webhook URL');
    await inbound.waitFor();

    await inbound.fill('http://example.com/faxdesk/webhook');
    await panel.getByRole('button', { name: 'Save webhooks' }).click();
    await expect.poll(() => fieldError(inbound)).toContain('only over HTTPS');
    await inbound.fill('https://example.com:8080/faxdesk/webhook');
    await panel.getByRole('button', { name: 'Save webhooks' }).click();
    await expect.poll(() => fieldError(inbound)).toContain('not 8080');
    expect((await call('webhooks:get', { accountId: 'sandbox' })).inbound).toBeNull();

    const url = 'https://127.0.0.1:8443/faxdesk/webhook';
    await inbound.fill(url);
    await panel.getByRole('button', { name: 'Save webhooks' }).click();
    await expect.poll(() => panel.getByTestId('webhooks-outcome').textContent()).toContain('Saved');
    expect(await inbound.getAttribute('aria-invalid')).toBeNull();
    expect((await call('webhooks:get', { accountId: 'sandbox' })).inbound?.url).toBe(url);

    // The HMAC secret is checked by main; its error sits next to the field. A good one is never shown again.
    const hmac = panel.getByLabel('HMAC secret');
    await hmac.fill('short');
    await panel.getByRole('button', { name: 'Save webhooks' }).click();
    await expect.poll(() => fieldError(hmac)).toContain('at least 16 characters');
    await hmac.fill('a-long-enough-hmac-secret');
    typed.add('a-long-enough-hmac-secret');
    await panel.getByRole('button', { name: 'Save webhooks' }).click();
    await expect.poll(() => panel.getByText('Set — leave empty to keep it.').count()).toBe(1);
    expect(await hmac.inputValue()).toBe('');

    await panel.getByRole('radio', { name: 'Inbound' }).check();
    await panel.getByRole('button', { name: 'Send test ping' }).click();
    const result = panel.getByTestId('ping-result');
    await expect.poll(() => result.textContent()).toContain('The service accepted the test inbound ping');
    await panel.getByRole('button', { name: 'Refresh delivery log' }).click();
    // The ping's own entry in the service's delivery log is marked.
    await expect.poll(() => panel.getByRole('table').locator('tr[aria-current="true"]').count()).toBe(1);
    // An outbound ping with no outbound address: main's reason is shown in place.
    await panel.getByRole('radio', { name: 'Outbound' }).check();
    await panel.getByRole('button', { name: 'Send test ping' }).click();
    await expect.poll(() => result.textContent()).toContain('Set an outbound webhook address first');
    await page.close();
  });

  it('shows the Admin page for the Sandbox: lists users, creates one, and releases its number only after confirming', async () => {
    const page = await openSettings();
    await nav(page, 'Admin').click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Admin');
    const picker = page.getByLabel('Account', { exact: true });
    await expect.poll(() => picker.locator('option:checked').textContent()).toContain('Sandbox');
    const users = page.getByRole('table');
    await expect.poll(async () => users.getByRole('row').count()).toBeGreaterThan(1);
    const before = await users.getByRole('row').count();

    // Create: main's field errors sit next to the field; then the user is created with a number.
    await page.getByRole('button', { name: 'New user' }).click();
    const form = page.getByRole('form', { name: 'New user' });
    await form.getByRole('button', { name: 'Create user' }).click();
    await expect.poll(() => fieldError(form.getByLabel('First name'))).toContain('Enter the first name');
    await form.getByLabel('First name').fill('Ada');
    await form.getByLabel('Last name').fill('Lovelace');
    await form.getByLabel('Email').fill('not-an-email');
    await form.getByRole('button', { name: 'Create user' }).click();
    await expect.poll(() => fieldError(form.getByLabel('Email'))).toContain('valid email');
    await form.getByLabel('Email').fill('ada@example.com');
    await form.getByLabel('Customer key').fill('ada-e2e');
    await form.getByRole('button', { name: 'Create user' }).click();
    const outcome = page.getByTestId('users-outcome');
    await expect.poll(() => outcome.textContent()).toMatch(/User ada-e2e created with fax number \d+/);
    const number = /fax number (\d+)/.exec((await outcome.textContent()) ?? '')![1]!;
    await expect.poll(() => users.getByRole('row').count()).toBe(before + 1);

    // Release the new user's number: the dialog lists it; Cancel releases nothing.
    await page.getByRole('button', { name: 'Edit user ada-e2e' }).click();
    await page.getByRole('button', { name: 'Release these numbers…' }).click();
    const numbers = page.getByLabel('Fax numbers to release');
    await expect.poll(() => numbers.inputValue()).toBe(number);
    await page.getByRole('button', { name: 'Release numbers…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Release 1 fax number?' });
    await expect(dialog.getByRole('listitem').allTextContents()).resolves.toEqual([number]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    const kept = await call('admin:getUser', { accountId: 'sandbox', customerKey: 'ada-e2e' });
    expect(kept.numbers.map((n) => n.faxNumber)).toEqual([number]);

    await page.getByRole('button', { name: 'Release numbers…' }).click();
    await dialog.getByRole('button', { name: 'Release number' }).click();
    const result = page.getByTestId('release-result');
    await expect.poll(() => result.textContent()).toBe(`${number}: Released.`);
    expect((await call('admin:getUser', { accountId: 'sandbox', customerKey: 'ada-e2e' })).numbers).toEqual([]);

    // A malformed number is refused by main and named in the per-number result.
    await numbers.fill('12');
    await page.getByRole('button', { name: 'Release numbers…' }).click();
    await dialog.getByRole('button', { name: 'Release number' }).click();
    await expect.poll(() => result.textContent()).toContain('12: Not released: A fax number is 7 to 16 digits');

    const axe = await new AxeBuilder({ page }).include('.acct-admin-page').analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await page.close();
  });

  it('hides the Admin page while no account has admin credentials (the Sandbox made inactive), and shows it again', async () => {
    const page = await openSettings();
    const card = accountCard(page, 'Sandbox');
    await expect.poll(() => nav(page, 'Admin').count()).toBe(1);
    await card.getByLabel('Active').uncheck();
    await expect.poll(() => card.getByTestId('status-badge').textContent()).toContain('Inactive');
    await expect.poll(() => nav(page, 'Admin').count()).toBe(0);
    await card.getByLabel('Active').check();
    await expect.poll(() => card.getByTestId('status-badge').textContent(), { timeout: 30_000 }).toContain('Ready');
    await expect.poll(() => nav(page, 'Admin').count()).toBe(1);
    await page.close();
  });
});
