/**
 * Page thumbnails for TIFF documents. The renderer draws PDF thumbnails itself with pdfjs and shows PNG/JPEG
 * directly, but no browser decodes TIFF, so main decodes the pages (utif2), shrinks them (area average,
 * transparent parts over white paper) and encodes small PNGs the renderer can show as data URLs.
 */
import { encodePng } from './formats/png';
import { decodeTiffPages } from './formats/tiff';

export interface PageThumbnail {
  /** 1-based. */
  page: number;
  width: number;
  height: number;
  png: Buffer;
}

export interface ThumbnailOptions {
  /** Largest width and height of a thumbnail, in pixels (default 160 x 220, a letter page's shape). */
  maxWidth?: number;
  maxHeight?: number;
  /** 1-based pages to render; all when omitted. */
  pages?: readonly number[];
}

export function tiffThumbnails(bytes: Uint8Array, options: ThumbnailOptions = {}): PageThumbnail[] {
  const maxWidth = options.maxWidth ?? 160;
  const maxHeight = options.maxHeight ?? 220;
  const decoded = decodeTiffPages(bytes, options.pages);
  return decoded.map((page, i) => {
    const scale = Math.min(1, maxWidth / page.width, maxHeight / page.height);
    const width = Math.max(1, Math.round(page.width * scale));
    const height = Math.max(1, Math.round(page.height * scale));
    const rgb = shrinkOverWhite(page.rgba, page.width, page.height, width, height);
    return { page: options.pages?.[i] ?? i + 1, width, height, png: encodePng(rgb, width, height, 3) };
  });
}

/** Area-average downscale of RGBA to RGB, compositing over white. */
export function shrinkOverWhite(rgba: Uint8Array, width: number, height: number, toWidth: number, toHeight: number): Uint8Array {
  const out = new Uint8Array(toWidth * toHeight * 3);
  for (let ty = 0; ty < toHeight; ty++) {
    const y0 = Math.floor((ty * height) / toHeight);
    const y1 = Math.max(y0 + 1, Math.floor(((ty + 1) * height) / toHeight));
    for (let tx = 0; tx < toWidth; tx++) {
      const x0 = Math.floor((tx * width) / toWidth);
      const x1 = Math.max(x0 + 1, Math.floor(((tx + 1) * width) / toWidth));
      let r = 0;
      let g = 0;
      let b = 0;
      for (let y = y0; y < y1; y++) {
        for (let x = x0; x < x1; x++) {
          const at = (y * width + x) * 4;
          const alpha = rgba[at + 3]! / 255;
          r += rgba[at]! * alpha + 255 * (1 - alpha);
          g += rgba[at + 1]! * alpha + 255 * (1 - alpha);
          b += rgba[at + 2]! * alpha + 255 * (1 - alpha);
        }
      }
      const n = (y1 - y0) * (x1 - x0);
      const to = (ty * toWidth + tx) * 3;
      out[to] = Math.round(r / n);
      out[to + 1] = Math.round(g / n);
      out[to + 2] = Math.round(b / n);
    }
  }
  return out;
}
