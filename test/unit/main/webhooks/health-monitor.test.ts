/** The health monitor with fakes: which feeds webhooks stand in for, pings, and the fall back to polling. */
import { describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../../../../src/main/platform/logger';
import { ManualTimers } from '../../../../src/main/platform/timers';
import { EVENT_GRACE_MS } from '../../../../src/main/webhooks/health';
import { HealthMonitor, relaxedFeeds } from '../../../../src/main/webhooks/health-monitor';
import type { DeliveryRoute } from '../../../../src/main/webhooks/roster';

describe('where an account\'s webhooks go', () => {
  it('relaxes only the lists of the directions that come here', () => {
    expect(relaxedFeeds(['OUTBOUND', 'INBOUND'])).toEqual(['received', 'sent', 'notifications']);
    expect(relaxedFeeds(['INBOUND'])).toEqual(['received', 'notifications']);
    expect(relaxedFeeds([])).toEqual([]);
  });
});

describe('the health monitor', () => {
  const T0 = Date.parse('2026-03-01T09:00:00.000Z');

  function monitor(served: Record<string, ('INBOUND' | 'OUTBOUND')[]>, routes: { next?: DeliveryRoute | null; gate?: Promise<void>; pingGate?: Promise<void> } = {}) {
    const timers = new ManualTimers(0);
    const pinged: string[] = [];
    const receipts = new Set<string>();
    const told = new Map<string, { floorMs: number; feeds: readonly string[]; state: string | null; message?: string }>();
    const notices: string[] = [];
    const signers = Object.keys(served).map((accountId) => ({ accountId, appId: 'app', userId: accountId, key: `key-${accountId}` }));
    const m: HealthMonitor = new HealthMonitor({
      accounts: {
        clientFor: async (accountId) => ({
          ping: async () => {
            pinged.push(accountId);
            await routes.pingGate;
            const notifyId = `ping-${pinged.length}`;
            setImmediate(() => m.noteEvent(accountId, { kind: 'PING', notificationId: notifyId, appId: 'app', direction: 'OUTBOUND', configId: null }));
            return [{ notifyId }] as never;
          },
        }),
      },
      roster: {
        hasKey: (id) => id in served,
        directionsHere: (id) => served[id] ?? [],
        served: () => signers.filter((s) => (served[s.accountId] ?? []).length > 0),
        signers: () => signers,
        refresh: async () => undefined,
        refreshDestinations: async (id) => {
          await routes.gate;
          const route = routes.next ?? null;
          if (route) served[id] = route.state === 'here' ? [...route.directions] : [];
          return route;
        },
      },
      receipts: { receiptsForFax: (accountId, faxId) => (receipts.has(`${accountId} ${faxId}`) ? [{ kind: 'OUTBOUND' } as never] : []) },
      stores: { outbound: { get: (id: string) => ({ id, faxId: `fax-${id}`, state: 'COMPLETED', completedAt: new Date(T0).toISOString() }) }, received: { get: () => undefined } } as never,
      sync: {
        setInstantUpdates: (accountId, floor, status) =>
          told.set(accountId, { floorMs: floor.floorMs, feeds: floor.feeds, state: status?.state ?? null, ...(status ? { message: status.message } : {}) }),
      },
      isOn: () => true,
      changed: () => undefined,
      pollSeconds: () => 60,
      notice: (_level, message) => notices.push(message),
      timers,
      now: () => new Date(T0 + timers.now()),
      logger: silentLogger,
    });
    return { m, timers, pinged, receipts, told, notices };
  }

  it('pings only the accounts whose webhooks come here, and relaxes only their directions\' lists', async () => {
    const { m, timers, pinged, told } = monitor({ here: ['INBOUND'], elsewhere: [] });
    m.publishAll();
    m.start();
    await timers.advance(0);
    await vi.waitFor(() => expect(told.get('here')?.state).toBe('active'));
    expect(pinged).toEqual(['here']);
    expect(told.get('here')).toMatchObject({ feeds: ['received', 'notifications'] });
    expect(told.get('elsewhere')).toMatchObject({ state: null, floorMs: 0 });
    m.stop();
  });

  it('publishes nothing after stop(), even from a check that was waiting on the service (the app quitting closes the database)', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const { m, told } = monitor({ a: ['INBOUND'] }, { next: { state: 'elsewhere', destinations: ['https://other.test/hook'] }, gate });
    m.start();
    const check = m.checkRoutes();
    m.stop();
    told.clear();
    open();
    await check;
    expect(told.size).toBe(0);
  });

  it('publishes nothing after stop() from a self-check whose ping was still out', async () => {
    let answer!: () => void;
    const pingGate = new Promise<void>((resolve) => (answer = resolve));
    const { m, timers, pinged, told } = monitor({ a: ['INBOUND'] }, { pingGate });
    m.start();
    await timers.advance(0);
    await vi.waitFor(() => expect(pinged).toEqual(['a']));
    m.stop();
    told.clear();
    // The service answers the ping after stop(); its notification comes back a turn later.
    answer();
    for (let i = 0; i < 10; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(told.size).toBe(0);
  });

  it('falls back when a finished fax\'s notification does not come within the grace time; waits once per fax; not at all when it came', async () => {
    const { m, timers, receipts, told } = monitor({ a: ['OUTBOUND', 'INBOUND'] });
    m.start();
    await timers.advance(0);
    await vi.waitFor(() => expect(told.get('a')?.state).toBe('active'));
    receipts.add('a fax-came');
    m.watchFinished('a', ['came', 'missing']);
    m.watchFinished('a', ['missing']);
    expect(timers.pendingCount).toBe(3); // the next self-check, the next route check, and one wait
    await timers.advance(EVENT_GRACE_MS);
    expect(told.get('a')).toMatchObject({ state: 'fallback', floorMs: 0 });
    m.stop();
  });

  it('within one poll interval notices that another desk took the webhooks over, says who, and polls normally again', async () => {
    const routes: { next?: DeliveryRoute | null } = { next: { state: 'here', directions: ['OUTBOUND', 'INBOUND'] } };
    const { m, timers, told, notices } = monitor({ a: ['OUTBOUND', 'INBOUND'] }, routes);
    m.start();
    await timers.advance(0);
    await vi.waitFor(() => expect(told.get('a')?.state).toBe('active'));
    expect(told.get('a')!.floorMs).toBeGreaterThan(60_000);
    // Back office saves its own address at the service.
    routes.next = { state: 'elsewhere', destinations: ['https://back.example/hook'], setBy: ['Back office'] };
    await timers.advance(60_000);
    await vi.waitFor(() => expect(told.get('a')?.state).toBe('fallback'));
    expect(told.get('a')).toMatchObject({ floorMs: 0, feeds: [] });
    expect(told.get('a')!.message).toBe(
      'Instant updates off: “Back office” now receives this account\'s webhooks (https://back.example/hook). This desk checks the service every 60 s instead.',
    );
    expect(notices).toEqual([told.get('a')!.message]);
    // Said once, however often it is seen again.
    await timers.advance(60_000);
    await vi.waitFor(() => expect(notices).toHaveLength(1));
    m.stop();
  });
});
