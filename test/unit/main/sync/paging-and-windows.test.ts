import { describe, expect, it } from 'vitest';
import type { NotificationRecord, Page } from '../../../../src/shared/domain/fax';
import { earlierOf, laterOf, mergeOutboundState, windowStart } from '../../../../src/shared/domain/sync';
import { walkNotificationPages, walkOffsetPages } from '../../../../src/main/sync/paging';
import { sameFaxNumber } from '../../../../src/main/sync/fax-number-match';

function pages(total: number, options: { total?: boolean; stuck?: boolean } = {}) {
  const asked: number[] = [];
  const fetch = async ({ offset, limit }: { offset: number; limit: number }): Promise<Page<number>> => {
    asked.push(offset);
    const start = options.stuck ? 0 : offset - 1;
    const items = Array.from({ length: Math.max(0, Math.min(limit, total - start)) }, (_, i) => start + i + 1);
    return { items, firstRecord: items.length ? start + 1 : 0, lastRecord: items.length ? start + items.length : 0, ...(options.total ? { totalRecords: total } : {}) };
  };
  return { fetch, asked };
}

describe('walking paged lists', () => {
  it('reads 100 at a time until a short page', async () => {
    const { fetch, asked } = pages(250);
    const seen: number[] = [];
    expect(await walkOffsetPages(fetch, (items) => seen.push(...items), 'list')).toBe(3);
    expect(asked).toEqual([1, 101, 201]);
    expect(seen).toHaveLength(250);
  });

  it('stops at total_records without asking for an empty page', async () => {
    const { fetch, asked } = pages(200, { total: true });
    await walkOffsetPages(fetch, () => undefined, 'list');
    expect(asked).toEqual([1, 101]);
  });

  it('refuses a list that does not move on (instead of looping)', async () => {
    const { fetch } = pages(1000, { stuck: true });
    await expect(walkOffsetPages(fetch, () => undefined, 'list of sent faxes')).rejects.toMatchObject({ code: 'BAD_RESPONSE', message: expect.stringContaining('did not move on') });
  });

  it('pages the notification log by the last notify_id', async () => {
    const all = Array.from({ length: 230 }, (_, i) => ({ notifyId: `n${i}` }) as NotificationRecord);
    const asked: (string | undefined)[] = [];
    const seen: string[] = [];
    await walkNotificationPages(
      async (f) => {
        asked.push(f.afterNotifyId);
        const from = f.afterNotifyId ? all.findIndex((n) => n.notifyId === f.afterNotifyId) + 1 : 0;
        return all.slice(from, from + (f.limit ?? 100));
      },
      {},
      (items) => seen.push(...items.map((n) => n.notifyId)),
    );
    expect(asked).toEqual([undefined, 'n99', 'n199']);
    expect(seen).toHaveLength(230);
  });
});

describe('windows and states', () => {
  it('starts the next window 10 minutes before the newest record seen (30 for the delivery log)', () => {
    expect(windowStart(null)).toBeUndefined();
    expect(windowStart('2026-03-01T09:00:00.000Z')).toBe('2026-03-01T08:50:00.000Z');
    expect(windowStart('2026-03-01T09:00:00.000Z', 30 * 60_000)).toBe('2026-03-01T08:30:00.000Z');
    expect(windowStart('not a time')).toBeUndefined();
  });

  it('compares service timestamps of any spelling', () => {
    expect(laterOf('2026-03-01T09:00:00.000Z', '2026-03-01T10:00:00+01:00')).toBe('2026-03-01T09:00:00.000Z');
    expect(laterOf(null, '2026-03-01T09:00:00Z')).toBe('2026-03-01T09:00:00.000Z');
    expect(laterOf(null, null)).toBeNull();
    expect(earlierOf('2026-03-01T09:00:00.000Z', '2026-03-01T08:00:00.000Z')).toBe('2026-03-01T08:00:00.000Z');
  });

  it('moves outbound jobs by one state machine: finals never go back, a cancel waits for a final word', () => {
    expect(mergeOutboundState('SUBMITTED', 'IN_PROGRESS')).toBe('IN_PROGRESS');
    expect(mergeOutboundState('UNKNOWN', 'NEW')).toBe('NEW');
    expect(mergeOutboundState('COMPLETED', 'IN_PROGRESS')).toBe('COMPLETED');
    expect(mergeOutboundState('ERROR', 'PENDING_RETRY')).toBe('ERROR');
    expect(mergeOutboundState('ERROR', 'COMPLETED')).toBe('COMPLETED');
    expect(mergeOutboundState('CANCEL_REQUESTED', 'IN_PROGRESS')).toBe('CANCEL_REQUESTED');
    expect(mergeOutboundState('CANCEL_REQUESTED', 'COMPLETED')).toBe('COMPLETED');
    expect(mergeOutboundState('CANCEL_REQUESTED', 'CANCELED')).toBe('CANCELED');
  });

  it('matches fax numbers with or without the country code', () => {
    expect(sameFaxNumber('12125550100', '+1 (212) 555-0100')).toBe(true);
    expect(sameFaxNumber('2125550100', '12125550100')).toBe(true);
    expect(sameFaxNumber('12125550100', '12125550101')).toBe(false);
    expect(sameFaxNumber(null, '12125550100')).toBe(false);
  });
});
