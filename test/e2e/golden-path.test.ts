/**
 * The golden path, end to end in Chromium through the bridge, against the real core and its built-in
 * Sandbox on a manual clock (support/sandbox-session.ts): a real PDF dropped on Compose, a recipient,
 * a header designed in the header designer, Send; the Outbox timeline
 * reaching Delivered as the Sandbox's clock moves; the delivered image open in the viewer, with the
 * designed header on its pages (text read from the PDF with pdfjs); then a slow fax cancelled from the
 * Outbox while in flight: "Cancel requested", then "Cancelled".
 */
import fs from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxImage } from '../../src/shared/ipc/contract/outbox';
import { coreCaller } from './support/app';
import { startSandboxSession, WAIT, type SandboxSession } from './support/sandbox-session';
// pdf.js gives words and the spaces between them as separate items (embedded fonts): join them as they are.
import { pdfPageTexts } from '../integration/emulator/helpers';

/** Sandbox rule 00: quick success. */
const QUICK = '12125550100';
/** Sandbox rule 13: slow success (10 minutes sending), to cancel in flight. */
const SLOW = '12125550113';
const HEADER_TEXT = 'ACME LEGAL';
const SCREENSHOT_DIR = path.resolve(__dirname, '../../.tmp');

async function letter(pages: number): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) pdf.addPage([612, 792]).drawText(`Golden path letter, page ${i} of ${pages}`, { x: 72, y: 600, size: 20, font });
  return Buffer.from(await pdf.save());
}

describe('golden path: compose with a designed header, delivered, seen in the viewer; a slow fax cancelled', () => {
  let session: SandboxSession;
  let page: Page;
  let pdf: Buffer;

  const call = coreCaller(() => session.harness);

  beforeAll(async () => {
    pdf = await letter(2);
    session = await startSandboxSession({ dataDirPrefix: 'faxdesk-golden-path-', viewport: { width: 1360, height: 1000 } });
    page = session.page;
  });

  afterAll(async () => {
    await session?.stop();
    expect(session?.problems).toEqual([]);
  });

  const nav = (name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name, exact: true });
  const detail = (): Locator => page.getByTestId('outbox-detail');
  const detailBadge = (): Locator => detail().locator('.outbox-badge-large');

  /** Compose: the letter dropped, one recipient; the caller adds the rest, then session.sendAndOpenInOutbox(). */
  async function startFax(number: string, name: string): Promise<void> {
    await nav('Compose').click();
    await page.getByRole('heading', { level: 1, name: 'Compose' }).waitFor();
    await page.waitForFunction(() => (document.getElementById('compose-accountId') as HTMLSelectElement | null)?.value === 'sandbox', undefined, WAIT);
    await session.dropOnCompose('letter.pdf', pdf);
    await expect.poll(() => page.getByTestId('compose-document').filter({ hasText: 'letter.pdf' }).getByTestId('document-pages').textContent(), WAIT).toBe('2 pages');
    await page.getByLabel('Recipient 1 fax number', { exact: true }).fill(number);
    await page.getByLabel('Recipient 1 name', { exact: true }).fill(name);
  }

  let deliveredId = '';

  it('sends a dropped PDF with a header designed in the header designer, and follows it to Delivered', async () => {
    await startFax(QUICK, 'Golden Path');

    // The header designer: our own line 1 instead of the service's default, through its buttons and a typed text slot.
    const designer = page.getByTestId('header-designer');
    await designer.getByLabel("Use the service's default header").uncheck();
    await designer.getByRole('button', { name: 'Add Recipient fax number to line 1' }).click();
    await designer.getByRole('button', { name: 'Add Text to line 1' }).click();
    // The new text slot has the focus.
    await page.keyboard.type(HEADER_TEXT);
    const preview = designer.getByTestId('preview-line-1');
    await expect.poll(() => preview.textContent(), WAIT).toContain(HEADER_TEXT);
    await expect(preview.textContent()).resolves.toContain(QUICK);
    await expect(designer.getByTestId('header-errors').count()).resolves.toBe(0);

    deliveredId = await session.sendAndOpenInOutbox();
    const stored = await call('outbox:get', { jobId: deliveredId, refresh: false });
    expect(stored.options?.header?.line_1).toEqual(expect.arrayContaining(['${TO_NUMBER}', HEADER_TEXT]));
    await expect.poll(() => detail().getByTestId('outbox-timeline').textContent(), WAIT).toContain('Accepted');
    // Not finished yet: no image to show, and the section says why.
    await expect.poll(() => detail().getByTestId('outbox-image-unavailable').textContent(), WAIT).toMatch(/still being sent|not been sent yet/);

    await session.advance(5_000);
    await expect.poll(() => detailBadge().textContent(), WAIT).toContain('Delivered');
    await expect.poll(() => detail().getByTestId('outbox-timeline').textContent(), WAIT).toContain('Delivered');
  });

  it('opens the delivered image in the viewer, with the designed header on its first page', async () => {
    const section = detail().getByTestId('outbox-image');
    await section.getByRole('button', { name: 'Show the delivered image' }).click();
    const viewer = section.getByRole('region', { name: `Fax viewer: Delivered fax to +1 212 555 0100` });
    await viewer.waitFor(WAIT);
    // The letter's two pages, drawn.
    await expect.poll(() => viewer.locator('.fax-page').count(), WAIT).toBe(2);
    await expect.poll(() => viewer.getByTestId('fax-page-counter').textContent(), WAIT).toBe('Page 1 of 2');
    await expect.poll(() => viewer.locator('.fax-page[data-page="1"] .fax-page-surface[data-rendered="true"]').count(), WAIT).toBe(1);
    await expect(viewer.getByRole('img', { name: 'Page 1 of 2' }).count()).resolves.toBe(1);
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'golden-path-delivered-image.png') });
    // The viewer inside the Outbox's detail pane: labels, roles, names and contrast.
    const axe = await new AxeBuilder({ page }).include('.outbox-page').withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    // The PDF on screen is the service's, and the header the service stamped is the one designed.
    const image = (await page.evaluate(async (jobId) => {
      const result = await window.faxdesk.outbox.image({ jobId });
      if (!result.ok) throw new Error(result.error.message);
      return result.value;
    }, deliveredId)) as OutboxImage;
    if (image.kind !== 'pdf') throw new Error(`no image: ${image.message}`);
    const [first] = await pdfPageTexts(Buffer.from(image.base64, 'base64'));
    expect(first).toContain(HEADER_TEXT);
    expect(first).toContain(QUICK);
    expect(first).toContain('Golden path letter, page 1 of 2');

    // "Save as…", PDF (the first choice), downloads that same file.
    await viewer.getByRole('button', { name: 'Save as…' }).click();
    const formats = page.getByRole('dialog', { name: 'Save the fax as' });
    await expect(formats.getByRole('radio', { name: /^PDF document/ }).isChecked()).resolves.toBe(true);
    const [download] = await Promise.all([page.waitForEvent('download'), formats.getByRole('button', { name: 'Save', exact: true }).click()]);
    expect(download.suggestedFilename()).toBe(image.fileName);
    // The same button hides it again.
    await section.getByRole('button', { name: 'Hide the delivered image' }).click();
    await expect(viewer.count()).resolves.toBe(0);
  });

  it('cancels a slow fax from the Outbox while it is in flight: Cancel requested, then Cancelled', async () => {
    await startFax(SLOW, 'Slow Cancel');
    const jobId = await session.sendAndOpenInOutbox();
    expect(jobId).not.toBe(deliveredId);
    await session.advance(3_000);
    await expect.poll(() => detailBadge().textContent(), WAIT).toContain('Sending');
    await expect.poll(() => detail().getByTestId('outbox-image-unavailable').textContent(), WAIT).toContain('still being sent');

    await detail().getByRole('button', { name: 'Cancel fax' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel the fax' }).click();
    // 202 only means "asked": the Sandbox's clock has not moved, so nothing is cancelled yet.
    await expect.poll(() => detailBadge().textContent(), WAIT).toContain('Cancel requested');
    await expect.poll(() => detail().getByTestId('outbox-timeline').textContent(), WAIT).toContain('Cancel requested');

    await session.advance(2_000);
    await expect.poll(() => detailBadge().textContent(), WAIT).toContain('Cancelled');
    const timeline = (await detail().getByTestId('outbox-timeline').textContent())!;
    expect(timeline.indexOf('Cancelled')).toBeGreaterThan(timeline.indexOf('Cancel requested'));
    expect((await call('outbox:get', { jobId, refresh: false })).job.state).toBe('CANCELED');
    // The first fax is still delivered.
    expect((await call('outbox:get', { jobId: deliveredId, refresh: false })).job.state).toBe('COMPLETED');
  });
});
