/** What each kind of "Save as" writes, made by the service that owns it (inbox, outbox, contacts, desktop). */
import fs from 'node:fs';
import path from 'node:path';
import type { ContactsService } from '../contacts/contacts-service';
import type { FaxFileFormat, SaveRequest } from '../../shared/ipc/contract/files';
import type { DesktopService } from '../desktop/desktop-service';
import { AppError } from '../errors';
import type { InboxService } from '../inbox/inbox-service';
import type { OutboxService } from '../outbox';
import type { ReportResult } from '../../shared/domain/outbox';
import { madeAlready, type SaveContent, type SaveContentSource, type SaveFormat } from './file-dialog-service';
import type { FaxRef, FaxTiffs } from './fax-tiff';

const PDF = { name: 'PDF document', extensions: ['pdf'] };
const TIFF = { name: 'TIFF image (from the fax service)', extensions: ['tif', 'tiff'] };

export interface SaveContentDeps {
  inbox: InboxService;
  outbox: OutboxService;
  contacts: Pick<ContactsService, 'export'>;
  desktop: DesktopService;
  tiffs: FaxTiffs;
}

/** A fax in both formats, `first` first: the PDF Faxdesk holds, or the TIFF fetched when chosen. */
function faxFormats(fax: FaxRef, tiffs: FaxTiffs, first: FaxFileFormat = 'PDF'): [SaveFormat, ...SaveFormat[]] {
  const pdf = madeAlready(PDF, 'application/pdf', fax.pdf);
  const tiff: SaveFormat = { filter: TIFF, mimeType: 'image/tiff', make: () => tiffs.fetch(fax) };
  return first === 'TIFF' ? [tiff, pdf] : [pdf, tiff];
}

const withoutExtension = (fileName: string) => fileName.replace(/\.[^./\\]+$/, '');

/** A report made (transmission report, delivery confirmation), as a PDF to save. */
function reportContent(title: string, report: ReportResult): SaveContent {
  return {
    title,
    name: withoutExtension(path.basename(report.file)),
    formats: [madeAlready(PDF, 'application/pdf', Buffer.from(report.base64, 'base64'))],
    missingCharacters: report.missingCharacters,
  };
}

export function saveContentSource(deps: SaveContentDeps): SaveContentSource {
  return async (request: SaveRequest): Promise<SaveContent> => {
    switch (request.what) {
      case 'inbox-fax': {
        const saved = await deps.inbox.saveAs(request.id);
        if (saved.kind !== 'pdf') throw new AppError('FILE', 'The fax image could not be read.');
        const { fax } = deps.inbox.get({ id: request.id });
        const ref = { accountId: fax.accountId, faxId: fax.faxId, pdf: Buffer.from(saved.base64, 'base64') };
        return { title: 'Save the fax as', name: withoutExtension(saved.fileName), formats: faxFormats(ref, deps.tiffs, request.format) };
      }
      case 'sent-fax': {
        const image = await deps.outbox.image(request.jobId);
        if (image.kind !== 'pdf') throw new AppError('NOT_FOUND', image.message);
        const { job } = await deps.outbox.get(request.jobId, false);
        const ref = { accountId: job.accountId, faxId: image.faxId, pdf: Buffer.from(image.base64, 'base64') };
        return { title: 'Save the sent fax as', name: withoutExtension(image.fileName), formats: faxFormats(ref, deps.tiffs, request.format) };
      }
      case 'report':
        return reportContent('Save the transmission report as', await deps.outbox.report(request.jobId));
      case 'confirmation':
        return reportContent('Save the delivery confirmation as', await deps.outbox.confirmation(request.jobId));
      case 'outbox-csv': {
        const { what: _what, ...filters } = request;
        const csv = await deps.outbox.exportCsv(filters);
        if (csv.kind !== 'text') throw new AppError('FILE', 'The CSV export was written to a file instead of handed over.');
        return {
          title: 'Export the list as',
          name: withoutExtension(csv.fileName),
          formats: [madeAlready({ name: 'CSV (comma-separated values)', extensions: ['csv'] }, 'text/csv;charset=utf-8', Buffer.from(csv.text, 'utf8'))],
        };
      }
      case 'contacts': {
        const file = deps.contacts.export(request.format);
        const filter = request.format === 'csv' ? { name: 'CSV (comma-separated values)', extensions: ['csv'] } : { name: 'vCard (contact cards)', extensions: ['vcf', 'vcard'] };
        return { title: 'Export the contacts as', name: withoutExtension(file.fileName), formats: [madeAlready(filter, file.mimeType, Buffer.from(file.text, 'utf8'))] };
      }
      case 'diagnostics': {
        const bundle = deps.desktop.exportDiagnostics();
        return {
          title: 'Save diagnostics as',
          name: withoutExtension(path.basename(bundle.file)),
          formats: [madeAlready({ name: 'ZIP archive', extensions: ['zip'] }, 'application/zip', await fs.promises.readFile(bundle.file))],
        };
      }
    }
  };
}
