/**
 * The optional "Fax: +1 212 555 0147" line (the HylaFAX-style fax printer convention): the fax
 * number written in the printed document's text, read from its first pages to pre-fill Compose's
 * recipient. Off by default (Settings › Fax printer).
 *
 * Reading text out of a PDF is done here, small and bounded, rather than with pdf.js (a development
 * dependency the packaged app does not carry, and far more than this needs): the first pages'
 * content streams are decoded, text-showing operators collected into lines, and each font's codes
 * mapped to characters through its ToUnicode map or, when it has none (CUPS's texttopdf writes
 * glyph ids without one), by inverting the embedded TrueType font's own `cmap` table.
 */
import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef, type PDFObject } from 'pdf-lib';

export const FAX_LINE = /^\s*(?:fax|fax\s*(?:no\.?|number|#)|to\s+fax)\s*[:#]\s*(\+?[\d(][\d\s().-]{5,24}\d)\s*$/i;

/** The first fax number written as a "Fax: …" line, or null. */
export function findFaxLine(lines: readonly string[]): string | null {
  for (const line of lines) {
    const match = FAX_LINE.exec(line);
    if (match) return match[1]!.replace(/[\s().-]/g, '');
  }
  return null;
}

const MAX_STREAM_BYTES = 8 * 1024 * 1024;

/** Text lines of the first `maxPages` pages; empty when the PDF cannot be read. Never throws. */
export async function pdfTextLines(pdf: Uint8Array, maxPages = 2): Promise<string[]> {
  try {
    const doc = await PDFDocument.load(pdf, { updateMetadata: false, ignoreEncryption: true });
    const lines: string[] = [];
    for (const page of doc.getPages().slice(0, maxPages)) {
      const contents = page.node.Contents();
      const streams: PDFObject[] = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
      const content = Buffer.concat(streams.map((s) => streamBytes(deref(doc, s))).filter((b): b is Buffer => b !== null));
      lines.push(...contentLines(doc, pdf, content, page.node.Resources(), 0));
    }
    return lines;
  } catch {
    return [];
  }
}

/** Text lines of a content stream; form XObjects it draws (`Do`) are read in place (pdftopdf wraps whole pages in one). */
function contentLines(doc: PDFDocument, pdf: Uint8Array, content: Buffer, resources: PDFDict | undefined, depth: number): string[] {
  const fonts = new Map<string, FontDecoder>();
  const fontDict = resources?.lookupMaybe(PDFName.of('Font'), PDFDict);
  for (const [key, value] of fontDict?.entries() ?? []) {
    const dict = deref(doc, value);
    if (dict instanceof PDFDict) fonts.set(key.asString(), fontDecoder(doc, dict, pdf));
  }
  const xobjects = resources?.lookupMaybe(PDFName.of('XObject'), PDFDict);
  const drawForm = (name: string): string[] => {
    if (depth >= 3 || !xobjects) return [];
    const form = deref(doc, xobjects.get(PDFName.of(name.replace(/^\//, ''))));
    if (!(form instanceof PDFRawStream) || form.dict.lookupMaybe(PDFName.of('Subtype'), PDFName)?.asString() !== '/Form') return [];
    const bytes = streamBytes(form);
    if (!bytes) return [];
    const formResources = form.dict.lookupMaybe(PDFName.of('Resources'), PDFDict) ?? resources;
    return contentLines(doc, pdf, bytes, formResources, depth + 1);
  };
  return textLines(content, fonts, drawForm);
}

function deref(doc: PDFDocument, value: PDFObject | undefined): PDFObject | undefined {
  return value instanceof PDFRef ? doc.context.lookup(value) : value;
}

function streamBytes(object: PDFObject | undefined): Buffer | null {
  if (!(object instanceof PDFRawStream)) return null;
  const filter = object.dict.get(PDFName.of('Filter'));
  const names = filter instanceof PDFArray ? filter.asArray() : filter ? [filter] : [];
  let bytes = Buffer.from(object.contents);
  for (const name of names) {
    if (!(name instanceof PDFName) || name.asString() !== '/FlateDecode') return null;
    try {
      bytes = inflateSync(bytes, { maxOutputLength: MAX_STREAM_BYTES });
    } catch {
      return null;
    }
  }
  return bytes;
}

/** A stream object read straight from the file's bytes: for the streams pdf-lib could not parse. */
function rawObjectStream(pdf: Uint8Array, objectNumber: number): Buffer | null {
  const bytes = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  const header = new RegExp(`(^|[\\r\\n])${objectNumber} 0 obj`).exec(bytes.toString('latin1'));
  if (!header) return null;
  const start = bytes.indexOf('stream', header.index, 'latin1');
  const endObj = bytes.indexOf('endobj', header.index, 'latin1');
  if (start < 0 || endObj < 0 || start > endObj) return null;
  const dict = bytes.toString('latin1', header.index, start);
  let dataStart = start + 6;
  if (bytes[dataStart] === 0x0d) dataStart++;
  if (bytes[dataStart] === 0x0a) dataStart++;
  const dataEnd = bytes.lastIndexOf('endstream', endObj, 'latin1');
  if (dataEnd < dataStart) return null;
  let data = bytes.subarray(dataStart, dataEnd);
  if (/\/Filter\s*\/FlateDecode/.test(dict)) {
    try {
      data = inflateSync(data, { maxOutputLength: MAX_STREAM_BYTES });
    } catch {
      return null;
    }
  } else if (/\/Filter/.test(dict)) return null;
  return Buffer.from(data);
}

// -- fonts ----------------------------------------------------------------------------------------

interface FontDecoder {
  /** Bytes per character code. */
  width: 1 | 2;
  map: Map<number, string> | null;
}

function fontDecoder(doc: PDFDocument, font: PDFDict, pdf: Uint8Array): FontDecoder {
  const subtype = font.lookupMaybe(PDFName.of('Subtype'), PDFName)?.asString();
  const width: 1 | 2 = subtype === '/Type0' ? 2 : 1;
  const toUnicode = streamBytes(deref(doc, font.get(PDFName.of('ToUnicode'))));
  if (toUnicode) return { width, map: parseToUnicode(toUnicode.toString('latin1')) };
  if (width === 2) {
    // Identity-H glyph ids: invert the embedded TrueType font's cmap.
    const descendant = deref(doc, font.lookupMaybe(PDFName.of('DescendantFonts'), PDFArray)?.get(0));
    const descriptor = descendant instanceof PDFDict ? deref(doc, descendant.get(PDFName.of('FontDescriptor'))) : undefined;
    const fileRef = descriptor instanceof PDFDict ? descriptor.get(PDFName.of('FontFile2')) : undefined;
    let file = streamBytes(deref(doc, fileRef));
    // pdf-lib drops a stream whose /Length is a reference to a later object (CUPS's texttopdf writes them).
    if (!file && fileRef instanceof PDFRef) file = rawObjectStream(pdf, fileRef.objectNumber);
    return { width, map: file ? glyphToUnicode(file) : null };
  }
  return { width, map: null };
}

function hexNumber(hex: string): number {
  return parseInt(hex, 16);
}

function hexText(hex: string): string {
  const units: number[] = [];
  for (let i = 0; i + 4 <= hex.length; i += 4) units.push(parseInt(hex.slice(i, i + 4), 16));
  if (hex.length === 2) units.push(parseInt(hex, 16));
  return String.fromCharCode(...units);
}

export function parseToUnicode(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const m of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]*)>/g)) map.set(hexNumber(m[1]!), hexText(m[2]!));
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const m of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(<[0-9a-fA-F]*>|\[[^\]]*\])/g)) {
      const lo = hexNumber(m[1]!);
      const hi = Math.min(hexNumber(m[2]!), lo + 0xffff);
      const target = m[3]!;
      if (target.startsWith('[')) {
        const items = [...target.matchAll(/<([0-9a-fA-F]*)>/g)].map((x) => hexText(x[1]!));
        items.forEach((text, i) => lo + i <= hi && map.set(lo + i, text));
      } else {
        const base = hexText(target.slice(1, -1));
        const last = base.charCodeAt(base.length - 1);
        for (let code = lo; code <= hi; code++) map.set(code, base.slice(0, -1) + String.fromCharCode(last + code - lo));
      }
    }
  }
  return map;
}

/** Glyph id → character, from a TrueType font's cmap (format 4 or 12). Null when it has none. */
export function glyphToUnicode(font: Buffer): Map<number, string> | null {
  try {
    const tables = font.readUInt16BE(4);
    let cmap = -1;
    for (let i = 0; i < tables; i++) {
      const entry = 12 + i * 16;
      if (font.toString('latin1', entry, entry + 4) === 'cmap') cmap = font.readUInt32BE(entry + 8);
    }
    if (cmap < 0) return null;
    const subtables = font.readUInt16BE(cmap + 2);
    const map = new Map<number, string>();
    for (let i = 0; i < subtables; i++) {
      const platform = font.readUInt16BE(cmap + 4 + i * 8);
      const encoding = font.readUInt16BE(cmap + 6 + i * 8);
      if (!(platform === 3 && (encoding === 1 || encoding === 10)) && platform !== 0) continue;
      const at = cmap + font.readUInt32BE(cmap + 8 + i * 8);
      const format = font.readUInt16BE(at);
      if (format === 4) {
        const segments = font.readUInt16BE(at + 6) / 2;
        const ends = at + 14;
        const starts = ends + segments * 2 + 2;
        const deltas = starts + segments * 2;
        const offsets = deltas + segments * 2;
        for (let s = 0; s < segments; s++) {
          const end = font.readUInt16BE(ends + s * 2);
          const start = font.readUInt16BE(starts + s * 2);
          const delta = font.readInt16BE(deltas + s * 2);
          const rangeOffset = font.readUInt16BE(offsets + s * 2);
          for (let c = start; c <= end && c !== 0xffff; c++) {
            let glyph: number;
            if (rangeOffset === 0) glyph = (c + delta) & 0xffff;
            else {
              const g = font.readUInt16BE(offsets + s * 2 + rangeOffset + (c - start) * 2);
              glyph = g === 0 ? 0 : (g + delta) & 0xffff;
            }
            if (glyph && !map.has(glyph)) map.set(glyph, String.fromCodePoint(c));
          }
        }
      } else if (format === 12) {
        const groups = font.readUInt32BE(at + 12);
        for (let g = 0; g < Math.min(groups, 65536); g++) {
          const base = at + 16 + g * 12;
          const start = font.readUInt32BE(base);
          const end = Math.min(font.readUInt32BE(base + 4), start + 0xffff);
          const glyph = font.readUInt32BE(base + 8);
          for (let c = start; c <= end; c++) if (!map.has(glyph + c - start)) map.set(glyph + c - start, String.fromCodePoint(c));
        }
      }
    }
    return map.size ? map : null;
  } catch {
    return null;
  }
}

// -- content streams ------------------------------------------------------------------------------

type Token =
  | { kind: 'op'; value: string }
  | { kind: 'string'; value: Buffer }
  | { kind: 'number'; value: number }
  | { kind: 'name'; value: string }
  | { kind: 'array'; items: Token[] }
  | { kind: 'open' | 'close' };

function* tokens(src: Buffer): Generator<Token> {
  let i = 0;
  const n = src.length;
  const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0x00;
  const isDelim = (c: number) => isSpace(c) || c === 0x28 || c === 0x29 || c === 0x3c || c === 0x3e || c === 0x5b || c === 0x5d || c === 0x2f || c === 0x25 || c === 0x7b || c === 0x7d;
  while (i < n) {
    const c = src[i]!;
    if (isSpace(c)) {
      i++;
    } else if (c === 0x25) {
      while (i < n && src[i] !== 0x0a && src[i] !== 0x0d) i++;
    } else if (c === 0x28) {
      const out: number[] = [];
      let depth = 1;
      i++;
      while (i < n && depth > 0) {
        const ch = src[i++]!;
        if (ch === 0x5c && i < n) {
          const e = src[i++]!;
          const simple: Record<number, number> = { 0x6e: 10, 0x72: 13, 0x74: 9, 0x62: 8, 0x66: 12 };
          if (e in simple) out.push(simple[e]!);
          else if (e >= 0x30 && e <= 0x37) {
            let v = e - 0x30;
            for (let k = 0; k < 2 && i < n && src[i]! >= 0x30 && src[i]! <= 0x37; k++) v = v * 8 + (src[i++]! - 0x30);
            out.push(v & 0xff);
          } else if (e !== 0x0a && e !== 0x0d) out.push(e);
        } else {
          if (ch === 0x28) depth++;
          else if (ch === 0x29 && --depth === 0) break;
          out.push(ch);
        }
      }
      yield { kind: 'string', value: Buffer.from(out) };
    } else if (c === 0x3c && src[i + 1] === 0x3c) {
      i += 2;
      yield { kind: 'open' };
    } else if (c === 0x3e && src[i + 1] === 0x3e) {
      i += 2;
      yield { kind: 'close' };
    } else if (c === 0x3c) {
      const end = src.indexOf(0x3e, i);
      const hex = src.toString('latin1', i + 1, end < 0 ? n : end).replace(/[^0-9a-fA-F]/g, '');
      i = end < 0 ? n : end + 1;
      yield { kind: 'string', value: Buffer.from(hex.length % 2 ? hex + '0' : hex, 'hex') };
    } else if (c === 0x5b) {
      i++;
      yield { kind: 'open' };
    } else if (c === 0x5d) {
      i++;
      yield { kind: 'close' };
    } else if (c === 0x2f) {
      let j = i + 1;
      while (j < n && !isDelim(src[j]!)) j++;
      yield { kind: 'name', value: src.toString('latin1', i, j) };
      i = j;
    } else {
      let j = i;
      while (j < n && !isDelim(src[j]!)) j++;
      if (j === i) j++;
      const word = src.toString('latin1', i, j);
      i = j;
      if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(word)) {
        yield { kind: 'number', value: Number(word) };
      } else if (word === 'ID') {
        // Inline image data: skip to "EI" after whitespace.
        const end = src.indexOf('EI', i, 'latin1');
        i = end < 0 ? n : end + 2;
      } else {
        yield { kind: 'op', value: word };
      }
    }
  }
}

function decode(bytes: Buffer, font: FontDecoder | undefined): string {
  const width = font?.width ?? 1;
  let out = '';
  for (let i = 0; i + width <= bytes.length; i += width) {
    const code = width === 2 ? bytes.readUInt16BE(i) : bytes[i]!;
    const mapped = font?.map?.get(code);
    out += mapped ?? (width === 1 ? String.fromCharCode(code) : '');
  }
  return out;
}

/** Text lines in content order: a new line at each line move with a vertical change. */
export function textLines(content: Buffer, fonts: ReadonlyMap<string, FontDecoder>, drawForm: (name: string) => string[] = () => []): string[] {
  const lines: string[] = [];
  let line = '';
  let font: FontDecoder | undefined;
  let lineY: number | null = null;
  let operands: Token[] = [];
  /** Open arrays (and dictionaries, read the same way), innermost last. */
  const open: Token[][] = [];
  const newLine = () => {
    if (line.trim()) lines.push(line);
    line = '';
  };
  for (const token of tokens(content)) {
    if (token.kind === 'open') {
      open.push([]);
      continue;
    }
    if (token.kind === 'close') {
      const items = open.pop();
      if (items) (open.length ? open[open.length - 1]! : operands).push({ kind: 'array', items });
      continue;
    }
    if (open.length) {
      open[open.length - 1]!.push(token);
      continue;
    }
    if (token.kind !== 'op') {
      operands.push(token);
      continue;
    }
    const nums = operands.filter((t): t is { kind: 'number'; value: number } => t.kind === 'number').map((t) => t.value);
    switch (token.value) {
      case 'BT':
        lineY = null;
        break;
      case 'Tf': {
        const name = operands.find((t) => t.kind === 'name');
        font = name && name.kind === 'name' ? fonts.get(name.value) : undefined;
        break;
      }
      case 'Td':
      case 'TD':
        if (nums.length >= 2 && nums[1] !== 0) newLine();
        break;
      case 'Tm':
        if (nums.length >= 6) {
          if (lineY !== null && Math.abs(nums[5]! - lineY) > 0.5) newLine();
          lineY = nums[5]!;
        }
        break;
      case 'T*':
        newLine();
        break;
      case 'Tj':
      case "'":
      case '"': {
        if (token.value !== 'Tj') newLine();
        const str = operands.filter((t) => t.kind === 'string').pop();
        if (str && str.kind === 'string') line += decode(str.value, font);
        break;
      }
      case 'TJ': {
        const last = operands[operands.length - 1];
        for (const item of last?.kind === 'array' ? last.items : []) {
          if (item.kind === 'string') line += decode(item.value, font);
          else if (item.kind === 'number' && item.value < -200) line += ' ';
        }
        break;
      }
      case 'ET':
        break;
      case 'Do': {
        const name = operands.find((t) => t.kind === 'name');
        if (name && name.kind === 'name') {
          const inner = drawForm(name.value);
          if (inner.length) {
            newLine();
            lines.push(...inner);
          }
        }
        break;
      }
    }
    operands = [];
  }
  newLine();
  return lines;
}

export type { FontDecoder };
