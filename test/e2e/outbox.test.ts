/**
 * The Outbox & Sent page in Chromium through the browser bridge, against the real core and its built-in
 * Sandbox. The Sandbox emulator runs on a manual clock here (support/sandbox-session.ts; the core reads the same clock), so
 * the tests move the fax service's time on instead of sleeping: a slow fax stays in flight until told,
 * and "Cancel requested" can be seen before the service confirms. Faxes are queued with compose:send
 * through window.faxdesk, as the Compose page would.
 */
import fs from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Browser, Download, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/types';
import type { OutboxItem, SendOutcome } from '../../src/shared/domain/outbox';
import { MemorySecretStore } from '../../src/main/accounts/secret-store';
import type { Harness } from '../../src/main/bridge/harness';
import { launchChromium } from './support/browser';
import { startTestHarness, tempDataDir } from './support/harness';
import { coreCaller, dismissToasts } from './support/app';
import { startSandboxSession, WAIT, type SandboxSession } from './support/sandbox-session';

const QUICK = '12125550100';
const INVALID_FORMAT = '12125550103';
const SLOW = '12125550113';
const SCREENSHOT_DIR = path.resolve(__dirname, '../../.tmp');

async function smallPdf(): Promise<string> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  page.drawText('Faxdesk outbox e2e: one page.', { x: 72, y: 700, size: 18, font });
  return Buffer.from(await doc.save()).toString('base64');
}

describe('Outbox & Sent through the browser bridge', () => {
  let session: SandboxSession;
  let harness: Harness;
  let emulator: RunningEmulator;
  let page: Page;
  let pdf = '';

  const call = coreCaller(() => harness);

  beforeAll(async () => {
    pdf = await smallPdf();
    session = await startSandboxSession({ dataDirPrefix: 'faxdesk-outbox-e2e-', viewport: { width: 1280, height: 820 } });
    ({ harness, emulator, page } = session);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Outbox & Sent', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Outbox & Sent' }).waitFor();
  });

  afterAll(async () => {
    await session?.stop();
    expect(session?.problems).toEqual([]);
  });

  /** Queues one fax as the Compose page does (documents through compose:addBytes). */
  async function send(number: string, name: string, scheduledAt: string | null = null): Promise<OutboxItem> {
    const outcome = await page.evaluate(
      async ({ base64, number, name, scheduledAt }) => {
        const api = window.faxdesk;
        const added = await api.compose.addBytes({ name: 'letter.pdf', base64 });
        if (!added.ok) throw new Error(added.error.message);
        const doc = added.value.documents[0]!;
        const sent = await api.compose.send({
          composeId: crypto.randomUUID(),
          accountId: 'sandbox',
          recipients: [{ number, name, company: 'E2E Ltd' }],
          documents: [{ id: doc.id, type: doc.type, name: doc.name, pages: doc.pages, size: doc.size }],
          scheduledAt,
        });
        if (!sent.ok) throw new Error(sent.error.message);
        return sent.value;
      },
      { base64: pdf, number, name, scheduledAt },
    );
    expect((outcome as SendOutcome).jobs).toHaveLength(1);
    return (outcome as SendOutcome).jobs[0]!;
  }

  /** Waits until the service accepted the job (it has a fax id). */
  async function accepted(jobId: string): Promise<string> {
    await expect.poll(async () => (await call('outbox:get', { jobId, refresh: false })).job.faxId, WAIT).not.toBeNull();
    return (await call('outbox:get', { jobId, refresh: false })).job.faxId!;
  }


  const row = (jobId: string): Locator => page.locator(`[data-testid="outbox-row"][data-job-id="${jobId}"]`);
  const detail = (): Locator => page.getByTestId('outbox-detail');
  const detailBadge = (): Locator => detail().locator('.outbox-badge-large');

  async function open(jobId: string): Promise<void> {
    await row(jobId).waitFor(WAIT);
    await row(jobId).click();
    await page.locator(`[data-testid="outbox-detail"][data-job-id="${jobId}"]`).waitFor(WAIT);
  }

  let delivered: OutboxItem;
  let failed: OutboxItem;

  it('shows a quick fax appear, and its timeline reach Delivered live', async () => {
    delivered = await send(QUICK, 'Quick Success');
    // It appears in the list by itself (outbox:changed), with a badge that has words, not only colour.
    await row(delivered.id).waitFor(WAIT);
    await expect(row(delivered.id).textContent()).resolves.toContain('+1 212 555 0100');
    await expect(row(delivered.id).textContent()).resolves.toContain('Quick Success · E2E Ltd');
    await open(delivered.id);
    await accepted(delivered.id);
    await expect.poll(() => detail().getByTestId('outbox-timeline').textContent(), WAIT).toContain('Accepted');

    await session.advance(5_000);
    await expect.poll(() => detailBadge().textContent(), WAIT).toContain('Delivered');
    // The change was announced for screen readers, and the row in the list followed.
    await expect.poll(() => page.getByTestId('outbox-announcement').textContent(), WAIT).toContain('Delivered');
    await expect.poll(() => row(delivered.id).locator('.outbox-badge').textContent(), WAIT).toContain('Delivered');
    // Every event with its local time, UTC on hover, and its source.
    const timeline = detail().getByTestId('outbox-timeline');
    await expect.poll(() => timeline.textContent(), WAIT).toContain('Delivered');
    const times = await timeline.locator('time').evaluateAll((els) => els.map((e) => [e.getAttribute('title'), e.getAttribute('datetime')]));
    expect(times.length).toBeGreaterThanOrEqual(4);
    for (const [title, iso] of times) {
      expect(title).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC$/);
      expect(title!.slice(0, 19)).toBe(new Date(iso!).toISOString().slice(0, 19).replace('T', ' '));
    }
    await expect(timeline.textContent()).resolves.toMatch(/this computer/);
    await expect(timeline.textContent()).resolves.toMatch(/transmission detail|sent list|metadata/);
    // The attempts come from the transmission detail.
    await expect.poll(() => detail().getByTestId('outbox-attempts').textContent(), WAIT).toContain('Delivered');
  });

  it('shows a failing number as Failed with its E-code explained', async () => {
    failed = await send(INVALID_FORMAT, 'Wrong Number');
    await open(failed.id);
    await accepted(failed.id);
    await session.advance(5_000);
    await expect.poll(() => detailBadge().textContent(), WAIT).toContain('Failed');
    const code = detail().getByTestId('outbox-result-code');
    await expect.poll(() => code.textContent(), WAIT).toContain('E51');
    await expect(code.textContent()).resolves.toContain('The destination fax number is not in a valid format.');
    await expect(code.textContent()).resolves.toContain('Correct the number');
    await expect.poll(() => detail().getByTestId('outbox-attempts').textContent(), WAIT).toContain('E51');
    // The Failed tab lists it; the Delivered tab does not.
    await page.getByRole('tab', { name: 'Failed' }).click();
    await row(failed.id).waitFor(WAIT);
    // The list re-reads after the tab changes: wait for the delivered row to go.
    await expect.poll(() => row(delivered.id).count(), WAIT).toBe(0);
    await page.getByRole('tab', { name: 'All' }).click();
    await row(delivered.id).waitFor(WAIT);
  });

  it('cancels a slow fax in flight: "Cancel requested" until the service confirms, then Cancelled', async () => {
    const slow = await send(SLOW, 'Slow Cancel');
    await open(slow.id);
    await accepted(slow.id);
    await session.advance(3_000);
    await expect.poll(() => detailBadge().textContent(), WAIT).toContain('Sending');

    await detail().getByRole('button', { name: 'Cancel fax' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel the fax' }).click();
    // 202 only means "asked": the service's clock has not moved, so nothing is cancelled yet.
    await expect.poll(() => detail().getByTestId('outbox-notice').textContent(), WAIT).toContain('Cancel requested');
    await expect.poll(() => detailBadge().textContent(), WAIT).toContain('Cancel requested');
    await expect(detail().getByRole('button', { name: 'Cancel fax' }).count()).resolves.toBe(0);

    await session.advance(2_000);
    await expect.poll(() => detailBadge().textContent(), WAIT).toContain('Cancelled');
    const timeline = await detail().getByTestId('outbox-timeline').textContent();
    expect(timeline!.indexOf('Cancel requested')).toBeGreaterThan(-1);
    expect(timeline!.indexOf('Cancelled')).toBeGreaterThan(timeline!.indexOf('Cancel requested'));
  });

  it('shows the 202-then-delivered race truthfully, and a cancel after the end as "already completed"', async () => {
    // The cancel is asked (202), but the fax completes first.
    const racing = await send(SLOW, 'Race Lost');
    await open(racing.id);
    const faxId = await accepted(racing.id);
    await session.advance(3_000);
    await expect.poll(() => detailBadge().textContent(), WAIT).toContain('Sending');
    await detail().getByRole('button', { name: 'Cancel fax' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel the fax' }).click();
    await expect.poll(() => detailBadge().textContent(), WAIT).toContain('Cancel requested');
    await emulator.control.forceComplete(faxId);
    harness.core.sync.runNow('sandbox');
    await expect.poll(() => detailBadge().textContent(), WAIT).toContain('Delivered');
    await expect.poll(() => detail().textContent(), WAIT).toContain('The cancel came too late');

    // The fax finished before the cancel reached the service: 409, "already completed".
    const finished = await send(SLOW, 'Already Done');
    await open(finished.id);
    const finishedFax = await accepted(finished.id);
    await session.advance(3_000);
    await expect.poll(() => detailBadge().textContent(), WAIT).toContain('Sending');
    harness.core.sync.setPaused(true);
    try {
      await emulator.control.forceComplete(finishedFax);
      await detail().getByRole('button', { name: 'Cancel fax' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel the fax' }).click();
      await expect.poll(() => detail().getByTestId('outbox-notice').textContent(), WAIT).toMatch(/Already completed/);
      await expect.poll(() => detailBadge().textContent(), WAIT).toContain('Delivered');
    } finally {
      harness.core.sync.setPaused(false);
    }
  });

  it('resends a failed fax in one click as a new job, and shows where it went', async () => {
    await open(failed.id);
    const before = (await call('outbox:list', { limit: 500 })).items.length;
    await detail().getByRole('button', { name: 'Send again' }).click();
    const notice = detail().getByTestId('outbox-notice');
    await expect.poll(() => notice.textContent(), WAIT).toContain('Sent again as a new fax to +1 212 555 0103');
    const after = (await call('outbox:list', { limit: 500 })).items;
    expect(after).toHaveLength(before + 1);
    const fresh = after.find((i) => i.destination === INVALID_FORMAT && i.id !== failed.id)!;
    expect(fresh.composeId).not.toBe(failed.composeId);
    await notice.getByRole('button', { name: 'Open the new fax' }).click();
    await page.locator(`[data-testid="outbox-detail"][data-job-id="${fresh.id}"]`).waitFor(WAIT);
    await row(fresh.id).waitFor(WAIT);
    // The old one is untouched.
    expect((await call('outbox:get', { jobId: failed.id, refresh: false })).job.state).toBe('ERROR');
  });

  it('shows "Outcome unknown — checking" after an ambiguous send, then the truth, without sending twice', async () => {
    const control = emulator.control;
    // The POST reaches the service and is processed, then the connection drops; the sent list is down too.
    control.addFault({ route: 'POST /faxes', kind: 'reset', phase: 'after' });
    const listDown = control.addFault({ route: 'GET /faxes/sent', kind: 'status', status: 503, count: 10_000 });
    const since = control.requests().at(-1)?.seq ?? 0;
    const job = await send(QUICK, 'Ambiguous');
    await open(job.id);
    await expect.poll(() => detailBadge().textContent(), WAIT).toContain('Outcome unknown — checking');
    const check = detail().getByRole('button', { name: 'Check now' });
    await expect(check.getAttribute('title')).resolves.toMatch(/never sends the fax again/);
    await check.click();
    await expect.poll(() => detail().getByTestId('outbox-notice').textContent(), WAIT).toContain('Still unconfirmed');
    await expect(detailBadge().textContent()).resolves.toContain('Outcome unknown — checking');

    control.removeFault(listDown.id);
    // Unless Faxdesk's own check found it first, which may also happen between counting and clicking.
    if (await check.count()) await check.click({ timeout: 5_000 }).catch(() => undefined);
    await expect.poll(() => detailBadge().textContent(), WAIT).toMatch(/Accepted|Queued at the service|Sending|Delivered/);
    await session.advance(5_000);
    await expect.poll(() => detailBadge().textContent(), WAIT).toContain('Delivered');
    // Posted once, never again.
    const posts = control.requests(since).filter((r) => r.method === 'POST' && r.path.endsWith('/faxes'));
    expect(posts).toHaveLength(1);
    control.clearFaults();
  });

  it('shows a refusal (4xx) with its reason, and offers "Edit and resend" in Compose', async () => {
    emulator.control.addFault({ route: 'POST /faxes', kind: 'status', status: 400 });
    const job = await send(QUICK, 'Refused');
    await open(job.id);
    await expect.poll(() => detailBadge().textContent(), WAIT).toContain('Rejected');
    await expect.poll(() => detail().getByTestId('outbox-rejection').textContent(), WAIT).toContain('The fax service refused this fax.');
    await expect(detail().getByTestId('outbox-timeline').textContent()).resolves.toContain('HTTP 400');
    await detail().getByRole('button', { name: 'Edit and resend' }).click();
    await page.getByRole('heading', { level: 1, name: 'Compose' }).waitFor(WAIT);
    // Compose reopens the stored fax (outbox:draft) for correcting.
    await expect.poll(() => page.getByLabel('Recipient 1 name').inputValue(), WAIT).toBe('Refused');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Outbox & Sent', exact: true }).click();
    await row(job.id).waitFor(WAIT);
  });

  it('reschedules a scheduled fax, sends one now, and cancels one locally', async () => {
    const inTwoHours = new Date(Date.now() + 2 * 3600_000).toISOString();
    const scheduled = await send(QUICK, 'Later', inTwoHours);
    await open(scheduled.id);
    await expect.poll(() => detailBadge().textContent(), WAIT).toMatch(/^◷Scheduled · /);
    const later = await page.evaluate(() => {
      const d = new Date(Date.now() + 3 * 3600_000);
      const p = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
    });
    await detail().getByLabel('Send at').fill(later);
    await detail().getByRole('button', { name: 'Reschedule' }).click();
    await expect.poll(() => detail().getByTestId('outbox-notice').textContent(), WAIT).toContain('Will be sent at');
    const moved = (await call('outbox:get', { jobId: scheduled.id, refresh: false })).job.scheduledAt!;
    expect(Math.abs(Date.parse(moved) - (Date.now() + 3 * 3600_000))).toBeLessThan(5 * 60_000);

    await detail().getByRole('button', { name: 'Send now' }).click();
    await expect.poll(() => detail().getByTestId('outbox-notice').textContent(), WAIT).toContain('Sending now');
    await expect.poll(() => detailBadge().textContent(), WAIT).not.toContain('Scheduled');

    const dropped = await send(QUICK, 'Never Mind', inTwoHours);
    await open(dropped.id);
    await detail().getByRole('button', { name: 'Cancel fax' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel the fax' }).click();
    await expect.poll(() => detail().getByTestId('outbox-notice').textContent(), WAIT).toContain('nothing reached the fax service');
    await expect.poll(() => detailBadge().textContent(), WAIT).toContain('Cancelled');
  });

  it('moves through the list with the keyboard and opens with Enter', async () => {
    const list = page.getByRole('listbox');
    await list.focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('Enter');
    const first = await page.locator('[data-testid="outbox-row"]').first().getAttribute('data-job-id');
    await page.locator(`[data-testid="outbox-detail"][data-job-id="${first}"]`).waitFor(WAIT);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const second = await page.locator('[data-testid="outbox-row"]').nth(1).getAttribute('data-job-id');
    await page.locator(`[data-testid="outbox-detail"][data-job-id="${second}"]`).waitFor(WAIT);
    await expect(list.getAttribute('aria-activedescendant')).resolves.toBe(`outbox-row-${second}`);
  });

  it('finds faxes by search (debounced)', async () => {
    await page.getByLabel('Search faxes').fill('Wrong Number');
    await expect.poll(() => page.locator('[data-testid="outbox-row"]').count(), WAIT).toBe(2);
    await expect(row(failed.id).count()).resolves.toBe(1);
    await page.getByLabel('Search faxes').fill('');
    await row(delivered.id).waitFor(WAIT);
  });

  async function downloaded(download: Download): Promise<Buffer> {
    const file = await download.path();
    return fs.readFileSync(file);
  }

  it('exports the list as a CSV download', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    // Main's CSV (outbox:exportCsv), named by the time in UTC.
    expect(download.suggestedFilename()).toMatch(/^outbox-\d{8}-\d{6}Z\.csv$/);
    const text = (await downloaded(download)).toString('utf8');
    const jobs = (await call('outbox:list', { limit: 500 })).items;
    const lines = text.replace(/^\ufeff/, '').trim().split('\r\n');
    expect(lines[0]).toMatch(/^Job ID,Compose ID,Account,/);
    expect(lines).toHaveLength(jobs.length + 1);
    for (const job of jobs) expect(text).toContain(job.id);
    expect(text).toContain(QUICK);
    expect(text).toContain('The destination fax number is not in a valid format.');
    await expect.poll(() => page.getByTestId('outbox-list-notice').textContent(), WAIT).toContain(`Exported ${jobs.length} faxes`);
  });

  it('downloads the transmission report as a PDF', async () => {
    await open(delivered.id);
    const [download] = await Promise.all([page.waitForEvent('download'), detail().getByRole('button', { name: 'Transmission report' }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const bytes = await downloaded(download);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await expect.poll(() => detail().getByTestId('outbox-notice').textContent(), WAIT).toContain('Transmission report downloaded');
  });

  it('looks right with a fax open, light and dark (screenshots in .tmp/)', async () => {
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await open(failed.id);
    await expect.poll(() => detail().getByTestId('outbox-attempts').textContent(), WAIT).toContain('E51');
    // Out of the way: the toasts of the finals above, and the export notice.
    await dismissToasts(page);
    if (await page.getByTestId('outbox-list-notice').count()) await page.getByTestId('outbox-list-notice').getByRole('button', { name: 'Dismiss' }).click();
    await call('settings:set', { theme: 'light' });
    await page.waitForFunction(() => document.documentElement.dataset['theme'] === 'light');
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'outbox-light.png') });
    await page.locator('.outbox-detail').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'outbox-light-detail-end.png') });
    await page.locator('.outbox-detail').evaluate((el) => el.scrollTo(0, 0));
    await call('settings:set', { theme: 'dark' });
    await page.waitForFunction(() => document.documentElement.dataset['theme'] === 'dark');
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'outbox-dark.png') });
    // Labels, roles, names and contrast, in both themes.
    for (const theme of ['dark', 'light'] as const) {
      await call('settings:set', { theme });
      await page.waitForFunction((t) => document.documentElement.dataset['theme'] === t, theme);
      const results = await new AxeBuilder({ page }).include('.outbox-page').withTags(['wcag2a', 'wcag2aa']).analyze();
      expect(results.violations.map((v) => `${theme}: ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    }
    await call('settings:set', { theme: 'system' });
  });
});

describe('Outbox & Sent with 100 000 faxes', () => {
  const TOTAL = 100_000;
  let browser: Browser;
  let harness: Harness;
  let page: Page;
  const pageErrors: string[] = [];
  const base = Date.parse('2024-01-01T00:00:00.000Z');
  const STATES = ['COMPLETED', 'ERROR', 'CANCELED', 'COMPLETED'] as const;

  /** The i-th seeded fax: newest last, one a minute, as the sync records faxes found on the service. */
  function seed(i: number) {
    const state = STATES[i % STATES.length]!;
    return {
      accountId: 'sandbox',
      faxId: `seed-${String(i).padStart(6, '0')}`,
      state,
      destination: `1212555${String(1000 + (i % 9000)).padStart(4, '0')}`,
      toName: `Seed ${String(i).padStart(6, '0')}`,
      toCompany: i % 3 === 0 ? 'Acme' : '',
      completedAt: new Date(base + i * 60_000).toISOString(),
      durationSeconds: 30,
      pages: 2,
      errorCode: state === 'ERROR' ? 'E41' : null,
    };
  }

  beforeAll(async () => {
    browser = await launchChromium();
    harness = await startTestHarness(tempDataDir('faxdesk-outbox-100k-'), { overrides: { secretStore: new MemorySecretStore() } });
    const started = Date.now();
    const outbound = harness.core.outbox.outbound;
    harness.core.db.transaction(() => {
      const now = new Date();
      for (let i = 0; i < TOTAL; i++) outbound.insertFromService(seed(i), now);
    })();
    console.log(`outbox e2e: seeded ${TOTAL} faxes in ${Date.now() - started} ms`);
    const context = await browser.newContext({ viewport: { width: 1280, height: 820 } });
    page = await context.newPage();
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.goto(harness.bridge.url);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Outbox & Sent', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Outbox & Sent' }).waitFor();
  });

  afterAll(async () => {
    await browser?.close();
    await harness?.stop();
    expect(pageErrors).toEqual([]);
  });

  const rows = () => page.locator('[data-testid="outbox-row"]');
  const list = () => page.getByRole('listbox');
  const lastLoaded = async () => Math.max(...(await rows().evaluateAll((els) => els.map((e) => Number(e.getAttribute('aria-posinset'))))));

  it('pages by keyset while scrolling, keeping only the rows in view in the page', async () => {
    await rows().first().waitFor(WAIT);
    await expect(rows().first().textContent()).resolves.toContain(`Seed ${String(TOTAL - 1).padStart(6, '0')}`);
    expect(await rows().count()).toBeLessThan(40);
    // Each scroll to the end reads the next page (50 rows first, then 100 a page) and shows rows from it.
    // A scroll can first show rows of a page already read (the next page is read meanwhile), so it
    // scrolls until past 400 rather than counting five scrolls as five pages.
    let shown = await lastLoaded();
    for (let scroll = 0; scroll < 30 && shown <= 400; scroll++) {
      await list().evaluate((el) => el.scrollTo(0, el.scrollHeight));
      const before = shown;
      await expect.poll(lastLoaded, WAIT).toBeGreaterThan(before);
      shown = await lastLoaded();
      expect(await rows().count()).toBeLessThan(40);
    }
    expect(shown).toBeGreaterThan(400);
    // A figure, not an assertion: frame times while scrolling five rows per frame from the top.
    const frames = await list().evaluate(async (el) => {
      el.scrollTop = 0;
      const times: number[] = [];
      let last = performance.now();
      for (let i = 0; i < 90; i++) {
        el.scrollTop += 5 * 64;
        await new Promise((resolve) => requestAnimationFrame(resolve));
        const now = performance.now();
        times.push(now - last);
        last = now;
      }
      return times.sort((a, b) => a - b);
    });
    console.log(`outbox e2e: scrolling frames median ${frames[45]!.toFixed(1)} ms, p95 ${frames[85]!.toFixed(1)} ms, max ${frames[89]!.toFixed(1)} ms`);
    // The rows are in order, without gaps or doubles across pages.
    const names = await rows().evaluateAll((els) => els.map((e) => e.querySelector('.outbox-row-who')?.textContent ?? ''));
    const numbers = names.map((n) => Number(/Seed (\d+)/.exec(n)?.[1]));
    for (let i = 1; i < numbers.length; i++) expect(numbers[i]).toBe(numbers[i - 1]! - 1);
  });

  it('keeps the rows in view and the open fax when a new fax arrives on top', async () => {
    await list().evaluate((el) => el.scrollTo(0, 200 * 64));
    // Wait for the rows of the new position: until the list has drawn them, the rows of the last test's
    // position (further down) are still in the page, and would vanish under the click.
    await expect.poll(() => page.locator('[data-testid="outbox-row"][aria-posinset="201"]').count(), WAIT).toBe(1);
    await expect.poll(() => rows().count(), WAIT).toBeGreaterThan(5);
    // Open a row in the middle of the view.
    const jobId = (await rows().nth(12).getAttribute('data-job-id'))!;
    // By id: an nth() locator would find another row once the list scrolls to show this one.
    await page.locator(`[data-job-id="${jobId}"][data-testid="outbox-row"]`).click();
    await page.locator(`[data-testid="outbox-detail"][data-job-id="${jobId}"]`).waitFor(WAIT);
    const before = (await page.locator(`[data-job-id="${jobId}"][data-testid="outbox-row"]`).boundingBox())!.y;
    const scrollTop = () => list().evaluate((el) => el.scrollTop);
    const scrolledBefore = await scrollTop();

    const fresh = seed(TOTAL);
    const created = harness.core.outbox.outbound.insertFromService({ ...fresh, toName: 'Brand New', completedAt: new Date(base + TOTAL * 60_000).toISOString() }, new Date());
    harness.core.events.emit('outbox:changed', { accountId: 'sandbox', ids: [created.id] });

    // The new fax is loaded on top: the list scrolled down by one row to keep the view still...
    await expect.poll(scrollTop, WAIT).toBe(scrolledBefore + 64);
    // ...and the open row did not move on screen, and is still the open one.
    const row = page.locator(`[data-job-id="${jobId}"][data-testid="outbox-row"]`);
    await expect.poll(async () => (await row.boundingBox())?.y, WAIT).toBe(before);
    await expect(row.getAttribute('aria-selected')).resolves.toBe('true');
    await page.locator(`[data-testid="outbox-detail"][data-job-id="${jobId}"]`).waitFor(WAIT);
    await list().focus();
    await page.keyboard.press('Home');
    await expect.poll(() => rows().first().textContent(), WAIT).toContain('Brand New');
  });

  it('searches all of them', async () => {
    await page.getByLabel('Search faxes').fill('Seed 012345');
    await expect.poll(() => rows().count(), WAIT).toBe(1);
    await expect(rows().first().textContent()).resolves.toContain('Seed 012345');
    await page.getByLabel('Search faxes').fill('');
    await expect.poll(() => rows().count(), WAIT).toBeGreaterThan(5);
  });
});
