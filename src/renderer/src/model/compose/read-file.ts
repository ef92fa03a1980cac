/**
 * Reading a File the page was given (drop, picker, paste) into memory with progress. In the browser
 * harness and in Electron's sandboxed renderer the page never learns a dropped file's path, so its
 * bytes are read here and handed to main (compose:addBytes).
 */

export class FileChangedError extends Error {
  constructor(name: string) {
    super(`"${name}" changed while it was being read (it may still be downloading or being saved). Wait until it is complete, then add it again.`);
    this.name = 'FileChangedError';
  }
}

/** The bytes of `file`, read in the stream's chunks; `onProgress(done, total)` after each. */
export async function readFileBytes(file: File, onProgress: (done: number, total: number) => void, signal?: AbortSignal): Promise<Uint8Array> {
  const total = file.size;
  const out = new Uint8Array(total);
  const reader = file.stream().getReader();
  let done = 0;
  try {
    for (;;) {
      signal?.throwIfAborted();
      const chunk = await reader.read();
      if (chunk.done) break;
      if (done + chunk.value.length > total) throw new FileChangedError(file.name);
      out.set(chunk.value, done);
      done += chunk.value.length;
      onProgress(done, total);
    }
  } finally {
    reader.releaseLock();
  }
  if (done !== total) throw new FileChangedError(file.name);
  return out;
}

/** A sentence for a file the browser could not read (moved, deleted or locked after it was dropped). */
export function unreadableMessage(name: string, error: unknown): string {
  if (error instanceof FileChangedError) return error.message;
  const reason = error instanceof DOMException && error.name === 'NotFoundError' ? 'it was moved or deleted' : error instanceof Error ? error.message : String(error);
  return `"${name}" could not be read (${reason}). Check that the file is still there and not open in another program, then add it again.`;
}
