/** Names, not numbers: the address book's name for a sender, and the senders a typed name means. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SenderNames } from '../../../../src/main/inbox/sender-names';
import { ContactsRepository } from '../../../../src/main/store/repositories/contacts-repository';
import { ReceivedRepository } from '../../../../src/main/store/repositories/received-repository';
import { insertAccount, T0, tempStore, type TempStore } from '../store/store-fixtures';

describe('SenderNames', () => {
  let store: TempStore;
  let contacts: ContactsRepository;
  let received: ReceivedRepository;
  let senders: SenderNames;

  beforeEach(() => {
    store = tempStore();
    const db = store.open();
    insertAccount(db, 'acc1');
    contacts = new ContactsRepository(db);
    received = new ReceivedRepository(db);
    senders = new SenderNames(contacts);
    contacts.create({ name: 'Ada Lovelace', company: 'Analytical Engines', faxNumber: '13125550170', notes: 'billing questions' }, T0);
    contacts.create({ name: '', company: 'Harbor Clinic', faxNumber: '16175550199' }, T0);
    contacts.create({ name: 'Zoë Ødegård', company: '', faxNumber: '4722334455' }, T0);
    for (const [faxId, from] of [
      ['F1', '13125550170'],
      ['F2', '3125550170'],
      ['F3', '+1 617 555 0199'],
      ['F4', '15550001111'],
      ['F5', 'UNKNOWN'],
    ] as const) {
      received.upsertFromService('acc1', { faxId, completedAt: T0.toISOString(), originatingNumber: from }, T0);
    }
  });
  afterEach(() => store.cleanup());

  const byFax = () => new Map(senders.named(received.page({ limit: 10 }).items).map((f) => [f.faxId, f.senderName]));

  it("gives each fax its sender's name (else the company), whatever way the service wrote the number; none for an unknown one", () => {
    expect(Object.fromEntries(byFax())).toEqual({ F1: 'Ada Lovelace', F2: 'Ada Lovelace', F3: 'Harbor Clinic', F4: null, F5: null });
  });

  it('follows the address book at once: a contact renamed or removed shows so in the next page read', () => {
    const ada = contacts.findByNumber('13125550170')[0]!;
    contacts.update(ada.id, { name: 'Ada King' }, T0);
    expect(byFax().get('F1')).toBe('Ada King');
    contacts.delete(ada.id);
    expect(byFax().get('F1')).toBeNull();
  });

  it('turns a typed name or company into the numbers to find, without the country code; a match only on the number or notes is not a name', () => {
    expect(senders.numbersNamed('ada')).toEqual(['3125550170']);
    expect(senders.numbersNamed('Lovelace ada')).toEqual(['3125550170']);
    expect(senders.numbersNamed('harbor clin')).toEqual(['6175550199']);
    expect(senders.numbersNamed('zoe ødegard')).toEqual(['22334455']); // accents folded as the search index folds them
    expect(senders.numbersNamed('billing')).toEqual([]);
    expect(senders.numbersNamed('0170')).toEqual([]);
    expect(senders.numbersNamed('')).toEqual([]);
    // And the Inbox search finds the faxes by them.
    expect(received.search({ text: 'ada', numbers: senders.numbersNamed('ada') }).items.map((f) => f.faxId).sort()).toEqual(['F1', 'F2']);
  });
});
