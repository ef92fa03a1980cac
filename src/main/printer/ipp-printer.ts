/**
 * Faxdesk's IPP printer: IPP/2.0 over HTTP on 127.0.0.1, two services (/ipp/print and
 * /ipp/faxout), the operations IPP Everywhere requires, documents streamed into PDF as they arrive.
 * A plain Node module: the fax printer service starts and stops it; what happens to a finished job
 * (Compose) is the `onJob` port.
 *
 * This file only composes the three parts, each in its own module:
 * - ipp-server.ts: the HTTP transport (loopback, Host and Origin checks, body limits, the info page);
 * - ipp-operations.ts: the IPP operations and their attribute checks, and the printer's state;
 * - print-jobs.ts: the job life cycle (documents received, handed to Compose, held, canceled).
 * A job is refused up front, with the status that says why, while Faxdesk has no account to send
 * from or its keychain is locked (the `readiness` port); a refused job's partial files are removed.
 */
import type { Logger } from '../platform/logger';
import { IppOperations, type PrinterReadiness } from './ipp-operations';
import { HOST, IppServer } from './ipp-server';
import { PrintJobs, type FinishedPrintJob } from './print-jobs';
import { serviceUri, type PrinterService } from './printer-description';

export type { PrinterReadiness } from './ipp-operations';
export { HOST, isLoopbackAddress } from './ipp-server';
export { JobRefused, type FinishedPrintJob } from './print-jobs';

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

export class IppPrinter {
  private readonly jobs: PrintJobs;
  private readonly operations: IppOperations;
  private readonly server: IppServer;

  constructor(options: IppPrinterOptions) {
    const now = options.now ?? (() => new Date());
    const startedAt = now();
    const { logger, maxJobBytes } = options;
    this.jobs = new PrintJobs({
      spoolDir: options.spoolDir,
      maxJobBytes,
      onJob: options.onJob,
      logger,
      now,
      startedAt,
      maxConcurrentDocuments: options.maxConcurrentDocuments,
      documentTimeoutMs: options.documentTimeoutMs,
      onProcessingChange: () => this.operations.markStateChanged(),
    });
    this.operations = new IppOperations({
      jobs: this.jobs,
      uuidSeed: options.uuidSeed,
      maxJobBytes,
      readiness: options.readiness,
      onIdentify: options.onIdentify,
      logger,
      now,
      startedAt,
      address: () => ({ host: HOST, port: this.port }),
      uri: (service) => this.uri(service),
    });
    this.server = new IppServer({
      port: options.port,
      maxJobBytes,
      logger,
      iconFile: options.iconFile,
      dispatch: (service, message, rest, body, declaredLength) => this.operations.dispatch(service, message, rest, body, declaredLength),
      uri: (service) => this.uri(service),
    });
  }

  get port(): number {
    return this.server.port;
  }

  uri(service: PrinterService): string {
    return serviceUri({ host: HOST, port: this.port }, service);
  }

  async listen(): Promise<number> {
    await this.jobs.openSpool();
    return this.server.listen();
  }

  async close(): Promise<void> {
    await this.jobs.stop();
    if (!(await this.server.close())) return;
    await this.jobs.removeSpool();
  }
}
