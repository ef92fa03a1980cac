/**
 * Part 1 of `npm run verify`: crash points. The real core (createCore) runs in a child process
 * against the Sandbox emulator (its own process, manual clock) and is killed with SIGKILL at chosen
 * points, again and again on the same data folder; the last start is left to settle. Then the app's
 * history is compared with the emulator's own records.
 *
 * A run is one data folder and one emulator account: KILLS_PER_RUN lives, each killed at one point,
 * then a last life that settles. Every life starts by sending one new compose (1-4 destinations, a
 * small PDF or TIFF) and one fax arrives for the account before it starts, so every kill point has
 * something to hit. Kill points (kinds taken in turn, so all are covered at any size):
 * - composing and storing documents: a SIGKILL a random 0-40 ms after compose begins; the outbox's
 *   `persisted` and `payload-built` points;
 * - between the durable "about to POST" record (the claim, SUBMITTING) and the POST: `claimed`;
 * - the POST body in flight: the body stream dies part-way, or just after its last byte;
 * - the 2xx arrived but not recorded: dead as the answer arrives, or after it was read (`response-received`);
 *   and just after it was recorded (`stored`);
 * - mid sync cycle: at the nth sync read (before it goes out or answered but not applied), or 0-15 ms
 *   into sync traffic;
 * - mid image download: as the image arrives, or 0-40 ms after the download starts;
 * - mid migration: a run in ten starts from a history file at the schema before full-text search,
 *   with thousands of rows, and its first two lives are killed while it migrates;
 * - a random moment.
 * Counted: faxes lost (accepted by the person, not at the service, not shown as failed), duplicated
 * (more than one fax_id at the service for one compose x destination), history that disagrees with the
 * service, inbound faxes missed (not stored, or never announced) or announced twice, outbound results
 * announced twice, database corruption (integrity_check and foreign_key_check after every kill and at
 * the end), historic rows lost by a killed migration, starts that failed or never settled.
 */
import { composeIdOf } from '../../src/shared/domain/desk-marker';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { DemoAccount } from '../../src/emulator';
import type { VerifyContext, VerifyPart, VerifyRow } from '../part';
import { bundleEntry } from '../harness/bundle';
import { runLife, type ExternalKill, type LifeResult } from '../harness/child-life';
import { ERRORS_FILE, JOURNAL_FILE, NOTIFICATIONS_FILE, POSTS_FILE, SECRETS_FILE, type ChildCompose, type ChildSpec, type SelfKill } from '../harness/crash-protocol';
import { ensureCorpus, type CorpusDocument } from '../harness/documents';
import { FileSecretStore, NotificationLog } from '../harness/durable-fakes';
import { startEmulatorProcess, type EmulatorProcess } from '../harness/emulator-process';
import { damagedDocuments, historyFileOf, inspectHistory, timelineOf, writeOldHistory, type HistorySnapshot } from '../harness/history-file';
import { openDatabase } from '../../src/main/store/database';
import { allReceived, allSent, clientFor, composeKey, sentByComposeAndDestination } from '../harness/service-truth';
import { countRow, formatCount, reportRow } from '../harness/rows';

const PART = 'crash points';
const KILLS_PER_RUN = 5;
/** One run in this many starts from an old-schema history and is killed twice while migrating. */
const MIGRATION_EVERY = 10;
const HISTORIC_ROWS = 10_000;
const LIFE_TIMEOUT_MS = 8_000;
const SETTLE_TIMEOUT_MS = 25_000;
const ACCOUNT_LABEL = 'Verify';

/** The kill kinds taken in turn (migration kills come on top, in migration runs). */
const KINDS = [
  'compose',
  'persisted',
  'payload-built',
  'claimed',
  'post-body',
  'post-answer',
  'response-received',
  'stored',
  'sync-read',
  'sync-traffic',
  'image-answer',
  'image-traffic',
  'random',
] as const;
type Kind = (typeof KINDS)[number] | 'migration';

/** How the table groups them (the issue's words). */
const GROUP: Record<Kind, string> = {
  compose: 'composing/storing',
  persisted: 'composing/storing',
  'payload-built': 'composing/storing',
  claimed: 'about-to-POST record → POST',
  'post-body': 'POST body in flight',
  'post-answer': '2xx not yet recorded',
  'response-received': '2xx not yet recorded',
  stored: 'just after recording',
  'sync-read': 'mid sync cycle',
  'sync-traffic': 'mid sync cycle',
  'image-answer': 'mid image download',
  'image-traffic': 'mid image download',
  migration: 'mid migration',
  random: 'random moment',
};

interface LifePlan {
  kind: Kind;
  self: SelfKill | null;
  external: ExternalKill | null;
}

interface RunPlan {
  index: number;
  migration: boolean;
  lives: LifePlan[];
  /** One per life (the last life sends nothing new). */
  composes: ChildCompose[];
}

interface KillRecord {
  kind: Kind;
  /** Where it actually died: the planned point, or (not reached) at the life's timeout. */
  landed: 'planned' | 'not reached';
  /** For migration kills: whether the kill came before the migration finished. */
  insideMigration?: boolean;
}

interface RunOutcome {
  kills: KillRecord[];
  lost: string[];
  duplicated: string[];
  repostedComposes: string[];
  disagree: string[];
  inboundMissed: string[];
  inboundTwice: string[];
  outboundTwice: string[];
  corrupt: string[];
  documents: string[];
  migrationLoss: string[];
  failedStarts: string[];
  errors: string[];
  unreached: string[];
  faxesAtService: number;
  inbound: number;
  notSent: number;
  outboundAnnounced: number;
}

const rand = (n: number) => Math.floor(Math.random() * n);
const pick = <T>(items: readonly T[]): T => items[rand(items.length)]!;

function lifePlan(kind: Kind, migrationMs: number): LifePlan {
  switch (kind) {
    case 'compose':
      return { kind, self: null, external: { phase: 'compose', occurrence: 1, delayMs: rand(41) } };
    case 'persisted':
    case 'payload-built':
    case 'claimed':
    case 'response-received':
    case 'stored':
      return { kind, self: { kind: 'checkpoint', name: kind }, external: null };
    case 'post-body':
      return { kind, self: { kind: 'post-body', fraction: Math.random() < 0.25 ? 1 : 0.05 + Math.random() * 0.9 }, external: null };
    case 'post-answer':
      return { kind, self: { kind: 'post-answer' }, external: null };
    case 'sync-read':
      return { kind, self: { kind: 'sync-read', nth: 1 + rand(10), when: Math.random() < 0.5 ? 'before' : 'after' }, external: null };
    case 'sync-traffic':
      return { kind, self: null, external: { phase: 'sync', occurrence: 1 + rand(8), delayMs: rand(16) } };
    case 'image-answer':
      return { kind, self: { kind: 'image-answer' }, external: null };
    case 'image-traffic':
      return { kind, self: null, external: { phase: 'image', occurrence: 1, delayMs: rand(41) } };
    case 'migration':
      return { kind, self: null, external: { phase: 'migrate', occurrence: 1, delayMs: Math.round(Math.random() * migrationMs * 0.9) } };
    case 'random':
      return { kind, self: null, external: { atMs: 200 + rand(1800) } };
  }
}

/** Destinations: mostly numbers that deliver, some that fail at once (E51), never the account's own. */
function destination(): string {
  const npa = pick(['212', '312', '646', '718', '202', '305', '617', '702']);
  return Math.random() < 0.2 ? `1${npa}5550103` : `1${npa}555${String(1000 + rand(9000))}`;
}

function composeFor(corpus: readonly CorpusDocument[]): ChildCompose {
  const small = corpus.filter((d) => d.pages <= 3);
  const files = [pick(small).file];
  if (Math.random() < 0.2) files.push(pick(small).file);
  const numbers = new Set<string>();
  const count = 1 + rand(4);
  while (numbers.size < count) numbers.add(destination());
  return { composeId: randomUUID(), numbers: [...numbers], files };
}

export function planRuns(killPoints: number, corpus: readonly CorpusDocument[], migrationMs: number): RunPlan[] {
  const runs: RunPlan[] = [];
  let next = 0;
  for (let index = 0, planned = 0; planned < killPoints; index++) {
    const migration = index % MIGRATION_EVERY === MIGRATION_EVERY - 1 || (killPoints <= 50 && index === 0);
    const count = Math.min(KILLS_PER_RUN, killPoints - planned);
    const lives: LifePlan[] = [];
    for (let l = 0; l < count; l++) {
      const kind: Kind = migration && l < 2 ? 'migration' : KINDS[next++ % KINDS.length]!;
      lives.push(lifePlan(kind, migrationMs));
    }
    planned += count;
    runs.push({ index, migration, lives, composes: lives.map(() => composeFor(corpus)) });
  }
  return runs;
}

function readLines(file: string): string[] {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').filter(Boolean);
  } catch {
    return [];
  }
}

async function executeRun(plan: RunPlan, ctx: { emulator: EmulatorProcess; bundle: string; root: string }): Promise<RunOutcome> {
  const { emulator } = ctx;
  const dataDir = path.join(ctx.root, `run-${plan.index}`);
  fs.mkdirSync(dataDir, { recursive: true });
  const account: DemoAccount = await emulator.control.createAccount();
  const serviceAccount = { baseUrl: emulator.baseUrl, appId: account.appId, apiKey: account.apiKey, userId: account.userId };
  const outcome: RunOutcome = {
    kills: [],
    lost: [],
    duplicated: [],
    repostedComposes: [],
    disagree: [],
    inboundMissed: [],
    inboundTwice: [],
    outboundTwice: [],
    corrupt: [],
    documents: [],
    migrationLoss: [],
    failedStarts: [],
    errors: [],
    unreached: [],
    faxesAtService: 0,
    inbound: 0,
    notSent: 0,
    outboundAnnounced: 0,
  };
  const tag = `run ${plan.index}`;
  let old = null;
  if (plan.migration) {
    old = writeOldHistory(dataDir, serviceAccount, HISTORIC_ROWS);
    FileSecretStore.seed(path.join(dataDir, SECRETS_FILE), old.accountId, 'apiKey', account.apiKey);
  }
  const spec = (composes: ChildCompose[], kill: SelfKill | null, settle: ChildSpec['settle']): ChildSpec => ({
    dataDir,
    account: { label: ACCOUNT_LABEL, ...serviceAccount },
    composes,
    kill,
    settle,
  });

  let inbound = 0;
  for (let l = 0; l < plan.lives.length; l++) {
    const life = plan.lives[l]!;
    await emulator.control.inbound({ userId: account.userId, pages: 1 });
    inbound++;
    const result = await runLife({ bundle: ctx.bundle, spec: spec(plan.composes.slice(0, l + 1), life.self, null), external: life.external, timeoutMs: LIFE_TIMEOUT_MS });
    recordLife(outcome, tag, life, result);
    const snapshot = inspectHistory(dataDir, false);
    if (snapshot.integrity !== 'ok') outcome.corrupt.push(`${tag} after a ${life.kind} kill: ${snapshot.integrity}`);
  }

  const last = await runLife({
    bundle: ctx.bundle,
    spec: spec(plan.composes, null, { expectedInbound: inbound, timeoutMs: SETTLE_TIMEOUT_MS }),
    external: null,
    timeoutMs: SETTLE_TIMEOUT_MS + 20_000,
  });
  if (last.exitCode !== 0 || !last.report) outcome.failedStarts.push(`${tag}: the last start ended ${describeEnd(last)}`);
  else if (!last.report.settled) outcome.failedStarts.push(`${tag}: did not settle within ${SETTLE_TIMEOUT_MS / 1000} s`);
  outcome.errors.push(
    ...readLines(path.join(dataDir, ERRORS_FILE))
      .filter((l) => / error |unhandled/.test(l))
      .map((l) => `${tag}: ${l.slice(0, 300)}`),
  );

  const history = inspectHistory(dataDir, true);
  if (history.integrity !== 'ok') outcome.corrupt.push(`${tag} at the end: ${history.integrity}`);
  outcome.documents.push(
    ...damagedDocuments(
      dataDir,
      history.jobs.filter((j) => j.composeId !== null),
    ).map((d) => `${tag}: ${d}`),
  );
  if (old) {
    const h = history.historic;
    if (history.userVersion !== history.latestVersion) outcome.migrationLoss.push(`${tag}: schema ${history.userVersion}, expected ${history.latestVersion}`);
    if (h.outbound !== old.rows.outbound || h.received !== old.rows.received || h.events !== old.rows.events) {
      outcome.migrationLoss.push(`${tag}: historic rows ${JSON.stringify(h)}, expected ${JSON.stringify(old.rows)}`);
    }
    const expectedHits = Math.min(500, old.rows.outbound);
    if (last.report && last.report.historySearchHits !== expectedHits) {
      outcome.migrationLoss.push(`${tag}: searching the migrated history found ${last.report.historySearchHits} jobs, expected ${expectedHits}`);
    }
  }
  await judge(outcome, tag, plan, dataDir, history, serviceAccount);
  outcome.inbound = inbound;
  return outcome;
}

function describeEnd(life: LifeResult): string {
  return `with exit code ${String(life.exitCode)}${life.killedBy ? ` (killed: ${life.killedBy})` : ''}: ${life.stderr.trim().split('\n').slice(-3).join(' | ').slice(0, 400)}`;
}

function recordLife(outcome: RunOutcome, tag: string, life: LifePlan, result: LifeResult): void {
  if (result.killedBy === null) {
    outcome.failedStarts.push(`${tag}: a ${life.kind} life ended by itself ${describeEnd(result)}`);
    return;
  }
  const landed = result.killedBy === 'timeout' ? 'not reached' : 'planned';
  const record: KillRecord = { kind: life.kind, landed };
  if (landed === 'not reached') {
    const seen = new Map<string, number>();
    for (const p of result.phases) seen.set(p, (seen.get(p) ?? 0) + 1);
    outcome.unreached.push(`${tag}: ${life.kind} ${JSON.stringify(life.self ?? life.external)} not reached in ${result.ms} ms; phases ${JSON.stringify([...seen])}`);
  }
  if (life.kind === 'migration') record.insideMigration = !result.phases.includes('migrated');
  outcome.kills.push(record);
}

async function judge(outcome: RunOutcome, tag: string, plan: RunPlan, dataDir: string, history: HistorySnapshot, account: Parameters<typeof clientFor>[0]): Promise<void> {
  const client = clientFor(account);
  const [sent, received] = await Promise.all([allSent(client), allReceived(client)]);
  outcome.faxesAtService = sent.length;
  const atService = sentByComposeAndDestination(sent);
  const acknowledged = new Set(readLines(path.join(dataDir, JOURNAL_FILE)));
  const references = new Set(plan.composes.map((c) => c.composeId));
  const posts = new Map<string, number>();
  for (const reference of readLines(path.join(dataDir, POSTS_FILE))) posts.set(reference, (posts.get(reference) ?? 0) + 1);
  for (const [reference, count] of posts) if (count > 1) outcome.repostedComposes.push(`${tag}: ${count} POST /faxes for ${reference}`);
  for (const fax of sent) {
    if (!references.has(composeIdOf(fax.clientData) ?? '')) outcome.disagree.push(`${tag}: the service has fax ${fax.faxId} that no compose of this run made`);
  }
  for (const compose of plan.composes) {
    const jobs = history.jobs.filter((j) => j.composeId === compose.composeId);
    if (jobs.length === 0) {
      if (acknowledged.has(compose.composeId)) outcome.lost.push(`${tag}: compose ${compose.composeId} was queued, and is not in the history`);
      else outcome.failedStarts.push(`${tag}: compose ${compose.composeId} was never queued (the last start should have sent it)`);
      continue;
    }
    for (const [index, number] of compose.numbers.entries()) {
      const job = jobs.find((j) => j.destinationIndex === index);
      const faxes = atService.get(composeKey(compose.composeId, number)) ?? [];
      const what = `${tag}: compose ${compose.composeId.slice(0, 8)} to ${number}`;
      if (faxes.length > 1) outcome.duplicated.push(`${what}: ${faxes.length} faxes at the service (${faxes.map((f) => f.faxId).join(', ')})`);
      if (!job) {
        outcome.lost.push(`${what}: no job for this destination`);
        continue;
      }
      if (faxes.length >= 1) {
        if (!faxes.some((f) => f.faxId === job.faxId))
          outcome.disagree.push(`${what}: the service has ${faxes[0]!.faxId}, the history says ${job.state} ${job.faxId ?? '(no fax id)'}`);
        continue;
      }
      if (job.state === 'REJECTED' || job.state === 'CANCELED') {
        if (job.errorCode === 'NOT_SENT') outcome.notSent++;
        continue;
      }
      if (['QUEUED', 'SUBMITTING', 'UNKNOWN'].includes(job.state)) outcome.lost.push(`${what}: not at the service and still ${job.state}`);
      else outcome.disagree.push(`${what}: the history says ${job.state} ${job.faxId ?? ''}, the service has no such fax`);
    }
  }

  const notifications = NotificationLog.read(path.join(dataDir, NOTIFICATIONS_FILE));
  const inboundShown = new Map<string, number>();
  const outboundShown = new Map<string, number>();
  for (const n of notifications) {
    const target = n.target;
    if (target?.page === 'inbox' && 'faxId' in target && target.faxId) inboundShown.set(target.faxId, (inboundShown.get(target.faxId) ?? 0) + 1);
    if (target?.page === 'outbox' && 'jobId' in target && target.jobId) outboundShown.set(target.jobId, (outboundShown.get(target.jobId) ?? 0) + 1);
  }
  for (const fax of received) {
    const local = history.received.find((r) => r.faxId === fax.faxId);
    const shown = inboundShown.get(fax.faxId) ?? 0;
    if (!local) outcome.inboundMissed.push(`${tag}: inbound ${fax.faxId} is not in the history`);
    else if (local.deleted || local.imageState !== 'stored')
      outcome.inboundMissed.push(`${tag}: inbound ${fax.faxId} is ${local.deleted ? 'deleted' : local.imageState}, not stored`);
    else if (shown === 0) {
      outcome.inboundMissed.push(
        `${tag}: inbound ${fax.faxId} was stored but never announced (kills: ${plan.lives.map((l) => l.kind).join(', ')}; timeline: ${timelineOf(dataDir, { receivedFaxId: fax.faxId }).join(' | ')})`,
      );
    }
    if (shown > 1) outcome.inboundTwice.push(`${tag}: inbound ${fax.faxId} announced ${shown} times`);
  }
  outcome.outboundAnnounced = outboundShown.size;
  for (const [jobId, shown] of outboundShown) {
    if (shown <= 1) continue;
    const seen = notifications.filter((n) => n.target?.page === 'outbox' && 'jobId' in n.target && n.target.jobId === jobId).map((n) => `${n.title} (pid ${n.pid})`);
    outcome.outboundTwice.push(`${tag}: the result of job ${jobId} announced ${shown} times: ${seen.join(', ')}; timeline: ${timelineOf(dataDir, { jobId }).join(' | ')}`);
  }
}

/** How long a migration of the harness's old history takes here (kills are aimed inside it). */
function timeMigration(root: string): number {
  const dir = path.join(root, 'migration-timing');
  writeOldHistory(dir, { baseUrl: 'http://127.0.0.1:9/api', appId: 'timing', userId: 'timing' }, HISTORIC_ROWS);
  const started = performance.now();
  openDatabase(historyFileOf(dir)).close();
  const ms = performance.now() - started;
  fs.rmSync(dir, { recursive: true, force: true });
  return ms;
}

export const crashPoints: VerifyPart = {
  name: PART,
  async run(context: VerifyContext): Promise<VerifyRow[]> {
    const killPoints = context.size === 'full' ? 500 : 40;
    const parallel = context.size === 'full' ? 3 : 4;
    const started = Date.now();
    const root = path.join(context.workDir, 'crash-points');
    fs.mkdirSync(root, { recursive: true });
    const corpus = await ensureCorpus(path.join(context.workDir, 'documents'));
    const migrationMs = timeMigration(root);
    const [emulator, bundle] = await Promise.all([startEmulatorProcess(), bundleEntry('verify/harness/core-child.ts', 'verify-core-child')]);
    let clockRunning = true;
    // Carrier progress on the emulator's clock: 3 s every 100 ms, so sends reach their final state.
    const clock = (async () => {
      while (clockRunning) {
        await emulator.control.advance(3_000).catch(() => undefined);
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    const runs = planRuns(killPoints, corpus, migrationMs);
    const outcomes: RunOutcome[] = [];
    try {
      let next = 0;
      const worker = async () => {
        while (next < runs.length) {
          const plan = runs[next++]!;
          outcomes.push(await executeRun(plan, { emulator, bundle: bundle.file, root }));
          const kills = outcomes.reduce((n, o) => n + o.kills.length, 0);
          if (outcomes.length % 5 === 0 || outcomes.length === runs.length)
            context.log(`${PART}: ${outcomes.length}/${runs.length} runs, ${kills} kills, ${Math.round((Date.now() - started) / 1000)} s`);
        }
      };
      await Promise.all(Array.from({ length: parallel }, worker));
    } finally {
      clockRunning = false;
      await clock;
      await emulator.stop();
      bundle.remove();
    }
    return crashRows(outcomes, killPoints, Date.now() - started);
  },
};

function crashRows(outcomes: RunOutcome[], target: number, ms: number): VerifyRow[] {
  const all = <K extends keyof RunOutcome>(key: K) => outcomes.flatMap((o) => o[key] as unknown as string[]);
  const kills = outcomes.flatMap((o) => o.kills);
  const planned = kills.filter((k) => k.landed === 'planned');
  const byGroup = new Map<string, number>();
  for (const k of planned) {
    const group = k.kind === 'migration' && !k.insideMigration ? 'start-up, just after migrating' : GROUP[k.kind];
    byGroup.set(group, (byGroup.get(group) ?? 0) + 1);
  }
  const migrations = kills.filter((k) => k.kind === 'migration');
  const inside = migrations.filter((k) => k.insideMigration).length;
  const jobs = outcomes.reduce((n, o) => n + o.faxesAtService, 0);
  const inbound = outcomes.reduce((n, o) => n + o.inbound, 0);
  const notSent = outcomes.reduce((n, o) => n + o.notSent, 0);
  const announced = outcomes.reduce((n, o) => n + o.outboundAnnounced, 0);
  const missed = new Map<string, number>();
  for (const k of kills) if (k.landed === 'not reached') missed.set(k.kind, (missed.get(k.kind) ?? 0) + 1);
  const runs = kills.length;
  return [
    {
      part: PART,
      metric: 'kill points run (SIGKILL)',
      runs,
      target: `≥ ${formatCount(target)}`,
      measured: formatCount(runs),
      pass: runs >= target,
      note:
        `${outcomes.length} runs in ${Math.round(ms / 1000)} s; ` +
        [...byGroup].map(([g, n]) => `${g} ${n}`).join(', ') +
        `; missed their point (killed at a timeout instead): ${missed.size ? [...missed].map(([k, n]) => `${k} ${n}`).join(', ') : 'none'}` +
        `; migration kills that landed before it committed: ${inside} of ${migrations.length}`,
    },
    countRow(PART, 'faxes lost', runs, all('lost'), `${formatCount(jobs)} faxes at the service; ${formatCount(notSent)} destinations shown "not sent"`),
    countRow(PART, 'faxes duplicated (compose × destination)', runs, all('duplicated')),
    countRow(PART, 'composes POSTed more than once', runs, all('repostedComposes')),
    countRow(PART, 'history disagrees with the service', runs, all('disagree')),
    countRow(PART, 'inbound faxes missed', runs, all('inboundMissed'), `${formatCount(inbound)} inbound faxes`),
    countRow(PART, 'inbound faxes notified twice', runs, all('inboundTwice')),
    countRow(PART, 'outbound results notified twice', runs, all('outboundTwice'), `${formatCount(announced)} results announced`),
    countRow(PART, 'DB corrupt (integrity_check after each kill)', runs, all('corrupt')),
    countRow(PART, "queued faxes' documents missing or damaged", runs, all('documents')),
    countRow(PART, 'historic rows lost by a killed migration', migrations.length, all('migrationLoss')),
    countRow(PART, 'starts that failed or never settled', runs, all('failedStarts')),
    reportRow(PART, 'unexpected errors logged by the core', runs, all('errors')),
    reportRow(PART, 'kill points not reached (killed at the timeout)', runs, all('unreached')),
  ];
}
