import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ContactsService, IMPORT_MAX_RECORDS } from '../../../../src/main/contacts';
import { createContactHandlers } from '../../../../src/main/contacts/handlers';
import { AppError } from '../../../../src/main/errors';
import { createGate, type HandlerTable } from '../../../../src/main/ipc/gate';
import { silentLogger } from '../../../../src/main/platform/logger';
import type { ContactsChange } from '../../../../src/shared/ipc/contract/contacts';
import { at, T0, tempStore, type TempStore } from '../store/store-fixtures';

function appError(fn: () => unknown): AppError {
  try {
    fn();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected an AppError');
}

describe('ContactsService', () => {
  let store: TempStore;
  let clock: Date;
  let service: ContactsService;
  let changes: ContactsChange[];

  beforeEach(() => {
    store = tempStore();
    clock = T0;
    service = new ContactsService({ db: store.open(), logger: silentLogger, now: () => clock });
    changes = [];
    service.onChange((c) => changes.push(c));
  });
  afterEach(() => store.cleanup());

  describe('contacts', () => {
    it('creates a contact with its number normalised and formatted, and says so', () => {
      const c = service.create({ name: ' Ada ', company: 'Engines', faxNumber: '(555) 123-4567' });
      expect(c).toMatchObject({ name: 'Ada', company: 'Engines', faxNumber: '15551234567', display: '+1 555 123 4567', label: 'Ada', useCount: 0 });
      expect(changes).toEqual([{ contacts: true, lists: false }]);
    });

    it('refuses a bad number with a field error naming the problem and the fix', () => {
      const error = appError(() => service.create({ name: 'Ada', faxNumber: '555-1234' }));
      expect(error.toInfo()).toEqual({ code: 'VALIDATION', field: 'faxNumber', message: expect.stringContaining('too short: include the area code') });
      expect(appError(() => service.create({ faxNumber: '5551234567' })).toInfo()).toMatchObject({ field: 'name' });
      expect(changes).toEqual([]);
    });

    it('updates only what is given, re-checks the number, and refuses an unknown id', () => {
      const c = service.create({ name: 'Ada', faxNumber: '5551234567', notes: 'n' });
      const updated = service.update({ id: c.id, faxNumber: '+44 20 7946 0000' });
      expect(updated).toMatchObject({ name: 'Ada', notes: 'n', faxNumber: '442079460000', display: '+44 20 7946 0000' });
      expect(appError(() => service.update({ id: c.id, faxNumber: 'fax me' })).field).toBe('faxNumber');
      expect(appError(() => service.update({ id: 'nope', name: 'x' })).code).toBe('NOT_FOUND');
      changes = [];
      service.update({ id: c.id, name: 'Ada' });
      expect(changes).toEqual([]);
    });

    it('deletes a contact and takes it out of its lists', () => {
      const a = service.create({ name: 'A', faxNumber: '5551234567' });
      const b = service.create({ name: 'B', faxNumber: '5559876543' });
      const list = service.createList('Team', [a.id, b.id]);
      service.delete(a.id);
      expect(service.lists()).toEqual([expect.objectContaining({ id: list.id, memberCount: 1, members: [expect.objectContaining({ id: b.id })] })]);
      expect(appError(() => service.delete(a.id)).code).toBe('NOT_FOUND');
    });

    it('lists A–Z, and "recent" as used contacts newest first followed by the never-used A–Z, across pages', () => {
      const names = ['Delta', 'alpha', 'Charlie', 'Bravo', 'Echo', 'foxtrot'];
      names.forEach((name, i) => service.create({ name, faxNumber: `555000000${i}` }));
      expect(service.list({ order: 'name', limit: 100 }).items.map((c) => c.name)).toEqual(['alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'foxtrot']);
      service.markUsed(['5550000004'], at(1)); // Echo
      service.markUsed(['+1 555 000 0000'], at(2)); // Delta
      const all: string[] = [];
      let after: string | null = null;
      let pages = 0;
      do {
        const page = service.list({ order: 'recent', after, limit: 2 });
        all.push(...page.items.map((c) => c.name));
        after = page.next;
        pages++;
      } while (after && pages < 10);
      expect(all).toEqual(['Delta', 'Echo', 'alpha', 'Bravo', 'Charlie', 'foxtrot']);
      // Page sizes are exact, whichever phase a page falls in.
      expect(service.list({ order: 'recent', limit: 3 }).items.map((c) => c.name)).toEqual(['Delta', 'Echo', 'alpha']);
      expect(() => service.list({ order: 'name', after: 'garbage', limit: 2 })).toThrow(/page position/);
    });

    it('markUsed normalises the numbers, counts the contacts moved, and refuses a bad number by index', () => {
      service.create({ name: 'A', faxNumber: '5551234567' });
      service.create({ name: 'A2', faxNumber: '555 123 4567' });
      expect(service.markUsed(['(555) 123-4567', '5559999999'])).toEqual({ updated: 2 });
      expect(appError(() => service.markUsed(['5551234567', 'abc'])).field).toBe('faxNumbers.1');
    });
  });

  describe('search', () => {
    it('finds contacts by name, company, or part of the number, with ready recipients', () => {
      const ada = service.create({ name: 'Ada Lovelace', company: 'Engines', faxNumber: '5551234567' });
      service.create({ name: 'Bob', faxNumber: '5559876543' });
      for (const text of ['ada', 'engin', '4567', '123-4567', '555 123']) {
        expect(service.search(text, 10).hits.map((h) => h.id), text).toEqual([ada.id]);
      }
      const [hit] = service.search('Lovelace', 10).hits;
      expect(hit).toMatchObject({
        kind: 'contact',
        label: 'Ada Lovelace',
        detail: 'Engines · +1 555 123 4567',
        recipients: [{ faxNumber: '15551234567', display: '+1 555 123 4567', name: 'Ada Lovelace', company: 'Engines', contactId: ada.id }],
      });
      expect(service.search('   ', 10).hits).toEqual([]);
      expect(service.search('"*) OR', 10).hits).toEqual([]);
    });

    it('finds distribution lists by name, first, with every member as a recipient', () => {
      const a = service.create({ name: 'Sales Ann', faxNumber: '5551234567' });
      const b = service.create({ name: 'Bob', faxNumber: '5559876543' });
      service.createList('Sales team', [b.id, a.id]);
      const hits = service.search('sales', 10).hits;
      expect(hits.map((h) => [h.kind, h.label])).toEqual([
        ['list', 'Sales team'],
        ['contact', 'Sales Ann'],
      ]);
      expect(hits[0]).toMatchObject({ detail: 'Distribution list, 2 recipients', recipients: [{ name: 'Bob' }, { name: 'Sales Ann' }] });
      expect(service.search('sales', 1).hits).toHaveLength(1);
    });
  });

  describe('distribution lists', () => {
    it('creates, renames, sets members in order, and deletes; names are unique ignoring case', () => {
      const a = service.create({ name: 'A', faxNumber: '5551234567' });
      const b = service.create({ name: 'B', faxNumber: '5559876543' });
      changes = [];
      const list = service.createList('Board', [a.id]);
      expect(list).toMatchObject({ name: 'Board', memberCount: 1, members: [{ id: a.id }] });
      expect(service.renameList(list.id, 'Directors').name).toBe('Directors');
      expect(service.setListMembers(list.id, [b.id, a.id]).members.map((m) => m.name)).toEqual(['B', 'A']);
      service.createList('Other', []);
      expect(appError(() => service.renameList(list.id, 'other')).toInfo()).toMatchObject({ code: 'CONFLICT', field: 'name' });
      expect(appError(() => service.setListMembers(list.id, ['missing'])).code).toBe('NOT_FOUND');
      expect(service.lists().find((l) => l.id === list.id)!.members).toHaveLength(2);
      service.deleteList(list.id);
      expect(appError(() => service.deleteList(list.id)).code).toBe('NOT_FOUND');
      expect(appError(() => service.renameList(list.id, 'x')).code).toBe('NOT_FOUND');
      expect(changes.every((c) => c.lists)).toBe(true);
    });
  });

  describe('import', () => {
    it('creates contacts and reports skipped lines with their reasons', () => {
      const summary = service.importText('csv', 'Name,Fax\nAda,5551234567\nBad,555-12\nBob,+44 20 7946 0000\n');
      expect(summary).toEqual({
        format: 'csv',
        created: 2,
        updated: 0,
        unchanged: 0,
        skipped: [{ line: 3, reason: expect.stringContaining('too short') }],
        warnings: [],
      });
      expect(service.list({ order: 'name', limit: 10 }).items.map((c) => c.display)).toEqual(['+1 555 123 4567', '+44 20 7946 0000']);
      expect(changes).toEqual([{ contacts: true, lists: false }]);
    });

    it('dedupes by normalised number and name: the same person is updated, another name on the number is created', () => {
      const ada = service.create({ name: 'Ada Lovelace', company: 'Old Co', faxNumber: '5551234567', notes: 'keep' });
      clock = at(5);
      const summary = service.importText(
        'csv',
        [
          'Name,Company,Fax,Notes',
          'ada lovelace,New Co,+1 (555) 123-4567,', // same person: company replaced, empty notes keep the stored ones
          'Charles Babbage,New Co,555.123.4567,shares the fax', // same office fax, another person
          'Ada Lovelace,New Co,5551234567,', // repeats line 2 of this file
        ].join('\n'),
      );
      expect(summary).toMatchObject({ created: 1, updated: 1, unchanged: 0, skipped: [{ line: 4, reason: expect.stringContaining('Same contact as line 2') }] });
      expect(service.get(ada.id)).toMatchObject({ name: 'Ada Lovelace', company: 'New Co', notes: 'keep', updatedAt: at(5).toISOString() });
      expect(service.search('5551234567', 10).hits).toHaveLength(2);
    });

    it('re-importing an export writes nothing', () => {
      service.create({ name: 'Ada', company: 'Engines', faxNumber: '5551234567', notes: 'a, b; "c"\nd' });
      service.create({ company: 'Globex', faxNumber: '+44 20 7946 0000' });
      for (const format of ['csv', 'vcard'] as const) {
        const exported = service.export(format);
        changes = [];
        expect(service.importText(format, exported.text)).toMatchObject({ created: 0, updated: 0, unchanged: 2, skipped: [] });
        expect(changes).toEqual([]);
      }
    });

    it('imports vCards with warnings, in one transaction', () => {
      const text = 'BEGIN:VCARD\nFN:Ada\nTEL;TYPE=cell:5551234567\nEND:VCARD\nBEGIN:VCARD\nFN:Bob\nEND:VCARD\n';
      expect(service.importText('vcard', text)).toMatchObject({
        format: 'vcard',
        created: 1,
        skipped: [{ line: 5, reason: expect.stringContaining('no telephone number') }],
        warnings: [{ line: 1, reason: expect.stringContaining('Check that it takes faxes') }],
      });
    });

    it('refuses a file with nothing in it that looks like contacts', () => {
      expect(appError(() => service.importText('vcard', 'hello')).toInfo()).toMatchObject({ code: 'VALIDATION', field: 'text', message: expect.stringContaining('BEGIN:VCARD') });
      expect(appError(() => service.importText('csv', '\n\n')).code).toBe('VALIDATION');
    });

    it('refuses more than the import limit, writing nothing', () => {
      const rows = Array.from({ length: IMPORT_MAX_RECORDS + 1 }, (_, i) => `P${i},+1555${String(2000000 + i).padStart(7, '0')}`);
      expect(appError(() => service.importText('csv', `Name,Fax\n${rows.join('\n')}`)).message).toContain('Split the file');
      expect(service.list({ order: 'name', limit: 1 }).items).toEqual([]);
    });
  });

  describe('export', () => {
    it('exports every contact A–Z, with a dated file name', () => {
      for (let i = 0; i < 120; i++) service.create({ name: `Person ${String(i).padStart(3, '0')}`, faxNumber: `+1555${String(2000000 + i)}` });
      const csv = service.export('csv');
      expect(csv).toMatchObject({ format: 'csv', count: 120, fileName: 'faxdesk-contacts-2026-03-01.csv', mimeType: 'text/csv;charset=utf-8' });
      expect(csv.text.startsWith('\uFEFFName,Company,Fax,Notes\r\nPerson 000,,+15552000000,\r\n')).toBe(true);
      const vcf = service.export('vcard');
      expect(vcf).toMatchObject({ count: 120, fileName: 'faxdesk-contacts-2026-03-01.vcf' });
      expect(vcf.text.match(/BEGIN:VCARD/g)).toHaveLength(120);
    });
  });

  describe('through the gate', () => {
    it('parses inputs with the contract and returns typed errors', async () => {
      const dispatch = createGate(createContactHandlers(service) as unknown as HandlerTable, silentLogger);
      expect(await dispatch('contacts:create', { name: 'Ada', faxNumber: '555 12' })).toMatchObject({ ok: false, error: { code: 'VALIDATION', field: 'faxNumber' } });
      expect(await dispatch('contacts:create', { name: 'Ada', faxNumber: '555 123 4567', extra: 1 })).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', field: 'extra' } });
      expect(await dispatch('contacts:list', {})).toMatchObject({ ok: true, value: { items: [], next: null } });
      expect(await dispatch('contacts:importText', { format: 'xls', text: '' })).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', field: 'format' } });
      expect(await dispatch('contacts:createList', { name: '  ' })).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', field: 'name' } });
      expect(await dispatch('contacts:search', { text: 'x' })).toMatchObject({ ok: true, value: { hits: [] } });
    });
  });
});
