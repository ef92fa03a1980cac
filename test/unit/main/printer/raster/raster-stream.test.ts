import { describe, expect, it } from 'vitest';
import { FAX_DPI_X, FAX_DPI_Y, FaxPageBuilder, type GrayPage } from '../../../../../src/main/printer/raster/fax-page';
import { RasterError, RasterStream, type RasterFormat, type RasterPageHeader } from '../../../../../src/main/printer/raster/raster-stream';
import { pwgPageHeader, samplePage, writePwg, writeUrf, type RasterPageSpec } from '../fixtures/raster-writer';

/** Decodes a raster fed in chunks of `chunk` bytes into gray pages at fax resolution. */
function decode(format: RasterFormat, bytes: Buffer, chunk = 65536): { pages: GrayPage[]; headers: RasterPageHeader[] } {
  const pages: GrayPage[] = [];
  const headers: RasterPageHeader[] = [];
  const stream = new RasterStream(format, (header) => {
    headers.push(header);
    return new FaxPageBuilder(header, (p) => pages.push(p));
  });
  for (let i = 0; i < bytes.byteLength; i += chunk) stream.push(bytes.subarray(i, i + chunk));
  stream.end();
  return { pages, headers };
}

/** The gray value at a point given in inches from the top left. */
function at(page: GrayPage, xIn: number, yIn: number): number {
  const x = Math.min(page.width - 1, Math.floor((xIn / (page.widthPt / 72)) * page.width));
  const y = Math.min(page.height - 1, Math.floor((yIn / (page.heightPt / 72)) * page.height));
  return page.pixels[y * page.width + x]!;
}

function expectSample(page: GrayPage): void {
  expect(page.widthPt).toBeCloseTo(612, 0);
  expect(page.heightPt).toBeCloseTo(792, 0);
  expect(at(page, 0.1, 0.1)).toBe(255); // outside the frame
  expect(at(page, 2, 2)).toBeLessThan(40); // the square (8.5*0.1..0.4, 11*0.1..0.3)
  expect(at(page, 6, 2)).toBe(255);
  expect(Math.abs(at(page, 4, 5.8) - 128)).toBeLessThan(20); // the gray band (11*0.5..0.55)
  expect(at(page, 4, 8)).toBe(255);
}

describe('PWG and Apple raster into fax-resolution pages', () => {
  for (const type of ['black_1', 'sgray_8', 'srgb_8', 'cmyk_8', 'srgb_16'] as const) {
    it(`reads a 300 dpi ${type} PWG page at ${FAX_DPI_X} x ${FAX_DPI_Y} dpi, as drawn`, () => {
      const { pages } = decode('pwg', writePwg([samplePage(type, 300)]));
      expect(pages).toHaveLength(1);
      expect(pages[0]!.width).toBe(Math.round(8.5 * FAX_DPI_X));
      expect(pages[0]!.height).toBe(Math.round(11 * FAX_DPI_Y));
      if (type === 'black_1') {
        // 1-bit has no gray: the band (128) is white.
        expect(at(pages[0]!, 2, 2)).toBeLessThan(40);
        expect(at(pages[0]!, 6, 2)).toBe(255);
      } else expectSample(pages[0]!);
    });
  }

  it('keeps a page below fax resolution at its own resolution', () => {
    const { pages } = decode('pwg', writePwg([samplePage('sgray_8', 150)]));
    expect(pages[0]!.width).toBe(1275);
    expect(pages[0]!.height).toBe(1650);
    expectSample(pages[0]!);
  });

  it('reads Apple raster, also when the file header leaves the page count at 0 (as CUPS writes it)', () => {
    const pages = [samplePage('srgb_8', 300), samplePage('sgray_8', 300)];
    for (const announce of [2, 0]) {
      const out = decode('urf', writeUrf(pages, announce));
      expect(out.pages).toHaveLength(2);
      for (const p of out.pages) expectSample(p);
    }
  });

  it('gives the same pages whatever the chunk boundaries', () => {
    const small = (type: RasterPageSpec['type']) => ({ ...samplePage(type, 100, 1, 1.2) });
    const bytes = writePwg([small('srgb_8'), small('black_1'), small('sgray_8')]);
    const whole = decode('pwg', bytes, bytes.byteLength).pages.map((p) => Buffer.from(p.pixels).toString('base64'));
    for (const chunk of [1, 2, 3, 7, 1795, 1797, 4096]) {
      expect(decode('pwg', bytes, chunk).pages.map((p) => Buffer.from(p.pixels).toString('base64'))).toEqual(whole);
    }
  });

  describe('refuses damaged rasters with the reason', () => {
    const good = writePwg([samplePage('sgray_8', 100, 2, 2)]);
    const cases: [string, RasterFormat, Buffer, RegExp][] = [
      ['empty', 'pwg', Buffer.alloc(0), /empty/],
      ['not a PWG raster', 'pwg', Buffer.from('%PDF-1.4 and more'), /does not start like a PWG raster/],
      ['cut off in the file header', 'pwg', Buffer.from('Ra'), /cut off inside its file header/],
      ['cut off in a page header', 'pwg', good.subarray(0, 500), /cut off inside the header of page 1/],
      ['cut off in the pixels', 'pwg', good.subarray(0, good.byteLength - 10), /cut off in page 1/],
      ['not an Apple raster', 'urf', Buffer.from('RaS2xxxxxxxxxxxxxxx'), /does not start like an Apple raster/],
      ['Apple raster with fewer pages than announced', 'urf', writeUrf([samplePage('sgray_8', 100, 1, 1)], 3), /announced 3 pages but has 1/],
      ['Apple raster with data after the last page', 'urf', Buffer.concat([writeUrf([samplePage('sgray_8', 100, 1, 1)], 1), Buffer.from([0])]), /data follows the last/],
    ];
    for (const [what, format, bytes, reason] of cases) {
      it(what, () => {
        expect(() => decode(format, bytes)).toThrow(RasterError);
        expect(() => decode(format, bytes)).toThrow(reason);
      });
    }

    it('a run of pixels past the end of its line', () => {
      const spec = samplePage('sgray_8', 100, 1, 1);
      const bytes = Buffer.concat([Buffer.from('RaS2'), pwgPageHeader(spec), Buffer.from([0, 127, 255])]); // 128 pixels in a 100-pixel line
      expect(() => decode('pwg', bytes)).toThrow(/past the end of its line/);
    });

    it('headers out of bounds, before anything is allocated for them', () => {
      const spec = samplePage('sgray_8', 300, 1, 1);
      const huge = pwgPageHeader({ ...spec, width: 2_000_000_000 });
      expect(() => decode('pwg', Buffer.concat([Buffer.from('RaS2'), huge]))).toThrow(/inches are accepted|lines are/);
      const wrongLine = pwgPageHeader(spec);
      wrongLine.writeUInt32BE(5, 392);
      expect(() => decode('pwg', Buffer.concat([Buffer.from('RaS2'), wrongLine]))).toThrow(/lines are 5 bytes/);
      const lowDpi = pwgPageHeader(spec);
      lowDpi.writeUInt32BE(10, 276);
      expect(() => decode('pwg', Buffer.concat([Buffer.from('RaS2'), lowDpi]))).toThrow(/resolution 10x300 dpi/);
      const banded = pwgPageHeader(spec);
      banded.writeUInt32BE(1, 396);
      expect(() => decode('pwg', Buffer.concat([Buffer.from('RaS2'), banded]))).toThrow(/chunky/);
      const xyz = pwgPageHeader(spec);
      xyz.writeUInt32BE(9, 400);
      expect(() => decode('pwg', Buffer.concat([Buffer.from('RaS2'), xyz]))).toThrow(/color space 9/);
    });

    it('more pages than allowed', () => {
      const pages: GrayPage[] = [];
      const stream = new RasterStream('pwg', (h) => new FaxPageBuilder(h, (p) => pages.push(p)), { maxPages: 2, maxWidthInches: 17, maxHeightInches: 24, minDpi: 50, maxDpi: 2400 });
      const one = samplePage('sgray_8', 100, 1, 1);
      expect(() => stream.push(writePwg([one, one, one]))).toThrow(/more than 2 pages/);
    });
  });
});
