import { describe, expect, it } from 'vitest';
import { importLine, importSince, importTotals, type HistoryImportStatus } from '../../../../src/shared/domain/history-import';
import { maintenanceLine, searchIndexNotice } from '../../../../src/shared/domain/maintenance';

const account = (state: 'importing' | 'paused' | 'waiting' | 'done', received: [number, number | null], sent: [number, number | null]) => ({
  accountId: `a-${state}`,
  label: state,
  state,
  received: { read: received[0], total: received[1], done: state === 'done' },
  sent: { read: sent[0], total: sent[1], done: state === 'done' },
  requests: 1,
  problem: null,
});

describe('what the status bar says about imports and rebuilds', () => {
  it('counts the imports still going, "of about" the totals the service gave', () => {
    const status: HistoryImportStatus = { range: 'all', paused: false, accounts: [account('importing', [6_200, 50_000], [6_200, 50_000]), account('done', [900, 900], [100, 100])] };
    expect(importTotals(status)).toEqual({ read: 12_400, total: 100_000, active: 1 });
    expect(importLine(status)).toBe('Importing your fax history: 12,400 of about 100,000');
    expect(importLine({ ...status, paused: true })).toBe('Importing your fax history (paused): 12,400 of about 100,000');
    // A service that does not say how many there are; and a list that grew while read.
    expect(importLine({ ...status, accounts: [account('waiting', [300, null], [0, 10])] })).toBe('Importing your fax history: 300 so far');
    expect(importLine({ ...status, accounts: [account('importing', [120, 100], [0, 0])] })).toBe('Importing your fax history: 120 of about 120');
    expect(importLine({ ...status, accounts: [account('done', [5, 5], [5, 5])] })).toBeNull();
    expect(maintenanceLine({ id: 'search-index', label: 'Updating the search index', percent: 41, incomplete: ['received'], problem: null })).toBe('Updating the search index: 41 %');
  });

  it('turns the range setting into the oldest time wanted', () => {
    const now = new Date('2026-03-01T09:00:00.000Z');
    expect(importSince('all', now)).toBeNull();
    expect(importSince('year', now)).toBe('2025-03-01T09:00:00.000Z');
    expect(importSince('90days', now)).toBe('2025-12-01T09:00:00.000Z');
  });

  it('a search box says its results may miss older faxes while its index is rebuilt, and nothing once it is whole', () => {
    const status = { tasks: [{ id: 'search-index' as const, label: 'Updating the search index', percent: 41, incomplete: ['outbound' as const], problem: null }] };
    expect(searchIndexNotice(status, 'outbound')).toBe('The search index is being updated (41 %): older faxes may be missing from these results until it is done.');
    expect(searchIndexNotice(status, 'received')).toBeNull();
    expect(searchIndexNotice({ tasks: [] }, 'outbound')).toBeNull();
  });
});
