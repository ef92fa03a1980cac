import { afterEach, describe, expect, it } from 'vitest';
import { DeskIdentity, readInstallationId } from '../../../../src/main/desks/identity';
import { tempStore, type TempStore } from '../store/store-fixtures';
import { host } from './support';

let store: TempStore;
afterEach(() => store?.cleanup());

describe('this desk', () => {
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
});
