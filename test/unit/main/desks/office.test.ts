import { afterEach, describe, expect, it } from 'vitest';
import { DeskIdentity } from '../../../../src/main/desks/identity';
import { OfficeDesks } from '../../../../src/main/desks/office';
import { OutboundRepository } from '../../../../src/main/store/repositories/outbound-repository';
import { insertAccount, tempStore, type TempStore } from '../store/store-fixtures';
import { host } from './support';

let store: TempStore;
afterEach(() => store?.cleanup());

describe('this desk', () => {
  it('knows the other desks of an account from the markers of their faxes, newest name first', () => {
    store = tempStore();
    const db = store.open();
    insertAccount(db, 'acc1');
    const outbound = new OutboundRepository(db);
    const now = new Date('2026-03-10T09:00:00.000Z');
    const fax = (faxId: string, at: string, marker: string | null) =>
      outbound.insertFromService({ accountId: 'acc1', faxId, state: 'COMPLETED', destination: '12125550100', completedAt: at, clientData: marker ? { clientReferenceId: marker } : {} }, now);
    const C = '3f2a9c1e-7b4d-4e21-9a0f-5c6d7e8f9a0b';
    fax('f1', '2026-03-09T08:00:00.000Z', `faxdesk:${C}@aaaaaaaaaaaaaaaa Reception (maria)`);
    fax('f2', '2026-03-09T09:00:00.000Z', `faxdesk:${C}@aaaaaaaaaaaaaaaa Front desk (maria)`);
    fax('f4', '2026-03-09T10:00:00.000Z', null);
    fax('f5', '2026-01-01T09:00:00.000Z', `faxdesk:${C}@cccccccccccccccc Long gone (x)`);
    // Back office turned auto-print on after its older fax: the newest fax says what it does now.
    fax('f6', '2026-03-07T09:00:00.000Z', `faxdesk:${C}@bbbbbbbbbbbbbbbb;print=off Back office (li)`);
    fax('f3', '2026-03-08T09:00:00.000Z', `faxdesk:${C}@bbbbbbbbbbbbbbbb;print=auto Back office (li)`);
    const identity = new DeskIdentity(db, () => 'Records', host('PC', 'sam'), () => false);
    const office = new OfficeDesks({ outbound, identity, now: () => now });
    expect(office.desks('acc1')).toEqual([
      { installationId: identity.installationId, label: 'Records (sam)', thisDesk: true, lastSeenAt: null, autoPrint: false },
      { installationId: 'aaaaaaaaaaaaaaaa', label: 'Front desk (maria)', thisDesk: false, lastSeenAt: '2026-03-09T09:00:00.000Z', autoPrint: null },
      { installationId: 'bbbbbbbbbbbbbbbb', label: 'Back office (li)', thisDesk: false, lastSeenAt: '2026-03-08T09:00:00.000Z', autoPrint: true },
    ]);
    expect(office.count('acc1')).toBe(3);
  });
});
