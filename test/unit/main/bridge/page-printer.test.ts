/**
 * The browser harness's printer: every print ends. The page's report (printed, cancelled, failed) is
 * what printPdf answers; a page that never reports (closed, reloaded, never connected) fails the print
 * after the page's limit and a grace; prints are one at a time; a late or unknown report is refused.
 */
import { describe, expect, it } from 'vitest';
import { PagePrinter } from '../../../../src/main/bridge/page-printer';
import type { PrintRequest } from '../../../../src/shared/ipc/contract/app';
import { flushPromises, ManualTimers } from '../../../../src/main/platform/timers';

const TARGET = { page: 'inbox' as const, accountId: 'sandbox', faxId: 'f1' };

function setup(timeLimitMs = 1000) {
  const timers = new ManualTimers();
  const asked: PrintRequest[] = [];
  const printer = new PagePrinter({ events: () => ({ emit: (_event, payload) => void asked.push(payload as PrintRequest) }), timers, timeLimitMs });
  return { timers, asked, printer };
}

describe('PagePrinter', () => {
  it('asks the page with a request id and its time limit, and answers with what the page reports', async () => {
    const { asked, printer } = setup();
    const printing = printer.printPdf('/data/f1.pdf', { title: 'Fax from +1 312 555 0170', target: TARGET });
    await flushPromises();
    expect(asked).toEqual([{ requestId: expect.any(String), title: 'Fax from +1 312 555 0170', target: TARGET, timeLimitMs: 1000 }]);
    expect(printer.report({ requestId: asked[0]!.requestId, outcome: 'cancelled' })).toEqual({ accepted: true });
    await expect(printing).resolves.toEqual({ outcome: 'cancelled' });
    expect(printer.prints[0]).toMatchObject({ file: '/data/f1.pdf', outcome: { outcome: 'cancelled' } });
    // Said twice, or for a print that never was: not accepted, nothing changes.
    expect(printer.report({ requestId: asked[0]!.requestId, outcome: 'printed' })).toEqual({ accepted: false });
    expect(printer.report({ requestId: 'no-such-print', outcome: 'printed' })).toEqual({ accepted: false });
  });

  it('passes the page\'s reason for a failure on', async () => {
    const { asked, printer } = setup();
    const printing = printer.printPdf('/data/f1.pdf', { title: 'Fax', target: TARGET });
    await flushPromises();
    printer.report({ requestId: asked[0]!.requestId, outcome: 'failed', reason: 'Page 2 of this fax is damaged.' });
    await expect(printing).resolves.toEqual({ outcome: 'failed', reason: 'Page 2 of this fax is damaged.' });
  });

  it('fails a print the page never reports on, once the limit and the grace have passed, with a sentence', async () => {
    const { timers, asked, printer } = setup(60_000);
    let ended: unknown = null;
    void printer.printPdf('/data/f1.pdf', { title: 'Fax', target: TARGET }).then((outcome) => (ended = outcome));
    await flushPromises();
    await timers.advance(60_000);
    expect(ended).toBeNull(); // the page's own limit first: its sentence is the more precise one
    await timers.advance(30_000);
    expect(ended).toEqual({ outcome: 'failed', reason: 'No Faxdesk window answered within 2 minutes. Open Faxdesk in the browser and print the fax again.' });
    expect(printer.report({ requestId: asked[0]!.requestId, outcome: 'printed' })).toEqual({ accepted: false });
  });

  it('prints one at a time: the second is asked for only when the first has ended', async () => {
    const { asked, printer } = setup();
    const first = printer.printPdf('/data/a.pdf', { title: 'A', target: TARGET });
    const second = printer.printPdf('/data/b.pdf', { title: 'B', target: { ...TARGET, faxId: 'f2' } });
    await flushPromises();
    expect(asked.map((r) => r.title)).toEqual(['A']);
    printer.report({ requestId: asked[0]!.requestId, outcome: 'printed' });
    await expect(first).resolves.toEqual({ outcome: 'printed' });
    await flushPromises();
    expect(asked.map((r) => r.title)).toEqual(['A', 'B']);
    printer.report({ requestId: asked[1]!.requestId, outcome: 'printed' });
    await expect(second).resolves.toEqual({ outcome: 'printed' });
  });

  it('fails at once when there is no event stream to ask a page through yet', async () => {
    const printer = new PagePrinter({ events: () => null, timers: new ManualTimers() });
    await expect(printer.printPdf('/data/a.pdf', { title: 'A', target: TARGET })).resolves.toEqual({ outcome: 'failed', reason: 'Faxdesk is not ready to print yet. Try again in a moment.' });
  });
});
