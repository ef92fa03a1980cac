/**
 * Faxdesk's IPP printer: IPP/2.0 over HTTP on 127.0.0.1, two services (/ipp/print and
 * /ipp/faxout), the operations IPP Everywhere requires, documents streamed into PDF as they arrive.
 * A plain Node module: the fax printer service starts and stops it; what happens to a finished job
 * (Compose) is the `onJob` port.
 *
 * Safety, checked before anything else of a request is read:
 * - the peer must be a loopback address (the socket listens on 127.0.0.1, but a local process can
 *   connect from another address of this machine); anything else gets client-error-forbidden;
 * - the Host header must name this machine (127.0.0.1, localhost, [::1]) and there must be no
 *   Origin header: a web page in a browser cannot drive the printer (DNS rebinding, form posts);
 * - the body must be `application/ipp`; the attribute part is bounded (1 MiB, 2000 attributes,
 *   8 levels of collections); the document is bounded by `maxJobBytes` before and after
 *   decompression, and converted as it streams, never held whole;
 * - a job is refused up front, with the status that says why, while Faxdesk has no account to send
 *   from or its keychain is locked (the `readiness` port).
 * Nothing a client sends can throw out of a request handler: an unexpected error is logged and
 * answered with server-error-internal-error, and the job's partial files are removed.
 */
import { randomBytes } from 'node:crypto';
import fsp from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Readable, pipeline, type Transform } from 'node:stream';
import { createGunzip, createInflateRaw } from 'node:zlib';
import type { Logger } from '../platform/logger';
import { decodeIppMessage, encodeIppMessage, GroupTag, IppIncomplete, IppMalformed, ValueTag, type IppAttribute, type IppMessage } from './ipp/encoding';
import {
  AttributeProblem,
  find,
  groupOf,
  JobState,
  NAME_TAGS,
  Operation,
  operationAttributes,
  readBoolean,
  readInteger,
  readRanges,
  readString,
  readStrings,
  Status,
  text,
  charset,
  language,
} from './ipp/values';
import { ACCEPTED_FORMATS, createDocumentSink, DocumentError, type FinishedDocument } from './documents/job-document';
import { readDestinations, type PrintedRecipient } from './destinations';
import { isFinished, JobTable, jobAttributes, selectJobAttributes, type PrintJob } from './jobs';
import { describePrinter, JOB_CREATION_FAXOUT, JOB_CREATION_PRINT, MEDIA_NAMES, mediaNameOfSize, paperOf, SERVICE_PATH, serviceUri, SUPPORTED_OPERATIONS, type PrinterService } from './printer-description';

/** Whether Faxdesk can take a job now; when not, the IPP status and a sentence for the person. */
export type PrinterReadiness = { ok: true } | { ok: false; status: 'not-accepting' | 'unavailable'; message: string };

export interface FinishedPrintJob {
  jobId: number;
  service: PrinterService;
  /** job-name, else document-name, as the client sent it (may be empty). */
  name: string;
  user: string;
  pdfPath: string;
  /** null: a PDF passed through (Compose counts its pages). */
  pages: number | null;
  format: FinishedDocument['format'];
  recipients: PrintedRecipient[];
}

/** Thrown by `onJob` when the document cannot be taken after all (the job is aborted with this message). */
export class JobRefused extends Error {}

export interface IppPrinterOptions {
  port: number;
  /** Folder for documents while they arrive (the service's spool). */
  spoolDir: string;
  uuidSeed: string;
  maxJobBytes: number;
  readiness: () => Promise<PrinterReadiness>;
  /** The finished PDF: take it (move or copy `pdfPath`) before returning. */
  onJob: (job: FinishedPrintJob) => Promise<void>;
  onIdentify?: () => void;
  logger: Logger;
  now?: () => Date;
  /** PNG served as printer-icons. */
  iconFile?: string;
  /** Documents received at once; more get server-error-busy. */
  maxConcurrentDocuments?: number;
  /** Create-Job waits this long for its Send-Document (multiple-operation-time-out). */
  documentTimeoutMs?: number;
}

export const HOST = '127.0.0.1';
const MAX_HEADER_BYTES = 1024 * 1024;
const SUPPORTED_VERSIONS = new Set(['1.0', '1.1', '2.0', '2.1', '2.2']);
const ALLOWED_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);
/** Job template attributes taken per service: what job-creation-attributes-supported says (one list, printer-description.ts). */
const TAKEN_TEMPLATE_ATTRIBUTES: Record<PrinterService, ReadonlySet<string>> = { print: new Set(JOB_CREATION_PRINT), faxout: new Set(JOB_CREATION_FAXOUT) };

export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4.startsWith('127.') || address === '::1';
}

/** A request's outcome: status, message and the groups after the operation attributes. */
interface Reply {
  status: number;
  message?: string;
  groups?: { tag: number; attributes: IppAttribute[] }[];
  /** Close the connection after answering (the rest of the body is not read). */
  close?: boolean;
}

class RequestTooLarge extends Error {}
class ReplyError extends Error {
  constructor(readonly reply: Reply) {
    super(reply.message ?? `IPP status 0x${reply.status.toString(16)}`);
  }
}

const fail = (status: number, message: string, unsupported?: IppAttribute[]): never => {
  throw new ReplyError({ status, message, ...(unsupported?.length ? { groups: [{ tag: GroupTag.unsupported, attributes: unsupported }] } : {}) });
};

/** The document data of a request: what followed the attributes in the first chunks, then the rest of the body. */
type Body = AsyncIterator<Uint8Array>;

interface HeldDocument {
  doc: FinishedDocument;
}

export class IppPrinter {
  private server: http.Server | null = null;
  private readonly jobs: JobTable;
  private readonly now: () => Date;
  private readonly startedAt: Date;
  private stateChangedAt: Date;
  private receiving = 0;
  private boundPort = 0;
  private readonly held = new Map<number, HeldDocument>();
  private readonly timers = new Map<number, NodeJS.Timeout>();
  private lastAccepting: boolean | null = null;

  constructor(private readonly options: IppPrinterOptions) {
    this.now = options.now ?? (() => new Date());
    this.startedAt = this.now();
    this.stateChangedAt = this.startedAt;
    // Job ids continue across restarts within a day, so a client still polling an old id is not told about a new job.
    this.jobs = new JobTable(this.now, 1 + (Math.floor(this.startedAt.getTime() / 1000) % 86_400) * 10);
  }

  get port(): number {
    return this.boundPort;
  }

  uri(service: PrinterService): string {
    return serviceUri({ host: HOST, port: this.boundPort }, service);
  }

  async listen(): Promise<number> {
    await fsp.mkdir(path.join(this.options.spoolDir, '.incoming'), { recursive: true });
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

  async close(): Promise<void> {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    for (const job of this.jobs.list()) if (!isFinished(job)) job.abort?.();
    for (const held of this.held.values()) await fsp.rm(held.doc.pdfPath, { force: true });
    this.held.clear();
    const server = this.server;
    this.server = null;
    if (!server) return;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
    await fsp.rm(path.join(this.options.spoolDir, '.incoming'), { recursive: true, force: true });
  }

  // -- HTTP ---------------------------------------------------------------------------------------

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
    const reply = await this.dispatch(service, message, rest, body, Number.isFinite(declared) ? declared : null).catch((error: unknown) => {
      if (error instanceof ReplyError) return error.reply;
      if (error instanceof AttributeProblem) return { status: Status.badRequest, message: error.reason, groups: [{ tag: GroupTag.unsupported, attributes: [error.attribute] }] };
      if (error instanceof RequestTooLarge) return { status: Status.requestEntityTooLarge, message: this.tooLargeMessage(), close: true };
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
          'Print URI: ' + this.uri('print') + '\nFax URI (IPP FaxOut): ' + this.uri('faxout') + '\n',
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

  // -- operations ---------------------------------------------------------------------------------

  private async dispatch(service: PrinterService, message: IppMessage, rest: Uint8Array, body: Body, declaredLength: number | null): Promise<Reply> {
    const version = `${message.version.major}.${message.version.minor}`;
    if (!SUPPORTED_VERSIONS.has(version)) fail(Status.versionNotSupported, `IPP version ${version} is not supported; use 1.1 or 2.0.`);
    if (message.requestId <= 0) fail(Status.badRequest, 'The request-id must be a positive number.');
    const op = operationAttributes(message);
    if (!op) fail(Status.badRequest, 'The request has no operation attributes.');
    const operation = op!;
    if (operation[0]?.name !== 'attributes-charset' || operation[1]?.name !== 'attributes-natural-language') {
      fail(Status.badRequest, 'The operation attributes must start with attributes-charset and attributes-natural-language.');
    }
    const cs = readString(operation[0], [ValueTag.charset])!;
    if (cs.toLowerCase() !== 'utf-8' && cs.toLowerCase() !== 'us-ascii') fail(Status.charsetNotSupported, `The charset "${cs}" is not supported; use utf-8.`, [operation[0]!]);
    readString(operation[1], [ValueTag.naturalLanguage]);
    for (const group of message.groups) {
      const seen = new Set<string>();
      for (const a of group.attributes) {
        if (seen.has(a.name)) fail(Status.badRequest, `The attribute "${a.name}" appears twice in one group.`);
        seen.add(a.name);
      }
    }
    if (!SUPPORTED_OPERATIONS.includes(message.code as (typeof SUPPORTED_OPERATIONS)[number])) {
      fail(Status.operationNotSupported, `The operation 0x${message.code.toString(16).padStart(4, '0')} is not supported by Faxdesk's printer.`);
    }
    const jobOperation = [Operation.SendDocument, Operation.CancelJob, Operation.GetJobAttributes, Operation.CloseJob].includes(message.code as 6);
    const printerUri = readString(find(operation, 'printer-uri'), [ValueTag.uri]);
    const jobUri = jobOperation ? readString(find(operation, 'job-uri'), [ValueTag.uri]) : undefined;
    if (!printerUri && !jobUri) fail(Status.badRequest, 'The request names no printer (printer-uri).');
    if (printerUri && !sameService(printerUri, service)) fail(Status.notFound, `There is no printer at ${printerUri.slice(0, 200)}.`);
    const user = readString(find(operation, 'requesting-user-name'), NAME_TAGS) ?? 'anonymous';
    const wantsData = message.code === Operation.PrintJob || message.code === Operation.SendDocument;
    if (!wantsData) await drain(rest, body);

    switch (message.code) {
      case Operation.GetPrinterAttributes:
        return this.getPrinterAttributes(service, operation);
      case Operation.ValidateJob:
        return this.createOrValidate(service, message, operation, user, 'validate');
      case Operation.CreateJob:
        return this.createOrValidate(service, message, operation, user, 'create');
      case Operation.PrintJob:
        return this.printJob(service, message, operation, user, rest, body, declaredLength);
      case Operation.SendDocument:
        return this.sendDocument(service, operation, jobUri, rest, body);
      case Operation.GetJobAttributes:
        return this.getJobAttributes(service, operation, jobUri);
      case Operation.GetJobs:
        return this.getJobs(service, operation, user);
      case Operation.CancelJob:
        return this.cancelJob(service, operation, jobUri);
      case Operation.CancelMyJobs:
        return this.cancelMyJobs(service, user);
      case Operation.CloseJob:
        return this.closeJob(service, operation, jobUri);
      case Operation.IdentifyPrinter:
        this.options.onIdentify?.();
        return { status: Status.ok };
    }
    return fail(Status.operationNotSupported, 'Not supported.');
  }

  private async status(): Promise<PrinterReadiness> {
    const readiness = await this.options.readiness().catch((): PrinterReadiness => ({ ok: false, status: 'unavailable', message: 'Faxdesk cannot take print jobs right now.' }));
    if (this.lastAccepting !== readiness.ok) {
      this.lastAccepting = readiness.ok;
      this.stateChangedAt = this.now();
    }
    return readiness;
  }

  private async getPrinterAttributes(service: PrinterService, operation: IppAttribute[]): Promise<Reply> {
    const requested = readStrings(find(operation, 'requested-attributes'), [ValueTag.keyword]) ?? ['all'];
    const format = readString(find(operation, 'document-format'), [ValueTag.mimeMediaType]);
    const readiness = await this.status();
    const { attributes, mediaColDatabase } = describePrinter(
      service,
      { host: HOST, port: this.boundPort, uuidSeed: this.options.uuidSeed, maxJobBytes: this.options.maxJobBytes },
      {
        accepting: readiness.ok,
        message: readiness.ok ? null : readiness.message,
        processing: this.receiving > 0,
        queuedJobs: this.jobs.active,
        startedAt: this.startedAt,
        stateChangedAt: this.stateChangedAt,
        now: this.now(),
      },
    );
    const everything = requested.includes('all');
    const selected = attributes
      .filter(({ attribute, group }) => everything || requested.includes(attribute.name) || requested.includes(group))
      .map((a) => a.attribute);
    if (requested.includes('media-col-database')) selected.push(mediaColDatabase);
    const unsupported = format && !(ACCEPTED_FORMATS as readonly string[]).includes(format) ? [find(operation, 'document-format')!] : [];
    return {
      status: unsupported.length ? Status.okIgnoredOrSubstituted : Status.ok,
      groups: [...(unsupported.length ? [{ tag: GroupTag.unsupported, attributes: unsupported }] : []), { tag: GroupTag.printer, attributes: selected }],
    };
  }

  /** Checks a job request's attributes; returns what the job needs and the attributes ignored. */
  private async checkJobRequest(service: PrinterService, message: IppMessage, operation: IppAttribute[], withFormat: boolean) {
    const readiness = await this.status();
    if (!readiness.ok) fail(readiness.status === 'unavailable' ? Status.serviceUnavailable : Status.notAcceptingJobs, readiness.message);
    const fidelity = readBoolean(find(operation, 'ipp-attribute-fidelity')) ?? false;
    const unsupported: IppAttribute[] = [];
    const name = (readString(find(operation, 'job-name'), NAME_TAGS) ?? readString(find(operation, 'document-name'), NAME_TAGS) ?? '').trim();
    let format: (typeof ACCEPTED_FORMATS)[number] = 'application/octet-stream';
    if (withFormat) {
      const asked = readString(find(operation, 'document-format'), [ValueTag.mimeMediaType]);
      if (asked !== undefined) {
        const lower = asked.toLowerCase();
        if (!(ACCEPTED_FORMATS as readonly string[]).includes(lower)) {
          fail(Status.documentFormatNotSupported, `Faxdesk's printer reads PDF, PWG raster, Apple raster and JPEG, not ${asked.slice(0, 80)}.`, [find(operation, 'document-format')!]);
        }
        format = lower as typeof format;
      }
      const compression = readString(find(operation, 'compression'), [ValueTag.keyword]);
      if (compression !== undefined && !['none', 'gzip', 'deflate'].includes(compression)) {
        fail(Status.compressionNotSupported, `The compression "${compression.slice(0, 40)}" is not supported; use none, gzip or deflate.`, [find(operation, 'compression')!]);
      }
    }
    const kOctets = readInteger(find(operation, 'job-k-octets'));
    if (kOctets !== undefined && kOctets * 1024 > this.options.maxJobBytes) {
      fail(Status.requestEntityTooLarge, `The job is ${Math.round(kOctets / 1024)} MB; Faxdesk's printer takes jobs up to ${Math.round(this.options.maxJobBytes / 1024 / 1024)} MB.`);
    }
    const template = groupOf(message, GroupTag.job)?.attributes ?? [];
    let media: string | undefined;
    let pageRanges: { lower: number; upper: number }[] | undefined;
    for (const attribute of template) {
      if (!TAKEN_TEMPLATE_ATTRIBUTES[service].has(attribute.name)) {
        unsupported.push(attribute);
        continue;
      }
      if (attribute.name === 'copies' && readInteger(attribute) !== 1) unsupported.push(attribute);
      if (attribute.name === 'sides' && readString(attribute, [ValueTag.keyword]) !== 'one-sided') unsupported.push(attribute);
      if (attribute.name === 'media') {
        const value = readString(attribute, [ValueTag.keyword, ValueTag.name]);
        if (value && MEDIA_NAMES.includes(value)) media = value;
        else unsupported.push(attribute);
      }
      if (attribute.name === 'media-col') media ??= mediaFromCol(attribute);
      if (attribute.name === 'page-ranges') {
        const ranges = readRanges(attribute)!;
        let last = 0;
        for (const r of ranges) {
          if (r.lower < 1 || r.upper < r.lower || r.lower <= last) fail(Status.attributesOrValuesNotSupported, 'page-ranges must be ascending ranges of page numbers from 1.', [attribute]);
          last = r.upper;
        }
        pageRanges = ranges;
      }
    }
    let recipients: PrintedRecipient[] = [];
    if (service === 'faxout') {
      const destinations = readDestinations(template);
      recipients = destinations.recipients;
      const attribute = find(template, 'destination-uris');
      // Destinations that are not telephone numbers are ignored (reported back); the job still opens in Compose.
      if (attribute && destinations.problems.length) unsupported.push(attribute);
    }
    if (fidelity && unsupported.length) fail(Status.attributesOrValuesNotSupported, 'Some job attributes are not supported and ipp-attribute-fidelity asks for all of them.', unsupported);
    return { name, format, media, pageRanges, recipients, unsupported };
  }

  private async createOrValidate(service: PrinterService, message: IppMessage, operation: IppAttribute[], user: string, mode: 'validate' | 'create'): Promise<Reply> {
    const checked = await this.checkJobRequest(service, message, operation, mode === 'validate');
    const status = checked.unsupported.length ? Status.okIgnoredOrSubstituted : Status.ok;
    const unsupportedGroup = checked.unsupported.length ? [{ tag: GroupTag.unsupported, attributes: checked.unsupported }] : [];
    if (mode === 'validate') return { status, groups: unsupportedGroup };
    const job = this.jobs.create({
      service,
      printerUri: this.uri(service),
      name: checked.name,
      user,
      template: groupOf(message, GroupTag.job)?.attributes ?? [],
      recipients: checked.recipients,
    });
    this.armTimeout(job);
    this.options.logger.info('fax printer: job created', { job: job.id, service, recipients: job.recipients.length });
    return { status, groups: [...unsupportedGroup, { tag: GroupTag.job, attributes: this.jobSummary(job) }] };
  }

  private async printJob(service: PrinterService, message: IppMessage, operation: IppAttribute[], user: string, rest: Uint8Array, body: Body, declaredLength: number | null): Promise<Reply> {
    let checked;
    try {
      checked = await this.checkJobRequest(service, message, operation, true);
    } catch (error) {
      // Refused before its document is read: answer and close, the document is never read.
      if (error instanceof ReplyError) return { ...error.reply, close: true };
      if (error instanceof AttributeProblem) return { status: Status.badRequest, message: error.reason, close: true, groups: [{ tag: GroupTag.unsupported, attributes: [error.attribute] }] };
      throw error;
    }
    if (declaredLength !== null && declaredLength > MAX_HEADER_BYTES + this.options.maxJobBytes) {
      return { status: Status.requestEntityTooLarge, message: this.tooLargeMessage(), close: true };
    }
    const job = this.jobs.create({ service, printerUri: this.uri(service), name: checked.name, user, template: groupOf(message, GroupTag.job)?.attributes ?? [], recipients: checked.recipients });
    const compression = readString(find(operation, 'compression'), [ValueTag.keyword]) ?? 'none';
    const reply = await this.receive(job, checked.format, compression, checked.media, checked.pageRanges, rest, body, true);
    if (reply.status === Status.ok && checked.unsupported.length) return { ...reply, status: Status.okIgnoredOrSubstituted, groups: [{ tag: GroupTag.unsupported, attributes: checked.unsupported }, ...(reply.groups ?? [])] };
    return reply;
  }

  private async sendDocument(service: PrinterService, operation: IppAttribute[], jobUri: string | undefined, rest: Uint8Array, body: Body): Promise<Reply> {
    const job = this.findJob(service, operation, jobUri);
    const lastAttr = find(operation, 'last-document');
    if (!lastAttr) return { status: Status.badRequest, message: 'Send-Document needs last-document.', close: true };
    const last = readBoolean(lastAttr)!;
    if (isFinished(job)) return { status: Status.notPossible, message: `Job ${job.id} is already finished.`, close: true };
    const format = readString(find(operation, 'document-format'), [ValueTag.mimeMediaType])?.toLowerCase() ?? 'application/octet-stream';
    if (!(ACCEPTED_FORMATS as readonly string[]).includes(format)) {
      return { status: Status.documentFormatNotSupported, message: `Faxdesk's printer reads PDF, PWG raster, Apple raster and JPEG, not ${format.slice(0, 80)}.`, close: true, groups: [{ tag: GroupTag.unsupported, attributes: [find(operation, 'document-format')!] }] };
    }
    const compression = readString(find(operation, 'compression'), [ValueTag.keyword]) ?? 'none';
    if (!['none', 'gzip', 'deflate'].includes(compression)) return { status: Status.compressionNotSupported, message: `The compression "${compression.slice(0, 40)}" is not supported.`, close: true };
    if (job.documentStarted) {
      // One document per job: a closing Send-Document without data ends a job whose document came already.
      const first = rest.byteLength ? rest : await nextChunk(body);
      if (!first && last && this.held.has(job.id)) return this.completeHeld(job);
      return { status: Status.multipleDocumentJobsNotSupported, message: 'Faxdesk\'s printer takes one document per job.', close: true };
    }
    this.clearTimeout(job);
    const template = job.template;
    const media = readString(find(template, 'media'), [ValueTag.keyword, ValueTag.name]) ?? mediaFromCol(find(template, 'media-col'));
    const pageRanges = readRanges(find(template, 'page-ranges'));
    return this.receive(job, format as (typeof ACCEPTED_FORMATS)[number], compression, media, pageRanges, rest, body, last);
  }

  /** Reads the document into a PDF; on `last`, hands the job over. */
  private async receive(
    job: PrintJob,
    format: (typeof ACCEPTED_FORMATS)[number],
    compression: string,
    media: string | undefined,
    pageRanges: { lower: number; upper: number }[] | undefined,
    rest: Uint8Array,
    body: Body,
    last: boolean,
  ): Promise<Reply> {
    const limit = this.options.maxConcurrentDocuments ?? 4;
    if (this.receiving >= limit) {
      this.jobs.finish(job, JobState.aborted, 'aborted-by-system', 'Faxdesk\'s printer was busy.');
      return { status: Status.busy, message: 'Faxdesk\'s printer is receiving other jobs; try again in a moment.', close: true };
    }
    job.documentStarted = true;
    job.format = format;
    this.jobs.processing(job);
    this.receiving++;
    if (this.receiving === 1) this.stateChangedAt = this.now();
    const tag = `job-${job.id}-${randomBytes(6).toString('hex')}`;
    const incoming = path.join(this.options.spoolDir, '.incoming');
    const sink = createDocumentSink(format, {
      pdfPath: path.join(incoming, `${tag}.pdf`),
      partPath: path.join(incoming, `${tag}.part`),
      name: job.name || 'the printed document',
      paper: paperOf(media),
      ...(pageRanges ? { pageRanges } : {}),
    });
    let canceled = false;
    const source = Readable.from(chunks(rest, body));
    const decoded: Readable | Transform = compression === 'gzip' ? pipeline(source, createGunzip(), () => undefined) : compression === 'deflate' ? pipeline(source, createInflateRaw(), () => undefined) : source;
    job.abort = () => {
      canceled = true;
      decoded.destroy();
    };
    try {
      let total = 0;
      for await (const chunk of decoded) {
        total += (chunk as Buffer).byteLength;
        job.octets = total;
        if (total > this.options.maxJobBytes) throw new RequestTooLarge();
        await sink.write(chunk as Buffer);
      }
      if (canceled) throw new ReplyError({ status: Status.jobCanceled, message: `Job ${job.id} was canceled.` });
      const doc = await sink.finish();
      job.pages = doc.pages ?? 0;
      job.format = doc.format;
      if (!last) {
        this.held.set(job.id, { doc });
        this.armTimeout(job);
        return { status: Status.ok, groups: [{ tag: GroupTag.job, attributes: this.jobSummary(job) }] };
      }
      return await this.handOver(job, doc);
    } catch (error) {
      await sink.abort();
      if (canceled || job.state === JobState.canceled) {
        return { status: Status.jobCanceled, message: `Job ${job.id} was canceled.`, close: true, groups: [{ tag: GroupTag.job, attributes: this.jobSummary(job) }] };
      }
      const reply = this.documentFailure(error);
      this.jobs.finish(job, JobState.aborted, reply.status === Status.requestEntityTooLarge ? 'job-canceled-at-device' : 'document-format-error', reply.message ?? null);
      this.options.logger.warn('fax printer: job refused', { job: job.id, status: reply.status, reason: reply.message });
      return { ...reply, close: true, groups: [{ tag: GroupTag.job, attributes: this.jobSummary(job) }] };
    } finally {
      job.abort = null;
      this.receiving--;
      if (this.receiving === 0) this.stateChangedAt = this.now();
    }
  }

  private documentFailure(error: unknown): Reply {
    if (error instanceof RequestTooLarge) return { status: Status.requestEntityTooLarge, message: this.tooLargeMessage() };
    if (error instanceof DocumentError) return { status: Status.documentFormatError, message: error.message };
    if (error instanceof ReplyError) return error.reply;
    const code = (error as { code?: string }).code ?? '';
    if (code.startsWith('Z_') || code === 'ERR_BUFFER_TOO_LARGE') return { status: Status.compressionError, message: 'The document\'s compressed data is damaged. Print it again.' };
    if (code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE' || (error as Error).message === 'aborted') {
      return { status: Status.badRequest, message: 'The document stopped arriving before it was complete.' };
    }
    throw error;
  }

  private tooLargeMessage(): string {
    return `The job is larger than the ${Math.round(this.options.maxJobBytes / 1024 / 1024)} MB Faxdesk's printer accepts. Print fewer pages at a time.`;
  }

  private async handOver(job: PrintJob, doc: FinishedDocument): Promise<Reply> {
    try {
      await this.options.onJob({ jobId: job.id, service: job.service, name: job.name, user: job.user, pdfPath: doc.pdfPath, pages: doc.pages, format: doc.format, recipients: job.recipients });
    } catch (error) {
      await fsp.rm(doc.pdfPath, { force: true });
      const refused = error instanceof JobRefused;
      if (!refused) this.options.logger.error('fax printer: handing the job to Compose failed', { job: job.id, error: String(error) });
      const message = refused ? error.message : 'Faxdesk could not open the printed document. Print it again.';
      this.jobs.finish(job, JobState.aborted, 'aborted-by-system', message);
      return { status: refused ? Status.notAcceptingJobs : Status.internalError, message, groups: [{ tag: GroupTag.job, attributes: this.jobSummary(job) }] };
    }
    this.jobs.finish(job, JobState.completed, 'job-completed-successfully', doc.pages === null ? 'Opened in Faxdesk\'s Compose.' : `Opened in Faxdesk's Compose (${doc.pages} ${doc.pages === 1 ? 'page' : 'pages'}).`);
    this.options.logger.info('fax printer: job completed', { job: job.id, service: job.service, pages: doc.pages, format: doc.format });
    return { status: Status.ok, groups: [{ tag: GroupTag.job, attributes: this.jobSummary(job) }] };
  }

  private async completeHeld(job: PrintJob): Promise<Reply> {
    const held = this.held.get(job.id);
    this.held.delete(job.id);
    this.clearTimeout(job);
    if (!held) {
      this.jobs.finish(job, JobState.aborted, 'aborted-by-system', 'No document was sent for this job.');
      return { status: Status.ok, groups: [{ tag: GroupTag.job, attributes: this.jobSummary(job) }] };
    }
    return this.handOver(job, held.doc);
  }

  private findJob(service: PrinterService, operation: IppAttribute[], jobUri: string | undefined): PrintJob {
    let id = readInteger(find(operation, 'job-id'));
    if (id === undefined && jobUri) {
      const match = /\/(\d+)$/.exec(jobUri);
      if (!match || !sameService(jobUri.slice(0, -match[0].length), service)) fail(Status.notFound, `There is no job at ${jobUri.slice(0, 200)}.`);
      id = Number(match![1]);
    }
    if (id === undefined) fail(Status.badRequest, 'The request names no job (job-id or job-uri).');
    const job = this.jobs.get(id!);
    if (!job || job.service !== service) fail(Status.notFound, `There is no job ${id}.`);
    return job!;
  }

  private jobSummary(job: PrintJob): IppAttribute[] {
    return selectJobAttributes(this.allJobAttributes(job), ['job-id', 'job-uri', 'job-state', 'job-state-reasons', 'job-state-message'], []);
  }

  private allJobAttributes(job: PrintJob): IppAttribute[] {
    return jobAttributes(job, (d) => Math.max(1, Math.round((d.getTime() - this.startedAt.getTime()) / 1000) + 1));
  }

  private getJobAttributes(service: PrinterService, operation: IppAttribute[], jobUri: string | undefined): Reply {
    const job = this.findJob(service, operation, jobUri);
    const requested = readStrings(find(operation, 'requested-attributes'), [ValueTag.keyword]);
    return { status: Status.ok, groups: [{ tag: GroupTag.job, attributes: selectJobAttributes(this.allJobAttributes(job), requested, ['all']) }] };
  }

  private getJobs(service: PrinterService, operation: IppAttribute[], user: string): Reply {
    const whichAttr = find(operation, 'which-jobs');
    const which = readString(whichAttr, [ValueTag.keyword]) ?? 'not-completed';
    if (!['completed', 'not-completed', 'all'].includes(which)) fail(Status.attributesOrValuesNotSupported, `which-jobs "${which.slice(0, 40)}" is not supported.`, [whichAttr!]);
    const limit = readInteger(find(operation, 'limit'));
    const mine = readBoolean(find(operation, 'my-jobs')) ?? false;
    const requested = readStrings(find(operation, 'requested-attributes'), [ValueTag.keyword]);
    let jobs = this.jobs.list().filter((j) => j.service === service);
    if (which === 'completed') jobs = jobs.filter(isFinished);
    if (which === 'not-completed') jobs = jobs.filter((j) => !isFinished(j));
    if (mine) jobs = jobs.filter((j) => j.user === user);
    jobs.sort((a, b) => (which === 'completed' ? b.id - a.id : a.id - b.id));
    if (limit !== undefined && limit > 0) jobs = jobs.slice(0, limit);
    return { status: Status.ok, groups: jobs.map((job) => ({ tag: GroupTag.job, attributes: selectJobAttributes(this.allJobAttributes(job), requested, ['job-id', 'job-uri']) })) };
  }

  private cancelJob(service: PrinterService, operation: IppAttribute[], jobUri: string | undefined): Reply {
    const job = this.findJob(service, operation, jobUri);
    if (isFinished(job)) fail(Status.notPossible, `Job ${job.id} is already ${job.state === JobState.completed ? 'in Compose' : 'finished'}; it cannot be canceled.`);
    this.cancel(job);
    return { status: Status.ok };
  }

  private cancelMyJobs(service: PrinterService, user: string): Reply {
    for (const job of this.jobs.list()) if (job.service === service && job.user === user && !isFinished(job)) this.cancel(job);
    return { status: Status.ok };
  }

  private cancel(job: PrintJob): void {
    const abort = job.abort;
    this.clearTimeout(job);
    const held = this.held.get(job.id);
    this.held.delete(job.id);
    if (held) void fsp.rm(held.doc.pdfPath, { force: true });
    this.jobs.finish(job, JobState.canceled, 'job-canceled-by-user', 'Canceled.');
    abort?.();
    this.options.logger.info('fax printer: job canceled', { job: job.id });
  }

  private closeJob(service: PrinterService, operation: IppAttribute[], jobUri: string | undefined): Promise<Reply> | Reply {
    const job = this.findJob(service, operation, jobUri);
    if (isFinished(job)) fail(Status.notPossible, `Job ${job.id} is already finished.`);
    if (job.state === JobState.processing && !this.held.has(job.id)) return { status: Status.ok };
    return this.completeHeld(job);
  }

  private armTimeout(job: PrintJob): void {
    this.clearTimeout(job);
    const timer = setTimeout(() => {
      this.timers.delete(job.id);
      if (isFinished(job) || (job.state === JobState.processing && !this.held.has(job.id))) return;
      this.options.logger.warn('fax printer: job timed out waiting for its document', { job: job.id });
      void this.completeHeld(job);
    }, this.options.documentTimeoutMs ?? 300_000);
    timer.unref();
    this.timers.set(job.id, timer);
  }

  private clearTimeout(job: PrintJob): void {
    const timer = this.timers.get(job.id);
    if (timer) clearTimeout(timer);
    this.timers.delete(job.id);
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

/** Whether a printer or job URI's path is this service's (the host may be written differently). */
function sameService(uriText: string, service: PrinterService): boolean {
  try {
    const url = new URL(uriText.replace(/^ipps?:/i, 'http:'));
    return url.pathname.replace(/\/+$/, '') === SERVICE_PATH[service];
  } catch {
    return false;
  }
}

function mediaFromCol(attribute: IppAttribute | undefined): string | undefined {
  const col = attribute?.values[0];
  if (!col || col.tag !== ValueTag.begCollection) return undefined;
  const members = col.value as IppAttribute[];
  const size = find(members, 'media-size')?.values[0];
  if (!size || size.tag !== ValueTag.begCollection) return undefined;
  const x = find(size.value as IppAttribute[], 'x-dimension')?.values[0];
  const y = find(size.value as IppAttribute[], 'y-dimension')?.values[0];
  if (x?.tag !== ValueTag.integer || y?.tag !== ValueTag.integer) return undefined;
  return mediaNameOfSize(x.value as number, y.value as number);
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

async function* chunks(first: Uint8Array, body: Body): AsyncGenerator<Uint8Array> {
  if (first.byteLength) yield first;
  for (;;) {
    const next = await body.next();
    if (next.done) return;
    yield next.value;
  }
}

async function nextChunk(body: Body): Promise<Uint8Array | null> {
  for (;;) {
    const next = await body.next();
    if (next.done) return null;
    if (next.value.byteLength) return next.value;
  }
}

/** Reads and drops a body the operation has no use for (bounded by the body's limit). */
async function drain(_rest: Uint8Array, body: Body): Promise<void> {
  for (;;) {
    const next = await body.next();
    if (next.done) return;
  }
}

