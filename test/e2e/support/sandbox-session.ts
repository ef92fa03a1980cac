/**
 * A page on the app through the bridge, over a fresh data folder, with the built-in Sandbox on a
 * manual clock the test moves (the harness's startEmulator wrapped): what the tests that walk whole
 * fax journeys (new user, golden path, outbox) share.
 *
 * The core reads time from that same clock, once the Sandbox runs (as the integration outbox suite
 * does): in the product both are the wall clock, so a fax's local times (created, submitted, cancel
 * requested) and the service's (completed, cancelled) fall in the order they happened. With two
 * clocks, one standing still, the report and the timeline would put the service's times first.
 */
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { startEmulator } from '../../../src/emulator';
import type { RunningEmulator } from '../../../src/emulator/types';
import { MemorySecretStore, type SecretStore } from '../../../src/main/accounts/secret-store';
import type { Harness } from '../../../src/main/bridge/harness';
import { coreCaller, recordPageProblems, waitForSandbox } from './app';
import { launchChromium } from './browser';
import { startTestHarness, tempDataDir } from './harness';

/** The machine may be busy (other suites, two cores): wait this long for what the app does by itself. */
export const WAIT = { timeout: 30_000 };

export interface SandboxSessionOptions {
  dataDirPrefix: string;
  viewport: { width: number; height: number };
  /** Opens on the first-run screen (an empty data folder shows it). */
  newUser?: boolean;
  secretStore?: SecretStore;
  /** Failed requests and HTTP errors count as problems too. */
  strictNetwork?: boolean;
  /** Runs before the page first loads the app (init scripts, stubs). */
  beforeLoad?: (page: Page) => Promise<void>;
}

export interface SandboxSession {
  browser: Browser;
  harness: Harness;
  page: Page;
  emulator: RunningEmulator;
  /** Console and page errors, CSP violations (and failed requests, with strictNetwork). */
  problems: string[];
  /** Moves the Sandbox's clock on and asks the sync to look now (it would within seconds anyway). */
  advance(ms: number): Promise<void>;
  /** A real drop event on the Compose drop zone, carrying a File made in the page from these bytes. */
  dropOnCompose(name: string, bytes: Buffer, type?: string): Promise<void>;
  /**
   * Sends the compose, opens the new fax in the Outbox from the send outcome and returns its job id
   * once the service has accepted it.
   */
  sendAndOpenInOutbox(): Promise<string>;
  stop(): Promise<void>;
}

export async function startSandboxSession(options: SandboxSessionOptions): Promise<SandboxSession> {
  const browser = await launchChromium();
  const started: { emulator?: RunningEmulator } = {};
  const harness = await startTestHarness(tempDataDir(options.dataDirPrefix), {
    ...(options.newUser ? { newUser: true } : {}),
    overrides: {
      secretStore: options.secretStore ?? new MemorySecretStore(),
      startEmulator: async (emulatorOptions) => (started.emulator = await startEmulator({ ...emulatorOptions, clock: 'manual' })),
      // Wall time until the Sandbox starts; its manual clock starts there, so time never goes back.
      now: () => (started.emulator ? new Date(started.emulator.control.clock().now) : new Date()),
    },
  });
  await waitForSandbox(harness, WAIT);
  const sandbox = started.emulator;
  if (!sandbox) throw new Error('The Sandbox is ready but its emulator was not started through the harness.');

  const context = await browser.newContext({ viewport: options.viewport, acceptDownloads: true });
  const page = await context.newPage();
  const problems: string[] = [];
  recordPageProblems(page, problems);
  if (options.strictNetwork) {
    page.on('requestfailed', (request) => problems.push(`request failed: ${request.method()} ${request.url()} (${request.failure()?.errorText})`));
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
    });
  }
  await options.beforeLoad?.(page);
  await page.goto(harness.bridge.url);

  const call = coreCaller(() => harness);
  return {
    browser,
    harness,
    page,
    emulator: sandbox,
    problems,
    async advance(ms) {
      await sandbox.control.advance(ms);
      harness.core.sync.runNow('sandbox');
    },
    async dropOnCompose(name, bytes, type = 'application/pdf') {
      const transfer = await page.evaluateHandle(
        ({ name, base64, type }) => {
          const t = new DataTransfer();
          t.items.add(new File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], name, { type }));
          return t;
        },
        { name, base64: bytes.toString('base64'), type },
      );
      const zone = page.getByTestId('compose-dropzone');
      await zone.dispatchEvent('dragover', { dataTransfer: transfer });
      await zone.dispatchEvent('drop', { dataTransfer: transfer });
      await transfer.dispose();
      await expect.poll(() => page.getByTestId('compose-document').filter({ hasText: name }).count(), WAIT).toBe(1);
    },
    async sendAndOpenInOutbox() {
      const outcome = page.getByTestId('send-outcome');
      const shownJobs = () => outcome.getByTestId('sent-job').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-job-id') ?? ''));
      // The last Send's "Fax queued" stays on screen until this Send's answer replaces it: its
      // "Open in Outbox" would open the previous fax.
      const before = new Set(await shownJobs());
      await page.getByTestId('compose-send').click();
      let jobId = '';
      await expect.poll(async () => (jobId = (await shownJobs()).find((id) => id !== '' && !before.has(id)) ?? ''), WAIT).not.toBe('');
      await expect.poll(() => outcome.getByRole('heading').textContent(), WAIT).toBe('Fax queued');
      await outcome.locator(`[data-job-id="${jobId}"]`).getByRole('button', { name: 'Open in Outbox' }).click();
      await page.getByRole('heading', { level: 1, name: 'Outbox & Sent' }).waitFor(WAIT);
      const detail = page.getByTestId('outbox-detail');
      // The pane may still show the job it showed before (any earlier one) for a moment after navigating.
      await expect.poll(() => detail.getAttribute('data-job-id'), WAIT).toBe(jobId);
      await expect.poll(async () => (await call('outbox:get', { jobId, refresh: false })).job.faxId, WAIT).not.toBeNull();
      return jobId;
    },
    async stop() {
      await browser.close();
      await harness.stop();
    },
  };
}
