/**
 * Opens a fax document of either kind. A file that cannot be read rejects with DamagedDocumentError;
 * any other rejection is the viewer's own failure (e.g. its PDF reader could not load).
 */
import { openPdf } from './pdf-source';
import { openTiff } from './tiff-source';
import type { FaxDocument, OpenedFax } from './types';

export async function openFax(document: FaxDocument): Promise<OpenedFax> {
  return document.kind === 'pdf' ? openPdf(document.data) : openTiff(document.data);
}
