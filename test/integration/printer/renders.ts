/** Page renders with poppler's pdftoppm (independent of Faxdesk's code), compared pixel by pixel. */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface Gray {
  width: number;
  height: number;
  pixels: Uint8Array;
}

function readPgm(file: string): Gray {
  const data = fs.readFileSync(file);
  // P5\n<w> <h>\n<max>\n<pixels>
  let offset = 0;
  const fields: string[] = [];
  while (fields.length < 4) {
    while (/\s/.test(String.fromCharCode(data[offset]!))) offset++;
    const start = offset;
    while (!/\s/.test(String.fromCharCode(data[offset]!))) offset++;
    fields.push(data.toString('latin1', start, offset));
  }
  offset++;
  const [, w, h] = fields.map(Number) as [number, number, number, number];
  return { width: w, height: h, pixels: data.subarray(offset, offset + w * h) };
}

/** Every page of a PDF in gray at `dpi`. */
export function renderPdf(pdf: string, dpi = 40): Gray[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-render-'));
  try {
    execFileSync('pdftoppm', ['-gray', '-r', String(dpi), pdf, path.join(dir, 'p')]);
    return fs
      .readdirSync(dir)
      .sort()
      .map((f) => readPgm(path.join(dir, f)));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Mean absolute difference (0-255) of two renders of the same size (±1 pixel per side tolerated). */
export function difference(a: Gray, b: Gray): number {
  if (Math.abs(a.width - b.width) > 1 || Math.abs(a.height - b.height) > 1) return 255;
  const w = Math.min(a.width, b.width);
  const h = Math.min(a.height, b.height);
  let sum = 0;
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) sum += Math.abs(a.pixels[y * a.width + x]! - b.pixels[y * b.width + x]!);
  return sum / (w * h);
}

/** How much of a render is ink (below mid-gray), 0-1: a blank page is 0. */
export function inkCoverage(g: Gray): number {
  let ink = 0;
  for (const p of g.pixels) if (p < 128) ink++;
  return ink / g.pixels.length;
}
