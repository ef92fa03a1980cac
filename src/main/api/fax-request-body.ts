/**
 * The POST /faxes body, streamed: the JSON of the request with each document's base64 made as its file
 * is read, so a fax of 100 MB never sits in memory whole (nor twice, as file and base64, nor three
 * times, with the JSON text around it), whichever path sends it: first send, resend, scheduled, hot
 * folder. Byte for byte what JSON.stringify of the same body gives, with its exact length known before
 * the first byte (not sent as Content-Length: the network stack sets that). A stream is read once: ask for a new body for each attempt.
 */
import { open } from 'node:fs/promises';
import { base64Length } from '../../shared/domain/documents';
import type { SendRequest } from '../../shared/domain/fax';
import type { StreamedBody } from './http-types';
import { sendEnvelopeToWire } from './wire';

export type { StreamedBody } from './http-types';


/** Base64 is made in runs of whole 3-byte groups, so the pieces join without padding in between. */
const ENCODE_CHUNK = 3 * 256 * 1024;

export function faxRequestBody(request: SendRequest): StreamedBody {
  const envelope = JSON.stringify(sendEnvelopeToWire(request));
  const prefix = Buffer.from(envelope === '{}' ? '{"documents":[' : `${envelope.slice(0, -1)},"documents":[`, 'utf8');
  const suffix = Buffer.from(']}', 'utf8');
  const tail = Buffer.from('"}', 'utf8');
  const parts = request.documents.map((document, i) => ({
    head: Buffer.from(`${i > 0 ? ',' : ''}{"document_type":${JSON.stringify(document.documentType.toUpperCase())},"document_content":"`, 'utf8'),
    content: 'file' in document ? document.file : Buffer.from(document.contentBase64, 'latin1'),
  }));
  const contentLength =
    prefix.byteLength +
    suffix.byteLength +
    parts.reduce((sum, p) => sum + p.head.byteLength + (Buffer.isBuffer(p.content) ? p.content.byteLength : base64Length(p.content.size)) + tail.byteLength, 0);

  async function* generate(): AsyncGenerator<Buffer> {
    yield prefix;
    for (const part of parts) {
      yield part.head;
      if (Buffer.isBuffer(part.content)) yield part.content;
      else yield* base64Of(part.content);
      yield tail;
    }
    yield suffix;
  }
  return { contentType: 'application/json;charset=UTF-8', contentLength, chunks: generate() };
}

/**
 * The file's bytes as base64, read and encoded a chunk at a time. One read buffer serves every chunk (a
 * chunk is encoded before the next is read), so sending a file allocates its base64 and little else.
 */
async function* base64Of(file: { path: string; size: number }): AsyncGenerator<Buffer> {
  const handle = await open(file.path, 'r');
  try {
    const buffer = Buffer.allocUnsafe(Math.max(3, Math.min(ENCODE_CHUNK, file.size)));
    let read = 0;
    for (;;) {
      // Fill the buffer (a read may return less), so every chunk but the last is whole 3-byte groups.
      let filled = 0;
      while (filled < buffer.byteLength) {
        const { bytesRead } = await handle.read(buffer, filled, buffer.byteLength - filled, read + filled);
        if (bytesRead === 0) break;
        filled += bytesRead;
      }
      read += filled;
      if (filled > 0) yield Buffer.from(buffer.subarray(0, filled).toString('base64'), 'latin1');
      if (filled < buffer.byteLength) break;
    }
    // The length was announced: a file that changed meanwhile must not go out short or long.
    if (read !== file.size) throw new Error(`a stored document changed size while being sent (${read} of ${file.size} bytes)`);
  } finally {
    await handle.close();
  }
}
