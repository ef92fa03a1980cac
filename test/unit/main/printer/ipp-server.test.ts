/**
 * The IPP printer's HTTP transport (ipp-server.ts), over real HTTP on 127.0.0.1 driven by a small IPP
 * client: requests refused before their operation runs (malformed IPP, bodies past the size limit,
 * requests a browser could make), leaving the printer up and nothing half-made in its spool.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { isLoopbackAddress } from '../../../../src/main/printer/ipp-server';
import { integer, mimeType, Operation, Status } from './fixtures/ipp-values';
import { ippRequest, operationGroup, postIpp, value } from './fixtures/ipp-client';
import { printerUnderTest, printJob } from './fixtures/printer-under-test';

const { printer, jobs, leftovers } = printerUnderTest();
let print = '';

beforeAll(() => {
  print = printer.uri('print');
});

describe('the IPP printer', () => {
  describe('refuses, with the status that says why, and stays up with nothing half-made', () => {
    it('malformed IPP', async () => {
      for (const body of [Buffer.from('GET / HTTP/1.1'), Buffer.from([2, 0, 0, 0x0b, 0, 0, 0, 1, 1, 0x22, 0, 1, 0x61, 0, 1, 9, 3]), Buffer.from([2, 0, 0, 0x0b, 0, 0, 0, 1, 1, 0x44]), Buffer.alloc(0)]) {
        const answer = await postIpp(print, body);
        expect(answer.message!.code).toBe(Status.badRequest);
        expect(value(answer.message, 'status-message')).toMatch(/not a valid IPP message/);
      }
      const wrongSyntax = await ippRequest(print, Operation.GetPrinterAttributes, [operationGroup(print, integer('requested-attributes', 3))]);
      expect(wrongSyntax.message!.code).toBe(Status.badRequest);
      const unknownOp = await ippRequest(print, 0x4001, [operationGroup(print)]);
      expect(unknownOp.message!.code).toBe(Status.operationNotSupported);
      const wrongPrinter = await ippRequest(print, Operation.GetPrinterAttributes, [operationGroup(print.replace('/ipp/print', '/ipp/other'))]);
      expect(wrongPrinter.message!.code).toBe(Status.notFound);
      expect((await ippRequest(print, Operation.GetPrinterAttributes, [operationGroup(print)])).message!.code).toBe(Status.ok);
    });

    it('a job over the size limit, announced or not', async () => {
      const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(3 * 1024 * 1024, 0x20)]);
      const announced = await printJob(print, big, [integer('job-k-octets', 3072)]);
      expect(announced.message!.code).toBe(Status.requestEntityTooLarge);
      async function* trickle() {
        const { encodeIppMessage } = await import('../../../../src/main/printer/ipp/encoding');
        yield encodeIppMessage({ version: { major: 2, minor: 0 }, code: Operation.PrintJob, requestId: 5, groups: [operationGroup(print, mimeType('document-format', 'application/pdf'))] });
        yield Buffer.from('%PDF-1.4\n');
        for (let i = 0; i < 40; i++) yield Buffer.alloc(100 * 1024, 0x20);
      }
      const streamed = await postIpp(print, trickle(), { 'Transfer-Encoding': 'chunked' });
      expect(streamed.message!.code).toBe(Status.requestEntityTooLarge);
      expect(jobs).toHaveLength(0);
      expect(leftovers()).toEqual([]);
    });

    it('requests a web page could make: another Host, an Origin, another content type', async () => {
      const body = (await ippRequest(print, Operation.GetPrinterAttributes, [operationGroup(print)])).body;
      expect(body.byteLength).toBeGreaterThan(0);
      const { encodeIppMessage } = await import('../../../../src/main/printer/ipp/encoding');
      const request = encodeIppMessage({ version: { major: 2, minor: 0 }, code: Operation.GetPrinterAttributes, requestId: 1, groups: [operationGroup(print)] });
      expect((await postIpp(print, request, { Host: 'evil.example:8631' })).httpStatus).toBe(403);
      expect((await postIpp(print, request, { Origin: 'https://evil.example' })).httpStatus).toBe(403);
      expect((await postIpp(print, request, { 'Content-Type': 'text/plain' })).httpStatus).toBe(400);
      expect((await postIpp(print, request, { Host: `localhost:${printer.port}` })).message!.code).toBe(Status.ok);
    });
  });
});

describe('isLoopbackAddress', () => {
  it('takes only this computer\'s loopback addresses, written as IPv4, IPv6 or IPv4-mapped', () => {
    for (const address of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1']) expect(isLoopbackAddress(address), address).toBe(true);
    for (const address of [undefined, '', '10.0.0.5', '192.168.1.20', '::ffff:10.0.0.5', 'fe80::1', '::2']) expect(isLoopbackAddress(address), String(address)).toBe(false);
  });
});
