/**
 * One printed document, from its bytes to a PDF file: PDF is written to disk as it arrives and
 * checked to be whole (a PDF header, not cut off); its structure, encryption, scripts and pages are
 * checked where every document is, when Compose adds it (one check, one set of messages, and a
 * printed PDF is not parsed twice on its way). With page-ranges it is opened here to select them.
 * JPEG is collected and placed
 * on a page; PWG and Apple raster are decoded as they arrive into fax-resolution pages.
 * `application/octet-stream` is recognised from its first bytes. Whatever goes wrong becomes a
 * DocumentError whose message a person can read (it goes into the IPP status message).
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { MAX_DOCUMENT_PAGES } from '../../../shared/domain/documents';
import { pdfNotWhole } from '../../documents/formats/pdf';
import { inspectDocument } from '../../documents/inspect';
import { FaxPageBuilder, type GrayPage } from '../raster/fax-page';
import { DEFAULT_RASTER_LIMITS, RasterError, RasterStream, type RasterFormat } from '../raster/raster-stream';
import { GrayPagesPdf, jpegToPdf, selectPages, type PaperSize } from './pdf-pages';

export const SUPPORTED_FORMATS = ['application/pdf', 'image/pwg-raster', 'image/urf', 'image/jpeg'] as const;
export type DocumentFormat = (typeof SUPPORTED_FORMATS)[number];
/** What a client may name: the four formats, or "look at the bytes". */
export const ACCEPTED_FORMATS = ['application/octet-stream', ...SUPPORTED_FORMATS] as const;

export const PRODUCER = 'Faxdesk fax printer';

/** The document cannot become a fax page: `message` says why, in plain words. */
export class DocumentError extends Error {}

export interface FinishedDocument {
  format: DocumentFormat;
  /** null: a PDF passed through as it came (Compose counts its pages when it adds it). */
  pages: number | null;
  /** The PDF written (the path given to the sink). */
  pdfPath: string;
}

export interface DocumentOptions {
  /** The PDF to write. */
  pdfPath: string;
  /** Where a PDF is collected while it arrives (removed after). */
  partPath: string;
  /** For messages: "report.pdf". */
  name: string;
  /** Paper for a JPEG. */
  paper: PaperSize;
  /** Pages to keep (IPP page-ranges), PDF only. */
  pageRanges?: readonly { lower: number; upper: number }[];
}

export interface DocumentSink {
  write(chunk: Uint8Array): Promise<void> | void;
  finish(): Promise<FinishedDocument>;
  /** Removes whatever was written; safe to call at any point, more than once. */
  abort(): Promise<void>;
}

const JPEG_MAX_BYTES = 64 * 1024 * 1024;

export function createDocumentSink(format: (typeof ACCEPTED_FORMATS)[number], options: DocumentOptions): DocumentSink {
  switch (format) {
    case 'application/pdf':
      return new PdfSink(options);
    case 'image/jpeg':
      return new JpegSink(options);
    case 'image/pwg-raster':
      return new RasterSink('pwg', options);
    case 'image/urf':
      return new RasterSink('urf', options);
    case 'application/octet-stream':
      return new SniffingSink(options);
  }
}

/**
 * Which format the first bytes say: null when none Faxdesk reads, undefined when more bytes are
 * needed to tell (a PDF header may come after up to 1024 bytes of something else).
 */
export function sniffFormat(head: Uint8Array, final = false): DocumentFormat | null | undefined {
  if (head.byteLength < 8 && !final) return undefined;
  const text = Buffer.from(head.buffer, head.byteOffset, Math.min(head.byteLength, 1024)).toString('latin1');
  if (text.startsWith('RaS2')) return 'image/pwg-raster';
  if (text.startsWith('UNIRAST')) return 'image/urf';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (text.includes('%PDF-')) return 'application/pdf';
  return head.byteLength < 1024 && !final ? undefined : null;
}

/** The header and end-of-file checks of a PDF, on its first and last KiB only. */
async function notWholePdf(file: string, size: number): Promise<string | null> {
  const handle = await fsp.open(file, 'r');
  try {
    const head = Buffer.alloc(Math.min(size, 1024));
    await handle.read(head, 0, head.byteLength, 0);
    const tail = Buffer.alloc(Math.min(size, 1024));
    await handle.read(tail, 0, tail.byteLength, size - tail.byteLength);
    return pdfNotWhole(size <= 2048 ? await fsp.readFile(file) : Buffer.concat([head, Buffer.from('\n'), tail]));
  } finally {
    await handle.close();
  }
}

async function removeQuietly(file: string): Promise<void> {
  await fsp.rm(file, { force: true }).catch(() => undefined);
}

class PdfSink implements DocumentSink {
  private readonly out: fs.WriteStream;
  private closed: Promise<void>;
  private error: Error | null = null;
  private written = 0;

  constructor(private readonly options: DocumentOptions) {
    this.out = fs.createWriteStream(options.partPath, { flags: 'wx' });
    this.out.on('error', (error) => (this.error = error));
    this.closed = new Promise((resolve) => this.out.on('close', () => resolve()));
  }

  async write(chunk: Uint8Array): Promise<void> {
    if (this.error) throw this.error;
    this.written += chunk.byteLength;
    if (!this.out.write(chunk)) await new Promise<void>((resolve) => this.out.once('drain', () => resolve()));
  }

  async finish(): Promise<FinishedDocument> {
    this.out.end();
    await this.closed;
    if (this.error) throw this.error;
    try {
      if (!this.options.pageRanges?.length) {
        const size = this.written;
        if (size === 0) throw new DocumentError(`"${this.options.name}" arrived empty: there is nothing to fax.`);
        const notWhole = await notWholePdf(this.options.partPath, size);
        if (notWhole) throw new DocumentError(`"${this.options.name}" did not arrive as a whole PDF: ${notWhole}. Print it again.`);
        await fsp.rename(this.options.partPath, this.options.pdfPath);
        return { format: 'application/pdf', pages: null, pdfPath: this.options.pdfPath };
      }
      const bytes = await fsp.readFile(this.options.partPath);
      const inspection = await inspectDocument(this.options.name, 'PDF', bytes);
      if (!inspection.ok) throw new DocumentError(inspection.message);
      const pages = inspection.pages ?? 0;
      const selected = await selectPages(bytes, this.options.pageRanges, PRODUCER);
      if (!selected) throw new DocumentError(`None of the pages asked for (page-ranges) is in "${this.options.name}", which has ${pages} pages.`);
      await fsp.writeFile(this.options.pdfPath, selected.bytes, { flag: 'wx' });
      return { format: 'application/pdf', pages: selected.pages, pdfPath: this.options.pdfPath };
    } finally {
      await removeQuietly(this.options.partPath);
    }
  }

  async abort(): Promise<void> {
    this.out.destroy();
    await this.closed;
    await removeQuietly(this.options.partPath);
    await removeQuietly(this.options.pdfPath);
  }
}

class JpegSink implements DocumentSink {
  private chunks: Uint8Array[] = [];
  private size = 0;

  constructor(private readonly options: DocumentOptions) {}

  write(chunk: Uint8Array): void {
    this.size += chunk.byteLength;
    if (this.size > JPEG_MAX_BYTES) throw new DocumentError(`The picture is larger than ${JPEG_MAX_BYTES / 1024 / 1024} MB; print it at a smaller size.`);
    this.chunks.push(Buffer.from(chunk));
  }

  async finish(): Promise<FinishedDocument> {
    const bytes = Buffer.concat(this.chunks);
    this.chunks = [];
    const inspection = await inspectDocument(this.options.name, 'JPG', bytes);
    if (!inspection.ok) throw new DocumentError(inspection.message);
    let pdf: Uint8Array;
    try {
      pdf = await jpegToPdf(bytes, this.options.paper, PRODUCER);
    } catch {
      throw new DocumentError(`"${this.options.name}" is a JPEG picture Faxdesk cannot place on a page (its encoding is not one PDF readers support). Save it again as a standard JPEG and print it again.`);
    }
    await fsp.writeFile(this.options.pdfPath, pdf, { flag: 'wx' });
    return { format: 'image/jpeg', pages: 1, pdfPath: this.options.pdfPath };
  }

  async abort(): Promise<void> {
    this.chunks = [];
    await removeQuietly(this.options.pdfPath);
  }
}

class RasterSink implements DocumentSink {
  private readonly stream: RasterStream;
  private readonly pdf = new GrayPagesPdf();
  /** Pages decoded but not yet added to the PDF (added between chunks). */
  private ready: GrayPage[] = [];

  constructor(
    private readonly kind: RasterFormat,
    private readonly options: DocumentOptions,
  ) {
    this.stream = new RasterStream(kind, (header) => new FaxPageBuilder(header, (page) => this.ready.push(page)), { ...DEFAULT_RASTER_LIMITS, maxPages: MAX_DOCUMENT_PAGES });
  }

  private get label(): string {
    return this.kind === 'pwg' ? 'PWG raster' : 'Apple raster';
  }

  async write(chunk: Uint8Array): Promise<void> {
    try {
      this.stream.push(chunk);
    } catch (error) {
      throw this.explain(error);
    }
    await this.flushPages();
  }

  async finish(): Promise<FinishedDocument> {
    try {
      this.stream.end();
    } catch (error) {
      throw this.explain(error);
    }
    await this.flushPages();
    await fsp.writeFile(this.options.pdfPath, await this.pdf.save(PRODUCER), { flag: 'wx' });
    return { format: this.kind === 'pwg' ? 'image/pwg-raster' : 'image/urf', pages: this.pdf.pages, pdfPath: this.options.pdfPath };
  }

  async abort(): Promise<void> {
    this.ready = [];
    await removeQuietly(this.options.pdfPath);
  }

  private async flushPages(): Promise<void> {
    while (this.ready.length) await this.pdf.add(this.ready.shift()!);
  }

  private explain(error: unknown): Error {
    if (error instanceof RasterError) return new DocumentError(`The ${this.label} sent for "${this.options.name}" is damaged: ${error.message}. Print it again.`);
    return error as Error;
  }
}

/** application/octet-stream: decides from the first bytes, then behaves as that format's sink. */
class SniffingSink implements DocumentSink {
  private inner: DocumentSink | null = null;
  private head: Buffer = Buffer.alloc(0);

  constructor(private readonly options: DocumentOptions) {}

  async write(chunk: Uint8Array): Promise<void> {
    if (this.inner) return this.inner.write(chunk);
    this.head = Buffer.concat([this.head, chunk]);
    const format = sniffFormat(this.head);
    if (format === undefined) return;
    if (format === null) throw new DocumentError(`"${this.options.name}" is not a PDF, PWG raster, Apple raster or JPEG, the formats Faxdesk's printer reads.`);
    this.inner = createDocumentSink(format, this.options);
    const head = this.head;
    this.head = Buffer.alloc(0);
    await this.inner.write(head);
  }

  async finish(): Promise<FinishedDocument> {
    if (!this.inner) {
      if (this.head.byteLength === 0) throw new DocumentError(`"${this.options.name}" arrived empty: there is nothing to fax.`);
      const format = sniffFormat(this.head, true);
      if (!format) throw new DocumentError(`"${this.options.name}" is not a PDF, PWG raster, Apple raster or JPEG, the formats Faxdesk's printer reads.`);
      this.inner = createDocumentSink(format, this.options);
      await this.inner.write(this.head);
    }
    return this.inner.finish();
  }

  async abort(): Promise<void> {
    await this.inner?.abort();
  }
}
