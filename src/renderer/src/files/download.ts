/**
 * Downloads, where the page saves a file itself (the browser harness; a desktop window would turn a
 * download into its Save dialog): a Blob behind an object URL, which the CSP allows (blob:).
 */
import type { DownloadContent } from '../../../shared/ipc/contract/files';

export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken the bytes once the click is handled; a minute is ample for a slow disk.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Chromium 140+ (so Electron 38+) decodes base64 natively, ~10x faster than atob and a loop. */
const nativeFromBase64 = (Uint8Array as unknown as { fromBase64?: (text: string) => Uint8Array<ArrayBuffer> }).fromBase64;

/** The bytes of a base64 string (files, fax images and documents as the IPC contract carries them). */
export function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  if (nativeFromBase64) return nativeFromBase64(base64);
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** A file main made for the page to download (files:download). */
export function downloadContent(content: DownloadContent): void {
  downloadBlob(new Blob([base64ToBytes(content.base64)], { type: content.mimeType }), content.fileName);
}
