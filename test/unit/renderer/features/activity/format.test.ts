import { describe, expect, it } from 'vitest';
import type { LoggedNotification } from '../../../../../src/shared/domain/history';
import { directionLabel, sentStatusLabel, sentStatusTone, subjectLabel } from '../../../../../src/renderer/src/features/activity/format';
import { mergeActivity, notificationKey } from '../../../../../src/renderer/src/model/activity-list';

const entry = (notifyId: string, minute: number, extra: Partial<LoggedNotification> = {}): LoggedNotification => ({
  accountId: 'sandbox',
  notifyId,
  faxId: `fax-${notifyId}`,
  direction: 'INBOUND',
  completedAt: `2026-03-01T09:${String(minute).padStart(2, '0')}:00.000Z`,
  notifyType: 'WEBHOOK',
  destination: 'https://example.com/hook',
  sentStatus: 'QUEUED',
  firstSeenAt: '2026-03-01T09:00:00.000Z',
  updatedAt: '2026-03-01T09:00:00.000Z',
  ...extra,
});
const keys = (rows: LoggedNotification[]) => rows.map((r) => r.notifyId);

describe('the Activity log', () => {
  it('names statuses and directions in words', () => {
    expect(sentStatusLabel('SUCCESSFUL')).toBe('Delivered');
    expect(sentStatusLabel('FAILED')).toBe('Failed');
    expect(sentStatusLabel('QUEUED')).toBe('Queued (will retry)');
    expect(sentStatusLabel(null)).toBe('Unknown');
    expect(sentStatusLabel('PAUSED')).toBe('PAUSED');
    expect(sentStatusTone('failure')).toBe('failed');
    expect(sentStatusTone('SUCCESSFUL')).toBe('ok');
    expect(directionLabel('OUTBOUND')).toBe('Outbound');
    expect(directionLabel(null)).toBe('—');
  });

  it('calls an entry without a fax a test ping, and shortens long fax ids', () => {
    expect(subjectLabel({ faxId: null })).toBe('Test ping');
    expect(subjectLabel({ faxId: 'caada9dd-6bbf-4faf-93be-bae9c235e20b' })).toBe('Fax caada9dd…');
    expect(subjectLabel({ faxId: 'F-12' })).toBe('Fax F-12');
  });

  it('keys entries by account and notify id', () => {
    expect(notificationKey(entry('n1', 1))).toBe('sandbox:n1');
  });

  it('merges a fresh read: new entries on top, changed ones updated in place', () => {
    const loaded = [entry('b', 20), entry('a', 10)];
    const fresh = [entry('c', 30), entry('b', 20, { sentStatus: 'SUCCESSFUL' }), entry('a', 10)];
    const merged = mergeActivity(loaded, fresh, false);
    expect(keys(merged)).toEqual(['c', 'b', 'a']);
    expect(merged[1]!.sentStatus).toBe('SUCCESSFUL');
  });

  it('keeps loaded entries the fresh read did not reach, and leaves older newcomers to later pages', () => {
    const loaded = [entry('c', 30), entry('b', 20)];
    expect(keys(mergeActivity(loaded, [entry('c', 30), entry('old', 5)], true))).toEqual(['c', 'b']);
    expect(keys(mergeActivity(loaded, [entry('c', 30), entry('old', 5)], false))).toEqual(['c', 'b', 'old']);
  });
});
