/**
 * The bare IPP sink the printer rows measure Faxdesk against: it describes itself exactly as Faxdesk's
 * printer does (so CUPS builds the same queue and runs the same filters), takes the job's bytes and
 * answers "completed", and does nothing with them. CUPS's reference printer (ippeveprinter) would
 * do, but it will not start without a DNS-SD daemon.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeIppMessage, encodeIppMessage, GroupTag, IppIncomplete } from '../../src/main/printer/ipp/encoding';
import { charset, enumAttr, find, integer, keyword, language, Operation, Status, uri } from '../../src/main/printer/ipp/values';
import { describePrinter } from '../../src/main/printer/printer-description';

export interface IppSink {
  port: number;
  uri: string;
  /** Resolves when the next job's document has been read to its end. */
  nextJob(): Promise<{ bytes: number; at: number }>;
  close(): Promise<void>;
}

export async function startIppSink(): Promise<IppSink> {
  let waiting: ((job: { bytes: number; at: number }) => void) | null = null;
  let nextId = 1;
  const startedAt = new Date();
  let port = 0;
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    let decoded;
    try {
      decoded = decodeIppMessage(body);
    } catch (error) {
      res.writeHead(400).end(error instanceof IppIncomplete ? 'incomplete' : 'bad');
      return;
    }
    const { message, dataOffset } = decoded;
    const op = message.groups[0]?.attributes ?? [];
    const groups: { tag: number; attributes: ReturnType<typeof integer>[] }[] = [];
    const job = (id: number) => ({ tag: GroupTag.job, attributes: [integer('job-id', id), uri('job-uri', `ipp://127.0.0.1:${port}/ipp/print/${id}`), enumAttr('job-state', 9), keyword('job-state-reasons', 'job-completed-successfully')] });
    switch (message.code) {
      case Operation.GetPrinterAttributes: {
        const described = describePrinter('print', { host: '127.0.0.1', port, uuidSeed: 'bench-sink', maxJobBytes: 1 << 30 }, { accepting: true, message: null, processing: false, queuedJobs: 0, startedAt, stateChangedAt: startedAt, now: new Date() });
        groups.push({ tag: GroupTag.printer, attributes: [...described.attributes.map((a) => a.attribute), described.mediaColDatabase] });
        break;
      }
      case Operation.CreateJob:
        groups.push(job(nextId++));
        break;
      case Operation.PrintJob:
      case Operation.SendDocument: {
        const id = message.code === Operation.PrintJob ? nextId++ : ((find(op, 'job-id')?.values[0]?.value as number | undefined) ?? nextId - 1);
        groups.push(job(id));
        const done = { bytes: body.byteLength - dataOffset, at: performance.now() };
        waiting?.(done);
        waiting = null;
        break;
      }
      case Operation.GetJobAttributes:
        groups.push(job((find(op, 'job-id')?.values[0]?.value as number | undefined) ?? 1));
        break;
      default:
        break;
    }
    const answer = encodeIppMessage({
      version: message.version,
      code: Status.ok,
      requestId: message.requestId,
      groups: [{ tag: GroupTag.operation, attributes: [charset('attributes-charset', 'utf-8'), language('attributes-natural-language', 'en')] }, ...groups],
    });
    res.writeHead(200, { 'Content-Type': 'application/ipp', 'Content-Length': answer.byteLength }).end(answer);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  port = (server.address() as AddressInfo).port;
  return {
    port,
    uri: `ipp://127.0.0.1:${port}/ipp/print`,
    nextJob: () => new Promise((resolve) => (waiting = resolve)),
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
