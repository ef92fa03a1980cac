/**
 * The POST /faxes body, streamed: the JSON of the request with each document's base64 made as its file
 * is read, so a fax of 100 MB never sits in memory whole (nor twice, as file and base64, nor three
 * times, with the JSON text around it), whichever path sends it: first send, resend, scheduled, hot
 * folder. Byte for byte what JSON.stringify of the same body gives, with its exact length known before
 * the first byte (Content-Length). A stream is read once: ask for a new body for each attempt.
 */
import { createReadStream } from 'node:fs';
import { base64Length } from '../../shared/domain/documents';
import type { SendRequest } from '../../shared/domain/fax';
import { sendEnvelopeToWire } from './wire';

export interface StreamedBody {
  contentType: string;
  /** Exact byte length of the body. */
  contentLength: number;
  chunks: AsyncIterable<Buffer>;
}

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

/** The file's bytes as base64, read and encoded a chunk at a time. */
async function* base64Of(file: { path: string; size: number }): AsyncGenerator<Buffer> {
  let carry = Buffer.alloc(0);
  let read = 0;
  for await (const chunk of createReadStream(file.path, { highWaterMark: ENCODE_CHUNK })) {
    const bytes = carry.byteLength ? Buffer.concat([carry, chunk as Buffer]) : (chunk as Buffer);
    read += (chunk as Buffer).byteLength;
    const whole = bytes.byteLength - (bytes.byteLength % 3);
    if (whole > 0) yield Buffer.from(bytes.subarray(0, whole).toString('base64'), 'latin1');
    carry = Buffer.from(bytes.subarray(whole));
  }
  if (carry.byteLength) yield Buffer.from(carry.toString('base64'), 'latin1');
  // The length was announced: a file that changed meanwhile must not go out short or long.
  if (read !== file.size) throw new Error(`a stored document changed size while being sent (${read} of ${file.size} bytes)`);
}
