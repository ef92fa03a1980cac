import { describe, expect, it } from 'vitest';
import { optionsSummary, pagesText, recipientLine, rowTimeOf } from '../../../../src/renderer/src/features/outbox/rows';
import { fromLocalInputValue, shortTime, toLocalInputValue } from '../../../../src/renderer/src/model/times';
import { appendPage, keepUnchanged, matchesPhase, mergeFirstPage, replaceItem } from '../../../../src/renderer/src/model/outbox/list-merge';
import { item } from './fixtures';

describe('list rows', () => {
  it('shows name and company, pages and the most telling time', () => {
    expect(recipientLine(item())).toBe('Ada Lovelace · Analytical Engines');
    expect(recipientLine(item({ toName: '', toCompany: 'Acme' }))).toBe('Acme');
    expect(recipientLine(item({ toName: ' ', toCompany: '' }))).toBe('');
    expect(pagesText(item({ pages: 3, pageCount: 2 }))).toBe('3 pages');
    expect(pagesText(item({ phase: 'active', pages: null, pageCount: 1 }))).toBe('1 page');
    expect(pagesText(item({ phase: 'active', pages: null, pageCount: null, documentCount: 2 }))).toBe('2 documents');
    // Another desk's fax still queued: nothing known here, nothing said (not "0 documents").
    expect(pagesText(item({ phase: 'active', pages: null, pageCount: null, documentCount: 0 }))).toBe('');
    expect(rowTimeOf(item())).toBe('2024-05-10T15:01:00.000Z');
    expect(rowTimeOf(item({ state: 'SCHEDULED', completedAt: null, scheduledAt: '2024-06-01T08:00:00.000Z' }))).toBe('2024-06-01T08:00:00.000Z');
    expect(rowTimeOf(item({ completedAt: null, submittedAt: null }))).toBe('2024-05-10T15:00:00.000Z');
  });

  it('gives the time of day for today and the date otherwise', () => {
    const now = new Date('2024-05-10T20:00:00.000Z');
    const utc = { locale: 'en-US', timeZone: 'UTC' };
    expect(shortTime('2024-05-10T15:01:00.000Z', now, utc)).toBe('3:01 PM');
    expect(shortTime('2024-05-09T15:01:00.000Z', now, utc)).toBe('May 9, 3:01 PM');
    expect(shortTime('2023-05-09T15:01:00.000Z', now, utc)).toBe('May 9, 2023');
  });

  it('summarises the stored send options', () => {
    expect(optionsSummary(null)).toEqual([]);
    const defaults = optionsSummary({ resolution: 'FINE', billableRetries: null, nonBillableRetries: null, callerId: null, csid: null, clientData: {}, coverPage: null, header: null });
    expect(defaults.map((l) => `${l.label}: ${l.value}`)).toEqual([
      'Resolution: Fine (204 × 196 dpi)',
      "Retries: The service's default",
      "Caller ID: The account's number",
      "Station ID (CSID): The account's own",
      'Cover page: No',
      "Header: The service's default",
    ]);
    const lines = optionsSummary(
      {
        resolution: 'STANDARD',
        billableRetries: 3,
        nonBillableRetries: null,
        callerId: '14155552000',
        csid: 'FRONT DESK',
        clientData: { clientMatter: 'M-42' },
        coverPage: { fromName: 'Bob', subject: 'Invoice', message: '' },
        header: { line_1: ['${DATE_TIME3}', 'ACME'] },
      },
      (n) => `+${n}`,
    );
    expect(lines).toEqual([
      { label: 'Resolution', value: 'Standard (204 × 98 dpi)' },
      { label: 'Retries', value: '3 charged, default free' },
      { label: 'Caller ID', value: '+14155552000' },
      { label: 'Station ID (CSID)', value: 'FRONT DESK' },
      { label: 'Cover page', value: 'Yes: “Invoice”' },
      { label: 'Header', value: '${DATE_TIME3} | ACME' },
      { label: 'Client matter', value: 'M-42' },
    ]);
  });

  it('round-trips a send time through a datetime-local input in the computer’s zone', () => {
    const iso = '2024-05-10T15:07:00.000Z';
    const value = toLocalInputValue(iso);
    expect(value).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(fromLocalInputValue(value)).toBe(iso);
    expect(fromLocalInputValue('')).toBeNull();
    expect(fromLocalInputValue('tomorrow')).toBeNull();
    expect(toLocalInputValue(null)).toBe('');
  });
});

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
