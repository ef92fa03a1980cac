/**
 * OutboundStates announces a composed job's final state once. When it records inside a caller's
 * transaction (the sync writes a page of the sent list in one), the announcement must wait for that
 * transaction: a rollback (a later row failing, or the process dying before the commit) undoes the
 * final state, which is then written, and announced, again.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OutboundFinal } from '../../../../src/main/desktop/notification-policy';
import { OutboundStates, type OutboundReport } from '../../../../src/main/outbox/outbound-states';
import type { Db } from '../../../../src/main/store/database';
import { FaxEventsRepository } from '../../../../src/main/store/repositories/fax-events-repository';
import { OutboundRepository } from '../../../../src/main/store/repositories/outbound-repository';
import { insertAccount, tempStore, T0, type TempStore } from '../store/store-fixtures';

const completed: OutboundReport = {
  state: 'COMPLETED',
  rawStatus: 'COMPLETE',
  at: '2026-03-01T09:05:00.000Z',
  source: 'sent-list',
  result: { completedAt: '2026-03-01T09:05:00.000Z', pages: 1 },
};
const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

let store: TempStore;
let db: Db;
let outbound: OutboundRepository;
let states: OutboundStates;
let announced: OutboundFinal[];
let jobId: string;

beforeEach(() => {
  store = tempStore();
  db = store.open();
  insertAccount(db, 'acc-1');
  outbound = new OutboundRepository(db);
  announced = [];
  states = new OutboundStates({ db, outbound, events: new FaxEventsRepository(db), now: () => T0, notify: (e) => void announced.push(e) });
  const job = outbound.insertCompose([{ accountId: 'acc-1', composeId: 'c0a8f5e2-0000-4000-8000-000000000001', destinationIndex: 0, destination: '12125550100' }], T0).jobs[0]!;
  db.transaction(() => {
    outbound.update(job.id, { state: 'SUBMITTING', submittedAt: T0.toISOString() }, T0, { fromStates: ['QUEUED'] });
    outbound.update(job.id, { state: 'SUBMITTED', faxId: 'fax-1' }, T0, { fromStates: ['SUBMITTING'] });
  })();
  jobId = job.id;
});

afterEach(() => store.cleanup());

describe('final-state announcement', () => {
  it('outside a transaction: announced at once, and only once', () => {
    states.apply(jobId, completed);
    states.apply(jobId, completed);
    expect(announced.map((a) => a.state)).toEqual(['COMPLETED']);
  });

  it('inside a transaction that rolls back: not announced; announced once when it is recorded for good', async () => {
    expect(() =>
      db.transaction(() => {
        states.apply(jobId, completed);
        throw new Error('a later row of the page failed');
      })(),
    ).toThrow('a later row');
    await flush();
    expect(outbound.get(jobId)!.state).toBe('SUBMITTED');
    expect(announced).toEqual([]);

    db.transaction(() => states.apply(jobId, completed))();
    expect(announced).toEqual([]);
    await flush();
    expect(announced.map((a) => `${a.jobId} ${a.state}`)).toEqual([`${jobId} COMPLETED`]);
    states.apply(jobId, completed);
    await flush();
    expect(announced).toHaveLength(1);
  });

  it('a rollback then an immediate recording outside any transaction: still once', async () => {
    expect(() =>
      db.transaction(() => {
        states.apply(jobId, completed);
        throw new Error('rolled back');
      })(),
    ).toThrow();
    states.apply(jobId, completed);
    await flush();
    expect(announced).toHaveLength(1);
  });
});
