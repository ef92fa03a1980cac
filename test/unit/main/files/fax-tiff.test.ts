/**
 * FaxTiffs: the TIFF the service sends is written only when it is a whole TIFF with the fax's page
 * count; a service that cannot make TIFF (HTTP 501) is said plainly, differently for the Sandbox.
 */
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { encodeBilevelTiff, type BilevelPage } from '../../../../src/emulator/images/codecs';
import { AppError } from '../../../../src/main/errors';
import { FaxTiffs } from '../../../../src/main/files/fax-tiff';

const page = (): BilevelPage => ({ width: 64, height: 32, black: new Uint8Array(64 * 32).fill(1, 0, 64), xResolution: 204, yResolution: 196 });

async function pdfOf(pages: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  for (let i = 0; i < pages; i++) pdf.addPage([612, 792]);
  return pdf.save();
}

/** A FaxTiffs whose service answers `answer` (bytes, or an error to throw). */
function tiffsAnswering(answer: Uint8Array | Error, sandbox = false) {
  const asked: [string, string][] = [];
  const tiffs = new FaxTiffs({
    clientFor: async () => ({
      getImage: async (faxId, format = 'PDF') => {
        asked.push([faxId, format]);
        if (answer instanceof Error) throw answer;
        return { faxId, fileName: `${faxId}.tiff`, format, data: answer };
      },
    }),
    isSandbox: () => sandbox,
  });
  return { tiffs, asked };
}

describe('FaxTiffs', () => {
  it('hands over a whole TIFF with as many pages as the PDF, asking the service for TIFF', async () => {
    const tiff = encodeBilevelTiff([page(), page()]);
    const { tiffs, asked } = tiffsAnswering(tiff);
    await expect(tiffs.fetch({ accountId: 'a', faxId: 'f1', pdf: await pdfOf(2) })).resolves.toBe(tiff);
    expect(asked).toEqual([['f1', 'TIFF']]);
  });

  it('refuses an answer that is not a TIFF, a cut-off TIFF and one with the wrong page count', async () => {
    const pdf = await pdfOf(2);
    const whole = encodeBilevelTiff([page(), page()]);
    const cases: [Uint8Array, RegExp][] = [
      [Buffer.from('%PDF-1.7 not a tiff'), /^The fax service sent a TIFF of this fax that cannot be read \(.+\)\. Nothing was saved/],
      [whole.subarray(0, Math.floor(whole.length / 2)), /cannot be read \(the file is cut off/],
      [encodeBilevelTiff([page(), page(), page()]), /^The fax service sent a TIFF of 3 pages, but this fax has 2 pages\. Nothing was saved/],
    ];
    for (const [answer, message] of cases) {
      const { tiffs } = tiffsAnswering(answer);
      await expect(tiffs.fetch({ accountId: 'a', faxId: 'f1', pdf })).rejects.toMatchObject({ code: 'BAD_RESPONSE', message: expect.stringMatching(message) });
    }
  });

  it('says plainly that TIFF is not available (HTTP 501), naming the Sandbox when it is one', async () => {
    const notImplemented = new AppError('VALIDATION', 'The fax service cannot give fax f1 as TIFF (HTTP 501).', { httpStatus: 501 });
    const pdf = await pdfOf(1);
    await expect(tiffsAnswering(notImplemented, true).tiffs.fetch({ accountId: 'sandbox', faxId: 'f1', pdf })).rejects.toMatchObject({
      code: 'VALIDATION',
      message: expect.stringMatching(/^The Sandbox in this copy of Faxdesk cannot make TIFF images.*Save the fax as PDF instead/),
    });
    await expect(tiffsAnswering(notImplemented).tiffs.fetch({ accountId: 'a', faxId: 'f1', pdf })).rejects.toMatchObject({
      code: 'VALIDATION',
      message: 'The fax service does not give this fax as TIFF. Save it as PDF instead.',
    });
    // Other errors pass through as they are.
    const offline = new AppError('NETWORK', 'offline');
    await expect(tiffsAnswering(offline).tiffs.fetch({ accountId: 'a', faxId: 'f1', pdf })).rejects.toBe(offline);
  });
});
