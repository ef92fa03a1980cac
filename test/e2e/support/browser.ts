/** Debian's Chromium driven by playwright-core (Playwright cannot download browsers here). */
import fs from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { guardContext } from './csp';

export const CHROMIUM_PATH = process.env['FAXDESK_CHROMIUM'] ?? '/usr/bin/chromium';

/**
 * Every context (and so every page: newPage makes a context too) reports its Content-Security-Policy
 * violations to the e2e project's guard (csp-guard.ts), which fails the test that caused one.
 */
export async function launchChromium(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium is not installed at ${CHROMIUM_PATH}. On Debian: apt-get install -y chromium (or set FAXDESK_CHROMIUM).`);
  }
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--headless',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      '--disable-quic',
    ],
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await guardContext(context);
    return context;
  };
  return browser;
}
