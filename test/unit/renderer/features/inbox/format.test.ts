import { describe, expect, it } from 'vitest';
import type { AccountSyncStatus, SyncFeedStatus } from '../../../../../src/shared/domain/sync';
import {
  downloadState,
  inboxRowModel,
  lastSyncedText,
  pagesLabel,
  pausedText,
  receivedLabel,
  relativeTime,
  senderLabel,
  tsidLabel,
  UNKNOWN_SENDER,
  utcLabel,
  viewerTitle,
} from '../../../../../src/renderer/src/features/inbox/format';
import { fax } from './fixtures';

const NOW = new Date('2026-03-01T12:00:00.000Z');

describe('relativeTime', () => {
  const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
  it.each([
    [0, 'just now'],
    [44_000, 'just now'],
    [50_000, '1 min ago'],
    [2 * 60_000, '2 min ago'],
    [59 * 60_000, '59 min ago'],
    [60 * 60_000, '1 h ago'],
    [23 * 3_600_000 + 59 * 60_000, '23 h ago'],
    [24 * 3_600_000, 'yesterday'],
    [3 * 86_400_000, '3 days ago'],
  ])('%i ms ago reads "%s"', (ms, text) => {
    expect(relativeTime(ago(ms), NOW)).toBe(text);
  });

  it('reads a time slightly in the future (clocks apart) as "just now", and nothing as "never"', () => {
    expect(relativeTime(new Date(NOW.getTime() + 5_000).toISOString(), NOW)).toBe('just now');
    expect(relativeTime(null, NOW)).toBe('never');
    expect(relativeTime('not a time', NOW)).toBe('never');
  });
});

describe('row formatting', () => {
  it('shows the formatted sender number, or "Unknown sender"', () => {
    expect(senderLabel(fax())).toBe('+1 312 555 0170');
    expect(senderLabel(fax({ originatingNumber: null }))).toBe(UNKNOWN_SENDER);
    expect(senderLabel(fax({ originatingNumber: 'UNKNOWN' }))).toBe(UNKNOWN_SENDER);
    expect(senderLabel(fax({ originatingNumber: '  ' }))).toBe(UNKNOWN_SENDER);
    expect(senderLabel(fax({ originatingNumber: '442071234567' }))).toBe('+44 20 7123 4567');
  });

  it('shows the station id unless it only repeats the number', () => {
    expect(tsidLabel(fax())).toBe('ACME LEGAL');
    expect(tsidLabel(fax({ tsid: '+1 312 555 0170' }))).toBeNull();
    expect(tsidLabel(fax({ tsid: '13125550170' }))).toBeNull();
    expect(tsidLabel(fax({ tsid: 'Clinic 0170' }))).toBe('Clinic 0170');
    expect(tsidLabel(fax({ tsid: null }))).toBeNull();
  });

  it('counts pages in words, and says nothing when the service did not', () => {
    expect(pagesLabel(1)).toBe('1 page');
    expect(pagesLabel(12)).toBe('12 pages');
    expect(pagesLabel(null)).toBeNull();
    expect(pagesLabel(0)).toBeNull();
  });

  it('says where the download is', () => {
    expect(downloadState(fax())).toEqual({ kind: 'stored' });
    expect(downloadState(fax({ imageState: 'downloading' }))).toEqual({ kind: 'downloading', label: 'Downloading…' });
    expect(downloadState(fax({ imageState: 'pending' }))).toEqual({ kind: 'downloading', label: 'Waiting to download' });
    expect(downloadState(fax({ imageState: 'failed', imageError: 'The disk is full.' }))).toEqual({ kind: 'failed', label: 'Download failed', reason: 'The disk is full.' });
    expect(downloadState(fax({ imageState: 'failed', imageError: null })).kind).toBe('failed');
    // Deleted at the service by another desk before this one downloaded it: said so, and not offered again.
    expect(downloadState(fax({ imageState: 'failed', imageError: 'Deleted at the service (by another desk…', goneAt: '2026-03-01T09:00:00.000Z' }))).toEqual({
      kind: 'gone',
      label: 'Deleted at the service',
      reason: 'Deleted at the service (by another desk…',
    });
  });

  it('gives the received time in UTC for the tooltip', () => {
    expect(utcLabel('2026-03-01T09:05:00.000Z')).toBe('2026-03-01 09:05 UTC');
  });

  it('shows the time of day today, "Yesterday" before, the date further back (in the given zone)', () => {
    const zone = 'America/New_York'; // NOW is 07:00 there
    expect(receivedLabel('2026-03-01T09:00:00.000Z', NOW, 'en-GB', zone)).toBe('04:00');
    expect(receivedLabel('2026-02-28T21:30:00.000Z', NOW, 'en-GB', zone)).toBe('Yesterday 16:30');
    expect(receivedLabel('2026-02-10T15:00:00.000Z', NOW, 'en-GB', zone)).toBe('10 Feb, 10:00');
    expect(receivedLabel('2025-12-24T15:00:00.000Z', NOW, 'en-GB', zone)).toBe('24 Dec 2025, 10:00');
  });

  it('builds a row: bold when unread, the account only when there are several, a spoken label', () => {
    const row = inboxRowModel(fax(), NOW, null, 'en-GB', 'UTC');
    expect(row).toMatchObject({ sender: '+1 312 555 0170', tsid: 'ACME LEGAL', pages: '2 pages', received: '09:00', receivedUtc: '2026-03-01 09:00 UTC', unread: true, account: null });
    expect(row.label).toBe('Unread, from +1 312 555 0170, 09:00, ACME LEGAL, 2 pages, received 1 Mar 2026, 09:00');
    const read = inboxRowModel(fax({ readAt: NOW.toISOString(), imageState: 'failed' }), NOW, 'Front office', 'en-GB', 'UTC');
    expect(read.unread).toBe(false);
    expect(read.account).toBe('Front office');
    expect(read.label).toBe('From +1 312 555 0170, 09:00, ACME LEGAL, 2 pages, Front office, Download failed, received 1 Mar 2026, 09:00');
  });

  it('titles the viewer with the sender and the pages', () => {
    expect(viewerTitle(fax())).toBe('Fax from +1 312 555 0170, 2 pages');
    expect(viewerTitle(fax({ originatingNumber: null, pages: null }))).toBe('Fax from an unknown sender');
  });
});

describe('status bar texts', () => {
  const feed = (running: boolean): SyncFeedStatus => ({ feed: 'received', lastOkAt: null, lastError: null, running, nextRunAt: null, consecutiveFailures: 0 });
  const account = (lastSyncedAt: string | null, running = false): Pick<AccountSyncStatus, 'lastSyncedAt' | 'feeds'> => ({ lastSyncedAt, feeds: [feed(running)] });

  it('says when the account last synced, or that it has not yet', () => {
    expect(lastSyncedText(account(new Date(NOW.getTime() - 120_000).toISOString()), NOW)).toBe('Last synced 2 min ago');
    expect(lastSyncedText(account(null, true), NOW)).toBe('Syncing…');
    expect(lastSyncedText(account(null), NOW)).toBe('Not synced yet');
  });

  it('says why sync is paused', () => {
    expect(pausedText({ pauseReasons: ['user'] })).toBe('Sync paused: you paused it.');
    expect(pausedText({ pauseReasons: ['offline', 'suspend'] })).toBe('Sync paused: this computer is offline, this computer is asleep.');
    expect(pausedText({ pauseReasons: [] })).toBe('Sync paused.');
  });
});
