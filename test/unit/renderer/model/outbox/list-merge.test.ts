import { describe, expect, it } from 'vitest';
import { appendPage, keepUnchanged, matchesPhase, mergeFirstPage, replaceItem } from '../../../../../src/renderer/src/model/outbox/list-merge';
import { item } from '../../features/outbox/fixtures';

describe('live list merging', () => {
  const a = item({ id: 'a', createdAt: '2024-05-10T15:05:00.000Z' });
  const b = item({ id: 'b', createdAt: '2024-05-10T15:04:00.000Z' });
  const c = item({ id: 'c', createdAt: '2024-05-10T15:03:00.000Z' });
  const d = item({ id: 'd', createdAt: '2024-05-10T15:02:00.000Z' });
  const e = item({ id: 'e', createdAt: '2024-05-10T15:01:00.000Z' });
  const n = item({ id: 'n', createdAt: '2024-05-10T15:06:00.000Z' });

  it('puts a new fax on top and keeps the rows loaded further down with their cursor', () => {
    const merged = mergeFirstPage({ items: [a, b, c, d, e], next: 'p:after-e' }, { items: [n, a, b], next: 'p:after-b' });
    expect(merged.items.map((i) => i.id)).toEqual(['n', 'a', 'b', 'c', 'd', 'e']);
    expect(merged.next).toBe('p:after-e');
  });

  it('drops a row that left the first page’s range (it left the tab) and takes changed rows as read', () => {
    const changedA = { ...a, statusLabel: 'Failed' };
    const merged = mergeFirstPage({ items: [a, b, c, d, e], next: 'p:after-e' }, { items: [changedA, c], next: 'p:after-c' });
    expect(merged.items.map((i) => i.id)).toEqual(['a', 'c', 'd', 'e']);
    expect(merged.items[0]!.statusLabel).toBe('Failed');
  });

  it('takes the first page as the whole list when it is the last page', () => {
    expect(mergeFirstPage({ items: [a, b, c], next: null }, { items: [n, a], next: null })).toEqual({ items: [n, a], next: null });
  });

  it('falls back on creation time when the first page’s last row was not loaded', () => {
    const merged = mergeFirstPage({ items: [b, c, d], next: 'p:x' }, { items: [n, a], next: 'p:after-a' });
    expect(merged.items.map((i) => i.id)).toEqual(['n', 'a', 'b', 'c', 'd']);
    expect(merged.next).toBe('p:x');
  });

  it('replaces one row in place, or takes it out when it left the tab', () => {
    const delivered = { ...b, statusLabel: 'Delivered again' };
    expect(replaceItem([a, b, c], delivered, 'all').map((i) => i.statusLabel)).toEqual([a.statusLabel, 'Delivered again', c.statusLabel]);
    expect(replaceItem([a, b, c], { ...b, phase: 'completed' }, 'active').map((i) => i.id)).toEqual(['a', 'c']);
    const list = [a, c];
    expect(replaceItem(list, b, 'all')).toBe(list);
    expect(matchesPhase(item({ phase: 'failed' }), 'failed')).toBe(true);
    expect(matchesPhase(item({ phase: 'failed' }), 'canceled')).toBe(false);
  });

  it('appends a next page without doubling rows that moved', () => {
    expect(appendPage({ items: [a, b], next: 'p:1' }, { items: [b, c], next: null })).toEqual({ items: [a, b, c], next: null });
  });
});

describe('a list read again', () => {
  it('keeps the object already shown for every row that did not change, and takes the new one where anything did', () => {
    const shown = [item({ id: 'a' }), item({ id: 'b', hold: { reason: 'offline', retryAt: '2024-05-10T15:10:00.000Z' } }), item({ id: 'c' })];
    // Read again: equal rows, but new objects (as every answer from main is).
    const fresh = [{ ...shown[0]! }, { ...shown[1]!, hold: { ...shown[1]!.hold! } }, { ...shown[2]!, statusLabel: 'Failed' }, item({ id: 'n' })];
    const kept = keepUnchanged(shown, fresh);
    expect(kept[0]).toBe(shown[0]);
    expect(kept[1]).toBe(shown[1]);
    expect(kept[2]).toBe(fresh[2]);
    expect(kept[3]).toBe(fresh[3]);
    expect(keepUnchanged(shown, [{ ...shown[1]!, hold: { reason: 'offline', retryAt: '2024-05-10T15:20:00.000Z' } }])[0]).not.toBe(shown[1]);
    expect(keepUnchanged([], fresh)).toBe(fresh);
  });
});
