/**
 * The whole core as the app builds it (built-in Sandbox, sync running), driven through the IPC gate
 * like the Compose and Outbox pages: add a document from bytes, check the draft, send (twice: one set
 * of jobs), follow the job to "Delivered" with exactly one notification, then export the list and a
 * transmission report. The Sandbox runs on the emulator's manual clock: the test moves the carrier on
 * and asks for a sync, instead of waiting up to 30 s of real time for the call to finish.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../../src/emulator';
import type { DesktopNotification } from '../../../src/main/platform/ports';
import type { ComposeValidation, OutboxDetail, OutboxPage, ReportResult, SendOutcome } from '../../../src/shared/domain/outbox';
import type { CsvExport, PreparedDocuments } from '../../../src/shared/ipc/contract/outbox';
import { startCore, type CoreFixture } from '../accounts/core-fixture';
import { makePdf } from './support';

let f: CoreFixture;
let sandbox: RunningEmulator | null = null;
const shown: DesktopNotification[] = [];
beforeAll(async () => {
  f = await startCore({
    notifier: { show: (n) => shown.push(n) },
    startEmulator: async (options) => (sandbox = await startEmulator({ ...options, clock: 'manual' })),
  });
});
afterAll(async () => {
  await f?.stop();
});

describe('compose and outbox through the IPC gate', () => {
  it('sends a fax from the Sandbox and follows it to Delivered', async () => {
    const added = await f.ok<PreparedDocuments>('compose:addBytes', { name: 'letter.pdf', base64: Buffer.from(await makePdf(3)).toString('base64') });
    expect(added.problems).toEqual([]);
    const doc = added.documents[0]!;
    expect(doc).toMatchObject({ type: 'PDF', pages: 3 });

    const draft = {
      accountId: 'sandbox',
      recipients: [{ number: '+1 212 555 0100', name: 'Records', company: 'Clinic' }],
      documents: [{ id: doc.id, type: doc.type, name: doc.name, pages: doc.pages }],
      options: { resolution: 'FINE', coverPage: { fromName: 'Faxdesk', subject: 'Test', message: 'Hello' }, header: null },
    };
    const checked = await f.ok<ComposeValidation>('compose:validate', { draft: { ...draft, recipients: [{ number: '555' }] } });
    expect(checked.ok).toBe(false);
    expect(checked.problems[0]).toMatchObject({ field: 'recipients.0.number' });

    const composeId = randomUUID();
    const sent = await f.ok<SendOutcome>('compose:send', { composeId, ...draft });
    const again = await f.ok<SendOutcome>('compose:send', { composeId, ...draft });
    expect(again).toMatchObject({ created: false, jobs: [{ id: sent.jobs[0]!.id }] });
    const jobId = sent.jobs[0]!.id;
    // The POST runs beside the test (the outbox's pump): wait for it before moving the carrier on, or on a
    // loaded machine it could land after the 20 steps below had used up the Sandbox time.
    await f.core.outbox.drain();

    // Each step: the carrier moves on 30 s of Sandbox time, then the desk syncs its lists and we wait
    // for that sync, never for wall-clock time to pass.
    let detail = await f.ok<OutboxDetail>('outbox:get', { jobId });
    for (let step = 0; step < 20 && detail.job.state !== 'COMPLETED'; step++) {
      await sandbox!.control.advance(30_000);
      await f.core.sync.syncNow('sandbox');
      detail = await f.ok<OutboxDetail>('outbox:get', { jobId });
    }
    expect(detail!.job).toMatchObject({ status: 'delivered', statusLabel: 'Delivered', pageCount: 4 });
    expect(detail!.attempts?.[0]).toMatchObject({ state: 'COMPLETED' });
    expect(f.events.some(([name, payload]) => name === 'outbox:changed' && (payload as { ids: string[] }).ids.includes(jobId))).toBe(true);
    // One notification, whoever (outbox or sync) saw it finish; looking again changes nothing.
    await f.ok('outbox:get', { jobId });
    expect(shown.filter((n) => n.target && 'jobId' in n.target && n.target.jobId === jobId).map((n) => n.title)).toEqual(['Sandbox (practice): Fax delivered']);

    const page = await f.ok<OutboxPage>('outbox:list', { phase: 'completed' });
    expect(page.items.map((i) => i.id)).toContain(jobId);
    const csv = await f.ok<CsvExport>('outbox:exportCsv', { phase: 'completed' });
    expect(csv).toMatchObject({ kind: 'text', rows: 1 });
    expect(csv.kind === 'text' && csv.text).toContain(jobId);
    const report = await f.ok<ReportResult>('outbox:report', { jobId });
    expect(fs.existsSync(report.file)).toBe(true);
    const cancel = await f.ok<{ outcome: string }>('outbox:cancel', { jobId });
    expect(cancel.outcome).toBe('already-completed');
  });
});
