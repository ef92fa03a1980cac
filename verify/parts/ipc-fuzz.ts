/**
 * IPC fuzz: hostile input on every channel of the contract, through the real gate over a real core
 * (database file, document store, emulator account), a share of it through the browser bridge over a
 * real WebSocket; unknown channels; WebSocket connections with a foreign Origin, Host or token; Electron
 * calls from foreign sender frames. The inputs are generated from the contract's schemas
 * (ipc-fuzz/shape.ts), so a new channel is covered without edits.
 *
 * Counts: refused with INVALID_INPUT naming the field (100 %), handler exceptions escaping (INTERNAL or
 * a throw: 0), state changed by a refused call (database rows, files, secrets, Object.prototype: 0),
 * crashes of main (uncaught errors, or the core not answering afterwards: 0).
 */
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { WebSocket } from 'ws';
import type { z } from 'zod';
import { startBridge, type RunningBridge } from '../../src/main/bridge/server';
import { createInvokeHandler, type FrameIdentity } from '../../src/main/security/invoke-guard';
import { calls } from '../../src/shared/ipc/contract';
import type { Result } from '../../src/shared/result';
import { describeMutation, materialize, mutationArbitrary, namesField, POLLUTION_MARK, type Mutation } from '../ipc-fuzz/mutations';
import { modelOf } from '../ipc-fuzz/shape';
import { foreignConnections, type ForeignAttempt } from '../ipc-fuzz/foreign';
import { startCoreSession, type CoreSession } from '../support/core-session';
import { changedParts, takeSnapshot, type Snapshot } from '../support/state-snapshot';
import { percentRow, zeroRow } from '../support/rows';
import type { VerifyContext, VerifyPart, VerifyRow } from '../part';

const PART = 'IPC fuzz';
const INPUTS = { full: 200, ci: 20 } as const;
/** One input in this many goes through the bridge's WebSocket (when it survives JSON unchanged). */
const BRIDGE_SHARE = 4;
const CALL_TIMEOUT_MS = 30_000;
const MAX_EXAMPLES = 8;

interface Tally {
  inputs: number;
  refusedNamingField: number;
  exceptions: number;
  stateChanged: number;
  viaBridge: number;
  examples: string[];
}

export const ipcFuzz: VerifyPart = {
  name: PART,
  async run(context: VerifyContext): Promise<VerifyRow[]> {
    const perChannel = INPUTS[context.size];
    const seed = Number(process.env['FAXDESK_FUZZ_SEED'] ?? Date.now() % 2 ** 31);
    context.log(`IPC fuzz: ${perChannel} inputs per channel, seed ${seed} (FAXDESK_FUZZ_SEED=${seed} repeats this run)`);
    const crashes = watchCrashes();
    const session = await startCoreSession({ dataDir: path.join(context.workDir, 'data'), emulator: {} });
    const targetDir = path.join(context.workDir, 'targets');
    fs.mkdirSync(targetDir, { recursive: true });
    let bridge: RunningBridge | null = null;
    let socket: BridgeClient | null = null;
    try {
      await seedState(session, targetDir);
      bridge = await startBridge({
        dispatch: session.core.dispatch,
        events: session.core.events,
        rendererDir: targetDir,
        shimFile: path.join(targetDir, 'shim.js'),
        logger: silentLogger,
      });
      socket = await BridgeClient.open(bridge);
      const snapshotNow = () =>
        takeSnapshot({
          db: session.core.db,
          folders: [session.dataDir, targetDir],
          skip: (file) => file.startsWith(path.join(session.dataDir, 'logs')) || path.basename(file).startsWith('faxdesk.sqlite3'),
          secrets: () => session.secrets.entries.entries(),
        });

      const tally: Tally = { inputs: 0, refusedNamingField: 0, exceptions: 0, stateChanged: 0, viaBridge: 0, examples: [] };
      const unbased: string[] = [];
      let before = snapshotNow();
      const names = Object.keys(calls) as (keyof typeof calls)[];
      for (const [channelIndex, channel] of names.entries()) {
        const model = modelOf(calls[channel].input as z.ZodType);
        const generated = mutationArbitrary(model, { samples: [path.join(targetDir, 'target.out')] });
        if (!generated) {
          unbased.push(channel);
          continue;
        }
        const mutations = fc.sample(generated.arbitrary, { numRuns: perChannel, seed: seed + channelIndex });
        for (const [i, mutation] of mutations.entries()) {
          const input = materialize(generated.base, mutation);
          const viaBridge = i % BRIDGE_SHARE === 0 && jsonFaithful(input);
          const outcome = await callOnce(() => (viaBridge ? socket!.call(channel, input) : session.core.dispatch(channel, input)));
          const after = snapshotNow();
          tally.inputs += 1;
          if (viaBridge) tally.viaBridge += 1;
          judge(tally, channel, mutation, outcome, before, after, viaBridge);
          cleanPollution();
          before = after;
        }
        context.log(`IPC fuzz: ${channel} done (${tally.inputs} inputs so far)`);
      }

      const unknown = await fuzzUnknownChannels(session, socket, perChannel, seed, snapshotNow);
      const foreign = await foreignConnections(bridge, perChannel, seed);
      const senders = await fuzzSenderFrames(perChannel, seed);
      const health = await healthCheck(session, bridge);
      const crashCount = crashes.stop();
      const channels = names.length;
      return [
        percentRow(PART, 'channels with a generated valid base (every channel fuzzed)', channels, channels - unbased.length, unbased.length ? `no base for ${unbased.join(', ')}` : undefined),
        percentRow(PART, 'hostile inputs refused: INVALID_INPUT naming the field', tally.inputs, tally.refusedNamingField, noteOf(tally, seed)),
        zeroRow(PART, 'handler exceptions escaping (INTERNAL or a throw)', tally.inputs + unknown.inputs, tally.exceptions + unknown.exceptions),
        zeroRow(PART, 'state changed by a refused call', tally.inputs + unknown.inputs, tally.stateChanged + unknown.stateChanged),
        percentRow(PART, 'unknown channels refused (UNKNOWN_CHANNEL)', unknown.inputs, unknown.refused, unknown.examples.join('; ') || undefined),
        percentRow(PART, 'foreign Origin / Host / token refused at the bridge', foreign.attempts, foreign.refused, foreign.failures.slice(0, MAX_EXAMPLES).map(describeAttempt).join('; ') || undefined),
        percentRow(PART, 'foreign sender frames refused (FORBIDDEN_SENDER)', senders.attempts, senders.refused, senders.examples.join('; ') || undefined),
        zeroRow(
          PART,
          'crashes of main (uncaught errors; core and bridge answer afterwards)',
          1,
          crashCount + (health.ok ? 0 : 1),
          [health.ok ? '' : health.problem, crashCount ? `${crashCount} uncaught` : ''].filter(Boolean).join('; ') || `${tally.viaBridge} inputs went over the WebSocket`,
        ),
      ];
    } finally {
      socket?.close();
      await bridge?.close();
      await session.stop();
      crashes.stop();
    }
  },
};

const silentLogger = { debug() {}, info() {}, warn() {}, error() {} };

type Outcome = { kind: 'result'; result: Result<unknown> } | { kind: 'threw'; error: string } | { kind: 'timeout' };

async function callOnce(run: () => Promise<Result<unknown>>): Promise<Outcome> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      run().then((result): Outcome => ({ kind: 'result', result })),
      new Promise<Outcome>((resolve) => {
        timer = setTimeout(() => resolve({ kind: 'timeout' }), CALL_TIMEOUT_MS);
      }),
    ]);
  } catch (error) {
    return { kind: 'threw', error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  } finally {
    clearTimeout(timer);
  }
}

function judge(tally: Tally, channel: string, mutation: Mutation, outcome: Outcome, before: Snapshot, after: Snapshot, viaBridge: boolean): void {
  const where = `${channel} ${describeMutation(mutation)}${viaBridge ? ' (bridge)' : ''}`;
  const example = (what: string) => {
    if (tally.examples.length < MAX_EXAMPLES) tally.examples.push(`${where}: ${what}`);
  };
  const changed = changedParts(before, after);
  if (changed.length > 0 || polluted()) {
    tally.stateChanged += 1;
    example(`state changed (${[...changed, ...(polluted() ? ['Object.prototype polluted'] : [])].join(', ')})`);
  }
  if (outcome.kind !== 'result') {
    tally.exceptions += 1;
    example(outcome.kind === 'timeout' ? `no answer in ${CALL_TIMEOUT_MS / 1000} s` : `threw ${outcome.error}`);
    return;
  }
  const { result } = outcome;
  if (result.ok) {
    example('accepted');
    return;
  }
  if (result.error.code === 'INTERNAL') {
    tally.exceptions += 1;
    example('INTERNAL');
    return;
  }
  if (result.error.code !== 'INVALID_INPUT') {
    example(`${result.error.code}: ${result.error.message.slice(0, 120)}`);
    return;
  }
  if (!namesField(result.error.field, mutation.site.expect)) {
    example(`field ${JSON.stringify(result.error.field ?? null)}: ${result.error.message.slice(0, 120)}`);
    return;
  }
  tally.refusedNamingField += 1;
}

function noteOf(tally: Tally, seed: number): string {
  const head = `${tally.viaBridge} over the WebSocket; seed ${seed}`;
  return tally.examples.length ? `${head}; ${tally.examples.join('; ')}` : head;
}

function polluted(): boolean {
  return POLLUTION_MARK in Object.prototype || POLLUTION_MARK in ({} as object);
}

function cleanPollution(): void {
  delete (Object.prototype as Record<string, unknown>)[POLLUTION_MARK];
}

/** Whether the input reaches the bridge unchanged through JSON (no NaN, no undefined, no 100,000-deep nesting, no megabytes). */
function jsonFaithful(input: unknown): boolean {
  let text: string | undefined;
  try {
    text = JSON.stringify(input);
  } catch {
    return false;
  }
  if (text === undefined || text.length > 1_000_000) return false;
  return sameAfterJson(JSON.parse(text), input);
}

function sameAfterJson(parsed: unknown, original: unknown): boolean {
  if (typeof original !== 'object' || original === null) return Object.is(parsed, original);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed) !== Array.isArray(original)) return false;
  const keys = Object.keys(original);
  if (keys.length !== Object.keys(parsed).length) return false;
  return keys.every((k) => sameAfterJson((parsed as Record<string, unknown>)[k], (original as Record<string, unknown>)[k]));
}

/** Some state for refused calls to (not) change: a contact, a list, a template, a setting, an account. */
async function seedState(session: CoreSession, targetDir: string): Promise<void> {
  const contact = await session.ok<{ id: string }>('contacts:create', { name: 'Fuzz Target', faxNumber: '+1 212 555 0100' });
  await session.ok('contacts:createList', { name: 'Fuzz list', memberIds: [contact.id] });
  await session.ok('templates:save', { name: 'Fuzz header', options: { line_1: ['Faxdesk'] }, makeDefault: true });
  await session.ok('settings:set', { pollIntervalSeconds: 3600 });
  const emulator = session.emulator!;
  await session.ok('accounts:add', {
    label: 'Fuzz account',
    baseUrl: emulator.baseUrl,
    appId: emulator.demo.appId,
    apiKey: emulator.demo.apiKey,
    userId: emulator.demo.userId,
    enabled: false,
  });
  fs.writeFileSync(path.join(targetDir, 'index.html'), '<!doctype html><title>fuzz</title><script type="module" src="x.js"></script>');
  fs.writeFileSync(path.join(targetDir, 'shim.js'), '');
}

async function fuzzUnknownChannels(
  session: CoreSession,
  socket: BridgeClient,
  runs: number,
  seed: number,
  snapshotNow: () => Snapshot,
): Promise<{ inputs: number; refused: number; exceptions: number; stateChanged: number; examples: string[] }> {
  const known = new Set(Object.keys(calls));
  const tricky = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'APP:INFO', 'app:info ', ' app:info', 'app:info\u0000', 'accounts:', ':', '', 'x'.repeat(100_000)];
  const generated = fc.sample(
    fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom(...Object.keys(calls)).map((name) => `${name}X`), fc.constantFrom(...tricky)),
    { numRuns: runs, seed },
  );
  const names = [...tricky, ...generated].filter((name) => !known.has(name));
  const out = { inputs: 0, refused: 0, exceptions: 0, stateChanged: 0, examples: [] as string[] };
  let before = snapshotNow();
  for (const [i, name] of names.entries()) {
    const viaBridge = i % 2 === 1;
    const outcome = await callOnce(() => (viaBridge ? socket.call(name, { any: 'input' }) : session.core.dispatch(name, { any: 'input' })));
    const after = snapshotNow();
    out.inputs += 1;
    if (changedParts(before, after).length > 0) out.stateChanged += 1;
    before = after;
    if (outcome.kind === 'result' && !outcome.result.ok && outcome.result.error.code === 'UNKNOWN_CHANNEL') out.refused += 1;
    else {
      if (outcome.kind !== 'result' || (!outcome.result.ok && outcome.result.error.code === 'INTERNAL')) out.exceptions += 1;
      if (out.examples.length < MAX_EXAMPLES) out.examples.push(`${JSON.stringify(name.slice(0, 40))}: ${JSON.stringify(outcome).slice(0, 120)}`);
    }
  }
  return out;
}

/** Electron's check (security/invoke-guard.ts) with fake sender frames: only the window's main frame on an app page passes. */
async function fuzzSenderFrames(runs: number, seed: number): Promise<{ attempts: number; refused: number; examples: string[] }> {
  const hostileUrls = [
    'https://evil.example/',
    'http://127.0.0.1:5173/',
    'file:///etc/passwd',
    'app://faxdesk.evil/index.html',
    'app://evil/faxdesk/index.html',
    'app://user:pw@faxdesk/index.html',
    'APP://FAXDESK.example/',
    'about:blank',
    'data:text/html,<script>1</script>',
    'javascript:alert(1)',
    'devtools://devtools/bundled/inspector.html',
    'chrome-extension://abc/index.html',
    'http://localhost:5173.evil.example/',
    'http://localhost:5174/',
    '',
  ];
  const urls = [...hostileUrls, ...fc.sample(fc.webUrl({ withQueryParameters: true, withFragments: true }), { numRuns: runs, seed })];
  // Electron's WebFrameMain numbers; the guard compares them, never the objects.
  const MAIN = { frameTreeNodeId: 3, processId: 7, routingId: 1 };
  const mainFrame = { ...MAIN, url: 'app://faxdesk/index.html' };
  let dispatched = 0;
  const dispatch = async () => {
    dispatched += 1;
    return { ok: true as const, value: null };
  };
  const out = { attempts: 0, refused: 0, examples: [] as string[] };
  for (const devServerUrl of [undefined, 'http://localhost:5173']) {
    const handle = createInvokeHandler({ dispatch, mainFrame: () => mainFrame, logger: silentLogger, ...(devServerUrl ? { devServerUrl } : {}) });
    const cases: { what: string; event: { senderFrame?: FrameIdentity | null } }[] = [
      { what: 'no frame', event: { senderFrame: null } },
      { what: 'no senderFrame', event: {} },
      { what: 'a subframe on the app page', event: { senderFrame: { ...MAIN, frameTreeNodeId: 4, url: 'app://faxdesk/index.html' } } },
      { what: 'a frame without numbers on the app page', event: { senderFrame: { url: 'app://faxdesk/index.html' } } },
      { what: 'the main frame without a URL', event: { senderFrame: Object.assign(Object.create(null) as object, MAIN) as FrameIdentity } },
      ...urls.map((url) => ({ what: `a frame on ${url.slice(0, 60)}`, event: { senderFrame: { url } } })),
    ];
    for (const c of cases) {
      const before = dispatched;
      const result = await handle(c.event, 'app:info', undefined);
      out.attempts += 1;
      if (!result.ok && result.error.code === 'FORBIDDEN_SENDER' && dispatched === before) out.refused += 1;
      else if (out.examples.length < MAX_EXAMPLES) out.examples.push(`${c.what} was let through`);
    }
    // The main frame navigated to a hostile page (a new WebFrameMain object each time, as Electron may hand out): refused too.
    for (const url of urls) {
      mainFrame.url = url;
      const before = dispatched;
      const result = await handle({ senderFrame: { ...mainFrame } }, 'app:info', undefined);
      out.attempts += 1;
      const trusted = devServerUrl !== undefined && url.startsWith(`${devServerUrl}/`) && new URL(url).origin === devServerUrl;
      if (trusted || (!result.ok && result.error.code === 'FORBIDDEN_SENDER' && dispatched === before)) out.refused += 1;
      else if (out.examples.length < MAX_EXAMPLES) out.examples.push(`main frame on ${url.slice(0, 60)} was let through`);
    }
    mainFrame.url = 'app://faxdesk/index.html';
    // Positive control: Faxdesk's own page in the main frame is served, or the guard proves nothing.
    const before = dispatched;
    const control = await handle({ senderFrame: { ...mainFrame } }, 'app:info', undefined);
    if (!control.ok || dispatched !== before + 1) {
      out.attempts += 1;
      out.examples.push('the app page itself was refused (the check is broken)');
    }
  }
  return out;
}

async function healthCheck(session: CoreSession, bridge: RunningBridge): Promise<{ ok: true } | { ok: false; problem: string }> {
  const direct = await session.core.dispatch('app:info', undefined);
  if (!direct.ok) return { ok: false, problem: `app:info through the gate: ${direct.error.code}` };
  const client = await BridgeClient.open(bridge).catch(() => null);
  if (!client) return { ok: false, problem: 'the bridge no longer accepts its own page' };
  try {
    const viaBridge = await client.call('app:info', undefined);
    return viaBridge.ok ? { ok: true } : { ok: false, problem: `app:info over the bridge: ${viaBridge.error.code}` };
  } finally {
    client.close();
  }
}

function describeAttempt(attempt: ForeignAttempt): string {
  return `${attempt.what}: ${attempt.outcome}`;
}

/** Uncaught exceptions and unhandled rejections while the part runs: a crash of main in the app. */
function watchCrashes(): { stop(): number } {
  let count_ = 0;
  const onError = () => {
    count_ += 1;
  };
  process.on('uncaughtException', onError);
  process.on('unhandledRejection', onError);
  let stopped = false;
  return {
    stop() {
      if (!stopped) {
        stopped = true;
        process.off('uncaughtException', onError);
        process.off('unhandledRejection', onError);
      }
      return count_;
    },
  };
}

/** The page's side of the bridge: one WebSocket, calls matched to answers by id. */
class BridgeClient {
  private nextId = 1;
  private readonly pending = new Map<number, (result: Result<unknown>) => void>();

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const message = JSON.parse(data.toString()) as { type: string; id?: number; result?: Result<unknown> };
      if (message.type === 'result' && message.id !== undefined) {
        this.pending.get(message.id)?.(message.result!);
        this.pending.delete(message.id);
      }
    });
  }

  static open(bridge: RunningBridge): Promise<BridgeClient> {
    const origin = `http://127.0.0.1:${bridge.port}`;
    const ws = new WebSocket(`ws://127.0.0.1:${bridge.port}/__faxdesk/ws?token=${bridge.token}`, { origin });
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new BridgeClient(ws)));
      ws.once('error', reject);
    });
  }

  call(channel: string, input: unknown): Promise<Result<unknown>> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, resolve);
      this.ws.send(JSON.stringify({ type: 'call', id, channel, input }), (error) => error && reject(error));
    });
  }

  close(): void {
    this.ws.terminate();
  }
}

