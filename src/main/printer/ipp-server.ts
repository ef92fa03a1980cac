/**
 * The HTTP transport of Faxdesk's IPP printer: the server on 127.0.0.1, and what a request must pass
 * before its IPP is read at all. Its one job is getting a request safely to the operations
 * (ipp-operations.ts) and their answer back; what an operation means is decided there.
 *
 * Safety, checked before anything else of a request is read:
 * - the peer must be a loopback address (the socket listens on 127.0.0.1, but a local process can
 *   connect from another address of this machine); anything else gets client-error-forbidden;
 * - the Host header must name this machine (127.0.0.1, localhost, [::1]) and there must be no
 *   Origin header: a web page in a browser cannot drive the printer (DNS rebinding, form posts);
 * - the body must be `application/ipp`; the attribute part is bounded (1 MiB, 2000 attributes,
 *   8 levels of collections); the whole body is bounded by `maxJobBytes` plus that, before and after
 *   decompression.
 * Nothing a client sends can throw out of a request handler: an unexpected error is logged and
 * answered with server-error-internal-error (or HTTP 500 when even that fails).
 */
import fsp from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pipeline, type Readable } from 'node:stream';
import { createGunzip, createInflateRaw } from 'node:zlib';
import type { Logger } from '../platform/logger';
import { decodeIppMessage, encodeIppMessage, GroupTag, IppIncomplete, IppMalformed, type IppAttribute, type IppMessage } from './ipp/encoding';
import { AttributeProblem, charset, language, Status, text } from './ipp/values';
import { SERVICE_PATH, type PrinterService } from './printer-description';
import { drain, MAX_HEADER_BYTES, ReplyError, RequestTooLarge, SUPPORTED_VERSIONS, tooLargeMessage, type Body, type Reply } from './ipp-request';

export const HOST = '127.0.0.1';
const ALLOWED_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4.startsWith('127.') || address === '::1';
}

export interface IppServerOptions {
  port: number;
  maxJobBytes: number;
  logger: Logger;
  /** PNG served as printer-icons. */
  iconFile?: string;
  /** Runs a decoded request's operation (IppOperations.dispatch); a refusal may be thrown as ReplyError or AttributeProblem. */
  dispatch: (service: PrinterService, message: IppMessage, rest: Uint8Array, body: Body, declaredLength: number | null) => Promise<Reply>;
  /** The services' URIs, shown on the information page. */
  uri: (service: PrinterService) => string;
}

export class IppServer {
  private server: http.Server | null = null;
  private boundPort = 0;

  constructor(private readonly options: IppServerOptions) {}

  get port(): number {
    return this.boundPort;
  }

  async listen(): Promise<number> {
    const server = http.createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        this.options.logger.error('fax printer: request failed', { error: String(error) });
        if (!res.headersSent) {
          res.writeHead(500, { 'Content-Type': 'text/plain', Connection: 'close' });
          res.end('Internal error');
        } else res.destroy();
      });
    });
    server.requestTimeout = 10 * 60_000;
    server.headersTimeout = 30_000;
    server.keepAliveTimeout = 30_000;
    // Refuse before a byte is read: the same check as in handle(), for connections that send nothing.
    server.on('connection', (socket) => {
      if (!isLoopbackAddress(socket.remoteAddress)) this.options.logger.warn('fax printer: connection from another computer', { address: socket.remoteAddress });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen({ host: HOST, port: this.options.port, exclusive: true }, () => {
        server.off('error', reject);
        resolve();
      });
    });
    server.on('error', (error) => this.options.logger.error('fax printer: server error', { error: String(error) }));
    this.server = server;
    this.boundPort = (server.address() as AddressInfo).port;
    this.options.logger.info('fax printer listening', { port: this.boundPort });
    return this.boundPort;
  }

  /** Stops listening and drops open connections; false when it was not listening. */
  async close(): Promise<boolean> {
    const server = this.server;
    this.server = null;
    if (!server) return false;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
    return true;
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    if (!isLoopbackAddress(req.socket.remoteAddress)) return this.refuseForeign(req, res);
    const url = (req.url ?? '/').split('?')[0]!;
    if (req.method === 'GET' || req.method === 'HEAD') return this.serveInfo(url, req, res);
    if (req.method !== 'POST') return plain(res, 405, 'Only POST (IPP) and GET are supported here.', { Allow: 'GET, HEAD, POST' });
    const hostName = hostOf(req.headers.host);
    if (!hostName || !ALLOWED_HOSTS.has(hostName) || req.headers.origin !== undefined) {
      this.options.logger.warn('fax printer: refused a request not addressed to this computer', { host: req.headers.host, origin: req.headers.origin });
      return plain(res, 403, 'Faxdesk\'s printer accepts requests only from programs on this computer.', { Connection: 'close' });
    }
    const service = (Object.keys(SERVICE_PATH) as PrinterService[]).find((s) => SERVICE_PATH[s] === url.replace(/\/+$/, ''));
    if (!service) return plain(res, 404, 'No printer here: use /ipp/print or /ipp/faxout.');
    if ((req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase() !== 'application/ipp') {
      return plain(res, 400, 'Send IPP requests (Content-Type: application/ipp).', { Connection: 'close' });
    }
    const declared = Number(req.headers['content-length'] ?? NaN);
    let body: Body;
    const encoding = (req.headers['content-encoding'] ?? 'identity').toLowerCase();
    if (encoding === 'gzip' || encoding === 'deflate' || encoding === 'x-gzip') {
      body = this.limited(pipeline(req, encoding === 'deflate' ? createInflateRaw() : createGunzip(), () => undefined), MAX_HEADER_BYTES + this.options.maxJobBytes);
    } else if (encoding === 'identity') {
      body = this.limited(req, MAX_HEADER_BYTES + this.options.maxJobBytes);
    } else return plain(res, 415, `Content-Encoding "${encoding}" is not supported.`, { Connection: 'close' });

    let message: IppMessage;
    let rest: Uint8Array;
    try {
      ({ message, rest } = await readHeader(body));
    } catch (error) {
      if (error instanceof IppMalformed || error instanceof IppIncomplete) {
        this.options.logger.warn('fax printer: malformed IPP request', { reason: error.message });
        return this.answerBadHeader(res, error);
      }
      if (error instanceof RequestTooLarge) return this.answerBadHeader(res, error);
      throw error;
    }
    const reply = await this.options.dispatch(service, message, rest, body, Number.isFinite(declared) ? declared : null).catch((error: unknown) => {
      if (error instanceof ReplyError) return error.reply;
      if (error instanceof AttributeProblem) return { status: Status.badRequest, message: error.reason, groups: [{ tag: GroupTag.unsupported, attributes: [error.attribute] }] };
      if (error instanceof RequestTooLarge) return { status: Status.requestEntityTooLarge, message: tooLargeMessage(this.options.maxJobBytes), close: true };
      this.options.logger.error('fax printer: operation failed', { operation: message.code, error: String(error) });
      return { status: Status.internalError, message: 'Faxdesk could not process this request. Try printing again.' };
    });
    // A refused document is still read to its end (and dropped), so the client, still sending, gets the answer
    // rather than a reset connection. Only a body past the size limit is cut off.
    if (reply.status !== Status.requestEntityTooLarge) {
      try {
        await drain(new Uint8Array(0), body);
        delete reply.close;
      } catch {
        reply.close = true;
      }
    } else reply.close = true;
    this.send(res, message, reply);
  }

  private send(res: http.ServerResponse, request: Pick<IppMessage, 'version' | 'requestId'>, reply: Reply): void {
    const version = SUPPORTED_VERSIONS.has(`${request.version.major}.${request.version.minor}`) ? request.version : { major: 2, minor: 0 };
    const operation: IppAttribute[] = [charset('attributes-charset', 'utf-8'), language('attributes-natural-language', 'en')];
    if (reply.message) operation.push(text('status-message', reply.message.slice(0, 255)));
    const bytes = encodeIppMessage({ version, code: reply.status, requestId: request.requestId, groups: [{ tag: GroupTag.operation, attributes: operation }, ...(reply.groups ?? [])] });
    const headers: http.OutgoingHttpHeaders = { 'Content-Type': 'application/ipp', 'Content-Length': bytes.byteLength };
    if (reply.close) headers.Connection = 'close';
    res.writeHead(200, headers);
    res.end(bytes);
    if (reply.close) res.on('finish', () => res.socket?.destroySoon());
  }

  /** The 8-byte prefix names the request, so even a broken one gets an IPP answer when it has that much. */
  private answerBadHeader(res: http.ServerResponse, error: Error): void {
    const reply: Reply =
      error instanceof RequestTooLarge
        ? { status: Status.requestEntityTooLarge, message: 'The request is larger than Faxdesk\'s printer accepts.', close: true }
        : { status: Status.badRequest, message: `The request is not a valid IPP message: ${error instanceof IppMalformed ? error.reason : error.message}.`, close: true };
    this.send(res, { version: { major: 2, minor: 0 }, requestId: 0 }, reply);
  }

  private refuseForeign(req: http.IncomingMessage, res: http.ServerResponse): void {
    this.options.logger.warn('fax printer: refused a request from another computer', { address: req.socket.remoteAddress });
    // Only the fixed 8-byte prefix is read, to echo the request id; nothing else of it is parsed.
    let prefix = Buffer.alloc(0);
    const answer = () => {
      req.removeAllListeners('data');
      if (req.method === 'POST' && prefix.length >= 8) {
        this.send(res, { version: { major: prefix[0]!, minor: prefix[1]! }, requestId: prefix.readInt32BE(4) }, { status: Status.forbidden, message: 'Faxdesk\'s printer accepts jobs only from programs on this computer.', close: true });
      } else plain(res, 403, 'Faxdesk\'s printer accepts jobs only from programs on this computer.', { Connection: 'close' });
    };
    req.on('data', (chunk: Buffer) => {
      prefix = Buffer.concat([prefix, chunk]).subarray(0, 8);
      if (prefix.length >= 8) answer();
    });
    req.on('end', () => {
      if (!res.headersSent) answer();
    });
  }

  private async serveInfo(url: string, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    if (url === '/icon.png' && this.options.iconFile) {
      try {
        const icon = await fsp.readFile(this.options.iconFile);
        res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': icon.byteLength, 'Cache-Control': 'max-age=3600' });
        res.end(req.method === 'HEAD' ? undefined : icon);
        return;
      } catch {
        return plain(res, 404, 'No icon.');
      }
    }
    if (url === '/' || url === '/ipp/print' || url === '/ipp/faxout') {
      return plain(
        res,
        200,
        'Faxdesk fax printer.\n\nDocuments printed here open in Faxdesk\'s Compose, where you choose the recipients and press Send. Nothing is sent without you.\n' +
          'Print URI: ' + this.options.uri('print') + '\nFax URI (IPP FaxOut): ' + this.options.uri('faxout') + '\n',
      );
    }
    return plain(res, 404, 'Not found.');
  }

  /** Counts body bytes; past `max` the iteration throws RequestTooLarge. */
  private limited(stream: Readable | NodeJS.ReadableStream, max: number): Body {
    const iterator = (stream as Readable)[Symbol.asyncIterator]();
    let total = 0;
    return {
      next: async () => {
        const result = await iterator.next();
        if (!result.done) {
          total += (result.value as Uint8Array).byteLength;
          if (total > max) {
            (stream as Readable).destroy?.();
            throw new RequestTooLarge();
          }
        }
        return result as IteratorResult<Uint8Array>;
      },
      return: async () => {
        await iterator.return?.();
        return { done: true, value: undefined };
      },
    };
  }
}

// -- helpers --------------------------------------------------------------------------------------

function plain(res: http.ServerResponse, status: number, body: string, headers: http.OutgoingHttpHeaders = {}): void {
  const bytes = Buffer.from(body, 'utf8');
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': bytes.byteLength, ...headers });
  res.end(bytes);
  if (headers.Connection === 'close') res.on('finish', () => res.socket?.destroySoon());
}

function hostOf(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^(\[[^\]]+\]|[^:]+)(?::\d+)?$/.exec(header.trim().toLowerCase());
  return match ? match[1]! : null;
}

/** Reads chunks until the attributes decode; returns them and the bytes after. */
async function readHeader(body: Body): Promise<{ message: IppMessage; rest: Uint8Array }> {
  let buffered = Buffer.alloc(0);
  for (;;) {
    if (buffered.byteLength >= 8) {
      try {
        const { message, dataOffset } = decodeIppMessage(buffered);
        return { message, rest: buffered.subarray(dataOffset) };
      } catch (error) {
        if (!(error instanceof IppIncomplete)) throw error;
      }
    }
    if (buffered.byteLength > MAX_HEADER_BYTES) throw new IppMalformed(`its attributes are longer than ${MAX_HEADER_BYTES / 1024} KiB`);
    const next = await body.next();
    if (next.done) {
      if (buffered.byteLength === 0) throw new IppMalformed('the request is empty');
      throw new IppIncomplete();
    }
    buffered = Buffer.concat([buffered, next.value]);
  }
}
