/**
 * One desktop notification per fax, either direction, remembered in the fax's timeline: a second ask
 * (another observer, another Announcer on the same data, a restart) shows nothing; turned off in
 * Settings it is still remembered; a notifier that fails loses nothing.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Announcer, IMPORTED_STATUS, NOTIFIED_STATUS } from '../../../../src/main/desktop/announcer';
import type { OutboundFinal } from '../../../../src/main/desktop/notification-policy';
import type { DesktopNotification } from '../../../../src/main/platform/ports';
import type { Db } from '../../../../src/main/store/database';
import { FaxEventsRepository } from '../../../../src/main/store/repositories/fax-events-repository';
import { OutboundRepository } from '../../../../src/main/store/repositories/outbound-repository';
import type { FaxRef } from '../../../../src/shared/domain/history';
import { insertAccount, tempStore, T0, type TempStore } from '../store/store-fixtures';

let store: TempStore;
let db: Db;
let events: FaxEventsRepository;
let shown: DesktopNotification[];
let settings: { notifyInbound: boolean; notifyOutbound: boolean };
let ref: FaxRef;
let final: OutboundFinal;

const announcer = (notifier: { show: (n: DesktopNotification) => void } = { show: (n) => void shown.push(n) }) =>
  new Announcer({ events, notifier, settings: () => settings, now: () => T0 });

beforeEach(() => {
  store = tempStore();
  db = store.open();
  insertAccount(db, 'acc-1');
  events = new FaxEventsRepository(db);
  shown = [];
  settings = { notifyInbound: true, notifyOutbound: true };
  const job = new OutboundRepository(db).insertCompose([{ accountId: 'acc-1', composeId: 'c0a8f5e2-0000-4000-8000-000000000001', destinationIndex: 0, destination: '12125550100' }], T0).jobs[0]!;
  ref = { direction: 'OUTBOUND', outboundId: job.id };
  final = { kind: 'outbound-final', jobId: job.id, state: 'COMPLETED', destination: '12125550100', errorReason: null };
});

afterEach(() => store.cleanup());

const notified = () => events.timeline(ref).filter((e) => e.status === NOTIFIED_STATUS);

describe('Announcer', () => {
  it('shows a fax once, whoever asks and however often, and remembers it in the fax’s timeline', () => {
    expect(announcer().announce(ref, final)).toBe(true);
    expect(announcer().announce(ref, final)).toBe(false);
    expect(shown.map((n) => n.title)).toEqual(['Fax delivered']);
    expect(notified()).toMatchObject([{ source: 'local', detail: { shown: true } }]);
  });

  it('turned off in Settings: nothing shown, but remembered, so turning it on later replays nothing', () => {
    settings.notifyOutbound = false;
    expect(announcer().announce(ref, final)).toBe(true);
    settings.notifyOutbound = true;
    expect(announcer().announce(ref, final)).toBe(false);
    expect(shown).toEqual([]);
    expect(notified()).toMatchObject([{ detail: { shown: false } }]);
  });

  it('a fax imported as history is never announced', () => {
    events.record({ ref, at: T0.toISOString(), source: 'local', status: IMPORTED_STATUS, detail: {} }, T0);
    expect(announcer().announce(ref, final)).toBe(false);
    expect(shown).toEqual([]);
  });

  it('a notifier that fails (no notification service on this desktop) does not undo what was recorded', () => {
    const failing = announcer({ show: () => { throw new Error('no notification daemon'); } });
    expect(failing.announce(ref, final)).toBe(true);
    expect(notified()).toHaveLength(1);
    expect(announcer().announce(ref, final)).toBe(false);
  });
});
