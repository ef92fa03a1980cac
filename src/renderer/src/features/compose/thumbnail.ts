/**
 * A small picture of page 1 for the document list, made only where it is cheap: PDF and TIFF through
 * the fax viewer's own readers (pdfjs-dist and utif2, loaded on first use), PNG and JPEG through the
 * browser's image decoder. Documents the service converts, and files handed over by path (the page
 * never holds their bytes), show a type icon instead. Any failure just means no picture: whether a
 * file can be sent is main's check, not this one's.
 */
import type { DocumentType } from '../../../../shared/domain/documents';

/** CSS pixels of the thumbnail's width. */
export const THUMBNAIL_WIDTH = 72;

function scaledCanvas(widthIn: number, heightIn: number): HTMLCanvasElement {
  const ratio = window.devicePixelRatio || 1;
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(THUMBNAIL_WIDTH * ratio);
  canvas.height = Math.max(1, Math.round((canvas.width * heightIn) / Math.max(0.01, widthIn)));
  return canvas;
}

function toDataUrl(canvas: HTMLCanvasElement): string {
  const url = canvas.toDataURL('image/png');
  canvas.width = 0;
  canvas.height = 0;
  return url;
}

export async function makeThumbnail(bytes: Uint8Array, type: DocumentType): Promise<string | null> {
  try {
    if (type === 'PDF' || type === 'TIFF') {
      const { openFax } = await import('../viewer/open-fax');
      const fax = await openFax({ kind: type === 'PDF' ? 'pdf' : 'tiff', data: bytes });
      try {
        const size = fax.pageSizes[0];
        if (!size) return null;
        const canvas = scaledCanvas(size.widthIn, size.heightIn);
        await fax.render(0, canvas, canvas.width, canvas.height).promise;
        return toDataUrl(canvas);
      } finally {
        fax.destroy();
      }
    }
    if (type === 'PNG' || type === 'JPG') {
      const bitmap = await createImageBitmap(new Blob([bytes.slice()]));
      try {
        const canvas = scaledCanvas(bitmap.width, bitmap.height);
        const context = canvas.getContext('2d');
        if (!context) return null;
        context.fillStyle = '#fff';
        context.fillRect(0, 0, canvas.width, canvas.height);
        context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
        return toDataUrl(canvas);
      } finally {
        bitmap.close();
      }
    }
  } catch {
    // No picture; the list shows the type icon.
  }
  return null;
}
