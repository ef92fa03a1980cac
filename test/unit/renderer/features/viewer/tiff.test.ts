import { describe, expect, it } from 'vitest';
import { DamagedDocumentError } from '../../../../../src/renderer/src/features/viewer/damage';
import { decodeTiffPage, DEFAULT_TIFF_DPI, parseTiff, tiffPageSize, walkIfdChain } from '../../../../../src/renderer/src/features/viewer/tiff';
import UTIF from '../../../../../src/renderer/src/features/viewer/utif.js';
import { bilevelTiff, type BilevelPage } from '../../../../e2e/viewer/fixtures';
import { reasonOf } from './support';

const STANDARD: BilevelPage = { width: 64, height: 40, dpiX: 204, dpiY: 98, rect: { x0: 8, y0: 4, x1: 20, y1: 20 } };
const FINE: BilevelPage = { width: 48, height: 60, dpiX: 204, dpiY: 196, rect: { x0: 0, y0: 30, x1: 17, y1: 60 } };

function pixel(image: { width: number; rgba: Uint8ClampedArray }, x: number, y: number): number {
  return image.rgba[(y * image.width + x) * 4]!;
}

function expectRectDecoded(image: { width: number; height: number; rgba: Uint8ClampedArray }, page: BilevelPage): void {
  for (let y = 0; y < page.height; y++) {
    for (let x = 0; x < page.width; x++) {
      const black = x >= page.rect.x0 && x < page.rect.x1 && y >= page.rect.y0 && y < page.rect.y1;
      if (pixel(image, x, y) !== (black ? 0 : 255)) throw new Error(`pixel ${x},${y} should be ${black ? 'black' : 'white'}`);
    }
  }
}

describe('tiffPageSize', () => {
  it('gives a standard-resolution fax page its real proportions (204 x 98 dpi)', () => {
    const { size } = tiffPageSize(1728, 1143, 204, 98);
    expect(size.widthIn).toBeCloseTo(8.47, 2);
    expect(size.heightIn).toBeCloseTo(11.66, 2);
  });

  it('converts centimetre resolutions and falls back to 200 dpi when the resolution is missing or absurd', () => {
    expect(tiffPageSize(800, 800, 80, 80, 3).dpiX).toBeCloseTo(203.2, 5);
    expect(tiffPageSize(1700, 2200).size).toEqual({ widthIn: 1700 / DEFAULT_TIFF_DPI, heightIn: 2200 / DEFAULT_TIFF_DPI });
    expect(tiffPageSize(1700, 2200, 0, 1e9).dpiY).toBe(DEFAULT_TIFF_DPI);
    // One axis known: the other follows it.
    expect(tiffPageSize(1728, 2200, 204, undefined).dpiY).toBe(204);
  });

  it('uses unit "none" only for the aspect ratio', () => {
    const { dpiX, dpiY } = tiffPageSize(1728, 1143, 2, 1, 1);
    expect(dpiX).toBe(DEFAULT_TIFF_DPI);
    expect(dpiY).toBe(DEFAULT_TIFF_DPI / 2);
  });
});

describe('parseTiff and decodeTiffPage', () => {
  it('lists every page with its size and decodes each to RGBA (uncompressed)', () => {
    const tiff = parseTiff(bilevelTiff([STANDARD, FINE]));
    expect(tiff.pages.map((p) => [p.widthPx, p.heightPx, p.dpiX, p.dpiY])).toEqual([
      [64, 40, 204, 98],
      [48, 60, 204, 196],
    ]);
    expect(tiff.pages[0]!.size.heightIn).toBeCloseTo(40 / 98, 6);
    const first = decodeTiffPage(tiff, 0);
    expect(first.rgba.length).toBe(64 * 40 * 4);
    expectRectDecoded(first, STANDARD);
    expectRectDecoded(decodeTiffPage(tiff, 1), FINE);
  });

  it('decodes CCITT Group 4 pages, as fax services send them', () => {
    const tiff = parseTiff(bilevelTiff([STANDARD, FINE], 4));
    expectRectDecoded(decodeTiffPage(tiff, 0), STANDARD);
    expectRectDecoded(decodeTiffPage(tiff, 1), FINE);
  });

  it('does not keep decoded pixels on the parsed pages', () => {
    const tiff = parseTiff(bilevelTiff([STANDARD]));
    decodeTiffPage(tiff, 0);
    expect(tiff.pages[0]!.ifd.data).toBeUndefined();
  });

  it('accepts bytes that are a view into a larger buffer', () => {
    const bytes = bilevelTiff([STANDARD]);
    const padded = new Uint8Array(bytes.length + 10);
    padded.set(bytes, 5);
    const tiff = parseTiff(padded.subarray(5, 5 + bytes.length));
    expectRectDecoded(decodeTiffPage(tiff, 0), STANDARD);
  });
});

describe('damaged TIFF files', () => {
  const whole = bilevelTiff([STANDARD, FINE]);

  it('says the file is empty, too short, or not a TIFF', () => {
    expect(reasonOf(() => parseTiff(new Uint8Array(0)))).toBe('the file is empty');
    expect(reasonOf(() => parseTiff(whole.subarray(0, 5)))).toBe('the file is too short to be a TIFF image');
    expect(reasonOf(() => parseTiff(new TextEncoder().encode('%PDF-1.7 not a tiff at all')))).toBe('it is not a TIFF image');
  });

  it('reports a file cut short, inside the image data or inside a page description', () => {
    // Cut inside the second page's image data: its strip runs past the end.
    const secondStrip = whole.length - 300;
    expect(reasonOf(() => parseTiff(whole.subarray(0, secondStrip)))).toMatch(/page 2|ends/);
    for (const cut of [9, 40, 120, 200, whole.length - 10, whole.length - 1]) {
      expect(() => parseTiff(whole.subarray(0, cut)), `cut at ${cut}`).toThrow(DamagedDocumentError);
    }
  });

  it('refuses a page directory that loops back instead of hanging', () => {
    const looped = whole.slice();
    const view = new DataView(looped.buffer);
    const first = view.getUint32(4, true);
    const entries = view.getUint16(first, true);
    view.setUint32(first + 2 + entries * 12, first, true); // page 1's "next page" is page 1
    expect(reasonOf(() => walkIfdChain(looped))).toBe('its page directory loops back on itself');
  });

  it('refuses an impossible page size', () => {
    const huge = bilevelTiff([{ ...STANDARD }]);
    const view = new DataView(huge.buffer);
    const first = view.getUint32(4, true);
    view.setUint32(first + 2 + 8, 100_000, true); // ImageWidth
    view.setUint32(first + 2 + 12 + 8, 100_000, true); // ImageLength
    expect(reasonOf(() => parseTiff(huge))).toMatch(/impossible size/);
  });
});

describe('page opacity', () => {
  it('knows a fax page covers its canvas whole (no alpha channel), and a page with one does not', () => {
    expect(parseTiff(bilevelTiff([STANDARD, FINE])).pages.map((page) => page.opaque)).toEqual([true, true]);
    const withAlpha = new Uint8Array(UTIF.encodeImage(new Uint8Array(4 * 4 * 4).fill(128), 4, 4));
    expect(parseTiff(withAlpha).pages[0]!.opaque).toBe(false);
  });
});
