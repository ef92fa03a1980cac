import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../../../../src/main/store/database';
import { AppError } from '../../../../../src/main/errors';
import { FaxEventsRepository } from '../../../../../src/main/store/repositories/fax-events-repository';
import { OutboundRepository, outboundPageSql, outboundSearchSql } from '../../../../../src/main/store/repositories/outbound-repository';
import type { NewOutboundJob, OutboundJob, OutboundJobSummary, PageCursor } from '../../../../../src/shared/domain/history';
import { at, expectIndexedPlan, expectNoWrite, expectWrite, insertAccount, planOf, T0, tempStore, type TempStore } from '../store-fixtures';

const DOC = { sha256: 'ab'.repeat(32), name: 'contract.pdf', type: 'PDF', size: 1234, pages: 3 };

function compose(composeId: string, count: number, extra: Partial<NewOutboundJob> = {}): NewOutboundJob[] {
  return Array.from({ length: count }, (_, i) => ({
    accountId: 'acc1',
    composeId,
    destinationIndex: i,
    destination: `1555000${String(i).padStart(4, '0')}`,
    toName: `Person ${i}`,
    ...extra,
  }));
}

describe('OutboundRepository', () => {
  let store: TempStore;
  let db: Db;
  let repo: OutboundRepository;

  beforeEach(() => {
    store = tempStore();
    db = store.open();
    insertAccount(db, 'acc1');
    insertAccount(db, 'acc2');
    repo = new OutboundRepository(db);
  });
  afterEach(() => store.cleanup());

  describe('insertCompose', () => {
    it('persists every destination as a QUEUED job and reads it back as it was written', () => {
      const { created, jobs } = repo.insertCompose(
        [
          {
            accountId: 'acc1',
            composeId: 'c1',
            destinationIndex: 0,
            destination: '15551234567',
            toName: 'Ada Lovelace',
            toCompany: 'Analytical Engines',
            subject: 'Notes',
            options: { imageResolution: 'FINE', retries: { billable: 2 } },
            documents: [DOC],
            pageCount: 4,
            clientData: { clientMatter: 'M-1', billingCode: 'B2' },
          },
          { accountId: 'acc1', composeId: 'c1', destinationIndex: 1, destination: '15557654321' },
        ],
        T0,
      );
      expect(created).toBe(true);
      expect(jobs).toHaveLength(2);
      expect(jobs[0]).toMatchObject({
        accountId: 'acc1',
        composeId: 'c1',
        destinationIndex: 0,
        origin: 'local',
        faxId: null,
        state: 'QUEUED',
        phase: 'active',
        destination: '15551234567',
        toName: 'Ada Lovelace',
        toCompany: 'Analytical Engines',
        subject: 'Notes',
        options: { imageResolution: 'FINE', retries: { billable: 2 } },
        documents: [DOC],
        pageCount: 4,
        clientData: { clientMatter: 'M-1', billingCode: 'B2' },
        scheduledAt: null,
        createdAt: T0.toISOString(),
        updatedAt: T0.toISOString(),
      });
      expect(jobs[1]).toMatchObject({ toName: '', subject: '', options: {}, documents: [], clientData: {}, pageCount: null });
      expect(repo.get(jobs[0]!.id)).toEqual(jobs[0]);
    });

    it('is idempotent per compose: a second call creates nothing and returns the first jobs', () => {
      const first = repo.insertCompose(compose('c1', 3), T0);
      const second = expectNoWrite(store, () => repo.insertCompose(compose('c1', 3), at(1)));
      expect(second.created).toBe(false);
      expect(second.jobs.map((j) => j.id)).toEqual(first.jobs.map((j) => j.id));
      expect(db.prepare('SELECT count(*) FROM outbound').pluck().get()).toBe(3);
    });

    it('writes all destinations or none', () => {
      const jobs = compose('c1', 3);
      jobs[2] = { ...jobs[2]!, destination: '' };
      expect(() => repo.insertCompose(jobs, T0)).toThrow(/CHECK/);
      expect(db.prepare('SELECT count(*) FROM outbound').pluck().get()).toBe(0);
    });

    it('refuses an empty compose, mixed composes and a schedule without a time', () => {
      expect(() => repo.insertCompose([], T0)).toThrow(AppError);
      expect(() => repo.insertCompose([...compose('c1', 1), ...compose('c2', 1)], T0)).toThrow(/share/);
      expect(() => repo.insertCompose(compose('c3', 1, { state: 'SCHEDULED' }), T0)).toThrow(/CHECK/);
      const { jobs } = repo.insertCompose(compose('c4', 1, { state: 'SCHEDULED', scheduledAt: at(60).toISOString() }), T0);
      expect(jobs[0]).toMatchObject({ state: 'SCHEDULED', scheduledAt: at(60).toISOString() });
    });

    it('stores any ISO-8601 spelling of a time as one canonical UTC spelling, and refuses a non-time', () => {
      const { jobs } = repo.insertCompose(compose('c1', 1, { state: 'SCHEDULED', scheduledAt: '2026-03-01T10:00:00+01:00' }), T0);
      expect(jobs[0]!.scheduledAt).toBe('2026-03-01T09:00:00.000Z');
      expect(() => repo.insertCompose(compose('c2', 1, { state: 'SCHEDULED', scheduledAt: 'soon' }), T0)).toThrow(
        expect.objectContaining({ code: 'VALIDATION', field: 'scheduledAt' }),
      );
    });
  });

  describe('update', () => {
    let job: OutboundJob;
    beforeEach(() => {
      job = repo.insertCompose(compose('c1', 1, { clientData: { clientId: 'X', clientMatter: 'Y' } }), T0).jobs[0]!;
    });

    it('writes nothing and reports false when nothing differs', () => {
      const changed = expectNoWrite(store, () =>
        repo.update(job.id, { state: 'QUEUED', toName: job.toName, clientData: { clientMatter: 'Y', clientId: 'X' }, faxId: null }, at(5)),
      );
      expect(changed).toBe(false);
      expect(repo.get(job.id)!.updatedAt).toBe(T0.toISOString());
      expect(repo.update(job.id, {}, at(5))).toBe(false);
    });

    it('writes the fields that differ, moves updated_at and the phase', () => {
      const changed = expectWrite(store, () =>
        repo.update(job.id, { state: 'COMPLETED', faxId: 'F1', completedAt: at(3).toISOString(), durationSeconds: 40, pages: 2, billableRetries: 0 }, at(5)),
      );
      expect(changed).toBe(true);
      expect(repo.get(job.id)).toMatchObject({
        state: 'COMPLETED',
        phase: 'completed',
        faxId: 'F1',
        completedAt: at(3).toISOString(),
        durationSeconds: 40,
        pages: 2,
        billableRetries: 0,
        updatedAt: at(5).toISOString(),
      });
      expect(repo.getByFaxId('acc1', 'F1')!.id).toBe(job.id);
      expect(repo.getByFaxId('acc2', 'F1')).toBeUndefined();
    });

    it('claims a job exactly once with fromStates (compare-and-set)', () => {
      expect(repo.update(job.id, { state: 'SUBMITTING' }, at(1), { fromStates: ['QUEUED', 'SCHEDULED'] })).toBe(true);
      expect(repo.update(job.id, { state: 'SUBMITTING' }, at(2), { fromStates: ['QUEUED', 'SCHEDULED'] })).toBe(false);
      expect(repo.update(job.id, { state: 'QUEUED' }, at(2), { fromStates: ['UNKNOWN'] })).toBe(false);
      expect(repo.get(job.id)!.state).toBe('SUBMITTING');
    });

    it('refuses a fax_id that another job of the account holds', () => {
      const other = repo.insertCompose(compose('c2', 1), T0).jobs[0]!;
      repo.update(job.id, { faxId: 'F1' }, at(1));
      expect(() => repo.update(other.id, { faxId: 'F1' }, at(1))).toThrow(/UNIQUE/);
    });

    it('reports false for an unknown job', () => {
      expect(repo.update('nope', { state: 'ERROR' }, at(1))).toBe(false);
    });
  });

  it('records a fax found on the service once, and leaves the job that has the fax_id alone', () => {
    const first = repo.insertFromService(
      { accountId: 'acc1', faxId: 'S1', state: 'COMPLETED', destination: '15550001111', toName: 'Elsewhere', completedAt: at(10).toISOString(), pages: 1 },
      at(20),
    );
    expect(first).toMatchObject({ created: true, changed: true });
    expect(repo.get(first.id)).toMatchObject({ origin: 'service', composeId: null, phase: 'completed', createdAt: at(10).toISOString() });
    const again = expectNoWrite(store, () => repo.insertFromService({ accountId: 'acc1', faxId: 'S1', state: 'COMPLETED', destination: '15550001111' }, at(30)));
    expect(again).toEqual({ id: first.id, created: false, changed: false });
  });

  describe('page', () => {
    function all(query: Parameters<OutboundRepository['page']>[0]): OutboundJobSummary[] {
      const out: OutboundJobSummary[] = [];
      let after: PageCursor | null = null;
      for (;;) {
        const page = repo.page({ ...query, after });
        out.push(...page.items);
        if (!page.next) return out;
        after = page.next;
      }
    }

    beforeEach(() => {
      // 25 jobs, several sharing a creation time (ties are broken by insertion order).
      for (let i = 0; i < 25; i++) {
        const job = repo.insertCompose(compose(`c${i}`, 1, { accountId: i % 2 ? 'acc1' : 'acc2' }), at(Math.floor(i / 3))).jobs[0]!;
        if (i % 5 === 0) repo.update(job.id, { state: 'ERROR' }, at(100));
      }
    });

    it('gives each job as a list shows it: no stored JSON, the number of its documents, and (found on the service) its Faxdesk marker', () => {
      const job = repo.insertCompose(compose('docs', 1, { documents: [DOC, { ...DOC, sha256: 'b'.repeat(64) }] }), at(50)).jobs[0]!;
      const { options: _options, documents, clientData: _clientData, ...head } = repo.get(job.id)!;
      expect(repo.page({ limit: 1 }).items[0]).toStrictEqual({ ...head, documentCount: documents.length, marker: null });
      expect(documents).toHaveLength(2);
      // Another desk's fax: who sent it is read from its client data by SQLite, whichever field holds the marker.
      const marker = 'faxdesk:11111111-2222-4333-8444-555555555555@0123456789abcdef Front desk (maria)';
      repo.insertFromService({ accountId: 'acc1', faxId: 'other-desk', state: 'COMPLETED', destination: '12125550100', completedAt: at(51).toISOString(), clientData: { clientReferenceId: 'ACME-AP-2026', clientId: marker } }, at(52));
      expect(repo.page({ limit: 1 }).items[0]).toMatchObject({ faxId: 'other-desk', marker });
      expect(repo.serviceMarkersSince('acc1', at(0))).toEqual([{ marker, createdAt: at(51).toISOString() }]);
    });

    it('walks everything newest first, each job once, across ties', () => {
      const jobs = all({ limit: 4 });
      expect(jobs).toHaveLength(25);
      const expected = [...jobs].sort((a, b) => (a.createdAt === b.createdAt ? 0 : a.createdAt < b.createdAt ? 1 : -1));
      expect(jobs.map((j) => j.createdAt)).toEqual(expected.map((j) => j.createdAt));
      expect(new Set(jobs.map((j) => j.id)).size).toBe(25);
      expect(jobs.map((j) => j.composeId).slice(0, 3)).toEqual(['c24', 'c23', 'c22']);
    });

    it('filters by account and tab', () => {
      expect(all({ accountId: 'acc1', limit: 5 })).toHaveLength(12);
      expect(all({ phase: 'failed', limit: 2 }).map((j) => j.composeId)).toEqual(['c20', 'c15', 'c10', 'c5', 'c0']);
      expect(all({ accountId: 'acc1', phase: 'failed' }).map((j) => j.composeId)).toEqual(['c15', 'c5']);
    });

    it('says there is no next page on the last one', () => {
      const page = repo.page({ limit: 25 });
      expect(page.items).toHaveLength(25);
      expect(page.next).toBeNull();
      expect(repo.page({ limit: 24 }).next).not.toBeNull();
    });

    it('refuses a bad limit or cursor', () => {
      expect(() => repo.page({ limit: 0 })).toThrow(expect.objectContaining({ code: 'VALIDATION' }));
      expect(() => repo.page({ after: { key: 'x', seq: 1.5 } })).toThrow(expect.objectContaining({ code: 'VALIDATION' }));
    });

    it('uses an index for every filter combination, without sorting', () => {
      db.exec('ANALYZE');
      for (const accountId of [false, true]) {
        for (const phase of [false, true]) {
          for (const after of [false, true]) {
            const params = { accountId: 'acc1', phase: 'failed', afterKey: T0.toISOString(), afterSeq: 10, limit: 51 };
            const sql = outboundPageSql({ accountId, phase, after });
            const used = Object.fromEntries(Object.entries(params).filter(([k]) => sql.includes(`@${k}`)));
            const index = accountId ? (phase ? 'outbound_account_phase_newest' : 'outbound_account_newest') : phase ? 'outbound_phase_newest' : 'outbound_newest';
            expectIndexedPlan(planOf(db, sql, used), 'outbound', index);
          }
        }
      }
    });
  });

  describe('search', () => {
    let ids: Record<string, string>;
    beforeEach(() => {
      const make = (composeId: string, job: Partial<NewOutboundJob>, minutes: number) =>
        repo.insertCompose(compose(composeId, 1, job), at(minutes)).jobs[0]!.id;
      ids = {
        ada: make('c1', { toName: 'Ada Lovelace', toCompany: 'Analytical Engines', destination: '15551234567', subject: 'Notes on the engine' }, 1),
        zoe: make('c2', { toName: 'Zoë Martin', toCompany: 'Engel & Co', destination: '442079460958', clientData: { clientMatter: 'Smith v Jones' } }, 2),
        acme: make('c3', { accountId: 'acc2', toName: 'Wile E', toCompany: 'Acme Corp', destination: '15559990000' }, 3),
      };
      repo.update(ids.acme!, { faxId: '723d3c03-ff3e-53b3-e053-5601b00a420d' }, at(4));
    });

    const found = (text: string, extra: Record<string, unknown> = {}) => repo.search({ text, ...extra }).items.map((j) => j.id);

    it('finds jobs by name, company, subject, client data and fax id, by word prefix, ignoring accents and case', () => {
      expect(found('ada')).toEqual([ids.ada]);
      expect(found('LOVE')).toEqual([ids.ada]);
      expect(found('analytical engine')).toEqual([ids.ada]);
      expect(found('zoe')).toEqual([ids.zoe]);
      expect(found('jones')).toEqual([ids.zoe]);
      expect(found('acme')).toEqual([ids.acme]);
      expect(found('723d3c03')).toEqual([ids.acme]);
    });

    it('finds a job by its whole hyphenated fax id, as copied from a notification or the service (issue 22)', () => {
      repo.update(ids.zoe!, { faxId: '5b669318-5e4f-4796-9385-2068f591a807' }, at(5));
      expect(found('723d3c03-ff3e-53b3-e053-5601b00a420d')).toEqual([ids.acme]);
      expect(found('5b669318-5e4f-4796-9385-2068f591a807')).toEqual([ids.zoe]);
      expect(found('  5B669318-5E4F-4796-9385-2068F591A807 ')).toEqual([ids.zoe]);
      // Either end, as before; another id with the same first part finds nothing.
      expect(found('5b669318')).toEqual([ids.zoe]);
      expect(found('2068f591a807')).toEqual([ids.zoe]);
      expect(found('5b669318-5e4f-4796-9385-2068f591a808')).toEqual([]);
    });

    it('finds a number however it is typed', () => {
      expect(found('15551234567')).toEqual([ids.ada]);
      expect(found('+1 (555) 123-4567')).toEqual([ids.ada]);
      expect(found('555-123-4567')).toEqual([ids.ada]);
      expect(found('4567')).toEqual([ids.ada]);
      expect(found('+44 20 7946 0958')).toEqual([ids.zoe]);
      expect(found('020 7946')).toEqual([]);
      expect(found('20 7946')).toEqual([ids.zoe]);
      expect(found('1555').sort()).toEqual([ids.ada, ids.acme].sort());
    });

    it('returns newest first, filters by account and tab, and pages', () => {
      expect(found('e')).toEqual([ids.acme, ids.zoe, ids.ada]);
      expect(found('e', { accountId: 'acc1' })).toEqual([ids.zoe, ids.ada]);
      expect(found('e', { phase: 'failed' })).toEqual([]);
      const first = repo.search({ text: 'e', limit: 2 });
      expect(first.items.map((j) => j.id)).toEqual([ids.acme, ids.zoe]);
      expect(repo.search({ text: 'e', limit: 2, before: first.next }).items.map((j) => j.id)).toEqual([ids.ada]);
      expect(repo.search({ text: 'e', limit: 3 }).next).toBeNull();
    });

    it('treats any input as plain words: no syntax errors, no operators', () => {
      for (const text of ['"', '*', 'NEAR(ada', 'ada OR zoe', 'ada AND', '-ada', 'name:ada', '^ada', '(', ')', "o'brien", '""ada""', '\\', '%', '{ada}']) {
        expect(() => repo.search({ text })).not.toThrow();
      }
      expect(found('ada OR zoe')).toEqual([]);
      expect(found('name:ada')).toEqual([]);
      expect(found('   ')).toEqual([]);
      expect(found('-- ;')).toEqual([]);
    });

    it('drives the search from the full-text index', () => {
      for (const accountId of [false, true]) {
        for (const before of [false, true]) {
          const plan = planOf(db, outboundSearchSql({ accountId, phase: true, before }), {
            match: '"ada"*',
            phase: 'active',
            limit: 10,
            ...(accountId ? { accountId: 'acc1' } : {}),
            ...(before ? { before: 5 } : {}),
          });
          expect(plan).toMatch(/SCAN f VIRTUAL TABLE/);
          expect(plan).toMatch(/SEARCH o USING INTEGER PRIMARY KEY/);
          expect(plan).not.toMatch(/TEMP B-TREE/);
        }
      }
    });
  });

  it('lists active jobs oldest first, counts them, and finds scheduled jobs that are due', () => {
    const a = repo.insertCompose(compose('c1', 1), at(1)).jobs[0]!;
    const b = repo.insertCompose(compose('c2', 1, { accountId: 'acc2' }), at(2)).jobs[0]!;
    const done = repo.insertCompose(compose('c3', 1), at(3)).jobs[0]!;
    repo.update(done.id, { state: 'COMPLETED' }, at(4));
    const later = repo.insertCompose(compose('c4', 1, { state: 'SCHEDULED', scheduledAt: at(60).toISOString() }), at(5)).jobs[0]!;
    expect(repo.listActive().map((j) => j.id)).toEqual([a.id, b.id, later.id]);
    expect(repo.listActive({ accountId: 'acc2' }).map((j) => j.id)).toEqual([b.id]);
    // The watch list is the job without its stored JSON; the rest is the job as get() reads it.
    const { options: _options, documents: _documents, clientData: _clientData, ...head } = repo.get(a.id)!;
    expect(repo.listActive()[0]).toStrictEqual(head);
    expect(repo.countActive()).toBe(3);
    expect(repo.countActive('acc1')).toBe(2);
    expect(repo.listDue(at(59))).toEqual([]);
    expect(repo.listDue(at(60)).map((j) => j.id)).toEqual([later.id]);
    // By state, oldest first, final states never, through the phase index (no sort, no scan).
    expect(repo.listInStates(['SCHEDULED', 'QUEUED']).map((j) => j.id)).toEqual([a.id, b.id, later.id]);
    expect(repo.listInStates(['QUEUED'], 1).map((j) => j.id)).toEqual([a.id]);
    // Heads only: the stored JSON is never parsed for this list (the pump reads it after every attempt).
    expect(repo.listInStates(['QUEUED'])[0]).not.toHaveProperty('documents');
    expect(repo.listInStates(['QUEUED'])[0]).toMatchObject({ id: a.id, composeId: a.composeId, state: 'QUEUED' });
    expect(repo.listInStates(['COMPLETED', 'UNKNOWN'])).toEqual([]);
    expect(repo.listInStates([])).toEqual([]);
    expectIndexedPlan(
      planOf(db, "SELECT seq FROM outbound WHERE phase = 'active' AND state IN ('QUEUED', 'UNKNOWN') ORDER BY created_at, seq LIMIT 10"),
      'outbound',
      'outbound_phase_newest',
    );
  });

  it('names the queued composes the pump can start: oldest first, once each, none it skips, no more than asked', () => {
    repo.insertCompose(compose('c1', 2), at(1));
    repo.insertCompose(compose('c2', 1), at(2));
    const done = repo.insertCompose(compose('c3', 1), at(3)).jobs[0]!;
    repo.update(done.id, { state: 'COMPLETED' }, at(4));
    repo.insertCompose(compose('c4', 1, { state: 'SCHEDULED', scheduledAt: at(60).toISOString() }), at(5));
    repo.insertCompose(compose('c5', 3), at(6));
    expect(repo.queuedComposes([], 10)).toEqual(['c1', 'c2', 'c5']);
    expect(repo.queuedComposes([], 2)).toEqual(['c1', 'c2']);
    expect(repo.queuedComposes(['c1'], 2)).toEqual(['c2', 'c5']);
    expect(repo.queuedComposes(['c1', 'c5'], 5)).toEqual(['c2']);
    expect(repo.queuedComposes([], 0)).toEqual([]);
  });

  it('deletes a job with its timeline', () => {
    const job = repo.insertCompose(compose('c1', 1), T0).jobs[0]!;
    const events = new FaxEventsRepository(db);
    events.record({ ref: { direction: 'OUTBOUND', outboundId: job.id }, at: T0.toISOString(), source: 'local', status: 'QUEUED' }, T0);
    expect(repo.delete(job.id)).toBe(true);
    expect(repo.delete(job.id)).toBe(false);
    expect(events.timeline({ direction: 'OUTBOUND', outboundId: job.id })).toEqual([]);
    expect(repo.search({ text: 'person' }).items).toEqual([]);
  });

  it('checks the shape of JSON columns on the way in (and trusts it on the way out)', () => {
    const job = repo.insertCompose(compose('c1', 1), T0).jobs[0]!;
    const wrong = [{ name: 'x' }] as unknown as OutboundJob['documents'];
    expect(() => repo.update(job.id, { documents: wrong }, at(1))).toThrow(/a document list in an unexpected shape/);
    expect(() => repo.insertCompose([{ ...compose('c2', 1)[0]!, documents: wrong }], T0)).toThrow(/a document list in an unexpected shape/);
    expect(repo.get(job.id)!.documents).toEqual(job.documents);
  });

  it('reports a JSON column that is not JSON at all (a damaged file) as a storage problem', () => {
    const job = repo.insertCompose(compose('c1', 1), T0).jobs[0]!;
    db.pragma('ignore_check_constraints = 1');
    db.prepare(`UPDATE outbound SET documents = '[{"name":' WHERE id = ?`).run(job.id);
    db.pragma('ignore_check_constraints = 0');
    expect(() => repo.get(job.id)).toThrow(expect.objectContaining({ code: 'STORAGE' }));
  });

  it('reads the documents jobs refer to in pieces, the same set as in one statement', () => {
    const docs = Array.from({ length: 7 }, (_, i) => ({ ...DOC, sha256: String(i).repeat(64) }));
    for (let c = 0; c < 7; c++) repo.insertCompose(compose(`c${c}`, 3, { documents: [docs[c]!, docs[(c + 1) % 7]!] }), T0);
    repo.insertCompose(compose('no-documents', 2), T0);
    const pieces: string[][] = [];
    let after: number | null = 0;
    while (after !== null) {
      const piece = repo.referencedDocumentsAfter(after, 4);
      pieces.push(piece.sha256s);
      after = piece.lastSeq;
    }
    expect(pieces.length).toBe(6); // 23 jobs, 4 a piece
    expect(new Set(pieces.flat())).toEqual(repo.referencedDocuments());
    expect(repo.referencedDocuments().size).toBe(7);
  });
});
