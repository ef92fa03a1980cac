/**
 * The one error the viewer shows for a file it cannot read: the file is damaged or incomplete (most often
 * a download cut short). The reason is a short clause a person can understand; the sentence around it
 * says what to do.
 */
export class DamagedDocumentError extends Error {
  readonly reason: string;
  constructor(reason: string) {
    super(damagedDocumentMessage(reason));
    this.name = 'DamagedDocumentError';
    this.reason = reason;
  }
}

export function damagedDocumentMessage(reason: string): string {
  const clause = reason.trim().replace(/[.\s]+$/, '') || 'it could not be read';
  return `This fax image is damaged or incomplete: ${clause}. Faxdesk keeps the file; try downloading it again.`;
}

/** Raised when a drawing was cancelled (unmount, zoom change): never shown to anyone. */
export class RenderCancelledError extends Error {
  constructor() {
    super('The page drawing was cancelled.');
    this.name = 'RenderCancelledError';
  }
}

export function isRenderCancelled(error: unknown): boolean {
  if (error instanceof RenderCancelledError) return true;
  // pdfjs-dist rejects a cancelled RenderTask with its own RenderingCancelledException.
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'RenderingCancelledException';
}

/** Turns whatever a decoder threw (libraries throw strings and numbers too) into a readable clause. */
export function reasonFrom(error: unknown, fallback: string): string {
  if (error instanceof DamagedDocumentError) return error.reason;
  if (error instanceof Error && error.message.trim()) return lowerFirst(error.message.trim());
  if (typeof error === 'string' && error.trim().length > 1) return lowerFirst(error.trim());
  return fallback;
}

function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text;
}
