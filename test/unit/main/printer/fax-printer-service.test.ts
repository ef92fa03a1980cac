/**
 * Settings › Fax printer in main: on/off and port from the settings, printed jobs into the Compose
 * hand-off, and adding/removing the OS printer through a recorded command runner (the commands
 * themselves: system-printer.test.ts; against a real CUPS: test/integration/printer).
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterEach, describe, expect, it } from 'vitest';
import { ComposeService } from '../../../../src/main/outbox/compose-service';
import { ComposeHandoff } from '../../../../src/main/desktop/compose-handoff';
import { createDocumentStore } from '../../../../src/main/documents/document-store';
import { EventBus } from '../../../../src/main/ipc/events';
import { silentLogger } from '../../../../src/main/platform/logger';
import { FaxPrinterService } from '../../../../src/main/printer/fax-printer-service';
import type { CommandResult, SystemCommand } from '../../../../src/main/printer/system-printer';
import { documentFileName } from '../../../../src/main/printer/printed-jobs';
import { SettingsService } from '../../../../src/main/settings/settings-service';
import { openDatabase, type Db } from '../../../../src/main/store/database';
import { SettingsRepository } from '../../../../src/main/store/repositories/settings-repository';
import { collection, mimeType, nameAttr, Operation, Status, uri } from './fixtures/ipp-values';
import { ippRequest, operationGroup } from './fixtures/ipp-client';
import { GroupTag } from '../../../../src/main/printer/ipp/encoding';
import { freePort } from '../../../integration/printer/cupsd';
import { createFaxPrinterHandlers } from '../../../../src/main/printer/handlers';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function setup(platform: NodeJS.Platform = 'linux', answer: (c: SystemCommand) => CommandResult = () => ({ code: 0, stdout: '', stderr: '' })) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-faxprinter-'));
  const db: Db = openDatabase(path.join(dataDir, 'db.sqlite3'));
  const settings = new SettingsService(new SettingsRepository(db), () => new Date());
  const events = new EventBus();
  const seen: [string, unknown][] = [];
  events.subscribe((name, payload) => seen.push([name, payload]));
  const handoff = new ComposeHandoff(events, silentLogger);
  const ran: SystemCommand[] = [];
  const service = new FaxPrinterService({
    dataDir,
    settings,
    handoff,
    events,
    logger: silentLogger,
    readiness: async () => ({ ok: true }),
    commands: async (c) => {
      ran.push(c);
      return answer(c);
    },
    platform,
    hasDriverlessFax: async () => true,
  });
  await service.start();
  cleanups.push(async () => {
    await service.stop();
    db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const until = async (check: () => boolean) => {
    for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
    expect(check()).toBe(true);
  };
  return { service, settings, handoff, seen, ran, dataDir, until };
}

async function pdfWith(lines: string[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  lines.forEach((line, i) => page.drawText(line, { x: 72, y: 700 - i * 20, font }));
  return Buffer.from(await doc.save());
}

describe('the fax printer service', () => {
  it('is off until turned on, then listens on the port set, and moves when the port changes', async () => {
    const { service, settings, until } = await setup();
    expect(service.listeningPort).toBeNull();
    const port = await freePort();
    settings.set({ faxPrinterEnabled: true, faxPrinterPort: port });
    await until(() => service.listeningPort === port);
    const next = await freePort();
    settings.set({ faxPrinterPort: next });
    await until(() => service.listeningPort === next);
    await expect(new Promise((resolve) => net.connect(port, '127.0.0.1').on('error', () => resolve('refused')).on('connect', () => resolve('open')))).resolves.toBe('refused');
    settings.set({ faxPrinterEnabled: false });
    await until(() => service.listeningPort === null);
  });

  it('says so when the port is taken, and does not listen', async () => {
    const { service, settings } = await setup();
    const blocker = net.createServer();
    const port = await new Promise<number>((r) => blocker.listen(0, '127.0.0.1', () => r((blocker.address() as net.AddressInfo).port)));
    cleanups.push(() => void blocker.close());
    settings.set({ faxPrinterEnabled: true, faxPrinterPort: port });
    let view = await service.view();
    for (let i = 0; i < 200 && !view.problem; i++) view = await new Promise((r) => setTimeout(r, 10)).then(() => service.view());
    expect(view.listening).toBe(false);
    expect(view.problem).toMatch(new RegExp(`Port ${port} is already used by another program`));
    expect(service.listeningPort).toBeNull();
  });

  it('opens a printed job in Compose named from the job, with FaxOut recipients; never sends', async () => {
    const { service, settings, handoff, seen, until } = await setup();
    settings.set({ faxPrinterEnabled: true, faxPrinterPort: await freePort() });
    await until(() => service.listeningPort !== null);
    const faxout = `ipp://127.0.0.1:${service.listeningPort}/ipp/faxout`;
    const answer = await ippRequest(
      faxout,
      Operation.PrintJob,
      [
        operationGroup(faxout, nameAttr('job-name', 'Quarterly report.xlsx'), mimeType('document-format', 'application/pdf')),
        { tag: GroupTag.job, attributes: [collection('destination-uris', [[uri('destination-uri', 'tel:+12125550147')], [uri('destination-uri', 'tel:+442079460000')]])] },
      ],
      await pdfWith(['Hello']),
    );
    expect(answer.message!.code).toBe(Status.ok);
    expect(seen.map(([n]) => n)).toContain('compose:open');
    const taken = handoff.take();
    expect(taken.files).toHaveLength(1);
    expect(taken.files[0]!.name).toBe('Quarterly report.pdf');
    expect(fs.existsSync(taken.files[0]!.path)).toBe(true);
    expect(taken.recipients).toEqual([{ number: '+12125550147' }, { number: '+442079460000' }]);
    expect(taken.recipientsFrom).toBe('the fax job "Quarterly report.pdf"');
    expect((await service.view()).recentJobs[0]).toMatchObject({ name: 'Quarterly report.xlsx', pages: null, recipients: 2 });
    expect(seen.some(([n]) => n.startsWith('outbox:'))).toBe(false);
  });

  it('fills the recipient from a "Fax:" line only when that setting is on', async () => {
    const { service, settings, handoff, until } = await setup();
    settings.set({ faxPrinterEnabled: true, faxPrinterPort: await freePort() });
    await until(() => service.listeningPort !== null);
    const print = `ipp://127.0.0.1:${service.listeningPort}/ipp/print`;
    const job = async () => {
      const data = await pdfWith(['Order 7', 'Fax: +1 212 555 0147']);
      return ippRequest(print, Operation.PrintJob, [operationGroup(print, nameAttr('job-name', 'order.txt'))], data);
    };
    await job();
    expect(handoff.take().recipients).toBeUndefined();
    settings.set({ faxPrinterReadFaxLine: true });
    await until(() => settings.values.faxPrinterReadFaxLine);
    await job();
    const taken = handoff.take();
    expect(taken.recipients).toEqual([{ number: '+12125550147' }]);
    expect(taken.recipientsFrom).toBe('the "Fax:" line in "order.pdf"');
  });

  it('hands over a PDF that is whole but damaged inside; Compose refuses it with its reason, nothing crashes', async () => {
    const { service, settings, handoff, dataDir, until } = await setup();
    settings.set({ faxPrinterEnabled: true, faxPrinterPort: await freePort() });
    await until(() => service.listeningPort !== null);
    const print = `ipp://127.0.0.1:${service.listeningPort}/ipp/print`;
    const damaged = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 9 0 R >> endobj\ngarbage garbage\n%%EOF\n');
    const answer = await ippRequest(print, Operation.PrintJob, [operationGroup(print, nameAttr('job-name', 'broken.pdf'), mimeType('document-format', 'application/pdf'))], damaged);
    expect(answer.message!.code).toBe(Status.ok);
    const taken = handoff.take();
    const compose = new ComposeService({ store: createDocumentStore(dataDir), accounts: { describe: () => null }, now: () => new Date() });
    const added = await compose.addFiles({ paths: [taken.files[0]!.path], existing: [] });
    expect(added.documents).toEqual([]);
    expect(added.problems[0]).toMatchObject({ code: 'CORRUPT', message: expect.stringMatching(/"broken.pdf" is damaged/) });
  });

  it('adds itself with lpadmin, and says when an administrator is needed', async () => {
    let forbidden = true;
    const { service, settings, ran, until } = await setup('linux', (c) =>
      c.file === 'lpstat' ? { code: 0, stdout: forbidden ? '' : `device for Faxdesk: ipp://127.0.0.1:${settings.values.faxPrinterPort}/ipp/print\n`, stderr: '' } : forbidden ? { code: 1, stdout: '', stderr: 'lpadmin: Forbidden' } : { code: 0, stdout: '', stderr: '' },
    );
    const handlers = createFaxPrinterHandlers(service);
    await expect(handlers['faxPrinter:addToSystem']({ asAdministrator: false })).rejects.toThrow(/Turn Faxdesk's printer on first/);
    settings.set({ faxPrinterEnabled: true, faxPrinterPort: await freePort() });
    await until(() => service.listeningPort !== null);
    const refused = await handlers['faxPrinter:addToSystem']({ asAdministrator: false });
    expect(refused).toMatchObject({ ok: false, needsAdministrator: true });
    expect(refused.message).toMatch(/only an administrator/);
    expect(refused.view.addCommands[0]).toMatch(/^lpadmin -p Faxdesk -E -v ipp:\/\/127\.0\.0\.1:\d+\/ipp\/print -m everywhere/);
    forbidden = false;
    ran.length = 0;
    const added = await handlers['faxPrinter:addToSystem']({ asAdministrator: true });
    expect(added.ok).toBe(true);
    expect(ran.filter((c) => c.file === 'pkexec').map((c) => c.args.slice(0, 3))).toEqual([
      ['/usr/sbin/lpadmin', '-p', 'Faxdesk'],
      ['/usr/sbin/lpadmin', '-p', 'Faxdesk-Fax'],
    ]);
    expect(added.view.system.state).toBe('added');
  });

  it('turning it off removes its queues and its printed files: nothing is left behind', async () => {
    let queues = '';
    const { service, settings, ran, dataDir, handoff, until } = await setup('linux', (c) => {
      if (c.file === 'lpstat') return { code: 0, stdout: queues, stderr: '' };
      if (c.args[0] === '-x') queues = queues.split('\n').filter((l) => !l.includes(`for ${c.args[1]}:`)).join('\n');
      return { code: 0, stdout: '', stderr: '' };
    });
    const port = await freePort();
    settings.set({ faxPrinterEnabled: true, faxPrinterPort: port });
    await until(() => service.listeningPort === port);
    queues = `device for Faxdesk: ipp://127.0.0.1:${port}/ipp/print\ndevice for Faxdesk-Fax: ipp://127.0.0.1:${port}/ipp/faxout\ndevice for Laser: ipp://10.0.0.5/ipp/print`;
    const print = `ipp://127.0.0.1:${port}/ipp/print`;
    await ippRequest(print, Operation.PrintJob, [operationGroup(print)], await pdfWith(['x']));
    expect(fs.readdirSync(path.join(dataDir, 'printed')).filter((f) => !f.startsWith('.'))).toHaveLength(1);
    handoff.take(); // Compose took it (and stored its own copy)
    ran.length = 0;
    settings.set({ faxPrinterEnabled: false });
    await until(() => ran.filter((c) => c.args[0] === '-x').length === 2);
    expect(ran.filter((c) => c.args[0] === '-x').map((c) => c.args[1])).toEqual(['Faxdesk', 'Faxdesk-Fax']);
    expect(queues).toBe('device for Laser: ipp://10.0.0.5/ipp/print');
    await until(() => service.listeningPort === null && !fs.existsSync(path.join(dataDir, 'printed')));
  });

  it('uses Add-Printer -IppURL on Windows and only a print queue there', async () => {
    const { service, settings, ran, until } = await setup('win32', (c) => ({ code: 0, stdout: c.args.length ? '' : '', stderr: '' }));
    settings.set({ faxPrinterEnabled: true, faxPrinterPort: await freePort() });
    await until(() => service.listeningPort !== null);
    ran.length = 0;
    await createFaxPrinterHandlers(service)['faxPrinter:addToSystem']({ asAdministrator: false });
    const scripts = ran.map((c) => Buffer.from(c.args[c.args.length - 1]!, 'base64').toString('utf16le'));
    expect(scripts.some((s) => s.includes(`Add-Printer -Name 'Faxdesk' -IppURL 'http://127.0.0.1:${service.listeningPort}/ipp/print'`))).toBe(true);
    expect(scripts.some((s) => s.includes('faxout'))).toBe(false);
  });
});

describe('the document name of a printed job', () => {
  it('is the job name with .pdf, without folders or characters file systems refuse', () => {
    expect(documentFileName('Invoice 42.docx')).toBe('Invoice 42.pdf');
    expect(documentFileName('/home/ada/report.pdf')).toBe('report.pdf');
    expect(documentFileName('C:\\Users\\ada\\notes.txt')).toBe('notes.pdf');
    expect(documentFileName('Microsoft Word - Offer: "final"?')).toBe('Microsoft Word - Offer final.pdf');
    expect(documentFileName('')).toBe('Printed document.pdf');
    expect(documentFileName('...')).toBe('Printed document.pdf');
    expect(documentFileName('a\u0000b\u0007c')).toBe('a b c.pdf');
    expect(documentFileName('x'.repeat(500)).length).toBe(204);
  });
});
