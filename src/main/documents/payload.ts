/**
 * The `documents` part of POST /faxes: `[{document_type, document_content (base64)}]`, from stored documents.
 *
 * Two ways to build it:
 * - `buildDocumentPayload`: the array, for `JSON.stringify` with the rest of the body. Each stored file is
 *   read once and encoded with Buffer#toString('base64') (no intermediate copies); its buffer is released
 *   before the next is read. Peak memory is about the base64 strings plus the JSON text built from them.
 * - `streamFaxRequestBody`: the whole request body as a stream of chunks with its exact length known up
 *   front, encoding each file as it is read: peak memory stays at a few MB whatever the payload size.
 *   `JSON.stringify({...envelope, documents: await buildDocumentPayload(...)})` gives the same bytes.
 */
import { createReadStream } from 'node:fs';
import { base64Length, SERVICE_DOCUMENT_TYPE, type DocumentType } from '../../shared/domain/documents';
import type { DocumentStore } from './document-store';

export interface PayloadDocument {
  document_type: string;
  document_content: string;
}

export interface DocumentRef {
  id: string;
  type: DocumentType;
}

export async function buildDocumentPayload(documents: readonly DocumentRef[], store: DocumentStore): Promise<PayloadDocument[]> {
  const payload: PayloadDocument[] = [];
  for (const document of documents) {
    payload.push({ document_type: SERVICE_DOCUMENT_TYPE[document.type], document_content: (await store.read(document.id)).toString('base64') });
  }
  return payload;
}

/** Base64 is encoded in runs of whole 3-byte groups so the pieces join without padding in between. */
const ENCODE_CHUNK = 3 * 256 * 1024;

export interface RequestBody {
  /** Exact byte length of the body (for Content-Length). */
  contentLength: number;
  /** The body: UTF-8 JSON, in chunks. Read it once. */
  chunks: AsyncIterable<Buffer>;
}

/**
 * The POST /faxes body for `envelope` (destinations, fax_options, client_data: everything but documents)
 * with the stored documents appended as `documents`, streamed.
 */
export async function streamFaxRequestBody(envelope: Record<string, unknown>, documents: readonly DocumentRef[], store: DocumentStore): Promise<RequestBody> {
  if ('documents' in envelope) throw new TypeError('the envelope must not contain documents');
  const envelopeJson = JSON.stringify(envelope);
  const prefix = Buffer.from(envelopeJson === '{}' ? '{"documents":[' : `${envelopeJson.slice(0, -1)},"documents":[`, 'utf8');
  const suffix = Buffer.from(']}', 'utf8');
  const parts = await Promise.all(
    documents.map(async (document, i) => {
      const size = await store.size(document.id);
      const head = Buffer.from(`${i > 0 ? ',' : ''}{"document_type":${JSON.stringify(SERVICE_DOCUMENT_TYPE[document.type])},"document_content":"`, 'utf8');
      return { path: store.path(document.id), size, head };
    }),
  );
  const tail = Buffer.from('"}', 'utf8');
  const contentLength = prefix.byteLength + suffix.byteLength + parts.reduce((sum, p) => sum + p.head.byteLength + base64Length(p.size) + tail.byteLength, 0);

  async function* generate(): AsyncGenerator<Buffer> {
    yield prefix;
    for (const part of parts) {
      yield part.head;
      let carry = Buffer.alloc(0);
      let read = 0;
      for await (const chunk of createReadStream(part.path, { highWaterMark: ENCODE_CHUNK })) {
        const bytes = carry.byteLength ? Buffer.concat([carry, chunk as Buffer]) : (chunk as Buffer);
        read += (chunk as Buffer).byteLength;
        const whole = bytes.byteLength - (bytes.byteLength % 3);
        if (whole > 0) yield Buffer.from(bytes.subarray(0, whole).toString('base64'), 'latin1');
        carry = Buffer.from(bytes.subarray(whole));
      }
      if (carry.byteLength) yield Buffer.from(carry.toString('base64'), 'latin1');
      if (read !== part.size) throw new Error(`stored document changed size while being sent (${read} of ${part.size} bytes)`);
      yield tail;
    }
    yield suffix;
  }
  return { contentLength, chunks: generate() };
}
