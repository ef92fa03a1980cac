import { describe, expect, it } from 'vitest';
import { AppError } from '../../../../src/main/errors';
import { CLAIM_RECHECK_MS, CLAIM_WINDOW_MS, PrintClaims } from '../../../../src/main/inbox/print-claim';
import { silentLogger } from '../../../../src/main/platform/logger';
import { ManualTimers } from '../../../../src/main/platform/timers';
import type { FaxMetadata } from '../../../../src/shared/domain/fax';
import type { InboxFax } from '../../../../src/shared/domain/history';

const NOW = Date.parse('2026-03-01T09:00:00.000Z');

/** One fax's image_downloaded at the service, as several desks see it. */
function service(initial: boolean | 'gone') {
  const state = { flag: initial, reads: 0, writes: [] as boolean[] };
  const client = {
    getMetadata: async () => {
      state.reads++;
      if (state.flag === 'gone') throw new AppError('NOT_FOUND', 'no such fax', { httpStatus: 404 });
      return { imageDownloaded: state.flag } as FaxMetadata;
    },
    setImageDownloaded: async (_id: string, value: boolean) => {
      state.writes.push(value);
      state.flag = value;
      return {} as FaxMetadata;
    },
  };
  return { state, client };
}

function desk(prints: boolean, client: ReturnType<typeof service>['client'], timers = new ManualTimers(0)) {
  return new PrintClaims({ accounts: { clientFor: async () => client }, printsHere: () => prints, now: () => new Date(NOW), timers, logger: silentLogger });
}

const fax = (overrides: Partial<InboxFax> = {}) => ({ id: 'r1', accountId: 'acc', faxId: 'F1', completedAt: new Date(NOW - 60_000).toISOString(), downloadedAt: null, ...overrides }) as InboxFax;

describe('one automatic print per fax across desks', () => {
  it('a printing desk that finds a new fax untaken prints it and marks it taken', async () => {
    const s = service(false);
    const claims = desk(true, s.client);
    expect(await claims.beforeDownload(fax(), s.client)).toBe('untaken');
    expect(claims.markAfterStore(fax())).toBe(true);
    expect(await claims.shouldPrint(fax())).toBe(true);
  });

  it('a desk that does not print gives a new fax back after fetching it, and never marks it later within the window', async () => {
    const s = service(false);
    const claims = desk(false, s.client);
    expect(await claims.beforeDownload(fax(), s.client)).toBe('untaken');
    expect(claims.markAfterStore(fax())).toBe(false);
    expect(claims.mayMarkLater(fax())).toBe(false);
    // Past the window every desk marks what it stored, as before.
    const old = fax({ id: 'r2', completedAt: new Date(NOW - CLAIM_WINDOW_MS - 1).toISOString() });
    expect(claims.markAfterStore(old)).toBe(true);
    expect(claims.mayMarkLater(old)).toBe(true);
  });

  it('a printing desk that found it taken looks again: given back meanwhile, it takes it and prints; still taken, it does not', async () => {
    for (const [givenBack, prints] of [
      [true, true],
      [false, false],
    ] as const) {
      const s = service(true);
      const timers = new ManualTimers(0);
      const claims = desk(true, s.client, timers);
      expect(await claims.beforeDownload(fax(), s.client)).toBe('taken');
      const decision = claims.shouldPrint(fax());
      if (givenBack) s.state.flag = false;
      await timers.advance(CLAIM_RECHECK_MS);
      expect(await decision).toBe(prints);
      expect(s.state.writes).toEqual(prints ? [true] : []);
    }
  });

  it('a fax the service no longer has is "gone"; a metadata read that fails prints rather than risk none', async () => {
    const gone = service('gone');
    expect(await desk(true, gone.client).beforeDownload(fax(), gone.client)).toBe('gone');
    const broken = { getMetadata: async () => Promise.reject(new AppError('NETWORK', 'offline')), setImageDownloaded: async () => ({}) as FaxMetadata };
    const claims = desk(true, broken);
    expect(await claims.beforeDownload(fax(), broken)).toBe('unknown');
    expect(await claims.shouldPrint(fax())).toBe(true);
  });
});
