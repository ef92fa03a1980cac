/**
 * The webhook receiver under a burst on a hostile network (issue 22), beside a bare node:http server
 * that does the same HMAC check and answers 200, in the same run: 1,000 signed deliveries sent at
 * once, each on a connection of its own, while 100 connections dribble their headers a byte a second
 * (reopened whenever the server ends one), from a process of its own (webhooks-burst-sender.ts) that
 * also plays the service's retry rule (only a 5xx is retried, 5 attempts; the 5 minutes between
 * attempts are skipped). The receiver is a whole core's (plain HTTP on loopback, as behind a reverse
 * proxy, default limits), with the account's key set through Settings' call; every delivery is an
 * outbound disposition of a fax this computer did not send (held, as a broadcast sent elsewhere).
 * Rows: answered 2xx or 503 (no resets), deliveries per second, p99 time to answer, notifications lost.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { EmulatorControlClient } from '../src/emulator';
import { MemorySecretStore } from '../src/main/accounts/secret-store';
import type { BenchRow } from './row';
import { spawnBenchChild } from './support/child';
import { percentile } from './support/stats';
import type { BurstOrder, BurstReport } from './webhooks-burst-sender';
import { boot, call, freePort } from './support/webhook-core';

const DELIVERIES = Number(process.env.FAXDESK_BENCH_BURST ?? 1000);
const SLOW = Number(process.env.FAXDESK_BENCH_BURST_SLOW ?? 100);
/** Bare and receiver take turns this many times; speed is the better turn of each, failures count from every turn. */
const ROUNDS = 2;
/** The slow connections are open this long before the burst: past the receiver's 2 s, they are slow. */
const SLOW_LEAD_MS = 3_000;
const WEBHOOK_URL = 'https://localhost:8443/faxdesk/webhooks';
const SENDER = new URL('./webhooks-burst-sender.ts', import.meta.url).href;

/** A bare node:http server: the same HMAC check (hex, constant time), 200 with a JSON body. */
async function bareServer(key: string): Promise<{ port: number; stop(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const expected = Buffer.from(createHmac('sha256', key).update(Buffer.concat(chunks)).digest('hex'));
      const given = Buffer.from(String(req.headers['x-hmac-signature'] ?? '').toLowerCase());
      const ok = given.length === expected.length && timingSafeEqual(given, expected);
      res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
      res.end(ok ? '{"status":"received"}' : '{"status":"unauthorized"}');
    });
  });
  await new Promise<void>((resolve) => server.listen({ port: 0, host: '127.0.0.1', backlog: 2048 }, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

interface Figures {
  report: BurstReport;
  /** CPU time of this process (the server's side alone) per delivery accepted, in ms. */
  cpuPerDelivery: number;
  /** First wave: answered 2xx or 503, of all sent. */
  answeredShare: number;
  resets: number;
  perSecond: number;
  p99: number;
  accepted: number;
}

function figuresOf(report: BurstReport, cpuMs: number): Figures {
  const first = report.waves[0]!;
  const count = (wave: (typeof report.waves)[number], pick: (status: string) => boolean) => Object.entries(wave.outcomes).reduce((n, [k, v]) => (pick(k) ? n + v : n), 0);
  const answered = count(first, (k) => k === '503' || /^2\d\d$/.test(k));
  const accepted = report.waves.reduce((n, w) => n + count(w, (k) => /^2\d\d$/.test(k)), 0);
  const busy = report.waves.reduce((t, w) => t + w.durationMs, 0);
  return {
    report,
    cpuPerDelivery: cpuMs / Math.max(1, accepted),
    answeredShare: answered / first.sent,
    resets: report.waves.reduce((n, w) => n + count(w, (k) => k === 'reset'), 0),
    perSecond: accepted / (busy / 1000),
    p99: percentile(first.answerMs, 0.99),
    accepted,
  };
}

function describe(f: Figures): string {
  return f.report.waves.map((w) => `#${w.attempt}: ${Object.entries(w.outcomes).map(([k, v]) => `${v}×${k}`).join(' ')} in ${Math.round(w.durationMs)} ms`).join('; ');
}

/** Runs the sender against `port`; the figures include this process's CPU time meanwhile (the server's work). */
async function burst(order: Omit<BurstOrder, 'deliveries' | 'slow' | 'slowLeadMs'>, settle: () => Promise<void> = async () => undefined): Promise<Figures> {
  const cpu0 = process.cpuUsage();
  const report = await spawnBenchChild<BurstReport>(SENDER, { ...order, deliveries: DELIVERIES, slow: SLOW, slowLeadMs: SLOW_LEAD_MS } satisfies BurstOrder, { timeoutMs: 600_000 });
  await settle();
  const cpu = process.cpuUsage(cpu0);
  return figuresOf(report, (cpu.user + cpu.system) / 1000);
}

export async function burstRows(control: EmulatorControlClient, baseUrl: string): Promise<BenchRow[]> {
  const key = `burst-${randomUUID()}`;
  const account = await control.createAccount();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-bench-burst-'));
  const receiverPort = await freePort();
  const core = await boot({ dir, secrets: new MemorySecretStore(), notified: new Map(), finals: new Map() });
  const bare = await bareServer(key);
  try {
    const added = await call<{ id: string }>(core, 'accounts:add', { label: 'burst', baseUrl, appId: account.appId, apiKey: account.apiKey, userId: account.userId });
    await call(core, 'webhooks:set', { accountId: added.id, direction: 'OUTBOUND', url: WEBHOOK_URL, hmacSecret: key });
    await call(core, 'receiver:configure', { enabled: true, host: '127.0.0.1', port: receiverPort, publicUrl: WEBHOOK_URL });

    const common = { appId: account.appId, userId: account.userId, key };
    const bareRuns: Figures[] = [];
    const myRuns: Figures[] = [];
    const recorded: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      bareRuns.push(await burst({ ...common, port: bare.port, idPrefix: `bare-${randomUUID()}` }));
      const prefix = `burst-${randomUUID()}`;
      // The receiver's figure includes applying what it recorded (held, here), which it does after answering.
      myRuns.push(await burst({ ...common, port: receiverPort, idPrefix: prefix }, () => core.webhooks.drain()));
      recorded.push((core.db.prepare('SELECT count(*) AS n FROM webhook_receipts WHERE notification_id LIKE ?').get(`${prefix}-%`) as { n: number }).n);
    }
    // Speed: the better turn of each side (the machine is shared). Failures: the worst turn.
    const fastest = (runs: Figures[]) => runs.reduce((a, b) => (b.perSecond > a.perSecond ? b : a));
    const worst = (runs: Figures[]) => runs.reduce((a, b) => (b.answeredShare < a.answeredShare || b.resets > a.resets || b.report.lost > a.report.lost ? b : a));
    const mine = fastest(myRuns);
    const bareFigures = fastest(bareRuns);
    const myWorst = worst(myRuns);
    const bareWorst = worst(bareRuns);
    const p99 = (runs: Figures[]) => Math.min(...runs.map((r) => r.p99));
    const lost = (runs: Figures[]) => runs.reduce((n, r) => n + r.report.lost, 0);

    const pct = (v: number) => `${(v * 100).toFixed(1)} %`;
    const ms = (v: number) => `${Math.round(v)} ms`;
    const load = `${DELIVERIES} deliveries at once, ${SLOW} slow connections open`;
    return [
      {
        row: 'webhook burst: answered 2xx or 503',
        measured: `${pct(myWorst.answeredShare)} of the first attempts, ${myRuns.reduce((n, r) => n + r.resets, 0)} resets (worst turn: ${describe(myWorst)}; ${myWorst.report.slowEnded} slow connections ended)`,
        bare: `bare node:http: ${pct(bareWorst.answeredShare)}, ${bareRuns.reduce((n, r) => n + r.resets, 0)} resets (${describe(bareWorst)})`,
        target: '100 %, 0 resets',
        value: Number((myWorst.answeredShare * 100).toFixed(1)),
        within: myRuns.every((r) => r.answeredShare === 1 && r.resets === 0),
        how: `${load}, from another process, each on its own connection, ${ROUNDS} turns each (bare and receiver alternating); the worse turn's share of first attempts answered 2xx or 503, resets over all attempts of all turns.`,
      },
      {
        row: 'webhook burst: deliveries per second',
        measured: `${Math.round(mine.perSecond)}/s (${mine.accepted} accepted; ${mine.cpuPerDelivery.toFixed(2)} ms CPU each in the receiver's process)`,
        bare: `bare node:http: ${Math.round(bareFigures.perSecond)}/s (${bareFigures.cpuPerDelivery.toFixed(2)} ms CPU each)`,
        target: '≥ 50 % of bare',
        value: Number((mine.perSecond / bareFigures.perSecond).toFixed(2)),
        within: mine.perSecond >= 0.5 * bareFigures.perSecond,
        how: `${load}: deliveries answered 2xx over the time the attempts took (the service's retries of 503s included, the 5 minutes between them not), the better of ${ROUNDS} turns each; value is the ratio to bare.`,
      },
      {
        row: 'webhook burst: p99 time to answer',
        measured: ms(p99(myRuns)),
        bare: `bare node:http: ${ms(p99(bareRuns))}`,
        target: '≤ 1 s',
        value: Math.round(p99(myRuns)),
        within: p99(myRuns) <= 1000,
        how: `${load}: connect → first byte of the answer, first attempts, 99th percentile, the better of ${ROUNDS} turns each.`,
      },
      {
        row: 'webhook burst: notifications lost after the service retries',
        measured: `${lost(myRuns)} of ${DELIVERIES * ROUNDS} (${recorded.join(' + ')} recorded by the receiver)`,
        bare: `bare node:http: ${lost(bareRuns)}`,
        target: '0',
        value: lost(myRuns),
        within: lost(myRuns) === 0 && recorded.every((n) => n === DELIVERIES),
        how: `Over ${ROUNDS} turns: a delivery is lost when no attempt was answered 2xx: no answer or a 4xx (not retried), or a 5xx on all 5 attempts; "recorded" counts its receipts in the SQLite file.`,
      },
    ];
  } finally {
    await bare.stop();
    await core.stop().catch(() => undefined);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
