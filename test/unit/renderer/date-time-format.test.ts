/** Kept formatters: each locale, zone and style gets its own, and the same one comes back. */
import { describe, expect, it } from 'vitest';
import { dateTimeFormat } from '../../../src/renderer/src/date-time-format';

describe('dateTimeFormat', () => {
  const at = new Date('2026-03-01T23:30:00.000Z');

  it('keeps one formatter per locale, zone and style', () => {
    const a = dateTimeFormat({ locale: 'en-GB', timeZone: 'UTC' }, { hour: '2-digit', minute: '2-digit' });
    expect(dateTimeFormat({ locale: 'en-GB', timeZone: 'UTC' }, { hour: '2-digit', minute: '2-digit' })).toBe(a);
    expect(a.format(at)).toBe('23:30');
    expect(dateTimeFormat({ locale: 'en-GB', timeZone: 'Asia/Tokyo' }, { hour: '2-digit', minute: '2-digit' }).format(at)).toBe('08:30');
    expect(dateTimeFormat({ locale: 'en-GB', timeZone: 'UTC' }, { day: 'numeric', month: 'short' }).format(at)).toBe('1 Mar');
    expect(dateTimeFormat({ locale: 'de-DE', timeZone: 'UTC' }, { day: 'numeric', month: 'short' }).format(at)).toBe('1. März');
  });
});
