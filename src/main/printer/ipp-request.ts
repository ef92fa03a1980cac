/**
 * What the IPP printer's three parts (the HTTP transport, the operations, the job life cycle) pass
 * one another about a request: its body as it arrives, the `Reply` each part returns, and the errors
 * that become a reply. Kept apart so none of the three depends on another just for these shapes.
 */
import { GroupTag, type IppAttribute } from './ipp/encoding';

/** Bytes of IPP attributes a request may carry before its document. */
export const MAX_HEADER_BYTES = 1024 * 1024;
export const SUPPORTED_VERSIONS = new Set(['1.0', '1.1', '2.0', '2.1', '2.2']);

/** A request's outcome: status, message and the groups after the operation attributes. */
export interface Reply {
  status: number;
  message?: string;
  groups?: { tag: number; attributes: IppAttribute[] }[];
  /** Close the connection after answering (the rest of the body is not read). */
  close?: boolean;
}

/** The body grew past the printer's size limit. */
export class RequestTooLarge extends Error {}

/** An answer decided deep in an operation: the handler answers with `reply` as it is. */
export class ReplyError extends Error {
  constructor(readonly reply: Reply) {
    super(reply.message ?? `IPP status 0x${reply.status.toString(16)}`);
  }
}

export const fail = (status: number, message: string, unsupported?: IppAttribute[]): never => {
  throw new ReplyError({ status, message, ...(unsupported?.length ? { groups: [{ tag: GroupTag.unsupported, attributes: unsupported }] } : {}) });
};

export function tooLargeMessage(maxJobBytes: number): string {
  return `The job is larger than the ${Math.round(maxJobBytes / 1024 / 1024)} MB Faxdesk's printer accepts. Print fewer pages at a time.`;
}

/** The document data of a request: what followed the attributes in the first chunks, then the rest of the body. */
export type Body = AsyncIterator<Uint8Array>;

export async function* chunks(first: Uint8Array, body: Body): AsyncGenerator<Uint8Array> {
  if (first.byteLength) yield first;
  for (;;) {
    const next = await body.next();
    if (next.done) return;
    yield next.value;
  }
}

export async function nextChunk(body: Body): Promise<Uint8Array | null> {
  for (;;) {
    const next = await body.next();
    if (next.done) return null;
    if (next.value.byteLength) return next.value;
  }
}

/** Reads and drops a body the operation has no use for (bounded by the body's limit). */
export async function drain(_rest: Uint8Array, body: Body): Promise<void> {
  for (;;) {
    const next = await body.next();
    if (next.done) return;
  }
}
