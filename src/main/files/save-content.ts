/** What each kind of "Save as" writes, made by the service that owns it (inbox, outbox, desktop). */
import fs from 'node:fs';
import path from 'node:path';
import type { SaveRequest } from '../../shared/ipc/contract/files';
import type { DesktopService } from '../desktop/desktop-service';
import { AppError } from '../errors';
import type { InboxService } from '../inbox/inbox-service';
import type { OutboxService } from '../outbox';
import type { SaveContent, SaveContentSource } from './file-dialog-service';

const PDF = { name: 'PDF document', extensions: ['pdf'] };

export function saveContentSource(deps: { inbox: InboxService; outbox: OutboxService; desktop: DesktopService }): SaveContentSource {
  return async (request: SaveRequest): Promise<SaveContent> => {
    switch (request.what) {
      case 'inbox-fax': {
        const fax = await deps.inbox.saveAs(request.id);
        if (fax.kind !== 'pdf') throw new AppError('FILE', 'The fax image could not be read.');
        return { title: 'Save the fax as', suggestedName: fax.fileName, filter: PDF, bytes: Buffer.from(fax.base64, 'base64') };
      }
      case 'sent-fax': {
        const image = await deps.outbox.image(request.jobId);
        if (image.kind !== 'pdf') throw new AppError('NOT_FOUND', image.message);
        return { title: 'Save the sent fax as', suggestedName: image.fileName, filter: PDF, bytes: Buffer.from(image.base64, 'base64') };
      }
      case 'report': {
        const report = await deps.outbox.report(request.jobId);
        return {
          title: 'Save the transmission report as',
          suggestedName: path.basename(report.file),
          filter: PDF,
          bytes: Buffer.from(report.base64, 'base64'),
          missingCharacters: report.missingCharacters,
        };
      }
      case 'outbox-csv': {
        const { what: _what, ...filters } = request;
        const csv = await deps.outbox.exportCsv(filters);
        if (csv.kind !== 'text') throw new AppError('FILE', 'The CSV export was written to a file instead of handed over.');
        return { title: 'Export the list as', suggestedName: csv.fileName, filter: { name: 'CSV (comma-separated values)', extensions: ['csv'] }, bytes: Buffer.from(csv.text, 'utf8') };
      }
      case 'diagnostics': {
        const bundle = deps.desktop.exportDiagnostics();
        return { title: 'Save diagnostics as', suggestedName: path.basename(bundle.file), filter: { name: 'ZIP archive', extensions: ['zip'] }, bytes: await fs.promises.readFile(bundle.file) };
      }
    }
  };
}
