/**
 * The receiver's parts on their own, with fakes: which accounts it serves (roster), which account an
 * event is for (intake's routing), which feeds webhooks stand in for, and the event applier asking for
 * a job's detail once when a webhook made it final.
 */
import { describe, expect, it, vi } from 'vitest';
import type { AccountView } from '../../../../src/shared/ipc/contract/accounts';
import type { WebhookSettingsView } from '../../../../src/shared/ipc/contract/webhooks';
import { silentLogger } from '../../../../src/main/platform/logger';
import { ManualTimers } from '../../../../src/main/platform/timers';
import { EVENT_GRACE_MS } from '../../../../src/main/webhooks/health';
import { HealthMonitor } from '../../../../src/main/webhooks/health-monitor';
import { EventApplier } from '../../../../src/main/webhooks/event-applier';
import { relaxedFeeds } from '../../../../src/main/webhooks/health-monitor';
import { routeEvent } from '../../../../src/main/webhooks/intake';
import type { OutboundEvent } from '../../../../src/main/webhooks/payload';
import { ReceiverRoster, addressKey, routeFrom, type DeliveryRoute } from '../../../../src/main/webhooks/roster';

const HERE = 'https://fax.example.com/faxdesk/webhooks';

function hook(direction: 'INBOUND' | 'OUTBOUND', url: string, enabled = true) {
  return { notificationId: `${direction}-1`, direction, url, enabled };
}

describe('where an account\'s webhooks go', () => {
  it('compares addresses as the service reaches them (host case, default port, trailing slash)', () => {
    expect(addressKey('https://FAX.example.com:443/faxdesk/webhooks/')).toBe(addressKey(HERE));
    expect(addressKey('https://fax.example.com:8443/faxdesk/webhooks')).not.toBe(addressKey(HERE));
    expect(addressKey('https://fax.example.com/faxdesk/other')).not.toBe(addressKey(HERE));
    expect(addressKey('not a url')).toBeNull();
  });

  it('serves the enabled directions addressed here; the others are elsewhere', () => {
    expect(routeFrom({ outbound: hook('OUTBOUND', HERE), inbound: hook('INBOUND', HERE) }, [HERE])).toEqual({ state: 'here', directions: ['OUTBOUND', 'INBOUND'] });
    expect(routeFrom({ outbound: hook('OUTBOUND', HERE, false), inbound: hook('INBOUND', HERE) }, [HERE])).toEqual({ state: 'here', directions: ['INBOUND'] });
    expect(routeFrom({ outbound: hook('OUTBOUND', 'https://elsewhere.example/x'), inbound: null }, [HERE])).toEqual({ state: 'elsewhere', destinations: ['https://elsewhere.example/x'] });
    expect(routeFrom({ outbound: hook('OUTBOUND', HERE), inbound: null }, [])).toEqual({ state: 'elsewhere', destinations: [HERE] });
    expect(routeFrom({ outbound: null, inbound: null }, [HERE])).toEqual({ state: 'elsewhere', destinations: [] });
  });

  it('relaxes only the lists of the directions that come here', () => {
    expect(relaxedFeeds(['OUTBOUND', 'INBOUND'])).toEqual(['received', 'sent', 'notifications']);
    expect(relaxedFeeds(['INBOUND'])).toEqual(['received', 'notifications']);
    expect(relaxedFeeds([])).toEqual([]);
  });
});

describe('the roster', () => {
  const account = (id: string): AccountView => ({ id, enabled: true, isSandbox: false, hasHmacSecret: true, appId: `app-${id}`, userId: `user-${id}` }) as AccountView;

  function roster(configs: Record<string, () => Promise<Pick<WebhookSettingsView, 'inbound' | 'outbound'>>>, on = true) {
    const get = vi.fn((id: string) => configs[id]!());
    const r = new ReceiverRoster({
      accounts: { list: () => [account('a'), account('b')], readSecret: async (id) => `key-${id}-0123456789` },
      sandboxKey: () => null,
      webhooks: { get },
      addressesFor: () => [HERE],
      reading: () => on,
      redactor: { register() {} },
      logger: silentLogger,
    });
    return { r, get };
  }

  it('serves the accounts whose webhooks come here; the others are known as elsewhere', async () => {
    const { r } = roster({ a: async () => ({ outbound: hook('OUTBOUND', HERE), inbound: null }), b: async () => ({ outbound: hook('OUTBOUND', 'https://other.example/h'), inbound: null }) });
    await r.refresh();
    expect(r.signers().map((s) => s.accountId)).toEqual(['a', 'b']);
    expect(r.served().map((s) => s.accountId)).toEqual(['a']);
    expect(r.directionsHere('a')).toEqual(['OUTBOUND']);
    expect(r.routeOf('b')).toEqual({ state: 'elsewhere', destinations: ['https://other.example/h'] });
  });

  it('asks the service nothing while the receiver is off', async () => {
    const { r, get } = roster({ a: async () => ({ outbound: null, inbound: null }), b: async () => ({ outbound: null, inbound: null }) }, false);
    await r.refresh({ destinations: true });
    expect(r.signers()).toHaveLength(2);
    expect(get).not.toHaveBeenCalled();
    expect(r.routeOf('a')).toBeNull();
  });

  it('keeps the newest read when an older one answers later, and says why it could not read', async () => {
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    const answers = [
      async () => {
        await slow;
        return { outbound: hook('OUTBOUND', 'https://old.example/h'), inbound: null };
      },
      async () => ({ outbound: hook('OUTBOUND', HERE), inbound: null }),
    ];
    const { r } = roster({ a: () => answers.shift()!(), b: async () => Promise.reject(new Error('offline')) });
    const first = r.refresh();
    // The keys are loaded and the first read of a's webhooks is out; a second read starts and answers first.
    await new Promise((resolve) => setImmediate(resolve));
    await r.refreshDestinations('a');
    release();
    await first;
    expect(r.routeOf('a')).toEqual({ state: 'here', directions: ['OUTBOUND'] });
    expect(r.routeOf('b')).toMatchObject({ state: 'unknown' });
  });
});

describe('routing an event to accounts', () => {
  const signers = [
    { accountId: 'a', appId: 'app1', userId: 'u1', key: 'k1' },
    { accountId: 'b', appId: 'app1', userId: 'u2', key: 'k1' },
    { accountId: 'c', appId: 'app2', userId: 'u1', key: 'k2' },
  ];
  const fax = (appId: string | null, userId: string | null) => ({ kind: 'INBOUND', notificationId: 'n', appId, userId, faxId: 'f' }) as never;

  it('goes to the signing key\'s account with that App ID and user-id; a PING to every account of the App ID', () => {
    expect(routeEvent(fax('app1', 'u2'), signers, 'k1')).toEqual(['b']);
    expect(routeEvent(fax('app1', null), signers, 'k1')).toEqual(['a']);
    expect(routeEvent(fax('app2', 'u1'), signers, 'k1')).toEqual([]);
    expect(routeEvent({ kind: 'PING', notificationId: 'p', appId: 'app1', direction: 'OUTBOUND', configId: null }, signers, 'k1')).toEqual(['a', 'b']);
  });
});

describe('the event applier', () => {
  it('asks sync for the detail of a job once, when the webhook made it final', async () => {
    const job = { id: 'job-1', accountId: 'a', faxId: 'fax-1' };
    let final = false;
    const readDetail = vi.fn(async () => undefined);
    const applier = new EventApplier({
      repository: { applied: () => true, held: () => [] },
      stores: { outbound: { getByFaxId: () => job } } as never,
      states: {
        apply: () => {
          const becameFinal = !final;
          final = true;
          return { job, change: becameFinal ? { becameFinal } : null, changed: becameFinal } as never;
        },
      },
      inbox: { receivedChanged() {} },
      sync: { runNow() {}, readDetail },
      logger: silentLogger,
      now: () => new Date('2026-03-01T09:00:00Z'),
    });
    const event: OutboundEvent = { kind: 'OUTBOUND', notificationId: 'n1', appId: null, userId: null, faxId: 'fax-1', state: 'COMPLETED', rawStatus: 'COMPLETE', completedAt: null, durationSeconds: 30, pages: 1, destination: null, billableRetries: 0, errorCode: null, errorReason: null };
    applier.enqueue('a', event);
    applier.enqueue('a', { ...event, notificationId: 'n2' });
    await applier.drain();
    expect(readDetail).toHaveBeenCalledTimes(1);
    expect(readDetail).toHaveBeenCalledWith('a', 'job-1');
  });
});

describe('the health monitor', () => {
  const T0 = Date.parse('2026-03-01T09:00:00.000Z');

  function monitor(served: Record<string, ('INBOUND' | 'OUTBOUND')[]>, routes: { next?: DeliveryRoute | null } = {}) {
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
