/**
 * Runs inside a private network namespace (see foreign-address.test.ts) where the loopback interface
 * also carries 10.77.0.1, an address that is not loopback: the printer listens on 127.0.0.1 as in the
 * app, and this process connects to it from 10.77.0.1, from 127.0.0.1 and from 127.0.0.2. Prints one
 * JSON line with what each got.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { encodeIppMessage } from '../../../src/main/printer/ipp/encoding';
import { IppPrinter, type FinishedPrintJob } from '../../../src/main/printer/ipp-printer';
import { mimeType, Operation } from '../../../src/main/printer/ipp/values';
import { operationGroup, postIpp, value } from '../../unit/main/printer/fixtures/ipp-client';

const spool = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-foreign-'));
const jobs: FinishedPrintJob[] = [];
const warnings: string[] = [];
const printer = new IppPrinter({
  port: 0,
  spoolDir: spool,
  uuidSeed: 'foreign',
  maxJobBytes: 8 * 1024 * 1024,
  readiness: async () => ({ ok: true }),
  onJob: async (job) => void jobs.push(job),
  logger: { debug() {}, info() {}, warn: (m) => void warnings.push(m), error: (m) => void warnings.push(m) },
});

async function printFrom(localAddress: string) {
  const doc = await PDFDocument.create();
  doc.addPage();
  const target = printer.uri('print');
  const header = encodeIppMessage({ version: { major: 2, minor: 0 }, code: Operation.PrintJob, requestId: 42, groups: [operationGroup(target, mimeType('document-format', 'application/pdf'))] });
  const before = jobs.length;
  const answer = await postIpp(target, Buffer.concat([header, Buffer.from(await doc.save())]), {}, { localAddress });
  return { http: answer.httpStatus, status: answer.message?.code ?? null, requestId: answer.message?.requestId ?? null, message: value(answer.message, 'status-message') ?? null, jobs: jobs.length - before };
}

/** A raw connection that sends a browser-like GET: answered 403 without reading further. */
function rawFrom(localAddress: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port: printer.port, localAddress }, () => socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'));
    let data = '';
    socket.on('data', (d) => (data += d.toString()));
    socket.on('close', () => resolve(data.split('\r\n')[0] ?? ''));
    socket.on('error', (e) => resolve(`error ${e.message}`));
    setTimeout(() => socket.destroy(), 5000);
  });
}

async function main(): Promise<void> {
  await printer.listen();
  const result = {
    foreign: await printFrom('10.77.0.1'),
    foreignGet: await rawFrom('10.77.0.1'),
    loopback: await printFrom('127.0.0.1'),
    secondLoopback: await printFrom('127.0.0.2'),
    warnings,
  };
  await printer.close();
  fs.rmSync(spool, { recursive: true, force: true });
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

void main();
