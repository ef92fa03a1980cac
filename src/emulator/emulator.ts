/**
 * Puts the emulator together: state (memory, or SQLite with a state file), clock, accounts, carrier,
 * webhooks, arrivals, images, the three HTTP areas (/api, /admin, /control) and the control object.
 */
import { resolve } from 'node:path';
import { Accounts, type DemoAccount } from './accounts';
import { registerAdmin } from './api/admin';
import { registerControl } from './api/control';
import { registerFaxServices } from './api/fax-services';
import { deliveryView } from './api/views';
import { Carrier } from './carrier/carrier';
import { DESTINATION_RULES } from './carrier/destination-rules';
import { Scheduler } from './clock';
import type { Core } from './core';
import { ApiError } from './http/errors';
import { FaultRegistry, parseFaultSpec } from './http/faults';
import { RequestRecorder } from './http/recorder';
import { Router } from './http/router';
import { HttpFront } from './http/server';
import { ImageService } from './images/service';
import { Inbound } from './inbound';
import { FINAL_STATES, type MetaRecord } from './state/model';
import { SqlitePersistence } from './state/persistence';
import { addReceivedHistory } from './state/received-history';
import { addSentHistory } from './state/sent-history';
import { Store } from './state/store';
import type { EmulatorControl, EmulatorOptions, RunningEmulator } from './types';
import { WEBHOOK_TIMEOUT_MS, Webhooks } from './webhooks/webhooks';
import { isoTimestamp, randomHex } from './util';

export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const write = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const log = options.quiet
    ? () => undefined
    : (message: string, details?: Record<string, unknown>) =>
        write(`${new Date().toISOString()} [emulator] ${message}${details ? ` ${JSON.stringify(details)}` : ''}`);

  const persistence = options.stateFile ? new SqlitePersistence(resolve(options.stateFile)) : null;
  const initialMeta: MetaRecord = { demoAdminId: '', clockNow: Date.now(), nextNumber: 0, arrivals: 0, tokenSecret: randomHex(32) };
  let store: Store;
  try {
    store = new Store(persistence, initialMeta);
  } catch (error) {
    persistence?.close();
    throw error;
  }
  store.onWriteError = (error) => log('Could not write the state file', { error: String(error) });

  const mode = options.clock ?? 'real';
  const scheduler = new Scheduler(mode, mode === 'manual' ? Math.max(Date.now(), store.meta.clockNow) : Date.now());
  scheduler.onError = (error, label) => log('Background work failed', { label, error: String((error as Error)?.stack ?? error) });

  const core = { store, scheduler, log } as Core;
  core.accounts = new Accounts(store, () => scheduler.now());
  core.images = new ImageService(store, options.samplesDir);
  core.webhooks = new Webhooks(store, scheduler, {
    allowHttpOnLoopback: options.allowHttpWebhooksOnLoopback ?? false,
    timeoutMs: (options.webhookTimeoutSeconds ?? WEBHOOK_TIMEOUT_MS / 1000) * 1000,
    log,
  });
  core.carrier = new Carrier(core);
  const demoNumber = () => {
    const demo = core.accounts.demoAccount(store.meta.demoAdminId);
    return demo ? store.numbers.get(demo.faxNumber) : undefined;
  };
  core.inbound = new Inbound(core, demoNumber);

  if (!store.accounts.get(store.meta.demoAdminId)) {
    const { account } = core.accounts.createAccount();
    store.meta.demoAdminId = account.adminId;
    store.saveMeta();
  }
  const demo = (): DemoAccount => core.accounts.demoAccount(store.meta.demoAdminId)!;

  core.carrier.resume();
  core.webhooks.resume();
  if (options.inboundEverySeconds && options.inboundEverySeconds > 0) core.inbound.startTimer(options.inboundEverySeconds);

  const faults = new FaultRegistry();
  const recorder = new RequestRecorder();

  const control: EmulatorControl = {
    async reset() {
      const keep = demo();
      const account = { ...store.accounts.get(keep.adminId)! };
      const number = { ...store.numbers.get(keep.faxNumber)! };
      const user = { ...store.users.get(number.customerKey)! };
      core.inbound.stopTimer();
      scheduler.clear();
      store.clear();
      faults.clear();
      recorder.clear();
      store.meta = { ...store.meta, nextNumber: 0, arrivals: 0 };
      store.saveMeta();
      store.addAccount(account);
      store.users.put({ ...user, status: 'ACTIVE', customFaxHeaders: true, timeZone: 'UTC' });
      store.addNumber(number);
      if (options.inboundEverySeconds && options.inboundEverySeconds > 0) core.inbound.startTimer(options.inboundEverySeconds);
    },
    clock: () => ({ now: isoTimestamp(scheduler.now()), mode: scheduler.mode }),
    async advance(ms) {
      const now = await scheduler.advance(ms);
      store.meta.clockNow = now;
      store.saveMeta();
      return { now: isoTimestamp(now) };
    },
    async inbound(input = {}) {
      const fax = await core.inbound.arrive(input);
      return { fax_id: fax.faxId };
    },
    history(input) {
      const userId = input.userId ?? demo().userId;
      const number = store.numberByUserId(userId);
      if (!number) throw new ApiError(404, { element: 'userId', message: `No user ${userId}.` });
      if (store.faxList(userId, 'OUTBOUND').all.length > 0) throw new ApiError(409, { element: 'userId', message: `User ${userId} already has sent faxes.` });
      addSentHistory(store, { number, appId: store.accounts.get(number.adminId)!.appId, count: input.sent, now: scheduler.now() });
      return { added: input.sent };
    },
    async seedHistory(input) {
      const userId = input.userId ?? demo().userId;
      const number = store.numberByUserId(userId);
      if (!number) throw new ApiError(404, { element: 'userId', message: `No user ${userId}.` });
      if (store.faxList(userId, 'OUTBOUND').all.length > 0 || store.faxList(userId, 'INBOUND').all.length > 0) {
        throw new ApiError(409, { element: 'userId', message: `User ${userId} already has faxes; a history is seeded only into an empty account.` });
      }
      const now = scheduler.now();
      const spanMs = (input.spanDays ?? 3 * 365) * 24 * 3600_000;
      const appId = store.accounts.get(number.adminId)!.appId;
      if (input.received > 0) {
        // One image for all of them, made like any arrival's (the header names the first one).
        const image = await core.images.renderInbound({ faxId: 'seeded-history', pages: 2, fromNumber: '13125550170', tsid: 'ACME LEGAL', toNumber: number.faxNumber, date: now - spanMs, sampleIndex: 0 });
        addReceivedHistory(store, { number, appId, count: input.received, now, spanMs, image });
      }
      if (input.sent > 0) addSentHistory(store, { number, appId, count: input.sent, now, spanMs });
      return { received: input.received, sent: input.sent };
    },
    addFault: (spec) => ({ id: faults.add(parseFaultSpec(spec)).id }),
    faults: () => faults.list(),
    clearFaults: () => ({ removed: faults.clear() }),
    removeFault: (id) => faults.remove(id),
    requests: (since) => recorder.list(since),
    clearRequests: () => recorder.clear(),
    revokeTokens: (accessToken) => ({ revoked: core.accounts.revokeTokens(accessToken) }),
    async forceComplete(faxId) {
      const fax = store.faxes.get(faxId);
      if (!fax || fax.direction !== 'OUTBOUND') throw new ApiError(404, { element: 'fax_id', message: `No sent fax ${faxId}.` });
      if (FINAL_STATES.has(fax.status)) throw new ApiError(409, { element: 'fax_id', message: `Fax ${faxId} is already ${fax.status}.` });
      await core.carrier.forceComplete(fax);
      return { fax_id: faxId, status: fax.status };
    },
    webhookDeliveries: () => [...store.notifications.values()].sort((a, b) => a.createdAt - b.createdAt).map(deliveryView),
    routeWebhooks: (origin, route) => core.webhooks.routeDeliveries(origin, route),
    createAccount(fixed) {
      const { account } = core.accounts.createAccount(fixed);
      return core.accounts.demoAccount(account.adminId)!;
    },
    demo,
    idle: () => scheduler.idle(),
    rules: () => DESTINATION_RULES,
  };

  const router = new Router();
  router.add('root', 'GET', '/health', () => ({ status: 200, body: { status: 'UP' } }));
  registerFaxServices(router, core);
  registerAdmin(router, core);
  registerControl(router, control);

  const front = new HttpFront({ router, faults, recorder, now: () => scheduler.now(), log });
  let port: number;
  try {
    port = await front.listen(options.port ?? 0);
  } catch (error) {
    scheduler.stop();
    store.close();
    throw error;
  }
  const origin = `http://127.0.0.1:${port}`;
  log('Listening', { origin, clock: mode, state: persistence ? persistence.file : 'memory' });

  let stopped: Promise<void> | null = null;
  return {
    baseUrl: `${origin}/api`,
    adminBaseUrl: `${origin}/admin`,
    controlUrl: `${origin}/control`,
    port,
    demo: demo(),
    control,
    stop() {
      stopped ??= (async () => {
        core.inbound.stopTimer();
        scheduler.stop();
        core.webhooks.stop();
        await front.close();
        store.meta.clockNow = scheduler.now();
        store.saveMeta();
        store.close();
        log('Stopped');
      })();
      return stopped;
    },
  };
}
