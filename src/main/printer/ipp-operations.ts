/**
 * The IPP operations of Faxdesk's printer: a decoded request checked (version, request-id, charset,
 * the printer or job it names, each job attribute against what the printer says it takes) and
 * dispatched to Get-Printer-Attributes, Validate-Job, Create-Job, Print-Job, Send-Document,
 * Get-Job-Attributes, Get-Jobs, Cancel-Job, Cancel-My-Jobs, Close-Job or Identify-Printer. It decides
 * the answer; the job life cycle (print-jobs.ts) does what happens to a job, and the transport
 * (ipp-server.ts) gets the request here and the answer back. It owns the printer's state as clients
 * see it: whether it accepts jobs (the `readiness` port) and when that last changed.
 */
import type { Logger } from '../platform/logger';
import { GroupTag, ValueTag, type IppAttribute, type IppMessage } from './ipp/encoding';
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
} from './ipp/values';
import { ACCEPTED_FORMATS } from './documents/job-document';
import { readDestinations, type PrintedRecipient } from './destinations';
import { isFinished, selectJobAttributes, type PrintJob } from './jobs';
import { describePrinter, JOB_CREATION_FAXOUT, JOB_CREATION_PRINT, MEDIA_NAMES, mediaNameOfSize, SERVICE_PATH, SUPPORTED_OPERATIONS, type PrinterService } from './printer-description';
import type { PrintJobs } from './print-jobs';
import { drain, fail, MAX_HEADER_BYTES, nextChunk, ReplyError, SUPPORTED_VERSIONS, tooLargeMessage, type Body, type Reply } from './ipp-request';

/** Whether Faxdesk can take a job now; when not, the IPP status and a sentence for the person. */
export type PrinterReadiness = { ok: true } | { ok: false; status: 'not-accepting' | 'unavailable'; message: string };

export interface IppOperationsOptions {
  jobs: PrintJobs;
  uuidSeed: string;
  maxJobBytes: number;
  readiness: () => Promise<PrinterReadiness>;
  onIdentify?: () => void;
  logger: Logger;
  now: () => Date;
  /** When the printer started (printer-up-time, the first printer-state-change-time). */
  startedAt: Date;
  /** Where the printer listens (printer-uri-supported and the other URIs it describes). */
  address: () => { host: string; port: number };
  uri: (service: PrinterService) => string;
}

/** Job template attributes taken per service: what job-creation-attributes-supported says (one list, printer-description.ts). */
const TAKEN_TEMPLATE_ATTRIBUTES: Record<PrinterService, ReadonlySet<string>> = { print: new Set(JOB_CREATION_PRINT), faxout: new Set(JOB_CREATION_FAXOUT) };

export class IppOperations {
  private readonly jobs: PrintJobs;
  private readonly now: () => Date;
  private readonly startedAt: Date;
  private stateChangedAt: Date;
  private lastAccepting: boolean | null = null;

  constructor(private readonly options: IppOperationsOptions) {
    this.jobs = options.jobs;
    this.now = options.now;
    this.startedAt = options.startedAt;
    this.stateChangedAt = this.startedAt;
  }

  /** The printer's state changed (it started or stopped receiving a document). */
  markStateChanged(): void {
    this.stateChangedAt = this.now();
  }

  /** Checks a request's operation attributes and runs its operation; a refusal is thrown as ReplyError or AttributeProblem. */
  async dispatch(service: PrinterService, message: IppMessage, rest: Uint8Array, body: Body, declaredLength: number | null): Promise<Reply> {
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
      { ...this.options.address(), uuidSeed: this.options.uuidSeed, maxJobBytes: this.options.maxJobBytes },
      {
        accepting: readiness.ok,
        message: readiness.ok ? null : readiness.message,
        processing: this.jobs.processing,
        queuedJobs: this.jobs.table.active,
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
    const job = this.jobs.table.create({
      service,
      printerUri: this.options.uri(service),
      name: checked.name,
      user,
      template: groupOf(message, GroupTag.job)?.attributes ?? [],
      recipients: checked.recipients,
    });
    this.jobs.armDocumentTimeout(job);
    this.options.logger.info('fax printer: job created', { job: job.id, service, recipients: job.recipients.length });
    return { status, groups: [...unsupportedGroup, { tag: GroupTag.job, attributes: this.jobs.summary(job) }] };
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
      return { status: Status.requestEntityTooLarge, message: tooLargeMessage(this.options.maxJobBytes), close: true };
    }
    const job = this.jobs.table.create({ service, printerUri: this.options.uri(service), name: checked.name, user, template: groupOf(message, GroupTag.job)?.attributes ?? [], recipients: checked.recipients });
    const compression = readString(find(operation, 'compression'), [ValueTag.keyword]) ?? 'none';
    const reply = await this.jobs.receive(job, checked.format, compression, checked.media, checked.pageRanges, rest, body, true);
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
      if (!first && last && this.jobs.isHeld(job)) return this.jobs.completeHeld(job);
      return { status: Status.multipleDocumentJobsNotSupported, message: 'Faxdesk\'s printer takes one document per job.', close: true };
    }
    this.jobs.clearDocumentTimeout(job);
    const template = job.template;
    const media = readString(find(template, 'media'), [ValueTag.keyword, ValueTag.name]) ?? mediaFromCol(find(template, 'media-col'));
    const pageRanges = readRanges(find(template, 'page-ranges'));
    return this.jobs.receive(job, format as (typeof ACCEPTED_FORMATS)[number], compression, media, pageRanges, rest, body, last);
  }

  private findJob(service: PrinterService, operation: IppAttribute[], jobUri: string | undefined): PrintJob {
    let id = readInteger(find(operation, 'job-id'));
    if (id === undefined && jobUri) {
      const match = /\/(\d+)$/.exec(jobUri);
      if (!match || !sameService(jobUri.slice(0, -match[0].length), service)) fail(Status.notFound, `There is no job at ${jobUri.slice(0, 200)}.`);
      id = Number(match![1]);
    }
    if (id === undefined) fail(Status.badRequest, 'The request names no job (job-id or job-uri).');
    const job = this.jobs.table.get(id!);
    if (!job || job.service !== service) fail(Status.notFound, `There is no job ${id}.`);
    return job!;
  }

  private getJobAttributes(service: PrinterService, operation: IppAttribute[], jobUri: string | undefined): Reply {
    const job = this.findJob(service, operation, jobUri);
    const requested = readStrings(find(operation, 'requested-attributes'), [ValueTag.keyword]);
    return { status: Status.ok, groups: [{ tag: GroupTag.job, attributes: selectJobAttributes(this.jobs.attributes(job), requested, ['all']) }] };
  }

  private getJobs(service: PrinterService, operation: IppAttribute[], user: string): Reply {
    const whichAttr = find(operation, 'which-jobs');
    const which = readString(whichAttr, [ValueTag.keyword]) ?? 'not-completed';
    if (!['completed', 'not-completed', 'all'].includes(which)) fail(Status.attributesOrValuesNotSupported, `which-jobs "${which.slice(0, 40)}" is not supported.`, [whichAttr!]);
    const limit = readInteger(find(operation, 'limit'));
    const mine = readBoolean(find(operation, 'my-jobs')) ?? false;
    const requested = readStrings(find(operation, 'requested-attributes'), [ValueTag.keyword]);
    let jobs = this.jobs.table.list().filter((j) => j.service === service);
    if (which === 'completed') jobs = jobs.filter(isFinished);
    if (which === 'not-completed') jobs = jobs.filter((j) => !isFinished(j));
    if (mine) jobs = jobs.filter((j) => j.user === user);
    jobs.sort((a, b) => (which === 'completed' ? b.id - a.id : a.id - b.id));
    if (limit !== undefined && limit > 0) jobs = jobs.slice(0, limit);
    return { status: Status.ok, groups: jobs.map((job) => ({ tag: GroupTag.job, attributes: selectJobAttributes(this.jobs.attributes(job), requested, ['job-id', 'job-uri']) })) };
  }

  private cancelJob(service: PrinterService, operation: IppAttribute[], jobUri: string | undefined): Reply {
    const job = this.findJob(service, operation, jobUri);
    if (isFinished(job)) fail(Status.notPossible, `Job ${job.id} is already ${job.state === JobState.completed ? 'in Compose' : 'finished'}; it cannot be canceled.`);
    this.jobs.cancel(job);
    return { status: Status.ok };
  }

  private cancelMyJobs(service: PrinterService, user: string): Reply {
    for (const job of this.jobs.table.list()) if (job.service === service && job.user === user && !isFinished(job)) this.jobs.cancel(job);
    return { status: Status.ok };
  }

  private closeJob(service: PrinterService, operation: IppAttribute[], jobUri: string | undefined): Promise<Reply> | Reply {
    const job = this.findJob(service, operation, jobUri);
    if (isFinished(job)) fail(Status.notPossible, `Job ${job.id} is already finished.`);
    if (job.state === JobState.processing && !this.jobs.isHeld(job)) return { status: Status.ok };
    return this.jobs.completeHeld(job);
  }

}

// -- helpers --------------------------------------------------------------------------------------

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
