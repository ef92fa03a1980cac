import { describe, expect, it } from 'vitest';
import { checkTiff } from '../../../src/main/documents/formats/tiff';
import { walkTiffDirectories } from '../../../src/shared/tiff-directories';
import { bilevelTiff, type BilevelPage } from '../../e2e/viewer/fixtures';

const PAGE: BilevelPage = { width: 32, height: 16, dpiX: 204, dpiY: 98, rect: { x0: 2, y0: 2, x1: 10, y1: 10 } };

/** The offsets a correct walk finds: the header's, then each IFD's "next" field. */
function chainOf(tiff: Uint8Array): number[] {
  const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  const offsets: number[] = [];
  for (let at = view.getUint32(4, true); at !== 0; at = view.getUint32(at + 2 + view.getUint16(at, true) * 12, true)) offsets.push(at);
  return offsets;
}

describe('walkTiffDirectories (the one IFD walker of main and the viewer)', () => {
  const three = bilevelTiff([PAGE, PAGE, PAGE]);

  it('returns every IFD of a sound file in chain order', () => {
    const walk = walkTiffDirectories(three, 100);
    expect(walk).toEqual({ ok: true, littleEndian: true, offsets: chainOf(three) });
    expect(walk.ok && walk.offsets.length).toBe(3);
  });

  it('refuses what is not a classic TIFF header', () => {
    expect(walkTiffDirectories(three.subarray(0, 7), 100)).toEqual({ ok: false, problem: { kind: 'too-short' } });
    expect(walkTiffDirectories(new TextEncoder().encode('%PDF-1.7 not a TIFF'), 100)).toEqual({ ok: false, problem: { kind: 'not-tiff' } });
    const bigTiff = Uint8Array.from([0x49, 0x49, 0x2b, 0x00, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(walkTiffDirectories(bigTiff, 100)).toEqual({ ok: false, problem: { kind: 'bigtiff' } });
  });

  it('finds a loop, a cap passed, an IFD outside the file or inside the header', () => {
    const [first, second] = chainOf(three) as [number, number];
    const looped = three.slice();
    const view = new DataView(looped.buffer);
    view.setUint32(second + 2 + view.getUint16(second, true) * 12, first, true);
    expect(walkTiffDirectories(looped, 100)).toEqual({ ok: false, problem: { kind: 'loop', ifd: 3 } });
    expect(walkTiffDirectories(three, 2)).toEqual({ ok: false, problem: { kind: 'too-many', max: 2 } });

    const pastEnd = three.slice();
    new DataView(pastEnd.buffer).setUint32(first + 2 + new DataView(pastEnd.buffer).getUint16(first, true) * 12, pastEnd.length + 100, true);
    expect(walkTiffDirectories(pastEnd, 100)).toEqual({ ok: false, problem: { kind: 'outside', ifd: 2 } });

    const inHeader = three.slice();
    new DataView(inHeader.buffer).setUint32(4, 4, true);
    expect(walkTiffDirectories(inHeader, 100)).toEqual({ ok: false, problem: { kind: 'outside', ifd: 1 } });
  });

  it('finds an IFD cut off, and a tag value stored after its IFD that the file no longer holds', () => {
    const offsets = chainOf(three);
    const last = offsets[2]!;
    expect(walkTiffDirectories(three.subarray(0, last + 20), 100)).toEqual({ ok: false, problem: { kind: 'cut', ifd: 3 } });
    // The fixture stores each page's two resolution rationals (16 bytes) right after its IFD: cut the last 8.
    expect(walkTiffDirectories(three.subarray(0, three.length - 8), 100)).toEqual({ ok: false, problem: { kind: 'value-cut', ifd: 3 } });
  });

  it("main's file check now refuses that cut-off resolution too (it let utif2 read past the end before)", () => {
    expect(checkTiff(three)).toMatchObject({ ok: true, info: { pages: 3 } });
    expect(checkTiff(three.subarray(0, three.length - 8))).toMatchObject({ ok: false, reason: 'the file is cut off (a page directory is incomplete)' });
  });
});
