/**
 * Fax images for the rest of the emulator: renders a sent fax's PDF from its stored documents, makes
 * inbound images from the sample documents, and converts stored PDFs to TIFF on request.
 */
import type { HeaderOptions } from '../../shared/header';
import type { FaxRecord } from '../state/model';
import type { Store } from '../state/store';
import { DEFAULT_HEADER, extractPdfPage, renderFaxPdf, renderInboundPdf } from './compose';
import { RenderError } from './documents';
import { loadSampleDocuments, type SampleDocument } from './samples';
import { pdfPageToTiff, pdfToTiff, type Resolution } from './tiff';

export interface RenderedImage {
  hash: string;
  pages: number;
  bytes: number;
  /** Characters no bundled font has, printed as U+FFFD on the image. */
  missingCharacters: string[];
}

export class ImageService {
  private samples: Promise<SampleDocument[]> | null = null;

  constructor(
    private readonly store: Store,
    private readonly samplesDir: string | undefined,
  ) {}

  sampleDocuments(): Promise<SampleDocument[]> {
    this.samples ??= loadSampleDocuments(this.samplesDir);
    return this.samples;
  }

  /**
   * The image of a sent fax as its sender's documents, cover page and header make it. `timeZone` is
   * the sender's; `senderNumber` fills FROM in the default header when no caller ID was given.
   */
  async renderOutbound(fax: FaxRecord, timeZone: string, senderNumber: string): Promise<RenderedImage> {
    const options = fax.options!;
    const documents = fax.documents.map((d) => {
      const bytes = this.store.getBlob(d.blob);
      if (!bytes) throw new RenderError(`a document of fax ${fax.faxId} is missing from storage`);
      return { type: d.type, bytes };
    });
    const custom = options.header as HeaderOptions | null;
    const { pdf, pages, missingCharacters } = await renderFaxPdf({
      title: `Fax ${fax.faxId}`,
      documents,
      cover: options.includeCoverPage
        ? {
            toName: fax.toName,
            toCompany: fax.toCompany,
            toNumber: fax.destinationFaxNumber,
            fromName: options.coverPage.fromName,
            fromNumber: options.callerId || senderNumber,
            subject: options.coverPage.subject,
            message: options.coverPage.message,
            tags: options.coverPage.tags,
          }
        : null,
      header: custom ?? DEFAULT_HEADER,
      headerContext: {
        toNumber: fax.destinationFaxNumber,
        // The spec: ${FROM_NUMBER} is custom_CallerID as submitted. The default header shows the sender's number instead.
        fromNumber: custom ? options.callerId : options.callerId || senderNumber,
        csid: options.csid,
        faxId: fax.faxId,
        date: new Date(fax.headerDate ?? fax.createdAt),
        timeZone,
      },
    });
    return { hash: this.store.putBlob(pdf), pages, bytes: pdf.length, missingCharacters };
  }

  async renderInbound(input: {
    faxId: string;
    pages: number;
    fromNumber: string;
    tsid: string;
    toNumber: string;
    date: number;
    sampleIndex: number;
  }): Promise<RenderedImage> {
    const samples = await this.sampleDocuments();
    const { pdf, pages, missingCharacters } = await renderInboundPdf({
      samples,
      first: input.sampleIndex,
      pages: input.pages,
      title: `Fax ${input.faxId}`,
      // The sending machine's header: its own TSID and number, as fax machines print them.
      header: { line_1: ['${DATE_TIME3}', '${CSID}', 'FROM: ${FROM_NUMBER}', 'P. ${CURRENT_PAGE}/${TOTAL_PAGE}'] },
      headerContext: {
        toNumber: input.toNumber,
        fromNumber: input.fromNumber,
        csid: input.tsid === 'unavailable' ? '' : input.tsid,
        faxId: input.faxId,
        date: new Date(input.date),
        timeZone: 'UTC',
      },
    });
    return { hash: this.store.putBlob(pdf), pages, bytes: pdf.length, missingCharacters };
  }

  pdf(hash: string): Uint8Array | undefined {
    return this.store.getBlob(hash);
  }

  tiff(hash: string, resolution: Resolution): Promise<Buffer> {
    const pdf = this.pdfOrThrow(hash);
    return pdfToTiff(hash, pdf, resolution);
  }

  tiffPage(hash: string, resolution: Resolution, index: number): Promise<Buffer> {
    return pdfPageToTiff(hash, this.pdfOrThrow(hash), resolution, index);
  }

  async pdfPage(hash: string, index: number): Promise<Uint8Array> {
    return extractPdfPage(this.pdfOrThrow(hash), index);
  }

  private pdfOrThrow(hash: string): Uint8Array {
    const pdf = this.store.getBlob(hash);
    if (!pdf) throw new Error(`image ${hash} is missing from storage`);
    return pdf;
  }
}
