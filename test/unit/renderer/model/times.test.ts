import { describe, expect, it } from 'vitest';
import { fromLocalInputValue, shortTime, toLocalInputValue } from '../../../../src/renderer/src/model/times';

describe('list rows', () => {
  it('gives the time of day for today and the date otherwise', () => {
    const now = new Date('2024-05-10T20:00:00.000Z');
    const utc = { locale: 'en-US', timeZone: 'UTC' };
    expect(shortTime('2024-05-10T15:01:00.000Z', now, utc)).toBe('3:01 PM');
    expect(shortTime('2024-05-09T15:01:00.000Z', now, utc)).toBe('May 9, 3:01 PM');
    expect(shortTime('2023-05-09T15:01:00.000Z', now, utc)).toBe('May 9, 2023');
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
