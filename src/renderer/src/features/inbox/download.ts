/**
 * Hands bytes to the browser as a download (Save as PDF without a file system of our own: the browser
 * harness, and the desktop app, whose window turns a download into the system's Save dialog).
 */
export function downloadBytes(bytes: Uint8Array, fileName: string, type = 'application/pdf'): void {
  const blob = new Blob([bytes as Uint8Array<ArrayBuffer>], { type });
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
