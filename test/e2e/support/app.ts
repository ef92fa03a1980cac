/** Helpers every end-to-end test of the app through the bridge shares. */
import { expect, vi } from 'vitest';
import type { Page } from 'playwright-core';
import type { Harness } from '../../../src/main/bridge/harness';
import type { CallInput, CallName, CallOutput } from '../../../src/shared/ipc/contract';
import { watchCspViolations } from './csp';

/** Calls the core through the same gate the page uses; throws the typed error's message on failure. */
export function coreCaller(harness: () => Harness) {
  return async function call<N extends CallName>(name: N, input: CallInput<N>): Promise<CallOutput<N>> {
    const result = await harness().core.dispatch(name, input);
    if (!result.ok) throw new Error(`${name}: ${result.error.message}`);
    return result.value as CallOutput<N>;
  };
}

/**
 * Collects page errors, console errors and Content-Security-Policy violations (the page's event, which
 * also catches those Chromium does not log), so a test can assert the page stayed clean.
 */
export function recordPageProblems(page: Page, problems: string[]): void {
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()} (${m.location().url})`);
  });
  // Registered before the test's first goto: Playwright sends a page's commands in order.
  void watchCspViolations(page, (text) => problems.push(text));
}

declare global {
  interface Window {
    /** What window.print would have printed (see stubPrint). */
    __prints?: { pages: number; armed: boolean }[];
  }
}

/** The browser's print dialog cannot be driven headless: record what would be printed instead. */
export async function stubPrint(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__prints = [];
    window.print = () => {
      window.__prints!.push({
        pages: document.querySelectorAll('.fax-print-root .print-page img').length,
        armed: document.documentElement.classList.contains('fax-printing'),
      });
    };
  });
}

/** Waits until the built-in Sandbox account's emulator is up. */
export async function waitForSandbox(harness: Harness, options: { timeout: number; interval?: number }): Promise<void> {
  const call = coreCaller(() => harness);
  await vi.waitFor(async () => expect((await call('accounts:list', undefined)).find((a) => a.id === 'sandbox')?.status.state).toBe('ready'), options);
}

/**
 * Closes every notification shown. An information toast leaves by itself after a few seconds, so the
 * last one may go between counting and clicking: a click that finds none left is not a failure.
 */
export async function dismissToasts(page: Page): Promise<void> {
  const close = page.locator('.toasts').getByRole('button', { name: 'Dismiss notification' });
  while ((await close.count()) > 0) await close.first().click({ timeout: 5_000 }).catch(() => undefined);
}
