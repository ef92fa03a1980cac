/**
 * Part 2 of `npm run verify`: the fault soak. The real core (createCore) runs here, in process,
 * against the Sandbox emulator in its own process (manual clock, 30x), with one request in five to
 * the emulated service faulted (soak-plan.ts) and the sign-in token revoked every few seconds.
 *
 * 1. Faults on: SENDS composes go out through compose:addFiles + compose:send at a steady pace
 *    (1-50 destinations, PDFs and TIFFs of 1-20 pages), while sync runs continuously, inbound faxes
 *    arrive, and the faxes of one compose in twenty are cancelled while they are on the line.
 *    Every job seen "outcome unknown" is checked for an explanation a person can act on (the status
 *    says what Faxdesk is doing, the job offers "check now", and its timeline names the cause).
 * 2. When the outbox has nothing left to submit and every accepted fax is final (or a deadline
 *    passes), the faults stop. The jobs still "outcome unknown" are counted, and outbox:reconcile
 *    (the person's "check now") is run on each.
 * 3. Drain without faults; then judge against the emulator's own records: lost, duplicated,
 *    disagreeing with the service (fax id or final state), unknown left after the reconcile,
 *    final-state coverage, inbound faxes missed or announced twice, results announced twice,
 *    database integrity; and report requests per accepted fax and the time to drain.
 */
import { composeIdOf } from '../../src/shared/domain/desk-marker';
import fs from 'node:fs';
import path from 'node:path';
import { MemorySecretStore } from '../../src/main/accounts/secret-store';
import { createCore, type Core } from '../../src/main/core';
import type { Logger } from '../../src/main/platform/logger';
import { steadySystem, type DesktopNotification, type FetchFn } from '../../src/main/platform/ports';
import { type OutboxDetail, type OutboxItem } from '../../src/shared/domain/outbox';
import type { Result } from '../../src/shared/result';
import type { VerifyContext, VerifyPart, VerifyRow } from '../part';
import { ensureCorpus } from '../harness/documents';
import { startEmulatorProcess, type EmulatorProcess } from '../harness/emulator-process';
import { inspectHistory } from '../harness/history-file';
import { countRow, formatCount, reportRow } from '../harness/rows';
import { allReceived, allSent, clientFor, composeKey, sentByComposeAndDestination } from '../harness/service-truth';
import { describeFault, planSoak, SOAK_LATE_MS, SOAK_SETTLE_MS, soakFaults, type SoakCompose } from '../harness/soak-plan';
import { strictFetch } from '../../test/electron-model/net-fetch-rules';

const PART = 'fault soak';
const FAULT_RATE = 0.2;
/** Emulator time per real 100 ms while sending, and once the sends are out (the drain waits on carrier retries). */
const CLOCK_STEP_MS = 3_000;
const DRAIN_CLOCK_STEP_MS = 6_000;
const TOKEN_REVOKE_EVERY_MS = 10_000;
const INBOUND_EVERY = 10;
/** POSTs the service takes only after the settle time (besides the random late faults). */
const LATE_POSTS = 3;
const FINAL = new Set(['COMPLETED', 'ERROR', 'CANCELED', 'REJECTED']);

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface Counts {
  requests: number;
  byRoute: Map<string, number>;
  /** Time spent waiting for answers, per route (ms). */
  msByRoute: Map<string, number>;
  failures: number;
  /** Answers 401 (a revoked token, before the client signed in again). */
  unauthorized: number;
}

/** The global fetch, counting every request the core makes (and those that failed on the wire). */
function countingFetch(counts: Counts): FetchFn {
  return async (input, init) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    const route = `${method} ${new URL(String(input)).pathname.replace(/^.*\/api/, '').replace(/\/faxes\/[^/]+\//, '/faxes/{id}/')}`;
    counts.requests++;
    counts.byRoute.set(route, (counts.byRoute.get(route) ?? 0) + 1);
    const started = performance.now();
    try {
      const response = await strictFetch(input, init);
      if (response.status === 401) counts.unauthorized++;
      return response;
    } catch (error) {
      counts.failures++;
      throw error;
    } finally {
      counts.msByRoute.set(route, (counts.msByRoute.get(route) ?? 0) + performance.now() - started);
    }
  };
}

async function call<T>(core: Core, channel: string, input?: unknown): Promise<Result<T>> {
  return (await core.dispatch(channel, input)) as Result<T>;
}

async function ok<T>(core: Core, channel: string, input?: unknown): Promise<T> {
  const result = await call<T>(core, channel, input);
  if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
  return result.value;
}

function stateCounts(core: Core): Map<string, number> {
  const rows = core.db.prepare('SELECT state, count(*) AS n FROM outbound GROUP BY state').all() as { state: string; n: number }[];
  return new Map(rows.map((r) => [r.state, r.n]));
}

function sumOf(counts: Map<string, number>, states: readonly string[]): number {
  return states.reduce((n, s) => n + (counts.get(s) ?? 0), 0);
}

const NOT_FINAL_ACCEPTED = ['SUBMITTED', 'NEW', 'IN_PROGRESS', 'PENDING_RETRY', 'CANCEL_REQUESTED'];

/** Waits until `done()` or the deadline; returns whether it got there. */
async function waitFor(done: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (done()) return true;
    await sleep(200);
  }
  return done();
}

interface Findings {
  lost: string[];
  duplicated: string[];
  disagree: string[];
  unexplained: string[];
  unknownAfterReconcile: string[];
  notFinal: string[];
  inboundMissed: string[];
  inboundTwice: string[];
  outboundTwice: string[];
  corrupt: string[];
  sendErrors: string[];
  errors: string[];
}

/** Checks that an "outcome unknown" job tells the person what is going on and what they can do. */
function explanationProblem(item: OutboxItem, detail: OutboxDetail): string | null {
  if (!item.statusDetail.trim()) return 'no status text';
  if (!item.canReconcile) return 'no "check now"';
  if (item.canResend) return 'offers "send again" while the outcome is unknown';
  const last = [...detail.timeline].reverse().find((e) => e.status === 'UNKNOWN');
  const reason = last && typeof last.detail.reason === 'string' ? last.detail.reason.trim() : '';
  if (!reason) return 'its timeline does not say what went wrong';
  return null;
}

export const faultSoak: VerifyPart = {
  name: PART,
  async run(context: VerifyContext): Promise<VerifyRow[]> {
    const sends = context.size === 'full' ? 1_000 : 100;
    const sendingMs = context.size === 'full' ? 100_000 : 12_000;
    const drainMs = context.size === 'full' ? 120_000 : 45_000;
    const root = path.join(context.workDir, 'fault-soak');
    fs.mkdirSync(root, { recursive: true });
    const corpus = await ensureCorpus(path.join(context.workDir, 'documents'));
    const plan = planSoak(sends, corpus);
    const emulator = await startEmulatorProcess();
    const counts: Counts = { requests: 0, byRoute: new Map(), msByRoute: new Map(), failures: 0, unauthorized: 0 };
    const notifications: DesktopNotification[] = [];
    const errors: string[] = [];
    const logger: Logger = {
      debug() {},
      info() {},
      warn() {},
      error: (message, details) => void errors.push(`${message} ${details ? JSON.stringify(details) : ''}`.slice(0, 300)),
    };
    const core = createCore({
      dataDir: root,
      appVersion: '0.0.0-verify',
      shell: 'bridge',
      logger,
      notifier: { show: (n) => void notifications.push(n) },
      printer: { printPdf: async () => ({ outcome: 'printed' as const }) },
      badge: { setCount() {} },
      system: steadySystem,
      fetch: countingFetch(counts),
      secretStore: new MemorySecretStore(),
      startEmulator: null,
      tuning: {
        http: { timeoutMs: 800, retry: { attempts: 3, baseDelayMs: 50, maxDelayMs: 400 } },
        outbox: {
          settleMs: SOAK_SETTLE_MS,
          reconcileIntervalMs: 300,
          lateReconcileIntervalMs: 2_000,
          trackIntervalMs: 500,
          submitTimeoutMs: 800,
          holdBaseMs: 200,
          holdMaxMs: 2_000,
          stopGraceMs: 500,
        },
        sync: {
          intervals: { fastMs: 300, idleMs: 1_000, backoffBaseMs: 200, backoffMaxMs: 2_000 },
          sweepEveryMs: 5_000,
          downloads: { retryBaseMs: 300, retryMaxMs: 2_000, problemBaseMs: 300, problemMaxMs: 2_000 },
        },
      },
    });
    const findings: Findings = {
      lost: [],
      duplicated: [],
      disagree: [],
      unexplained: [],
      unknownAfterReconcile: [],
      notFinal: [],
      inboundMissed: [],
      inboundTwice: [],
      outboundTwice: [],
      corrupt: [],
      sendErrors: [],
      errors,
    };
    const account = { baseUrl: emulator.baseUrl, appId: emulator.demo.appId, apiKey: emulator.demo.apiKey, userId: emulator.demo.userId };
    let stopLoops = false;
    const loops: Promise<void>[] = [];
    const acknowledged = new Set<string>();
    const everUnknown = new Set<string>();
    const checkedUnknown = new Set<string>();
    const cancelAsked = new Map<string, string>();
    let inbound = 0;
    let revocations = 0;
    let drainedAt: number | null = null;
    let firstSendAt = 0;
    let faultsStoppedAt = 0;
    let lastSendAt = 0;

    try {
      await core.start();
      const { id: accountId } = await ok<{ id: string }>(core, 'accounts:add', { label: 'Verify soak', ...account, enabled: true });
      core.sync.setFocus(true);
      for (const spec of soakFaults(FAULT_RATE)) await emulator.control.addFault(spec);

      // The emulator's clock moves on, the token is revoked now and then, unknown jobs are examined,
      // cancellations are made: all in the background while the sends go out.
      loops.push(
        (async () => {
          while (!stopLoops) {
            await emulator.control.advance(lastSendAt ? DRAIN_CLOCK_STEP_MS : CLOCK_STEP_MS).catch(() => undefined);
            await sleep(100);
          }
        })(),
        (async () => {
          for (let round = 0; !stopLoops; round++) {
            await sleep(round === 0 ? 4_000 : TOKEN_REVOKE_EVERY_MS);
            if (faultsStoppedAt || stopLoops) continue;
            await emulator.control.revokeTokens().then(
              () => revocations++,
              () => undefined,
            );
            if (round === 0) {
              // A few sends the service takes only after Faxdesk has reported them "not sent" (on top of the
              // random mix, so the late find is exercised at any size). Once the client has signed in again,
              // and well before the next revocation: a request processed late with a revoked token is a 401.
              await sleep(1_500);
              await emulator.control.addFault({ route: 'POST /faxes', kind: 'delay', delayMs: SOAK_LATE_MS, count: LATE_POSTS });
            }
          }
        })(),
        (async () => {
          while (!stopLoops) {
            await examineUnknown(core, everUnknown, checkedUnknown, findings);
            await sleep(700);
          }
        })(),
        (async () => {
          while (!stopLoops) {
            await cancelWhatIsDue(core, plan, cancelAsked);
            await sleep(400);
          }
        })(),
      );

      // 1. The sends, at a steady pace.
      firstSendAt = Date.now();
      const pace = sendingMs / plan.length;
      for (const [i, compose] of plan.entries()) {
        const due = firstSendAt + i * pace;
        if (due > Date.now()) await sleep(due - Date.now());
        if (i % INBOUND_EVERY === 0) {
          await emulator.control.inbound({ pages: 1 + (i % 3) }).then(
            () => inbound++,
            (e: unknown) => findings.sendErrors.push(`inbound: ${String(e)}`),
          );
        }
        const sent = await sendCompose(core, accountId, compose);
        if (sent === null) acknowledged.add(compose.composeId);
        else findings.sendErrors.push(`${compose.composeId}: ${sent}`);
        if (i % 100 === 99) context.log(`${PART}: ${i + 1}/${plan.length} sent, ${counts.requests} requests, ${Math.round((Date.now() - firstSendAt) / 1000)} s`);
      }
      lastSendAt = Date.now();

      // 2. Faults on until nothing is left to submit and every accepted fax is final (or the deadline).
      let lastLog = Date.now();
      await waitFor(() => {
        const c = stateCounts(core);
        if (Date.now() - lastLog > 3_000) {
          lastLog = Date.now();
          context.log(`${PART}: draining, ${Math.round((Date.now() - firstSendAt) / 1000)} s: ${JSON.stringify([...c])}`);
        }
        return sumOf(c, ['QUEUED', 'SUBMITTING']) === 0 && sumOf(c, NOT_FINAL_ACCEPTED) === 0;
      }, drainMs);
      const faultsFired = await firedByKind(emulator);
      await emulator.control.clearFaults();
      faultsStoppedAt = Date.now();
      context.log(`${PART}: faults stopped after ${Math.round((faultsStoppedAt - firstSendAt) / 1000)} s; states ${JSON.stringify([...stateCounts(core)])}`);
      await examineUnknown(core, everUnknown, checkedUnknown, findings);
      const unknownJobs = core.db.prepare("SELECT id, compose_id AS composeId FROM outbound WHERE state = 'UNKNOWN'").all() as { id: string; composeId: string }[];
      // 3. The person's "check now" on every job still unknown, then drain.
      const asked = new Set<string>();
      for (const job of unknownJobs) {
        if (asked.has(job.composeId)) continue;
        asked.add(job.composeId);
        const result = await call(core, 'outbox:reconcile', { jobId: job.id });
        if (!result.ok && result.error.code !== 'CONFLICT') findings.unknownAfterReconcile.push(`reconcile of ${job.id} failed: ${result.error.message}`);
      }
      const drained = await waitFor(() => {
        const c = stateCounts(core);
        const done = sumOf(c, ['QUEUED', 'SUBMITTING', 'UNKNOWN', ...NOT_FINAL_ACCEPTED]) === 0;
        if (done && drainedAt === null) drainedAt = Date.now();
        return done;
      }, drainMs);
      if (!drained) context.log(`${PART}: not drained: ${JSON.stringify([...stateCounts(core)])}`);
      // The inbox: every arrival stored (downloads retry on their own backoff).
      await waitFor(() => {
        const row = core.db.prepare("SELECT count(*) AS n, sum(image_state = 'stored') AS stored FROM received").get() as { n: number; stored: number | null };
        return row.n >= inbound && (row.stored ?? 0) === row.n;
      }, 20_000);
      stopLoops = true;
      await Promise.all(loops);

      const accepted = await judge(core, plan, acknowledged, account, notifications, findings);
      const unknownFor = timesUnknown(core);
      const lateFinds = (
        core.db
          .prepare(
            `SELECT count(DISTINCT e.outbound_id) AS n FROM fax_events e
              WHERE e.status = 'SUBMITTED' AND e.source = 'local'
                AND EXISTS (SELECT 1 FROM fax_events r WHERE r.outbound_id = e.outbound_id AND r.status = 'REJECTED' AND r.at <= e.at)`,
          )
          .get() as { n: number }
      ).n;
      const notSent = (core.db.prepare("SELECT count(*) AS n FROM outbound WHERE state = 'REJECTED' AND error_code = 'NOT_SENT'").get() as { n: number }).n;
      await core.stop();
      const history = inspectHistory(root, false);
      if (history.integrity !== 'ok') findings.corrupt.push(history.integrity);
      return soakRows({
        sends: plan.length,
        destinations: plan.reduce((n, c) => n + c.numbers.length, 0),
        findings,
        counts,
        accepted,
        inbound,
        revocations,
        faultsFired,
        everUnknown: everUnknown.size,
        unknownWhenFaultsStopped: unknownJobs.length,
        drainMs: drainedAt === null ? null : drainedAt - firstSendAt,
        afterLastSendMs: drainedAt === null ? null : drainedAt - lastSendAt,
        faultsOnMs: faultsStoppedAt - firstSendAt,
        notifications: notifications.length,
        unknownFor,
        lateFinds,
        notSent,
      });
    } finally {
      stopLoops = true;
      await Promise.allSettled(loops);
      await core.stop().catch(() => undefined);
      await emulator.stop();
    }
  },
};

async function sendCompose(core: Core, accountId: string, compose: SoakCompose): Promise<string | null> {
  const prepared = await call<{ documents: { id: string; type: string; name: string; pages: number | null }[]; problems: { message: string }[] }>(core, 'compose:addFiles', {
    paths: compose.files,
  });
  if (!prepared.ok) return `compose:addFiles: ${prepared.error.message}`;
  if (prepared.value.problems.length) return `documents refused: ${prepared.value.problems.map((p) => p.message).join('; ')}`;
  const sent = await call(core, 'compose:send', {
    composeId: compose.composeId,
    accountId,
    recipients: compose.numbers.map((number, i) => ({ number, name: `Recipient ${i + 1}`, company: 'Soak' })),
    documents: prepared.value.documents.map((d) => ({ id: d.id, type: d.type, name: d.name, pages: d.pages })),
  });
  return sent.ok ? null : `compose:send: ${sent.error.message}`;
}

/** Every job currently "outcome unknown" gets looked at once, as a person would open it (outbox:get). */
async function examineUnknown(core: Core, everUnknown: Set<string>, checked: Set<string>, findings: Findings): Promise<void> {
  const ids = (core.db.prepare("SELECT id FROM outbound WHERE state = 'UNKNOWN'").all() as { id: string }[]).map((r) => r.id);
  for (const id of ids) {
    everUnknown.add(id);
    if (checked.has(id)) continue;
    checked.add(id);
    const detail = await call<OutboxDetail>(core, 'outbox:get', { jobId: id, refresh: false });
    if (!detail.ok) {
      findings.unexplained.push(`${id}: outbox:get failed: ${detail.error.message}`);
      continue;
    }
    // Found meanwhile: nothing to explain any more.
    if (detail.value.job.status !== 'unknown') continue;
    const problem = explanationProblem(detail.value.job, detail.value);
    if (problem) findings.unexplained.push(`${id}: ${problem}`);
  }
}

/** Cancels the faxes of the composes marked for it once the service has them (retrying refused attempts). */
async function cancelWhatIsDue(core: Core, plan: readonly SoakCompose[], asked: Map<string, string>): Promise<void> {
  for (const compose of plan) {
    if (!compose.cancel) continue;
    for (const job of core.outbox.outbound.listByCompose(compose.composeId)) {
      if (asked.has(job.id) || !job.faxId || !['SUBMITTED', 'NEW', 'IN_PROGRESS', 'PENDING_RETRY'].includes(job.state)) continue;
      const result = await call<{ outcome: string }>(core, 'outbox:cancel', { jobId: job.id });
      if (result.ok) asked.set(job.id, result.value.outcome);
    }
  }
}

/** How long each "outcome unknown" lasted: from the job's UNKNOWN event to the one that resolved it (found, or not sent). */
function timesUnknown(core: Core): number[] {
  const rows = core.db
    .prepare(
      `SELECT e.at AS unknownAt,
              (SELECT min(f.at) FROM fax_events f
                WHERE f.outbound_id = e.outbound_id AND f.source = 'local' AND f.status IN ('SUBMITTED', 'REJECTED') AND f.at >= e.at) AS resolvedAt
         FROM fax_events e WHERE e.direction = 'OUTBOUND' AND e.status = 'UNKNOWN'`,
    )
    .all() as { unknownAt: string; resolvedAt: string | null }[];
  return rows
    .filter((r) => r.resolvedAt !== null)
    .map((r) => Date.parse(r.resolvedAt!) - Date.parse(r.unknownAt))
    .sort((a, b) => a - b);
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;
}

async function firedByKind(emulator: EmulatorProcess): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const f of await emulator.control.faults()) out.set(describeFault(f), (out.get(describeFault(f)) ?? 0) + f.fired);
  return out;
}

/** Compares the history with the service's records; returns how many faxes the service accepted. */
async function judge(
  core: Core,
  plan: readonly SoakCompose[],
  acknowledged: Set<string>,
  account: Parameters<typeof clientFor>[0],
  notifications: DesktopNotification[],
  findings: Findings,
): Promise<number> {
  const client = clientFor(account);
  const [sent, received] = await Promise.all([allSent(client), allReceived(client)]);
  const atService = sentByComposeAndDestination(sent);
  const jobsByCompose = new Map<string, { id: string; destinationIndex: number; state: string; faxId: string | null; errorCode: string | null }[]>();
  for (const job of core.db
    .prepare('SELECT id, compose_id AS composeId, destination_index AS destinationIndex, state, fax_id AS faxId, error_code AS errorCode FROM outbound')
    .all() as {
    id: string;
    composeId: string | null;
    destinationIndex: number;
    state: string;
    faxId: string | null;
    errorCode: string | null;
  }[]) {
    if (job.composeId) jobsByCompose.set(job.composeId, [...(jobsByCompose.get(job.composeId) ?? []), job]);
  }
  for (const compose of plan) {
    const jobs = jobsByCompose.get(compose.composeId) ?? [];
    if (jobs.length === 0) {
      if (acknowledged.has(compose.composeId)) findings.lost.push(`compose ${compose.composeId} was queued and is not in the history`);
      continue;
    }
    for (const [index, number] of compose.numbers.entries()) {
      const job = jobs.find((j) => j.destinationIndex === index);
      const faxes = atService.get(composeKey(compose.composeId, number)) ?? [];
      const what = `${compose.composeId.slice(0, 8)} to ${number}`;
      if (faxes.length > 1) findings.duplicated.push(`${what}: ${faxes.length} faxes (${faxes.map((f) => f.faxId).join(', ')})`);
      if (!job) {
        findings.lost.push(`${what}: no job`);
        continue;
      }
      if (!FINAL.has(job.state)) findings.notFinal.push(`${what}: ${job.state}`);
      if (job.state === 'UNKNOWN') findings.unknownAfterReconcile.push(`${what}: still unknown`);
      const fax = faxes.find((f) => f.faxId === job.faxId) ?? null;
      if (faxes.length && !fax) {
        findings.disagree.push(`${what}: the service has ${faxes[0]!.faxId}, the history says ${job.state} ${job.faxId ?? '(no fax id)'}`);
        continue;
      }
      if (!fax) {
        if (job.state !== 'REJECTED' && job.state !== 'CANCELED' && FINAL.has(job.state)) findings.disagree.push(`${what}: the history says ${job.state}, the service has no fax`);
        if (['QUEUED', 'SUBMITTING', 'UNKNOWN'].includes(job.state)) findings.lost.push(`${what}: not at the service and still ${job.state}`);
        continue;
      }
      const serviceState = fax.transmission?.state ?? null;
      const bothFinal = FINAL.has(job.state) && serviceState !== null && FINAL.has(serviceState);
      if (bothFinal && serviceState !== job.state) findings.disagree.push(`${what}: the history says ${job.state}, the service ${serviceState}`);
    }
  }
  const references = new Set(plan.map((c) => c.composeId));
  for (const fax of sent) if (!references.has(composeIdOf(fax.clientData) ?? '')) findings.disagree.push(`the service has fax ${fax.faxId} that no compose made`);

  const shownInbound = new Map<string, number>();
  const shownOutbound = new Map<string, number>();
  for (const n of notifications) {
    const t = n.target;
    if (t?.page === 'inbox' && 'faxId' in t && t.faxId) shownInbound.set(t.faxId, (shownInbound.get(t.faxId) ?? 0) + 1);
    if (t?.page === 'outbox' && 'jobId' in t && t.jobId) shownOutbound.set(t.jobId, (shownOutbound.get(t.jobId) ?? 0) + 1);
  }
  for (const fax of received) {
    const row = core.db.prepare('SELECT image_state AS imageState, deleted_at AS deletedAt FROM received WHERE fax_id = ?').get(fax.faxId) as
      { imageState: string; deletedAt: string | null } | undefined;
    const shown = shownInbound.get(fax.faxId) ?? 0;
    if (!row) findings.inboundMissed.push(`${fax.faxId}: not in the history`);
    else if (row.imageState !== 'stored') findings.inboundMissed.push(`${fax.faxId}: ${row.imageState}`);
    else if (shown === 0) findings.inboundMissed.push(`${fax.faxId}: stored, never announced`);
    if (shown > 1) findings.inboundTwice.push(`${fax.faxId}: announced ${shown} times`);
  }
  for (const [jobId, shown] of shownOutbound) if (shown > 1) findings.outboundTwice.push(`${jobId}: announced ${shown} times`);
  return sent.length;
}

interface SoakSummary {
  sends: number;
  destinations: number;
  findings: Findings;
  counts: Counts;
  accepted: number | null;
  inbound: number;
  revocations: number;
  faultsFired: Map<string, number>;
  everUnknown: number;
  unknownWhenFaultsStopped: number;
  drainMs: number | null;
  afterLastSendMs: number | null;
  faultsOnMs: number;
  notifications: number;
  /** How long each "outcome unknown" lasted (ms), sorted. */
  unknownFor: number[];
  /** Jobs reported "not sent" whose fax the service listed later, adopted by the reconciler. */
  lateFinds: number;
  /** Jobs that ended "not sent" (the service never had them). */
  notSent: number;
}

function seconds(ms: number | null): string {
  return ms === null ? 'did not drain' : `${(ms / 1000).toFixed(1)} s`;
}

function soakRows(s: SoakSummary): VerifyRow[] {
  const f = s.findings;
  const runs = s.sends;
  const fired = [...s.faultsFired.values()].reduce((a, b) => a + b, 0);
  const final = s.destinations - f.notFinal.length;
  const coverage = s.destinations ? (100 * final) / s.destinations : 100;
  const topRoutes = [...s.counts.byRoute]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([r, n]) => `${r} ${formatCount(n)} (avg ${Math.round((s.counts.msByRoute.get(r) ?? 0) / n)} ms)`)
    .join(', ');
  return [
    countRow(
      PART,
      'faxes lost',
      runs,
      f.lost,
      `${formatCount(s.destinations)} destinations in ${formatCount(s.sends)} sends; ${formatCount(s.accepted ?? 0)} faxes accepted by the service`,
    ),
    countRow(PART, 'faxes duplicated (compose × destination)', runs, f.duplicated),
    countRow(PART, 'history disagrees with the service (fax id, final state)', runs, f.disagree),
    countRow(
      PART,
      'left "outcome unknown" after the reconcile',
      runs,
      f.unknownAfterReconcile,
      `${formatCount(s.everUnknown)} jobs were unknown at some point; ${formatCount(s.unknownWhenFaultsStopped)} still were when the faults stopped; ${formatCount(s.notSent)} ended "not sent" (not at the service); ${formatCount(s.lateFinds)} reported "not sent" were found later and adopted`,
    ),
    countRow(PART, '"outcome unknown" without an explanation to act on', runs, f.unexplained),
    {
      part: PART,
      metric: 'final-state coverage',
      runs,
      target: '100 %',
      measured: `${coverage === 100 ? '100' : coverage.toFixed(2)} % (${formatCount(final)} of ${formatCount(s.destinations)})`,
      pass: f.notFinal.length === 0,
      ...(f.notFinal.length ? { note: f.notFinal.slice(0, 3).join(' || ') } : {}),
    },
    countRow(PART, 'inbound faxes missed', runs, f.inboundMissed, `${formatCount(s.inbound)} inbound faxes`),
    countRow(PART, 'inbound faxes notified twice', runs, f.inboundTwice),
    countRow(PART, 'outbound results notified twice', runs, f.outboundTwice, `${formatCount(s.notifications)} notifications shown`),
    countRow(PART, 'DB corrupt (integrity_check)', runs, f.corrupt),
    countRow(PART, 'sends refused by Faxdesk', runs, f.sendErrors),
    reportRow(
      PART,
      'requests per accepted fax',
      runs,
      s.accepted ? (s.counts.requests / s.accepted).toFixed(1) : 'n/a',
      `${formatCount(s.counts.requests)} requests (${formatCount(s.counts.failures)} failed on the wire) for ${formatCount(s.accepted ?? 0)} faxes; ${topRoutes}`,
    ),
    reportRow(
      PART,
      'time to drain',
      runs,
      seconds(s.drainMs),
      `from the first send until every job was final; ${seconds(s.afterLastSendMs)} after the last send; faults on for ${seconds(s.faultsOnMs)}: ${formatCount(fired)} faults (${[...s.faultsFired].map(([k, n]) => `${k} ${n}`).join(', ')}; plus ${LATE_POSTS} POSTs taken late on purpose), ${s.revocations} token revocations (${formatCount(s.counts.unauthorized)} requests answered 401)`,
    ),
    reportRow(
      PART,
      'time an outcome stayed unknown (median / p95 / max)',
      s.unknownFor.length,
      s.unknownFor.length ? `${seconds(percentile(s.unknownFor, 50))} / ${seconds(percentile(s.unknownFor, 95))} / ${seconds(s.unknownFor[s.unknownFor.length - 1]!)}` : 'none',
      `until found in the sent list or reported "not sent" (settle time ${SOAK_SETTLE_MS / 1000} s here, 30 min in the app)`,
    ),
    reportRow(PART, 'unexpected errors logged by the core', runs, f.errors),
  ];
}
