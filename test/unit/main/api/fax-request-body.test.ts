/**
 * The POST /faxes body streamed from stored files: the same bytes JSON.stringify makes of the same
 * request, its exact length announced up front, and a file that changes while it is sent stops the
 * body rather than sending it short.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { faxRequestBody } from '../../../../src/main/api/fax-request-body';
import { sendEnvelopeToWire } from '../../../../src/main/api/wire';
import { estimatePayloadBytes } from '../../../../src/shared/domain/documents';
import type { SendRequest } from '../../../../src/shared/domain/fax';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-body-'));
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

async function collect(request: SendRequest): Promise<{ text: string; announced: number }> {
  const body = faxRequestBody(request);
  const parts: Buffer[] = [];
  for await (const chunk of body.chunks) parts.push(chunk);
  return { text: Buffer.concat(parts).toString('utf8'), announced: body.contentLength };
}

function file(name: string, bytes: Buffer): { path: string; size: number } {
  const at = path.join(dir, name);
  fs.writeFileSync(at, bytes);
  return { path: at, size: bytes.byteLength };
}

describe('faxRequestBody', () => {
  it('streams the same body JSON.stringify makes, with the exact length announced', async () => {
    // Sizes around multiples of 3 and across the 768 KiB encode chunk.
    const sizes = [1, 2, 3, 786_431, 786_432, 786_433, 2 * 786_432 + 2];
    const files = sizes.map((size, n) => {
      const bytes = Buffer.alloc(size);
      for (let i = 0; i < size; i++) bytes[i] = (i * 31 + size) & 255;
      return { bytes, file: file(`d${n}.tif`, bytes) };
    });
    const request: SendRequest = {
      destinations: [{ faxNumber: '15551234567', toName: 'Zoë "Q"', toCompany: 'ACME' }],
      documents: [...files.map((f) => ({ documentType: 'TIFF', file: f.file })), { documentType: 'txt', contentBase64: 'YWJj' }],
      options: { imageResolution: 'FINE' },
      clientData: { clientReferenceId: 'REF-1' },
    };
    const expected = JSON.stringify({
      ...sendEnvelopeToWire(request),
      documents: [
        ...files.map((f) => ({ document_type: 'TIFF', document_content: f.bytes.toString('base64') })),
        { document_type: 'TXT', document_content: 'YWJj' },
      ],
    });
    const { text, announced } = await collect(request);
    expect(text).toBe(expected);
    expect(announced).toBe(Buffer.byteLength(expected));
    expect(announced).toBeLessThanOrEqual(estimatePayloadBytes([...sizes, 3]));
  });

  it('makes a body with no envelope fields and no documents too', async () => {
    expect((await collect({ destinations: [], documents: [] })).text).toBe('{"destinations":[],"fax_options":{},"documents":[]}');
  });

  it('stops the body when a stored file changed size since the request was made', async () => {
    const f = file('a.pdf', Buffer.from('%PDF-1.4 original'));
    const request: SendRequest = { destinations: [{ faxNumber: '15551234567' }], documents: [{ documentType: 'PDF', file: f }] };
    fs.appendFileSync(f.path, ' and more');
    await expect(collect(request)).rejects.toThrow(/changed size while being sent/);
  });
});
