/** The roster on its own, with fakes: which accounts the receiver serves, and where each account's webhooks go. */
import { describe, expect, it, vi } from 'vitest';
import type { AccountView } from '../../../../src/shared/ipc/contract/accounts';
import type { WebhookSettingsView } from '../../../../src/shared/ipc/contract/webhooks';
import { silentLogger } from '../../../../src/main/platform/logger';
import { ReceiverRoster, addressKey, routeFrom } from '../../../../src/main/webhooks/roster';

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
