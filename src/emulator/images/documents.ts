/**
 * Turning the documents of a send request into fax pages (the service's "rasterisation", done here in
 * PDF with pdf-lib):
 * - TXT (and HTML, RTF, CSV once reduced to text): laid out in a monospaced font on Letter pages,
 *   word-wrapped, a form feed starts a new page; any script (src/pdf-text);
 * - PDF: its pages copied as they are (an encrypted or unreadable PDF fails: E07);
 * - PNG, JPG/JPEG, BMP, TIF/TIFF (every page): each image placed on a page, scaled to fit;
 * - DOCX and PPTX: their text (paragraphs; one page per slide) laid out like TXT;
 * - formats the Sandbox cannot lay out (DOC, XLS, XLSX, PPT, WPD, GIF, ...): one page saying so, so
 *   the fax still has a page per such document and the flow can be tried end to end.
 * A document that cannot be read throws RenderError, which the carrier reports as E07.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import * as UTIFModule from 'utif2';
import type { PdfText } from '../../pdf-text';
import { decodeBmp, encodePng, readZipEntries } from './codecs';

// utif2 is CommonJS: under ESM its functions hang off the default export; bundlers may flatten it.
const UTIF = ((UTIFModule as unknown as { default?: typeof UTIFModule }).default ?? UTIFModule) as typeof UTIFModule;

export class RenderError extends Error {}

export const LETTER: [number, number] = [612, 792];
/** Room kept at the top of generated pages for the fax header. */
export const HEADER_BAND = 40;
const MARGIN = 54;
const TEXT_SIZE = 10;
const LINE_HEIGHT = 12.5;

export interface Fonts {
  mono: PDFFont;
  sans: PDFFont;
  sansBold: PDFFont;
}

/** The standard fonts, for the Sandbox's English sample documents (fax pages use src/pdf-text). */
export async function embedFonts(doc: PDFDocument): Promise<Fonts> {
  const cache: Partial<Fonts> = {};
  return {
    get mono() {
      return (cache.mono ??= doc.embedStandardFont(StandardFonts.Courier));
    },
    get sans() {
      return (cache.sans ??= doc.embedStandardFont(StandardFonts.Helvetica));
    },
    get sansBold() {
      return (cache.sansBold ??= doc.embedStandardFont(StandardFonts.HelveticaBold));
    },
  };
}

/** Saving without object streams is about twice as fast, and the files differ little in size. */
export const SAVE_OPTIONS = { useObjectStreams: false } as const;

export function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  return new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');
}

/** Wraps one paragraph to `width` characters, breaking at spaces when it can. */
export function wrapLine(line: string, width: number): string[] {
  if (line.length <= width) return [line];
  const out: string[] = [];
  let rest = line;
  while (rest.length > width) {
    let cut = rest.lastIndexOf(' ', width);
    if (cut <= 0) cut = width;
    out.push(rest.slice(0, cut).trimEnd());
    rest = rest.slice(cut).replace(/^ /, '');
  }
  out.push(rest);
  return out;
}

/** A text document lays out at most this many pages (a huge text would stall the Sandbox for minutes). */
export const MAX_TEXT_PAGES = 200;

/** Lays text out on new Letter pages. Returns the number of pages added. */
export async function addTextPages(doc: PDFDocument, pdfText: PdfText, text: string): Promise<number> {
  const [width, height] = LETTER;
  const width0 = width - 2 * MARGIN;
  const columns = Math.floor(width0 / (TEXT_SIZE * 0.6));
  const rows = Math.floor((height - HEADER_BAND - MARGIN - MARGIN / 2) / LINE_HEIGHT);
  const pages: string[][] = [[]];
  let cut = false;
  // More characters than MAX_TEXT_PAGES full pages can hold is certainly cut: no need to look at them.
  const limit = MAX_TEXT_PAGES * rows * (columns + 1);
  const source = text.length > limit ? text.slice(0, limit) : text;
  fill: for (const formPage of source.replace(/\r\n?/g, '\n').split('\f')) {
    if (pages[pages.length - 1]!.length > 0) pages.push([]);
    for (const line of formPage.split('\n')) {
      for (const piece of wrapLine(line.replace(/\t/g, '    '), columns)) {
        if (pages[pages.length - 1]!.length >= rows) {
          if (pages.length >= MAX_TEXT_PAGES) {
            cut = true;
            break fill;
          }
          pages.push([]);
        }
        pages[pages.length - 1]!.push(piece);
      }
    }
  }
  if (cut || source.length < text.length) {
    const last = pages[pages.length - 1]!;
    last[last.length - 1] = `[The Sandbox lays out only the first ${MAX_TEXT_PAGES} pages of a text document.]`;
  }
  for (const lines of pages) {
    const page = doc.addPage(LETTER);
    let y = height - HEADER_BAND - MARGIN / 2 - TEXT_SIZE;
    for (const line of lines) {
      if (line.trim() !== '') {
        // Wide characters (CJK) take two columns' room: such a line is drawn smaller to stay on the page.
        const width = await pdfText.width(line, TEXT_SIZE, 'mono');
        const size = width > width0 ? (TEXT_SIZE * width0) / width : TEXT_SIZE;
        await pdfText.draw(page, line, { x: MARGIN, y, size, style: 'mono' });
      }
      y -= LINE_HEIGHT;
    }
  }
  return pages.length;
}

function htmlToText(html: string): string {
  return html
    .replace(/<(script|style|head)[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|tr|li|h[1-6]|table|section|article)>/gi, '\n')
    .replace(/<(td|th)[^>]*>/gi, '  ')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function rtfToText(rtf: string): string {
  if (!rtf.startsWith('{\\rtf')) throw new RenderError('the RTF document does not start with {\\rtf');
  return rtf
    .replace(/\{\\\*[^{}]*\}/g, '')
    .replace(/\{\\(fonttbl|colortbl|stylesheet|info)[\s\S]*?\}\}?/g, '')
    .replace(/\\par[d]?\s?/g, '\n')
    .replace(/\\tab\s?/g, '\t')
    .replace(/\\'([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    .replace(/\\[a-z]+-?\d* ?/gi, '')
    .replace(/[{}]/g, '')
    .trim();
}

function xmlText(xml: string, paragraphTag: string, textTag: string): string {
  const paragraphs = xml.split(new RegExp(`</${paragraphTag}>`));
  return paragraphs
    .map((p) =>
      [...p.matchAll(new RegExp(`<${textTag}(?:\\s[^>]*)?>([^<]*)</${textTag}>|<w:tab/>|<w:br/>`, 'g'))]
        .map((m) => (m[0] === '<w:tab/>' ? '\t' : m[0] === '<w:br/>' ? '\n' : (m[1] ?? '')))
        .join(''),
    )
    .join('\n')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();
}

function docxText(bytes: Uint8Array): string {
  const entries = readZipEntries(bytes, (name) => name === 'word/document.xml');
  const xml = entries.get('word/document.xml');
  if (!xml) throw new RenderError('the DOCX document has no word/document.xml');
  return xmlText(xml.toString('utf8'), 'w:p', 'w:t');
}

function pptxText(bytes: Uint8Array): string {
  const entries = readZipEntries(bytes, (name) => /^ppt\/slides\/slide\d+\.xml$/.test(name));
  if (entries.size === 0) throw new RenderError('the PPTX document has no slides');
  const slideNumber = (name: string) => Number(/(\d+)\.xml$/.exec(name)![1]);
  return [...entries.keys()]
    .sort((a, b) => slideNumber(a) - slideNumber(b))
    .map((name) => xmlText(entries.get(name)!.toString('utf8'), 'a:p', 'a:t'))
    .join('\f');
}

async function addImagePage(doc: PDFDocument, embed: () => Promise<{ width: number; height: number; draw: (page: PDFPage, box: Box) => void }>): Promise<void> {
  const image = await embed();
  const page = doc.addPage(LETTER);
  const [width, height] = LETTER;
  const room = { w: width - 2 * 36, h: height - HEADER_BAND - 36 };
  const scale = Math.min(room.w / image.width, room.h / image.height, 1.5);
  const w = image.width * scale;
  const h = image.height * scale;
  image.draw(page, { x: (width - w) / 2, y: height - HEADER_BAND - h, width: w, height: h });
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

async function addRgbaPage(doc: PDFDocument, rgba: Uint8Array, width: number, height: number): Promise<void> {
  const png = await doc.embedPng(encodePng(rgba, width, height));
  await addImagePage(doc, async () => ({ width, height, draw: (page, box) => page.drawImage(png, box) }));
}

async function addPlaceholderPage(doc: PDFDocument, pdfText: PdfText, type: string, bytes: number): Promise<void> {
  const page = doc.addPage(LETTER);
  const [width, height] = LETTER;
  page.drawRectangle({ x: MARGIN, y: height / 2 - 80, width: width - 2 * MARGIN, height: 180, borderColor: rgb(0, 0, 0), borderWidth: 1.5 });
  await pdfText.draw(page, `${type} document`, { x: MARGIN + 20, y: height / 2 + 60, size: 22, style: 'bold' });
  const lines = [
    `${bytes.toLocaleString('en-US')} bytes, accepted as the fax service accepts it.`,
    `The Sandbox does not lay out ${type} files: this page stands in for the document's`,
    'pages. Send PDF, TXT or an image to see the real content on the fax.',
  ];
  for (const [i, line] of lines.entries()) await pdfText.draw(page, line, { x: MARGIN + 20, y: height / 2 + 20 - i * 18, size: 12 });
}

/** Appends the pages of one document. Returns how many pages it added. */
export async function appendDocument(doc: PDFDocument, pdfText: PdfText, type: string, bytes: Uint8Array): Promise<number> {
  const before = doc.getPageCount();
  try {
    switch (type) {
      case 'TXT':
      case 'TEXT':
      case 'CSV':
        await addTextPages(doc, pdfText, decodeText(bytes));
        break;
      case 'HTML':
      case 'HTM':
        await addTextPages(doc, pdfText, htmlToText(decodeText(bytes)));
        break;
      case 'RTF':
        await addTextPages(doc, pdfText, rtfToText(decodeText(bytes)));
        break;
      case 'DOCX':
        await addTextPages(doc, pdfText, docxText(bytes));
        break;
      case 'PPTX':
        await addTextPages(doc, pdfText, pptxText(bytes));
        break;
      case 'PDF': {
        const source = await PDFDocument.load(bytes, { updateMetadata: false });
        const pages = await doc.copyPages(source, source.getPageIndices());
        if (pages.length === 0) throw new RenderError('the PDF has no pages');
        for (const page of pages) doc.addPage(page);
        break;
      }
      case 'PNG': {
        const png = await doc.embedPng(bytes);
        await addImagePage(doc, async () => ({ width: png.width, height: png.height, draw: (page, box) => page.drawImage(png, box) }));
        break;
      }
      case 'JPG':
      case 'JPEG': {
        const jpg = await doc.embedJpg(bytes);
        await addImagePage(doc, async () => ({ width: jpg.width, height: jpg.height, draw: (page, box) => page.drawImage(jpg, box) }));
        break;
      }
      case 'TIF':
      case 'TIFF': {
        const data = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
        const ifds = UTIF.decode(data).filter((ifd) => ifd['t256'] !== undefined);
        if (ifds.length === 0) throw new RenderError('the TIFF has no images');
        for (const ifd of ifds) {
          UTIF.decodeImage(data, ifd);
          await addRgbaPage(doc, UTIF.toRGBA8(ifd), ifd.width, ifd.height);
        }
        break;
      }
      case 'BMP': {
        const { width, height, rgba } = decodeBmp(bytes);
        await addRgbaPage(doc, rgba, width, height);
        break;
      }
      default:
        await addPlaceholderPage(doc, pdfText, type, bytes.length);
    }
  } catch (error) {
    // Leave no partial pages behind, then say what went wrong.
    while (doc.getPageCount() > before) doc.removePage(doc.getPageCount() - 1);
    if (error instanceof RenderError) throw error;
    throw new RenderError(`the ${type} document cannot be read: ${error instanceof Error ? error.message : String(error)}`);
  }
  return doc.getPageCount() - before;
}
