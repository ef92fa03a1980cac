/**
 * A fax as TIFF, for "Save as" and the browser's download. Faxdesk keeps every fax as the PDF the
 * service gave it; the service itself stores faxes as TIFF and answers GET /faxes/{id}/image with
 * desired_format=TIFF, so the TIFF is fetched when someone asks for it, through the account's API
 * client, and checked before anything is written: a TIFF whose page directories and image data are
 * whole (checkTiff), with as many pages as the PDF Faxdesk holds of the same fax.
 */
import type { FaxServiceClient } from '../api/fax-service-client';
import { checkPdf } from '../documents/formats/pdf';
import { checkTiff } from '../documents/formats/tiff';
import { AppError, isAppError } from '../errors';

export interface FaxTiffDeps {
  clientFor(accountId: string): Promise<Pick<FaxServiceClient, 'getImage'>>;
  isSandbox(accountId: string): boolean;
}

export interface FaxRef {
  accountId: string;
  faxId: string;
  /** The PDF Faxdesk holds of this fax: the TIFF must have as many pages. */
  pdf: Uint8Array;
}

const plural = (n: number) => `${n} page${n === 1 ? '' : 's'}`;

export class FaxTiffs {
  constructor(private readonly deps: FaxTiffDeps) {}

  async fetch(fax: FaxRef): Promise<Uint8Array> {
    const client = await this.deps.clientFor(fax.accountId);
    let data: Uint8Array;
    try {
      data = (await client.getImage(fax.faxId, 'TIFF')).data;
    } catch (error) {
      if (isAppError(error) && error.httpStatus === 501) {
        throw new AppError(
          'VALIDATION',
          this.deps.isSandbox(fax.accountId)
            ? 'The Sandbox in this copy of Faxdesk cannot make TIFF images (that needs parts only a development setup has). Save the fax as PDF instead; a real fax account gives TIFF.'
            : 'The fax service does not give this fax as TIFF. Save it as PDF instead.',
          { cause: error, httpStatus: 501 },
        );
      }
      throw error;
    }
    const tiff = checkTiff(data);
    if (!tiff.ok) {
      throw new AppError('BAD_RESPONSE', `The fax service sent a TIFF of this fax that cannot be read (${tiff.reason}). Nothing was saved; try again in a while, or save it as PDF.`);
    }
    const pdf = await checkPdf(fax.pdf);
    if (pdf.ok && pdf.info.pages !== tiff.info.pages) {
      throw new AppError(
        'BAD_RESPONSE',
        `The fax service sent a TIFF of ${plural(tiff.info.pages)}, but this fax has ${plural(pdf.info.pages)}. Nothing was saved; try again in a while, or save it as PDF.`,
      );
    }
    return data;
  }
}
