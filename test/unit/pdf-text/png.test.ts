import { inflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { checkPng } from '../../../src/main/documents/formats/png';
import { encodePng } from '../../../src/pdf-text/png';

/** The pixel rows back out of an unfiltered PNG (filter byte, then the row). */
function rowsOf(png: Buffer): { colorType: number; rows: Buffer[] } {
  let at = 8;
  const data: Buffer[] = [];
  let width = 0;
  let colorType = -1;
  while (at < png.length) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    if (type === 'IHDR') {
      width = png.readUInt32BE(at + 8);
      colorType = png[at + 17]!;
    }
    if (type === 'IDAT') data.push(png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const channels = { 0: 1, 2: 3, 6: 4 }[colorType]!;
  const stride = 1 + width * channels;
  const rows: Buffer[] = [];
  for (let y = 0; y * stride < raw.length; y++) {
    expect(raw[y * stride]).toBe(0);
    rows.push(raw.subarray(y * stride + 1, (y + 1) * stride));
  }
  return { colorType, rows };
}

describe('encodePng (the one PNG encoder)', () => {
  it.each([
    [1, 0],
    [3, 2],
    [4, 6],
  ] as const)('writes %i-channel pixels that a strict PNG check accepts (CRCs, sizes) and that read back exactly', async (channels, colorType) => {
    const width = 7;
    const height = 5;
    const pixels = Uint8Array.from({ length: width * height * channels }, (_, i) => (i * 37) % 256);
    const png = encodePng(pixels, width, height, channels);
    expect(await checkPng(png)).toEqual({ ok: true, info: { width, height, animated: false } });
    const back = rowsOf(png);
    expect(back.colorType).toBe(colorType);
    expect(Buffer.concat(back.rows)).toEqual(Buffer.from(pixels));
  });

  it('is embeddable by pdf-lib (how the Sandbox places TIFF and BMP pages)', async () => {
    const doc = await PDFDocument.create();
    const image = await doc.embedPng(encodePng(new Uint8Array(4 * 3 * 4).fill(200), 4, 3, 4));
    expect([image.width, image.height]).toEqual([4, 3]);
  });

  it('refuses pixels that do not match the size', () => {
    expect(() => encodePng(new Uint8Array(10), 2, 2, 3)).toThrow(RangeError);
  });
});
