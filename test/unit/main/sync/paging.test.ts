import { describe, expect, it } from 'vitest';
import type { NotificationRecord, Page } from '../../../../src/shared/domain/fax';
import { walkNotificationPages, walkOffsetPages } from '../../../../src/main/sync/paging';

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
