import { afterEach, describe, expect, it } from 'vitest';
import { DeskIdentity } from '../../../../src/main/desks/identity';
import { OfficeDesks } from '../../../../src/main/desks/office';
import { OutboundRepository } from '../../../../src/main/store/repositories/outbound-repository';
import { insertAccount, tempStore, type TempStore } from '../store/store-fixtures';
import { host } from './support';

let store: TempStore;
afterEach(() => store?.cleanup());

describe('this desk', () => {
<<<<<<< HEAD:test/unit/main/desks/office.test.ts
=======
  it('has one random installation id per data folder, and the name set in Settings, else the computer’s', () => {
    store = tempStore();
    const db = store.open();
    const id = readInstallationId(db);
    expect(id).toMatch(/^[0-9a-f]{16}$/);
    expect(readInstallationId(store.open())).toBe(id);
    let name = '';
    const desk = new DeskIdentity(db, () => name, host('RECEPTION-PC', 'maria'));
    expect(desk.sender()).toEqual({ installationId: id, deskName: 'RECEPTION-PC', osUser: 'maria' });
    // With the auto-print setting wired in, the marker publishes it as it is at each send.
    let prints = true;
    const printing = new DeskIdentity(db, () => name, host('RECEPTION-PC', 'maria'), () => prints);
    expect(printing.sender()).toEqual({ installationId: id, deskName: 'RECEPTION-PC', osUser: 'maria', autoPrint: true });
    prints = false;
    expect(printing.sender().autoPrint).toBe(false);
    name = '  Front desk ';
    expect(desk.view()).toMatchObject({ deskName: 'Front desk', configuredName: 'Front desk', computerName: 'RECEPTION-PC' });
    const other = tempStore();
    try {
      expect(readInstallationId(other.open())).not.toBe(id);
    } finally {
      other.cleanup();
    }
  });

>>>>>>> desks2:test/unit/main/desks/desks.test.ts
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
