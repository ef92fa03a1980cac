import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { checkPng } from '../../../../src/main/documents/formats/png';
import { shrinkOverWhite, tiffThumbnails } from '../../../../src/main/documents/thumbnails';
import { makeTiff, makeTiffWithUtif } from './fixtures';

/** First pixel (RGB) of an unfiltered 8-bit RGB PNG made by encodePng. */
function firstPixel(png: Buffer): number[] {
  const at = png.indexOf(Buffer.from('IDAT'));
  const length = png.readUInt32BE(at - 4);
  const raw = inflateSync(png.subarray(at + 4, at + 4 + length));
  expect(raw[0]).toBe(0); // filter byte: none
  return [raw[1]!, raw[2]!, raw[3]!];
}

describe('TIFF thumbnails', () => {
  it('renders one small PNG per page, keeping the page shape', async () => {
    const thumbs = tiffThumbnails(makeTiff(1728, 2200, [0, 255, 128]), { maxWidth: 160, maxHeight: 220 });
    expect(thumbs.map((t) => [t.page, t.width, t.height])).toEqual([
      [1, 160, 204],
      [2, 160, 204],
      [3, 160, 204],
    ]);
    for (const thumb of thumbs) expect((await checkPng(thumb.png)).ok).toBe(true);
    expect(thumbs.map((t) => firstPixel(t.png))).toEqual([
      [0, 0, 0],
      [255, 255, 255],
      [128, 128, 128],
    ]);
  });

  it('renders only the pages asked for, and never enlarges a small page', () => {
    const thumbs = tiffThumbnails(makeTiff(20, 10, [10, 20, 30]), { pages: [3] });
    expect(thumbs).toHaveLength(1);
    expect([thumbs[0]!.page, thumbs[0]!.width, thumbs[0]!.height]).toEqual([3, 20, 10]);
    expect(firstPixel(thumbs[0]!.png)).toEqual([30, 30, 30]);
  });

  it('renders a TIFF written by utif2 (big-endian, RGBA)', () => {
    const [thumb] = tiffThumbnails(makeTiffWithUtif(40, 40), { maxWidth: 10, maxHeight: 10 });
    expect([thumb!.width, thumb!.height]).toEqual([10, 10]);
    expect(firstPixel(thumb!.png)).toEqual([180, 180, 180]);
  });

  it('refuses a page that does not exist and a damaged file', () => {
    expect(() => tiffThumbnails(makeTiff(4, 4, [0]), { pages: [2] })).toThrow('page 2 does not exist (the file has 1)');
    const tiff = makeTiff(4, 4, [0]);
    expect(() => tiffThumbnails(tiff.subarray(0, 20))).toThrow('cannot decode TIFF');
  });

  it('averages areas and puts transparency on white paper', () => {
    // 2x1 RGBA: one black opaque pixel, one fully transparent -> 1x1: mid grey.
    const rgba = new Uint8Array([0, 0, 0, 255, 0, 0, 0, 0]);
    expect([...shrinkOverWhite(rgba, 2, 1, 1, 1)]).toEqual([128, 128, 128]);
  });
});
