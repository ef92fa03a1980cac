/**
 * The real core (createCore: accounts, compose, outbox, sync, inbox, store) in a process of its own,
 * for the crash-points part. The parent runs the emulator and starts this again and again on the same
 * data folder, killing it with SIGKILL at the point its plan names.
 *
 * One life:
 * 1. opens the history (prints `@phase migrate` / `@phase migrated` around it: an old file is migrated there);
 * 2. makes sure the account exists (a live account at the emulator, secrets in a file that survives kills);
 * 3. composes and sends every planned compose not acknowledged before (`@phase compose`): documents
 *    stored with compose:addFiles, then compose:send; an acknowledged compose is appended to
 *    journal.log the moment compose:send answers (what the person saw: "queued");
 * 4. lets the outbox, sync and downloads run, until it is killed or, on the last life, until
 *    everything has settled; then prints `@report {...}` and exits 0.
 *
 * Kill points it carries out itself (precise): an outbox checkpoint; the POST /faxes body cut off
 * part-way (or just after it was all handed over); the POST's 2xx arrived but unread; a sync read
 * (before it is sent, or answered but not yet applied); an image download answered but not stored.
 * Kill points the parent carries out (an external SIGKILL a random few ms after a `@phase` line):
 * composing, sync traffic, image downloads, migration, or a random moment.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createCore, type Core } from '../../src/main/core';
import type { Logger } from '../../src/main/platform/logger';
import { steadySystem, type FetchFn } from '../../src/main/platform/ports';
import type { Result } from '../../src/shared/result';
import {
  ERRORS_FILE,
  HISTORY_WORD,
  JOURNAL_FILE,
  NOTIFICATIONS_FILE,
  POSTS_FILE,
  SECRETS_FILE,
  type ChildCompose,
  type ChildReport,
  type ChildSpec,
  type SelfKill,
} from './crash-protocol';
import { FileSecretStore, NotificationLog } from './durable-fakes';

const marker = (text: string) => fs.writeSync(1, `@${text}\n`);
const die = (): never => {
  process.kill(process.pid, 'SIGKILL');
  throw new Error('unreachable');
};

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

type Route = 'post-faxes' | 'sync' | 'image' | 'other';

function routeOf(method: string, pathname: string): Route {
  const p = pathname.replace(/^.*\/api/, '');
  if (method === 'POST' && /^\/faxes\/?$/.test(p)) return 'post-faxes';
  if (method === 'GET' && (/^\/faxes\/(sent|received)\/?$/.test(p) || /^\/notifications\/?$/.test(p) || /^\/faxes\/[^/]+\/transmission-details?\/?$/.test(p))) return 'sync';
  if (method === 'GET' && /^\/faxes\/[^/]+\/image\/?$/.test(p)) return 'image';
  return 'other';
}

/** The global fetch, with this life's kill point wired into the requests it concerns. */
function fetchWithKills(kill: SelfKill | null, postsFile: string): FetchFn {
  let syncReads = 0;
  return async (input, init) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    const route = routeOf(method, new URL(String(input)).pathname);
    let request = init;
    let mine = 0;
    if (route === 'post-faxes') {
      // The product streams the body as it reads the stored files: taken whole here (test bodies are
      // small) so its compose can be read before it leaves, then sent on as the same bytes.
      const body = await bodyText(init?.body);
      request = { ...init, body };
      // Every POST /faxes that leaves, by the compose it carries: the parent counts repeats.
      fs.appendFileSync(postsFile, `${referenceIn(body)}\n`);
      marker('phase post');
      if (kill?.kind === 'post-body') request = { ...init, body: dyingBody(body, kill.fraction), duplex: 'half' } as RequestInit;
    } else if (route === 'sync') {
      // Reads run concurrently (one per feed): each remembers its own number.
      mine = ++syncReads;
      marker('phase sync');
      if (kill?.kind === 'sync-read' && kill.when === 'before' && kill.nth === mine) die();
    } else if (route === 'image') {
      marker('phase image');
    }
    const response = await fetch(input, request);
    if (route === 'post-faxes' && kill?.kind === 'post-answer') die();
    if (route === 'sync' && kill?.kind === 'sync-read' && kill.when === 'after' && kill.nth === mine) die();
    if (route === 'image' && kill?.kind === 'image-answer') die();
    return response;
  };
}

/** A request body (text, or the chunks of a stream) as text. */
async function bodyText(body: unknown): Promise<string> {
  if (typeof body === 'string') return body;
  if (body && typeof (body as AsyncIterable<Uint8Array>)[Symbol.asyncIterator] === 'function') {
    const chunks: Buffer[] = [];
    for await (const chunk of body as AsyncIterable<Uint8Array>) chunks.push(Buffer.from(chunk));
    return Buffer.concat(chunks).toString('utf8');
  }
  throw new Error(`POST /faxes with a body of an unexpected kind (${typeof body})`);
}

function referenceIn(body: unknown): string {
  try {
    return String((JSON.parse(String(body)) as { client_data?: { client_reference_id?: string } }).client_data?.client_reference_id ?? '(none)');
  } catch {
    return '(unreadable)';
  }
}

/** The body as a stream that dies after `fraction` of it went out (1: a few ms after the last byte). */
function dyingBody(body: string, fraction: number): ReadableStream<Uint8Array> {
  const bytes = Buffer.from(body, 'utf8');
  const cut = fraction >= 1 ? bytes.length : Math.max(1, Math.floor(bytes.length * fraction));
  const chunk = Math.max(256, Math.ceil(bytes.length / 8));
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= cut && cut < bytes.length) die();
      const end = Math.min(offset + chunk, cut < bytes.length ? cut : bytes.length);
      controller.enqueue(new Uint8Array(bytes.subarray(offset, end)));
      offset = end;
      if (offset >= bytes.length) {
        controller.close();
        setTimeout(die, Math.floor(Math.random() * 4));
      }
    },
  });
}

function fileLogger(file: string, errors: string[]): Logger {
  const write = (level: string) => (message: string, details?: Record<string, unknown>) => {
    const line = `${level} ${message}${details ? ` ${JSON.stringify(details)}` : ''}`;
    if (level === 'error') errors.push(line);
    if (level === 'error' || level === 'warn') fs.appendFileSync(file, `${process.pid} ${line}\n`);
  };
  return { debug() {}, info() {}, warn: write('warn'), error: write('error') };
}

async function ok<T>(core: Core, channel: string, input?: unknown): Promise<T> {
  const result = (await core.dispatch(channel, input)) as Result<T>;
  if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
  return result.value;
}

function journalled(dataDir: string): Set<string> {
  try {
    return new Set(fs.readFileSync(path.join(dataDir, JOURNAL_FILE), 'utf8').split('\n').filter(Boolean));
  } catch {
    return new Set();
  }
}

async function ensureAccount(core: Core, spec: ChildSpec): Promise<string> {
  const accounts = await ok<{ id: string; label: string }[]>(core, 'accounts:list');
  const found = accounts.find((a) => a.label === spec.account.label);
  if (found) return found.id;
  const added = await ok<{ id: string }>(core, 'accounts:add', { ...spec.account, enabled: true });
  return added.id;
}

async function sendCompose(core: Core, spec: ChildSpec, accountId: string, compose: ChildCompose): Promise<void> {
  marker('phase compose');
  const prepared = await ok<{ documents: { id: string; type: string; name: string; pages: number | null }[]; problems: { message: string }[] }>(core, 'compose:addFiles', {
    paths: compose.files,
  });
  if (prepared.problems.length) throw new Error(`the harness's documents were refused: ${prepared.problems.map((p) => p.message).join('; ')}`);
  await ok(core, 'compose:send', {
    composeId: compose.composeId,
    accountId,
    recipients: compose.numbers.map((number, i) => ({ number, name: `Recipient ${i + 1}` })),
    documents: prepared.documents.map((d) => ({ id: d.id, type: d.type, name: d.name, pages: d.pages })),
  });
  fs.appendFileSync(path.join(spec.dataDir, JOURNAL_FILE), `${compose.composeId}\n`);
}

interface Progress {
  unsettledJobs: number;
  acceptedNotFinal: number;
  received: number;
  receivedNotStored: number;
}

function progress(core: Core): Progress {
  const one = (sql: string) => (core.db.prepare(sql).get() as { n: number }).n;
  return {
    unsettledJobs: one("SELECT count(*) AS n FROM outbound WHERE state IN ('QUEUED', 'SUBMITTING', 'UNKNOWN')"),
    acceptedNotFinal: one("SELECT count(*) AS n FROM outbound WHERE state IN ('SUBMITTED', 'NEW', 'IN_PROGRESS', 'PENDING_RETRY', 'CANCEL_REQUESTED')"),
    received: one('SELECT count(*) AS n FROM received WHERE deleted_at IS NULL'),
    receivedNotStored: one("SELECT count(*) AS n FROM received WHERE deleted_at IS NULL AND image_state <> 'stored'"),
  };
}

async function settle(core: Core, settleSpec: NonNullable<ChildSpec['settle']>): Promise<{ settled: boolean; waitedMs: number }> {
  const started = Date.now();
  // Outbound: nothing waiting or unresolved; inbound: every fax the emulator made is stored. Then a
  // little longer for accepted faxes to reach their final state (their one notification).
  for (;;) {
    const p = progress(core);
    const waited = Date.now() - started;
    const core_ = p.unsettledJobs === 0 && p.received >= settleSpec.expectedInbound && p.receivedNotStored === 0;
    if (core_ && (p.acceptedNotFinal === 0 || waited > settleSpec.timeoutMs / 2)) {
      // A fax the service listed late is adopted by a "not sent" job: look once more before judging.
      await core.outbox.reconcileNow();
      return { settled: true, waitedMs: Date.now() - started };
    }
    if (waited > settleSpec.timeoutMs) return { settled: false, waitedMs: waited };
    core.sync.runNow();
    await sleep(100);
  }
}

async function main(): Promise<void> {
  const spec = JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8')) as ChildSpec;
  const kill = spec.kill;
  const errors: string[] = [];
  process.on('unhandledRejection', (reason) => {
    errors.push(`unhandled rejection: ${String((reason as Error)?.stack ?? reason)}`);
    fs.appendFileSync(path.join(spec.dataDir, ERRORS_FILE), `${process.pid} unhandled rejection ${String((reason as Error)?.stack ?? reason)}\n`);
  });
  const logger = fileLogger(path.join(spec.dataDir, ERRORS_FILE), errors);
  marker('phase migrate');
  const core = createCore({
    dataDir: spec.dataDir,
    appVersion: '0.0.0-verify',
    shell: 'bridge',
    logger,
    notifier: new NotificationLog(path.join(spec.dataDir, NOTIFICATIONS_FILE)),
    printer: { printPdf: async () => ({ outcome: 'printed' as const }) },
    badge: { setCount() {} },
    system: steadySystem,
    fetch: fetchWithKills(kill, path.join(spec.dataDir, POSTS_FILE)),
    secretStore: new FileSecretStore(path.join(spec.dataDir, SECRETS_FILE)),
    startEmulator: null,
    tuning: {
      http: { timeoutMs: 4_000, retry: { attempts: 3, baseDelayMs: 20, maxDelayMs: 100 } },
      outbox: {
        settleMs: 1_500,
        reconcileIntervalMs: 200,
        lateReconcileIntervalMs: 1_000,
        trackIntervalMs: 500,
        submitTimeoutMs: 4_000,
        holdBaseMs: 200,
        holdMaxMs: 1_000,
        stopGraceMs: 200,
      },
      outboxCheckpoint: (name) => {
        if (kill?.kind === 'checkpoint' && kill.name === name) die();
      },
      sync: {
        intervals: { fastMs: 250, idleMs: 500, backoffBaseMs: 100, backoffMaxMs: 1_000 },
        sweepEveryMs: 2_000,
        downloads: { retryBaseMs: 200, retryMaxMs: 1_000, problemBaseMs: 200, problemMaxMs: 1_000 },
      },
    },
  });
  marker('phase migrated');
  await core.start();
  const accountId = await ensureAccount(core, spec);
  core.sync.setFocus(true);
  const acknowledged = journalled(spec.dataDir);
  for (const compose of spec.composes) {
    if (!acknowledged.has(compose.composeId)) await sendCompose(core, spec, accountId, compose);
  }
  marker('ready');
  if (!spec.settle) {
    // Until the parent kills it (or gives up on the kill point and kills it anyway). The core's
    // timers do not keep a process alive on their own; this one does.
    setInterval(() => undefined, 60_000);
    return;
  }
  const outcome = await settle(core, spec.settle);
  const search = await ok<{ items: unknown[] }>(core, 'outbox:list', { search: HISTORY_WORD, limit: 500 });
  const report: ChildReport = { ...outcome, historySearchHits: search.items.length, errors };
  await core.stop();
  fs.writeSync(1, `@report ${JSON.stringify(report)}\n`);
  process.exit(0);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(2);
});
