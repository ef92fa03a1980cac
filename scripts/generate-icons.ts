/**
 * `npx tsx scripts/generate-icons.ts`: draws Faxdesk's icons into resources/ (committed; run again
 * only to change them). No image tools needed: shapes are rasterised with 4×4 supersampling and
 * written as RGBA PNGs by the app's one PNG encoder (src/pdf-text/png.ts).
 *
 * - icon.png (512 px): the app icon for every platform; electron-builder makes the .ico and .icns
 *   from it when packaging.
 * - tray.png / tray@2x.png (16 / 32 px) and tray-unread(.png|@2x.png), with a red dot: Windows and
 *   Linux tray icons. Electron picks the @2x file on high-DPI screens.
 * - trayTemplate.png / trayTemplate@2x.png: macOS menu-bar template (black + alpha; macOS tints it).
 */
import fs from 'node:fs';
import path from 'node:path';
import { encodePng as encodePixelsAsPng } from '../src/pdf-text/png';

type Rgba = [number, number, number, number];
type Inside = (x: number, y: number) => boolean;
interface Layer {
  color: Rgba;
  inside: Inside;
  /** Cut this shape out of everything below instead of painting it. */
  erase?: boolean;
}

const BLUE: Rgba = [37, 99, 235, 255];
const WHITE: Rgba = [255, 255, 255, 255];
const LINE: Rgba = [147, 180, 246, 255];
const ORANGE: Rgba = [245, 158, 11, 255];
const RED: Rgba = [220, 38, 38, 255];
const BLACK: Rgba = [0, 0, 0, 255];

const roundedRect =
  (x0: number, y0: number, x1: number, y1: number, r: number): Inside =>
  (x, y) => {
    if (x < x0 || x > x1 || y < y0 || y > y1) return false;
    const cx = Math.min(Math.max(x, x0 + r), x1 - r);
    const cy = Math.min(Math.max(y, y0 + r), y1 - r);
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
  };
const rect = (x0: number, y0: number, x1: number, y1: number): Inside => (x, y) => x >= x0 && x <= x1 && y >= y0 && y <= y1;
const circle = (cx: number, cy: number, r: number): Inside => (x, y) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
const polygon =
  (points: [number, number][]): Inside =>
  (x, y) => {
    let inside = false;
    for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
      const [xi, yi] = points[i]!;
      const [xj, yj] = points[j]!;
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
    return inside;
  };
const union =
  (...shapes: Inside[]): Inside =>
  (x, y) =>
    shapes.some((s) => s(x, y));

/** A sheet of paper with a folded top-right corner, in the unit square. */
function page(x0: number, y0: number, x1: number, y1: number, fold: number): { sheet: Inside; flap: Inside } {
  return {
    sheet: polygon([
      [x0, y0],
      [x1 - fold, y0],
      [x1, y0 + fold],
      [x1, y1],
      [x0, y1],
    ]),
    flap: polygon([
      [x1 - fold, y0],
      [x1 - fold, y0 + fold],
      [x1, y0 + fold],
    ]),
  };
}

function appIcon(detail: 'full' | 'small', unreadDot: boolean): Layer[] {
  const small = detail === 'small';
  const { sheet, flap } = small ? page(0.26, 0.16, 0.74, 0.84, 0.16) : page(0.28, 0.17, 0.72, 0.83, 0.13);
  const layers: Layer[] = [
    { color: BLUE, inside: roundedRect(small ? 0 : 0.04, small ? 0 : 0.04, small ? 1 : 0.96, small ? 1 : 0.96, small ? 0.2 : 0.19) },
    { color: WHITE, inside: sheet },
    { color: LINE, inside: flap },
  ];
  const lines = small ? [0.42, 0.56, 0.7] : [0.38, 0.48, 0.58, 0.68];
  for (const [i, y] of lines.entries()) {
    const right = i === lines.length - 1 ? 0.54 : small ? 0.64 : 0.62;
    layers.push({ color: LINE, inside: rect(small ? 0.36 : 0.36, y - (small ? 0.035 : 0.022), right, y + (small ? 0.035 : 0.022)) });
  }
  if (!small) {
    // A "send" badge: an orange disc with a white arrow.
    layers.push({ color: ORANGE, inside: circle(0.72, 0.74, 0.15) });
    layers.push({
      color: WHITE,
      inside: union(
        rect(0.64, 0.72, 0.74, 0.76),
        polygon([
          [0.73, 0.67],
          [0.81, 0.74],
          [0.73, 0.81],
        ]),
      ),
    });
  }
  if (unreadDot) {
    layers.push({ color: WHITE, inside: circle(0.8, 0.2, 0.22) });
    layers.push({ color: RED, inside: circle(0.8, 0.2, 0.17) });
  }
  return layers;
}

/** macOS template: the sheet in black, lines cut out. */
function templateIcon(): Layer[] {
  const { sheet } = page(0.2, 0.08, 0.8, 0.92, 0.2);
  const layers: Layer[] = [{ color: BLACK, inside: sheet }];
  for (const y of [0.4, 0.56, 0.72]) layers.push({ color: BLACK, inside: rect(0.32, y - 0.04, 0.68, y + 0.04), erase: true });
  layers.push({ color: BLACK, inside: polygon([[0.6, 0.08], [0.6, 0.28], [0.8, 0.28]]), erase: true });
  return layers;
}

function rasterize(size: number, layers: Layer[], samples = 4): Buffer {
  const pixels = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const x = (px + (sx + 0.5) / samples) / size;
          const y = (py + (sy + 0.5) / samples) / size;
          let color: Rgba | null = null;
          for (const layer of layers) if (layer.inside(x, y)) color = layer.erase ? null : layer.color;
          if (!color) continue;
          const alpha = color[3] / 255;
          r += color[0] * alpha;
          g += color[1] * alpha;
          b += color[2] * alpha;
          a += alpha;
        }
      }
      const offset = (py * size + px) * 4;
      const n = samples * samples;
      pixels[offset] = a ? Math.round(r / a) : 0;
      pixels[offset + 1] = a ? Math.round(g / a) : 0;
      pixels[offset + 2] = a ? Math.round(b / a) : 0;
      pixels[offset + 3] = Math.round((a / n) * 255);
    }
  }
  return pixels;
}

export function encodePng(width: number, height: number, rgba: Buffer): Buffer {
  return encodePixelsAsPng(rgba, width, height, 4);
}

const outDir = path.resolve(__dirname, '..', 'resources');
const icons: [string, number, Layer[]][] = [
  ['icon.png', 512, appIcon('full', false)],
  ['tray.png', 16, appIcon('small', false)],
  ['tray@2x.png', 32, appIcon('small', false)],
  ['tray-unread.png', 16, appIcon('small', true)],
  ['tray-unread@2x.png', 32, appIcon('small', true)],
  ['trayTemplate.png', 16, templateIcon()],
  ['trayTemplate@2x.png', 32, templateIcon()],
];
fs.mkdirSync(outDir, { recursive: true });
for (const [name, size, layers] of icons) {
  const png = encodePng(size, size, rasterize(size, layers));
  fs.writeFileSync(path.join(outDir, name), png);
  process.stdout.write(`${name}: ${size}x${size}, ${png.length} bytes\n`);
}
