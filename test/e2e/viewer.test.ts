/**
 * The fax viewer in Chromium, under the app's Content-Security-Policy. A test-only page (test/e2e/viewer/)
 * is built with Vite, the same way the renderer is, and served on 127.0.0.1 with the app's CSP header on
 * every response (as the bridge and the app:// protocol do, so the pdfjs worker gets it too).
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import react from '@vitejs/plugin-react';
import { PDFDocument } from 'pdf-lib';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cspMetaTag } from '../../scripts/vite-csp';
import { contentSecurityPolicy } from '../../src/main/security/csp';
import { launchChromium } from './support/browser';
import { bilevelTiff, ccittPdf, LETTER, rectanglesPdf, type BilevelPage } from './viewer/fixtures';

const ROOT = path.resolve(__dirname, '../..');
const HARNESS_DIR = path.join(__dirname, 'viewer');
const SCREENSHOT_DIR = path.join(ROOT, '.tmp');

/** The machine may be busy (other suites, one CPU): wait up to 20 s for what the viewer does by itself. */
const POLL = { timeout: 20_000 };

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

// A standard-resolution fax page (1728 x 1143 at 204 x 98 dpi) and a fine one (1728 x 2286 at 204 x 196):
// both are 8.47 x 11.66 in. The black rectangle is 1..3 in across, 1..2 in down.
const STANDARD_PAGE: BilevelPage = { width: 1728, height: 1143, dpiX: 204, dpiY: 98, rect: { x0: 204, y0: 98, x1: 612, y1: 196 } };
const FINE_PAGE: BilevelPage = { width: 1728, height: 2286, dpiX: 204, dpiY: 196, rect: { x0: 204, y0: 196, x1: 612, y1: 392 } };

describe('FaxViewer in Chromium', () => {
  let browser: Browser;
  let server: http.Server;
  let baseUrl = '';
  let outDir = '';
  const fixtures = new Map<string, Uint8Array>();
  let context: BrowserContext | undefined;
  let page: Page;
  let problems: string[] = [];

  beforeAll(async () => {
    outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-viewer-e2e-'));
    await build({
      configFile: false,
      root: HARNESS_DIR,
      base: './', // as electron-vite builds the renderer
      logLevel: 'warn',
      plugins: [react(), cspMetaTag()],
      build: { outDir, emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 4096 },
    });

    const threePages = await rectanglesPdf([LETTER, LETTER, LETTER]);
    fixtures.set('three.pdf', threePages);
    fixtures.set('mixed.pdf', await rectanglesPdf([LETTER, { width: 612, height: 396 }, { width: 595, height: 842 }]));
    fixtures.set('truncated.pdf', threePages.subarray(0, Math.floor(threePages.length * 0.7)));
    fixtures.set('hundred.pdf', await rectanglesPdf(Array.from({ length: 100 }, () => LETTER)));
    fixtures.set('ccitt.pdf', await ccittPdf());
    const tiff = bilevelTiff([STANDARD_PAGE, FINE_PAGE]);
    fixtures.set('two.tif', tiff);
    fixtures.set('truncated.tif', tiff.subarray(0, Math.floor(tiff.length * 0.4)));

    const csp = contentSecurityPolicy();
    server = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const headers = { 'Content-Security-Policy': csp, 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-store' };
      if (url.pathname === '/favicon.ico') return void res.writeHead(204, headers).end(); // Chromium asks once per browser
      if (url.pathname.startsWith('/fixtures/')) {
        const data = fixtures.get(decodeURIComponent(url.pathname.slice('/fixtures/'.length)));
        if (!data) return void res.writeHead(404, headers).end();
        return void res.writeHead(200, { ...headers, 'Content-Type': 'application/octet-stream' }).end(data);
      }
      const file = path.resolve(outDir, '.' + (url.pathname === '/' ? '/index.html' : decodeURIComponent(url.pathname)));
      if (!file.startsWith(outDir + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) return void res.writeHead(404, headers).end();
      res.writeHead(200, { ...headers, 'Content-Type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream' });
      fs.createReadStream(file).pipe(res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    if (outDir) fs.rmSync(outDir, { recursive: true, force: true });
  });

  afterEach(async () => {
    // Nothing may go wrong on the way: no errors, no CSP violations (page or worker), no failed loads.
    // (Checked before closing: closing cancels whatever is still loading.)
    const seen = [...problems];
    await context?.close();
    context = undefined;
    expect(seen).toEqual([]);
  });

  async function open(query: string, viewport = { width: 1100, height: 800 }, prepare?: (context: BrowserContext) => Promise<void>): Promise<Page> {
    problems = [];
    await context?.close();
    context = await browser.newContext({ viewport });
    await prepare?.(context);
    page = await context.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error' || /Content Security Policy|Refused to/i.test(message.text())) problems.push(`console: ${message.text()} (${message.location().url})`);
    });
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    page.on('crash', () => problems.push('the page crashed'));
    page.on('worker', (worker) =>
      worker.on('console', (message) => {
        if (message.type() === 'error' || /Content Security Policy|Refused to/i.test(message.text())) problems.push(`worker: ${message.text()}`);
      }),
    );
    page.on('requestfailed', (request) => problems.push(`request failed: ${request.url()}`));
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
    });
    await page.goto(`${baseUrl}/?${query}`);
    return page;
  }

  const pageSurface = (n: number) => `.fax-page[data-page="${n}"] .fax-page-surface[data-rendered="true"] canvas`;

  async function waitForPage(n: number): Promise<void> {
    await page.locator(pageSurface(n)).waitFor({ timeout: 30_000 });
  }

  /** The colour of a canvas pixel at a fraction of its width and height. */
  function sample(selector: string, fx: number, fy: number): Promise<number[]> {
    return page.evaluate(
      ({ selector, fx, fy }) => {
        const canvas = document.querySelector(selector) as HTMLCanvasElement;
        const data = canvas.getContext('2d')!.getImageData(Math.floor(fx * canvas.width), Math.floor(fy * canvas.height), 1, 1).data;
        return [data[0]!, data[1]!, data[2]!];
      },
      { selector, fx, fy },
    );
  }

  const counter = () => page.getByTestId('fax-page-counter').textContent();
  const pageBox = async (n: number) => (await page.locator(`.fax-page[data-page="${n}"]`).boundingBox())!;

  it('shows every page of a PDF with thumbnails and the page counter, and draws what the PDF holds', async () => {
    await open('doc=three.pdf&title=From%20%2B1%20555%200100&hold=1');
    await expect(page.getByRole('status').textContent()).resolves.toBe('Loading the fax…');
    await expect(page.getByRole('button', { name: 'Print' }).isDisabled()).resolves.toBe(true);
    await page.evaluate(() => window.__viewerHarness.release());
    await waitForPage(1);
    await expect(page.getByRole('navigation', { name: 'Pages' }).getByRole('button').count()).resolves.toBe(3);
    for (const n of [1, 2, 3]) await expect(page.getByRole('button', { name: `Page ${n}`, exact: true }).count()).resolves.toBe(1);
    await expect(counter()).resolves.toBe('Page 1 of 3');
    await expect(page.getByRole('button', { name: 'Page 1', exact: true }).getAttribute('aria-current')).resolves.toBe('page');
    await expect(page.getByRole('heading', { level: 2 }).textContent()).resolves.toBe('From +1 555 0100');

    // The rectangle spans 72..372 pt across and 72..272 pt down a 612 x 792 pt page: its middle is black.
    const black = await sample(pageSurface(1), 222 / 612, 172 / 792);
    expect(Math.max(...black)).toBeLessThan(60);
    const white = await sample(pageSurface(1), 560 / 612, 740 / 792);
    expect(Math.min(...white)).toBeGreaterThan(235);
    // Fit width by default: the page is as wide as the view less the padding, in Letter proportions.
    const box = await pageBox(1);
    expect(box.height / box.width).toBeCloseTo(11 / 8.5, 2);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'viewer-pdf.png') });
  });

  it('jumps to a page from its thumbnail, and follows the keyboard', async () => {
    await open('doc=three.pdf', { width: 1000, height: 700 });
    await waitForPage(1);
    await page.getByRole('button', { name: 'Page 3', exact: true }).click();
    await expect.poll(counter, POLL).toBe('Page 3 of 3');
    await waitForPage(3);
    const scroller = (await page.locator('.fax-viewer-scroll').boundingBox())!;
    const third = await pageBox(3);
    expect(third.y).toBeLessThan(scroller.y + scroller.height);
    expect(third.y + third.height).toBeGreaterThan(scroller.y);
    await expect(page.getByRole('button', { name: 'Page 3', exact: true }).getAttribute('aria-current')).resolves.toBe('page');

    // Keys work while focus is in the viewer.
    await page.locator('.fax-viewer-scroll').focus();
    await page.keyboard.press('Home');
    await expect.poll(counter, POLL).toBe('Page 1 of 3');
    await page.keyboard.press('PageDown');
    await expect.poll(counter, POLL).toBe('Page 2 of 3');
    await page.keyboard.press('End');
    await expect.poll(counter, POLL).toBe('Page 3 of 3');
    await page.keyboard.press('PageUp');
    await expect.poll(counter, POLL).toBe('Page 2 of 3');

    // Scrolling by hand moves the highlight too (IntersectionObserver).
    await page.locator('.fax-viewer-scroll').evaluate((element) => element.scrollTo({ top: 0 }));
    await page.mouse.move(scroller.x + scroller.width / 2, scroller.y + scroller.height / 2);
    await page.mouse.wheel(0, 1);
    await expect.poll(counter, POLL).toBe('Page 1 of 3');
    await expect(page.getByRole('button', { name: 'Page 1', exact: true }).getAttribute('aria-current')).resolves.toBe('page');
  });

  it('zooms with the buttons, the list and Ctrl +/-/0, and redraws at the new size', async () => {
    await open('doc=three.pdf');
    await waitForPage(1);
    const canvasWidth = () => page.locator(pageSurface(1)).evaluate((canvas) => (canvas as HTMLCanvasElement).width);
    const fitWidth = (await pageBox(1)).width;
    const fitCanvas = await canvasWidth();

    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(async () => (await pageBox(1)).width, POLL).toBeGreaterThan(fitWidth);
    await expect.poll(canvasWidth, POLL).toBeGreaterThan(fitCanvas);

    await page.getByLabel('Zoom level').selectOption('50');
    await expect.poll(async () => (await pageBox(1)).width, POLL).toBeCloseTo(8.5 * 96 * 0.5, 0);

    await page.locator('.fax-viewer-scroll').focus();
    await page.keyboard.press('Control+Equal');
    await expect.poll(async () => (await pageBox(1)).width, POLL).toBeCloseTo(8.5 * 96 * 0.67, 0);
    await page.keyboard.press('Control+Minus');
    await expect.poll(async () => (await pageBox(1)).width, POLL).toBeCloseTo(8.5 * 96 * 0.5, 0);
    await page.keyboard.press('Control+Minus'); // already at the smallest step
    await expect(page.getByRole('button', { name: 'Zoom out' }).isDisabled()).resolves.toBe(true);
    await page.keyboard.press('Control+0');
    await expect.poll(async () => (await pageBox(1)).width, POLL).toBeCloseTo(fitWidth, 0);

    await page.getByLabel('Zoom level').selectOption('fit-page');
    const scroller = (await page.locator('.fax-viewer-scroll').boundingBox())!;
    const fitted = await pageBox(1);
    expect(fitted.height).toBeLessThanOrEqual(scroller.height - 2 * 16 + 1);
  });

  it('draws a CCITT G4 fax image inside a PDF (the JS decoder, loaded under the CSP)', async () => {
    await open('doc=ccitt.pdf');
    await waitForPage(1);
    // The image is 4 in square at (1 in, 1 in); its black rectangle covers pixels 8..20 x 8..24 of 32.
    const black = await sample(pageSurface(1), (72 + (14 / 32) * 288) / 612, (72 + (16 / 32) * 288) / 792);
    expect(Math.max(...black)).toBeLessThan(60);
    const white = await sample(pageSurface(1), (72 + (28 / 32) * 288) / 612, (72 + (4 / 32) * 288) / 792);
    expect(Math.min(...white)).toBeGreaterThan(235);
  });

  it('shows a 2-page TIFF at its real page size, whatever the fax resolution', async () => {
    await open('doc=two.tif&kind=tiff');
    await waitForPage(1);
    // Thumbnails follow the first page; wait for both rather than counting once.
    await expect.poll(() => page.locator('.fax-thumb').count()).toBe(2);
    await expect.poll(() => counter()).toBe('Page 1 of 2');
    const [first, second] = [await pageBox(1), await pageBox(2)];
    // 204 x 98 dpi pixels are twice as tall as wide: the page is 8.47 x 11.66 in, not squashed.
    expect(first.height / first.width).toBeCloseTo(11.66 / 8.47, 2);
    expect(second.height).toBeCloseTo(first.height, 0);
    // Rectangle 1..3 in across, 1..2 in down: (2 in, 1.5 in) is black, (6 in, 8 in) is white.
    expect(Math.max(...(await sample(pageSurface(1), 2 / 8.47, 1.5 / 11.66)))).toBeLessThan(60);
    expect(Math.min(...(await sample(pageSurface(1), 6 / 8.47, 8 / 11.66)))).toBeGreaterThan(235);
    await page.getByRole('button', { name: 'Page 2', exact: true }).click();
    await waitForPage(2);
    expect(Math.max(...(await sample(pageSurface(2), 2 / 8.47, 1.5 / 11.66)))).toBeLessThan(60);
  });

  it('decodes TIFF pages in a worker, and on the page itself when that worker cannot load', async () => {
    await open('doc=two.tif&kind=tiff');
    await waitForPage(1);
    expect(page.workers().some((worker) => /tiff-worker/.test(worker.url()))).toBe(true);

    // The worker's script refused (as a stricter policy or a broken install would): the pages still show.
    await open('doc=two.tif&kind=tiff', undefined, async (c) => void (await c.route(/tiff-worker/, (route) => route.abort())));
    await waitForPage(1);
    expect(Math.max(...(await sample(pageSurface(1), 2 / 8.47, 1.5 / 11.66)))).toBeLessThan(60);
    expect(Math.min(...(await sample(pageSurface(1), 6 / 8.47, 8 / 11.66)))).toBeGreaterThan(235);
    await page.getByRole('button', { name: 'Page 2', exact: true }).click();
    await waitForPage(2);
    expect(Math.max(...(await sample(pageSurface(2), 2 / 8.47, 1.5 / 11.66)))).toBeLessThan(60);
    // The refused script is the point (it must have been refused for this to show anything).
    expect(problems.some((p) => /request failed: .*tiff-worker/.test(p))).toBe(true);
    expect(problems.filter((p) => !/tiff-worker/.test(p))).toEqual([]);
    problems = [];
  });

  it('opens one document after another in one pdf.js worker, which a damaged one does not stop', async () => {
    // Every pdf.js worker the page starts, from the first.
    const pdfWorkers: string[] = [];
    let step = 'three.pdf';
    await open('doc=three.pdf', undefined, async (c) => {
      c.on('page', (p) => p.on('worker', (worker) => void (/pdf\.worker/.test(worker.url()) && pdfWorkers.push(step))));
    });
    await waitForPage(1);
    for (const [doc, pages] of [
      ['mixed.pdf', 3],
      ['truncated.pdf', 0],
      ['hundred.pdf', 100],
      ['three.pdf', 3],
    ] as const) {
      step = doc;
      await page.evaluate((name) => window.__viewerHarness.show(name, 'pdf'), doc);
      if (pages === 0) {
        await expect(page.getByRole('alert').textContent()).resolves.toMatch(/^This fax image is damaged or incomplete/);
        continue;
      }
      await expect.poll(counter, POLL).toBe(`Page 1 of ${pages}`);
      await waitForPage(1);
      // What this document holds, not the previous one's: the rectangle's middle is black, the margin white.
      expect(Math.max(...(await sample(pageSurface(1), 222 / 612, 172 / 792)))).toBeLessThan(60);
      expect(Math.min(...(await sample(pageSurface(1), 560 / 612, 740 / 792)))).toBeGreaterThan(235);
    }
    // The first document's worker carried all the others.
    expect(pdfWorkers).toEqual(['three.pdf']);
    expect(page.workers().filter((worker) => /pdf\.worker/.test(worker.url()))).toHaveLength(1);
  });

  it('says a truncated PDF or TIFF is damaged, and what to do', async () => {
    await open('doc=truncated.pdf');
    const alert = page.getByRole('alert');
    await expect(alert.textContent()).resolves.toBe(
      'This fax image is damaged or incomplete: the file ends early (its end-of-file marker is missing). Faxdesk keeps the file; try downloading it again.',
    );
    await expect(page.getByRole('button', { name: 'Print' }).isDisabled()).resolves.toBe(true);
    expect(problems).toEqual([]);

    await open('doc=truncated.tif&kind=tiff');
    await expect(page.getByRole('alert').textContent()).resolves.toMatch(/^This fax image is damaged or incomplete: .*page 2.*\. Faxdesk keeps the file; try downloading it again\.$/);
  });

  it('shows the error the page passes in', async () => {
    await open('doc=missing.pdf');
    await expect(page.getByRole('alert').textContent()).resolves.toBe('The fax could not be downloaded (404).');
    problems = problems.filter((p) => !p.includes('/fixtures/missing.pdf') && !p.includes('404')); // that 404 is the point
  });

  it('prints every page through window.print(), and nothing is left behind', async () => {
    await open('doc=three.pdf');
    await waitForPage(1);
    await page.evaluate(() => {
      const w = window as unknown as { __printed?: number; __printedHidden?: boolean };
      window.print = () => {
        w.__printed = document.querySelectorAll('.print-page').length;
        // On screen the print container stays hidden; only print media shows it.
        w.__printedHidden = getComputedStyle(document.querySelector('.fax-print-root')!).display === 'none';
      };
    });
    await page.getByRole('button', { name: 'Print' }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { __printed?: number }).__printed), POLL).toBe(3);
    await expect(page.evaluate(() => (window as unknown as { __printedHidden?: boolean }).__printedHidden)).resolves.toBe(true);
    await expect.poll(() => page.locator('.fax-print-root').count(), POLL).toBe(0);
    await expect(page.evaluate(() => document.documentElement.classList.contains('fax-printing'))).resolves.toBe(false);
    await expect(page.getByRole('button', { name: 'Print' }).isEnabled()).resolves.toBe(true);
  });

  it('prints one sheet per page at each page’s own size: no blank sheets, short pages whole', async () => {
    await open('doc=mixed.pdf');
    await waitForPage(1);
    await expect(page.evaluate(() => window.__viewerHarness.preparePrint())).resolves.toBe(3);
    const printed = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    await page.evaluate(() => window.__viewerHarness.cleanupPrint());
    const pdf = await PDFDocument.load(printed);
    const sizes = pdf.getPages().map((p) => p.getSize());
    expect(sizes).toHaveLength(3);
    const expected = [LETTER, { width: 612, height: 396 }, { width: 595, height: 842 }];
    sizes.forEach((size, i) => {
      expect(size.width).toBeCloseTo(expected[i]!.width, 0);
      expect(size.height).toBeCloseTo(expected[i]!.height, 0);
    });
    await expect(page.locator('.fax-print-root').count()).resolves.toBe(0);
  });

  it('leaves printing and saving to the page when it passes onPrint and onSave', async () => {
    await open('doc=three.pdf&handlers=1');
    await waitForPage(1);
    await page.evaluate(() => {
      window.print = () => {
        throw new Error('window.print must not be used when onPrint is given');
      };
    });
    await page.getByRole('button', { name: 'Print' }).click();
    await page.getByRole('button', { name: 'Save as…' }).click();
    await expect(page.evaluate(() => [window.__viewerHarness.printCalls, window.__viewerHarness.saveCalls])).resolves.toEqual([1, 1]);
  });

  it('draws only the pages near the view of a 100-page fax', async () => {
    await open('doc=hundred.pdf');
    await waitForPage(1);
    await expect.poll(() => page.locator('.fax-thumb').count(), POLL).toBe(100);
    const drawn = () => page.locator('.fax-page .fax-page-surface[data-rendered="true"]').count();
    expect(await drawn()).toBeLessThanOrEqual(12);
    await page.locator('.fax-viewer-scroll').focus();
    await page.keyboard.press('End');
    await expect.poll(counter, POLL).toBe('Page 100 of 100');
    await waitForPage(100);
    await expect.poll(() => page.locator(pageSurface(1)).count(), POLL).toBe(0); // released far away
    expect(await drawn()).toBeLessThanOrEqual(12);
    const thumbsDrawn = await page.locator('.fax-thumb .fax-page-surface[data-rendered="true"]').count();
    expect(thumbsDrawn).toBeLessThan(40);
  });

  it('lays out only the first pages until page 1 is on screen, in a column already as tall as all of them', async () => {
    await open('doc=three.pdf');
    await waitForPage(1);
    // The moment the new document's page 1 is drawn: what the page holds then.
    const atFirstDraw = page.evaluate(
      () =>
        new Promise<{ pages: number; thumbs: number; height: number }>((resolve) => {
          const observer = new MutationObserver(() => {
            if (document.querySelector('.fax-page-counter')?.textContent !== 'Page 1 of 100' || !document.querySelector('.fax-page[data-page="1"] canvas')) return;
            observer.disconnect();
            const scroller = document.querySelector('.fax-viewer-scroll')!;
            resolve({ pages: document.querySelectorAll('.fax-page').length, thumbs: document.querySelectorAll('.fax-thumb').length, height: scroller.scrollHeight });
          });
          observer.observe(document.body, { childList: true, subtree: true, characterData: true });
        }),
    );
    await page.evaluate(() => window.__viewerHarness.show('hundred.pdf', 'pdf'));
    const first = await atFirstDraw;
    expect(first.pages).toBeLessThanOrEqual(3);
    expect(first.thumbs).toBeLessThanOrEqual(12);
    // Then every page and thumbnail, and the column has not changed height (its scroll bar does not jump).
    await expect.poll(() => page.locator('.fax-page').count(), POLL).toBe(100);
    await expect.poll(() => page.locator('.fax-thumb').count(), POLL).toBe(100);
    await expect(page.locator('.fax-viewer-scroll').evaluate((element) => element.scrollHeight)).resolves.toBe(first.height);
    await page.locator('.fax-viewer-scroll').focus();
    await page.keyboard.press('End');
    await expect.poll(counter, POLL).toBe('Page 100 of 100');
    await waitForPage(100);
    expect(problems).toEqual([]);
  });

  it('has no accessibility violations (axe), in the light and the dark theme', async () => {
    for (const theme of ['light', 'dark']) {
      await open(`doc=three.pdf&theme=${theme}&handlers=1`);
      await waitForPage(1);
      const results = await new AxeBuilder({ page }).include('.fax-viewer').analyze();
      expect(results.violations.map((v) => `${theme}: ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    }
  });

  it('follows the dark theme around white pages', async () => {
    await open('doc=two.tif&kind=tiff&theme=dark&title=Dark%20theme', { width: 1000, height: 700 });
    await waitForPage(1);
    await page.getByRole('button', { name: 'Page 1', exact: true }).focus();
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'viewer-tiff-dark.png') });
    const background = await page.locator('.fax-viewer-scroll').evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(background).toBe('rgb(20, 23, 29)');
  });
});
