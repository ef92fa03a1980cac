/** Intake's routing on its own: which account an event is for. */
import { describe, expect, it } from 'vitest';
import { routeEvent } from '../../../../src/main/webhooks/intake';

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
