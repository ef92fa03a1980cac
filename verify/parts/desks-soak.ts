/**
 * Part of `npm run verify`: several desks on one fax account (issue 23). Three whole cores (their own
 * data folders, SQLite files and memory keychains) signed in to ONE account of one emulator (manual
 * clock), each with its own desk name; one of them prints received faxes automatically.
 *
 * In rounds, on the emulator's clock (20 s a round): each desk sends a compose (one to three
 * destinations, drawn from twelve numbers all desks use; one compose in four with the same Client
 * reference typed by the person), with one POST /faxes in five answered by a reset, half before the
 * service took the request and half after (the ambiguous sends); now and then a fax arrives; then each
 * desk polls once (every feed, then its downloads) and reconciles once. A round is one poll interval.
 * Then the faults stop and the desks poll on (the clock past the settle time) until nothing is open.
 *
 * Judged on every desk, against the emulator's own records:
 * - shown Delivered that the service does not have (no such fax, not completed, or nothing of the job's compose);
 * - taken over: a job of one compose holding the fax of another (another desk's, or another of its own);
 * - lost: a compose queued that has no job, a job whose fax the service has but the job does not hold,
 *   or one that ended anything but "not sent" when the service has nothing of it;
 * - duplicated: two faxes at the service for one compose and destination, or one fax held by two rows;
 * - another desk's fax not shown within two poll intervals of the service having it;
 * - inbound faxes not stored on every desk, and printed more (or less) than once across the desks.
 */
import { strictFetch } from '../../test/electron-model/net-fetch-rules';
import fs from 'node:fs';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { startEmulator, type RunningEmulator } from '../../src/emulator';
import { MemorySecretStore } from '../../src/main/accounts/secret-store';
import { createCore, type Core } from '../../src/main/core';
import type { Logger } from '../../src/main/platform/logger';
import { steadySystem } from '../../src/main/platform/ports';
import { findMarker } from '../../src/shared/domain/desk-marker';
import type { SentFax } from '../../src/shared/domain/fax';
import type { SendOutcome } from '../../src/shared/domain/outbox';
import type { Result } from '../../src/shared/result';
import type { VerifyContext, VerifyPart, VerifyRow } from '../part';
import { countRow, formatCount, reportRow } from '../harness/rows';
import { allReceived, allSent, clientFor, composeKey } from '../harness/service-truth';

const PART = 'several desks';
const DESKS = ['Front desk', 'Back office', 'Records'] as const;
const PRINTING_DESK = 'Front desk';
const ROUND_MS = 20_000;
/** One POST /faxes in five: resets before and after the service took the request, equally often. */
const POST_FAULT_RATE = 0.2;
const SETTLE_MS = 3 * 60_000;
const NUMBERS = Array.from({ length: 12 }, (_, i) => `1312555${String(1000 + i * 7)}`);
const TYPED_REFERENCE = 'ACME-AP-2026';

interface Desk {
  name: string;
  core: Core;
  accountId: string;
  printed: number;
  document: { id: string; type: string; name: string; pages: number | null };
  /** composeId -> round it was queued in. */
  composes: Map<string, number>;
}

interface Findings {
  deliveredNotAtService: string[];
  /** A job of this desk holding a fax of another compose (another desk's, or another of its own). */
  wronglyAdopted: string[];
  lost: string[];
  duplicated: string[];
  notVisibleInTime: string[];
  inboundMissing: string[];
  printedWrong: string[];
  sendErrors: string[];
  errors: string[];
}

const rand = (n: number) => Math.floor(Math.random() * n);

async function ok<T>(core: Core, channel: string, input?: unknown): Promise<T> {
  const result = (await core.dispatch(channel, input)) as Result<T>;
  if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
  return result.value;
}

async function onePagePdf(title: string): Promise<string> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([612, 792]).drawText(title, { x: 72, y: 700, size: 14, font });
  return Buffer.from(await doc.save()).toString('base64');
}

async function startDesk(name: string, root: string, emulator: RunningEmulator, errors: string[]): Promise<Desk> {
  const logger: Logger = { debug() {}, info() {}, warn() {}, error: (message, details) => void errors.push(`${name}: ${message} ${details ? JSON.stringify(details) : ''}`.slice(0, 300)) };
  const desk: Desk = { name, core: null as unknown as Core, accountId: '', printed: 0, document: null as unknown as Desk['document'], composes: new Map() };
  desk.core = createCore({
    dataDir: path.join(root, name.replace(/\W+/g, '-')),
    appVersion: '0.0.0-verify',
    shell: 'bridge',
    logger,
    notifier: { show() {} },
    printer: {
      printPdf: async () => {
        desk.printed++;
        return { outcome: 'printed' as const };
      },
    },
    badge: { setCount() {} },
    system: steadySystem,
    fetch: strictFetch,
    secretStore: new MemorySecretStore(),
    startEmulator: null,
    now: () => new Date(emulator.control.clock().now),
    // The part drives polls and reconciliation itself, once a round: the background waits are long.
    tuning: {
      http: { timeoutMs: 10_000, retry: { attempts: 2, baseDelayMs: 10, maxDelayMs: 50 } },
      outbox: { settleMs: SETTLE_MS, reconcileIntervalMs: 3_600_000, lateReconcileIntervalMs: 3_600_000, trackIntervalMs: 3_600_000, holdBaseMs: 10, holdMaxMs: 50 },
      sync: { intervals: { fastMs: 3_600_000, idleMs: 3_600_000, backoffBaseMs: 3_600_000, backoffMaxMs: 3_600_000 }, sweepEveryMs: 3_600_000, printClaim: { recheckMs: 10 } },
    },
  });
  await desk.core.start();
  await ok(desk.core, 'settings:set', { installationName: name, autoPrintInbound: name === PRINTING_DESK });
  const account = await ok<{ id: string }>(desk.core, 'accounts:add', {
    label: 'Office fax',
    baseUrl: emulator.baseUrl,
    appId: emulator.demo.appId,
    apiKey: emulator.demo.apiKey,
    userId: emulator.demo.userId,
  });
  desk.accountId = account.id;
  const prepared = await ok<{ documents: Desk['document'][] }>(desk.core, 'compose:addBytes', { name: `${name}.pdf`, base64: await onePagePdf(`From ${name}`) });
  const { id, type, name: fileName, pages } = prepared.documents[0]!;
  desk.document = { id, type, name: fileName, pages };
  return desk;
}

async function poll(desk: Desk, findings: Findings): Promise<void> {
  for (const outcome of await desk.core.sync.syncNow(desk.accountId)) {
    if (!outcome.ok) findings.errors.push(`${desk.name}: ${outcome.feed} failed: ${outcome.error?.message ?? ''}`.slice(0, 300));
  }
  await desk.core.inbox.drainDownloads();
  await desk.core.outbox.reconcileNow();
}

async function send(desk: Desk, round: number, findings: Findings): Promise<void> {
  const composeId = crypto.randomUUID();
  const count = 1 + (Math.random() < 0.25 ? rand(3) : 0);
  const numbers = new Set<string>();
  while (numbers.size < count) numbers.add(NUMBERS[rand(NUMBERS.length)]!);
  const typed = Math.random() < 0.25;
  try {
    await ok<SendOutcome>(desk.core, 'compose:send', {
      composeId,
      accountId: desk.accountId,
      recipients: [...numbers].map((number) => ({ number, name: 'Accounts payable', company: 'ACME Corp' })),
      documents: [desk.document],
      options: { clientData: typed ? { clientReferenceId: TYPED_REFERENCE } : {} },
    });
    desk.composes.set(composeId, round);
  } catch (error) {
    findings.sendErrors.push(`${desk.name}: ${String(error)}`.slice(0, 300));
  }
  await desk.core.outbox.drain();
}

/** Faxes at the service per compose and destination (by Faxdesk's marker). */
function byCompose(sent: readonly SentFax[]): Map<string, SentFax[]> {
  const out = new Map<string, SentFax[]>();
  for (const fax of sent) {
    const key = composeKey(findMarker(fax.clientData)?.marker.composeId ?? '', fax.destinationNumber ?? '');
    out.set(key, [...(out.get(key) ?? []), fax]);
  }
  return out;
}

function openJobs(desk: Desk): number {
  return (desk.core.db.prepare("SELECT count(*) AS n FROM outbound WHERE origin = 'local' AND state IN ('QUEUED', 'SUBMITTING', 'UNKNOWN')").get() as { n: number }).n;
}

export const desksSoak: VerifyPart = {
  name: PART,
  async run(context: VerifyContext): Promise<VerifyRow[]> {
    const sends = context.size === 'full' ? 300 : 45;
    const inboundCount = context.size === 'full' ? 100 : 15;
    const rounds = Math.ceil(sends / DESKS.length);
    const root = path.join(context.workDir, 'desks');
    fs.mkdirSync(root, { recursive: true });
    const findings: Findings = { deliveredNotAtService: [], wronglyAdopted: [], lost: [], duplicated: [], notVisibleInTime: [], inboundMissing: [], printedWrong: [], sendErrors: [], errors: [] };
    const emulator = await startEmulator({ clock: 'manual', quiet: true });
    const desks: Desk[] = [];
    const truth = clientFor({ baseUrl: emulator.baseUrl, appId: emulator.demo.appId, apiKey: emulator.demo.apiKey, userId: emulator.demo.userId });
    /** faxId -> the round the service first listed it in. */
    const firstListed = new Map<string, number>();
    let inbound = 0;
    const faultsFired = { before: 0, after: 0 };
    const started = performance.now();
    try {
      for (const name of DESKS) desks.push(await startDesk(name, root, emulator, findings.errors));
      const p = 1 - Math.sqrt(1 - POST_FAULT_RATE);
      const faults = [
        await emulator.control.addFault({ route: 'POST /faxes', kind: 'reset', phase: 'before', probability: p }),
        await emulator.control.addFault({ route: 'POST /faxes', kind: 'reset', phase: 'after', probability: p }),
      ];
      const inboundEvery = Math.max(1, Math.floor(rounds / inboundCount));
      for (let round = 0; round < rounds; round++) {
        for (const [i, desk] of desks.entries()) if (round * DESKS.length + i < sends) await send(desk, round, findings);
        if (round % inboundEvery === 0 && inbound < inboundCount) {
          await emulator.control.inbound({ pages: 1, from: `1415555${String(2000 + inbound)}` });
          inbound++;
        }
        for (const desk of desks) await poll(desk, findings);
        await checkVisibility(desks, truth, firstListed, round, findings);
        await emulator.control.advance(ROUND_MS);
        if (round % 20 === 19) context.log(`${PART}: round ${round + 1}/${rounds}, ${Math.round((performance.now() - started) / 1000)} s`);
      }
      while (inbound < inboundCount) {
        await emulator.control.inbound({ pages: 1, from: `1415555${String(2000 + inbound)}` });
        inbound++;
      }
      for (const fault of await emulator.control.faults()) {
        if (fault.id === faults[0]!.id) faultsFired.before += fault.fired;
        if (fault.id === faults[1]!.id) faultsFired.after += fault.fired;
      }
      await emulator.control.clearFaults();
      // Drain: the clock past the settle time and every fax's last attempt, polling as the desks would.
      let round = rounds;
      for (let pass = 0; pass < 40; pass++, round++) {
        for (const desk of desks) await poll(desk, findings);
        await checkVisibility(desks, truth, firstListed, round, findings);
        const sent = await allSent(truth);
        const open = desks.reduce((n, d) => n + openJobs(d), 0);
        const inFlight = sent.filter((f) => !['COMPLETED', 'ERROR', 'CANCELED'].includes(f.transmission?.state ?? '')).length;
        if (open === 0 && inFlight === 0 && pass > 2) break;
        await emulator.control.advance(pass < 10 ? 60_000 : 5 * 60_000);
      }
      for (const desk of desks) await poll(desk, findings);
      const sent = await allSent(truth);
      const received = await allReceived(truth);
      judge(desks, sent, received, findings);
      const elapsed = (performance.now() - started) / 1000;
      return rows({ sends, inbound, findings, faultsFired, accepted: sent.length, elapsed, rounds });
    } finally {
      for (const desk of desks) await desk.core.stop().catch(() => undefined);
      await emulator.stop();
    }
  },
};

/**
 * After each round's polls: every fax the service lists, from the round it was first listed, must be
 * on every desk that did not send it by the end of the next round (two poll intervals at most).
 */
async function checkVisibility(desks: readonly Desk[], truth: ReturnType<typeof clientFor>, firstListed: Map<string, number>, round: number, findings: Findings): Promise<void> {
  const sent = await allSent(truth);
  for (const fax of sent) {
    if (!firstListed.has(fax.faxId)) firstListed.set(fax.faxId, round);
    const since = firstListed.get(fax.faxId)!;
    if (round - since < 1) continue;
    const composeId = findMarker(fax.clientData)?.marker.composeId ?? null;
    for (const desk of desks) {
      if (composeId && desk.composes.has(composeId)) continue;
      if (!desk.core.outbox.outbound.getByFaxId(desk.accountId, fax.faxId) && round - since === 1) {
        findings.notVisibleInTime.push(`${desk.name}: fax ${fax.faxId} (listed at the service in round ${since}) not shown by round ${round}`);
      }
    }
  }
}

function judge(desks: readonly Desk[], sent: readonly SentFax[], received: readonly { faxId: string }[], findings: Findings): void {
  const atService = new Map(sent.map((f) => [f.faxId, f]));
  const perCompose = byCompose(sent);
  for (const [key, faxes] of perCompose) if (faxes.length > 1) findings.duplicated.push(`the service has ${faxes.length} faxes for ${key}`);
  for (const desk of desks) {
    const rows = desk.core.db.prepare('SELECT id, origin, compose_id AS composeId, destination, state, fax_id AS faxId, error_code AS errorCode FROM outbound WHERE account_id = ?').all(desk.accountId) as {
      id: string;
      origin: string;
      composeId: string | null;
      destination: string;
      state: string;
      faxId: string | null;
      errorCode: string | null;
    }[];
    const holders = new Map<string, number>();
    for (const row of rows) {
      if (row.faxId) holders.set(row.faxId, (holders.get(row.faxId) ?? 0) + 1);
      const fax = row.faxId ? atService.get(row.faxId) : undefined;
      if (row.state === 'COMPLETED' && (!fax || fax.transmission?.state !== 'COMPLETED')) {
        findings.deliveredNotAtService.push(`${desk.name}: ${row.id} shows Delivered; the service has ${fax ? fax.transmission?.state : 'no such fax'}`);
      }
      if (row.origin !== 'local') continue;
      if (fax && findMarker(fax.clientData)?.marker.composeId !== row.composeId) {
        findings.wronglyAdopted.push(`${desk.name}: job ${row.id} (${row.state}) holds fax ${row.faxId} of compose ${findMarker(fax.clientData)?.marker.composeId ?? 'unmarked'}`);
      }
      const theirs = perCompose.get(composeKey(row.composeId ?? '', row.destination)) ?? [];
      if (theirs.length > 0 && !theirs.some((f) => f.faxId === row.faxId)) findings.lost.push(`${desk.name}: job ${row.id} (${row.state}) does not hold its fax ${theirs[0]!.faxId}`);
      // The worst case: a job shown Delivered while its own compose never reached the service.
      if (theirs.length === 0 && row.state === 'COMPLETED') findings.deliveredNotAtService.push(`${desk.name}: job ${row.id} shows Delivered; the service has no fax of its compose`);
      if (theirs.length === 0 && !(row.state === 'REJECTED' && row.errorCode === 'NOT_SENT')) findings.lost.push(`${desk.name}: job ${row.id} is ${row.state} ${row.faxId ?? ''}; the service has nothing of it`);
    }
    for (const [faxId, n] of holders) if (n > 1) findings.duplicated.push(`${desk.name}: fax ${faxId} held by ${n} rows`);
    for (const composeId of desk.composes.keys()) if (!rows.some((r) => r.composeId === composeId)) findings.lost.push(`${desk.name}: compose ${composeId} was queued and has no job`);
    for (const fax of received) {
      const row = desk.core.db.prepare('SELECT image_state AS imageState FROM received WHERE account_id = ? AND fax_id = ?').get(desk.accountId, fax.faxId) as { imageState: string } | undefined;
      if (row?.imageState !== 'stored') findings.inboundMissing.push(`${desk.name}: inbound ${fax.faxId} ${row ? row.imageState : 'missing'}`);
    }
  }
  const printed = desks.reduce((n, d) => n + d.printed, 0);
  if (printed !== received.length) findings.printedWrong.push(`${printed} automatic prints for ${received.length} inbound faxes (one desk prints)`);
}

function rows(s: { sends: number; inbound: number; findings: Findings; faultsFired: { before: number; after: number }; accepted: number; elapsed: number; rounds: number }): VerifyRow[] {
  const f = s.findings;
  const runs = s.sends;
  return [
    countRow(PART, 'shown Delivered that the service does not have (any desk)', runs, f.deliveredNotAtService, `${DESKS.length} desks, ${formatCount(s.sends)} sends, ${formatCount(s.accepted)} faxes at the service`),
    countRow(PART, "faxes taken over by another compose's job (any desk)", runs, f.wronglyAdopted, `one compose in four with the Client reference ${TYPED_REFERENCE} typed; all desks send in the same second`),
    countRow(PART, 'faxes lost (any desk)', runs, f.lost),
    countRow(PART, 'faxes duplicated (service or any desk)', runs, f.duplicated),
    countRow(PART, "another desk's fax not shown within two poll intervals", runs, f.notVisibleInTime, `${s.rounds} rounds of ${ROUND_MS / 1000} s (emulator clock), one poll per desk each`),
    countRow(PART, 'inbound faxes not stored on every desk', s.inbound, f.inboundMissing, `${formatCount(s.inbound)} inbound faxes`),
    countRow(PART, 'inbound faxes printed other than once across desks', s.inbound, f.printedWrong, `${PRINTING_DESK} prints automatically`),
    countRow(PART, 'sends refused by Faxdesk', runs, f.sendErrors),
    reportRow(
      PART,
      'POST /faxes reset (before / after acceptance)',
      runs,
      `${formatCount(s.faultsFired.before)} / ${formatCount(s.faultsFired.after)}`,
      `1 POST in ${Math.round(1 / POST_FAULT_RATE)} on average, half each way; ${s.elapsed.toFixed(1)} s in all`,
    ),
    reportRow(PART, 'unexpected errors logged by the desks', runs, f.errors),
  ];
}
