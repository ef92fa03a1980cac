/**
 * Kill the outbox's process at random points of submission, restart it, and check that no fax was
 * lost and none was sent twice.
 *
 * The emulator runs here; each run's outbox runs in a child process (crash-child.ts) with its own
 * history file. A run sends two composes (1 and 3 destinations) and is killed with SIGKILL at one of
 * the named points (outbox checkpoints, the POST in flight, the answer arrived but unread) or after a
 * random delay; a third of the runs are killed a second time on the restart; the last start is left
 * to settle. Then, for every compose and destination:
 * - the job row exists (nothing lost), and is either accepted with a fax_id or reported "not sent";
 * - the emulator holds at most one fax carrying the compose's marker for that destination (never
 *   two), it is the job's fax_id, and a "not sent" job has none;
 * and over all runs the emulator received at most one POST /faxes per compose.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../../src/emulator';
import { FaxServiceClient } from '../../../src/main/api/fax-service-client';
import { HttpClient } from '../../../src/main/api/http';
import { referenceFor } from '../../../src/shared/domain/outbox';
import type { ChildJob, ChildSpec } from './crash-child';

const RUNS = Number(process.env.FAXDESK_CRASH_RUNS ?? 30);
const PARALLEL = 4;
const KILL_POINTS = ['persisted', 'payload-built', 'claimed', 'in-flight', 'after-response', 'response-received', 'stored', 'random-time'] as const;
type KillPoint = (typeof KILL_POINTS)[number];
const HERE = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(HERE, '../../..');
/** The child, bundled once into one file (inside the checkout so its packages resolve): a start costs one file read, not a TypeScript transform per module. */
const CHILD = path.join(REPO, '.tmp', `outbox-crash-child-${process.pid}.mjs`);

let emulator: RunningEmulator;
let client: FaxServiceClient;
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-crash-'));

beforeAll(async () => {
  await build({
    entryPoints: [path.join(HERE, 'crash-child.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    packages: 'external',
    outfile: CHILD,
    logLevel: 'error',
  });
  emulator = await startEmulator({ clock: 'manual', quiet: true });
  client = new FaxServiceClient(
    { label: 'Sandbox', baseUrl: emulator.baseUrl, appId: emulator.demo.appId, apiKey: emulator.demo.apiKey, userId: emulator.demo.userId },
    new HttpClient({ fetch: globalThis.fetch, timeoutMs: 10_000 }),
  );
});

afterAll(async () => {
  await emulator?.stop();
  fs.rmSync(root, { recursive: true, force: true });
  fs.rmSync(CHILD, { force: true });
});

interface ChildResult {
  killed: boolean;
  code: number | null;
  jobs: ChildJob[] | null;
  stderr: string;
}

function runChild(spec: ChildSpec, killAfterMs: number | null): Promise<ChildResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CHILD, JSON.stringify(spec)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = killAfterMs === null ? null : setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (timer) clearTimeout(timer);
      const line = stdout.trim().split('\n').pop() ?? '';
      let jobs: ChildJob[] | null = null;
      if (code === 0 && line.startsWith('[')) jobs = JSON.parse(line) as ChildJob[];
      resolve({ killed: signal === 'SIGKILL', code, jobs, stderr });
    });
  });
}

interface RunReport {
  run: number;
  kills: string[];
  outcomes: Record<string, number>;
}

async function oneRun(run: number): Promise<RunReport> {
  const dataDir = path.join(root, `run-${run}`);
  fs.mkdirSync(dataDir);
  const number = (k: number) => `1415555${String(1000 + run * 10 + k).padStart(4, '0')}`;
  const composes = [
    { composeId: randomUUID(), numbers: [number(0)] },
    { composeId: randomUUID(), numbers: [number(1), number(2), number(3)] },
  ];
  const base: Omit<ChildSpec, 'crashAt'> = {
    dataDir,
    baseUrl: emulator.baseUrl,
    appId: emulator.demo.appId,
    apiKey: emulator.demo.apiKey,
    userId: emulator.demo.userId,
    composes,
    settleMs: 1_500,
  };
  const pick = (): KillPoint => KILL_POINTS[Math.floor(Math.random() * KILL_POINTS.length)]!;
  const kills: KillPoint[] = [KILL_POINTS[run % KILL_POINTS.length]!];
  if (run % 3 === 0) kills.push(pick());
  const killed: string[] = [];
  for (const point of kills) {
    const result = await runChild({ ...base, crashAt: point === 'random-time' ? null : point }, point === 'random-time' ? 200 + Math.floor(Math.random() * 1300) : null);
    if (result.code !== null && result.code !== 0) throw new Error(`run ${run}: child failed (${result.code}): ${result.stderr}`);
    killed.push(result.killed ? point : `${point} (not reached)`);
  }
  const final = await runChild({ ...base, crashAt: null }, null);
  if (!final.jobs) throw new Error(`run ${run}: the last start did not settle (code ${final.code}): ${final.stderr}`);

  const outcomes: Record<string, number> = {};
  for (const compose of composes) {
    const rows = final.jobs.filter((j) => j.composeId === compose.composeId);
    // Nothing lost: one job per destination.
    expect(rows.map((r) => r.destination)).toEqual(compose.numbers);
    for (const row of rows) {
      const onService = (await client.listSent({ destinationNumber: row.destination, limit: 100 })).items.filter(
        (s) => s.clientData?.clientReferenceId === referenceFor(compose.composeId),
      );
      // Never two faxes for one destination of one compose.
      expect(onService.length, `run ${run} ${row.destination}`).toBeLessThanOrEqual(1);
      if (onService.length === 1) {
        expect(row).toMatchObject({ faxId: onService[0]!.faxId });
        expect(['SUBMITTED', 'NEW', 'IN_PROGRESS', 'PENDING_RETRY', 'COMPLETED']).toContain(row.state);
        outcomes.sent = (outcomes.sent ?? 0) + 1;
      } else {
        // Not on the service: reported as not sent, never silently dropped.
        expect(row).toMatchObject({ state: 'REJECTED', errorCode: 'NOT_SENT', faxId: null });
        outcomes['not sent'] = (outcomes['not sent'] ?? 0) + 1;
      }
    }
  }
  return { run, kills: killed, outcomes };
}

describe('crash safety of submission', () => {
  it(`over ${RUNS} runs killed at random points: no fax lost, none sent twice`, { timeout: 180_000 }, async () => {
    const postsBefore = emulator.control.requests().filter((r) => r.method === 'POST' && /^\/api\/faxes\/?$/.test(r.path)).length;
    const reports: RunReport[] = [];
    let next = 0;
    const worker = async () => {
      while (next < RUNS) reports.push(await oneRun(next++));
    };
    const started = Date.now();
    await Promise.all(Array.from({ length: PARALLEL }, worker));
    const posts = emulator.control.requests().filter((r) => r.method === 'POST' && /^\/api\/faxes\/?$/.test(r.path)).length - postsBefore;
    // At most one POST per compose, ever (a killed POST that never arrived is not counted by the emulator).
    expect(posts).toBeLessThanOrEqual(RUNS * 2);

    const byPoint: Record<string, number> = {};
    const totals: Record<string, number> = {};
    for (const r of reports) {
      for (const k of r.kills) byPoint[k] = (byPoint[k] ?? 0) + 1;
      for (const [outcome, n] of Object.entries(r.outcomes)) totals[outcome] = (totals[outcome] ?? 0) + n;
    }
    console.log(
      `crash test: ${reports.length} runs, ${reports.reduce((n, r) => n + r.kills.length, 0)} kills in ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
        `kill points ${JSON.stringify(byPoint)}; destinations ${JSON.stringify(totals)}; POST /faxes received ${posts} for ${RUNS * 2} composes`,
    );
    expect(reports).toHaveLength(RUNS);
    expect(totals.sent ?? 0).toBeGreaterThan(0);
  });
});
