import { describe, expect, it } from 'vitest';
import { DATE_TIME_FORMATS, formatDateTime, isDateTimeCode, isKnownTimeZone, type DateTimeCode } from '../../../../src/shared/header';

describe('DATE_TIME_FORMATS', () => {
  it('are the seven spec codes', () => {
    expect(DATE_TIME_FORMATS).toEqual([
      { code: 1, name: 'ISO 24 hour', pattern: 'yyyy-MM-dd HH:mm:ss' },
      { code: 2, name: 'US 12 hour', pattern: 'M/d/yyyy K:mm:ss a' },
      { code: 3, name: 'US 24 hour', pattern: 'M/d/yyyy HH:mm:ss' },
      { code: 4, name: 'GB 24 hour', pattern: 'dd/MM/yyyy HH:mm:ss' },
      { code: 5, name: 'JP 24 hour', pattern: 'yyyy/MM/dd H:mm:ss' },
      { code: 6, name: 'GB 12 hour', pattern: 'dd/MM/yyyy K:mm:ss a' },
      { code: 7, name: 'JP 12 hour', pattern: 'yyyy/MM/dd K:mm:ss a' },
    ]);
  });

  it('isDateTimeCode accepts 1..7 only', () => {
    expect([0, 1, 7, 8, 1.5, '1', null].map(isDateTimeCode)).toEqual([false, true, true, false, false, false, false]);
  });
});

const codes: DateTimeCode[] = [1, 2, 3, 4, 5, 6, 7];
const at = (iso: string): Date => new Date(iso);

describe('formatDateTime', () => {
  it('formats an afternoon with single-digit month and day in all seven codes (UTC)', () => {
    const d = at('2024-05-09T15:07:01Z');
    expect(codes.map((c) => formatDateTime(c, d, 'UTC'))).toEqual([
      '2024-05-09 15:07:01',
      '5/9/2024 3:07:01 PM',
      '5/9/2024 15:07:01',
      '09/05/2024 15:07:01',
      '2024/05/09 15:07:01',
      '09/05/2024 3:07:01 PM',
      '2024/05/09 3:07:01 PM',
    ]);
  });

  it('formats a morning with single-digit hour (H is not padded in code 5, HH is)', () => {
    const d = at('2024-05-09T08:00:09Z');
    expect(codes.map((c) => formatDateTime(c, d, 'UTC'))).toEqual([
      '2024-05-09 08:00:09',
      '5/9/2024 8:00:09 AM',
      '5/9/2024 08:00:09',
      '09/05/2024 08:00:09',
      '2024/05/09 8:00:09',
      '09/05/2024 8:00:09 AM',
      '2024/05/09 8:00:09 AM',
    ]);
  });

  it('prints midnight as hour 0 AM in the K forms and 00 / 0 in the 24-hour forms', () => {
    const d = at('2024-01-05T00:03:04Z');
    expect(codes.map((c) => formatDateTime(c, d, 'UTC'))).toEqual([
      '2024-01-05 00:03:04',
      '1/5/2024 0:03:04 AM',
      '1/5/2024 00:03:04',
      '05/01/2024 00:03:04',
      '2024/01/05 0:03:04',
      '05/01/2024 0:03:04 AM',
      '2024/01/05 0:03:04 AM',
    ]);
  });

  it('prints noon as hour 0 PM in the K forms', () => {
    const d = at('2024-01-05T12:00:00Z');
    expect(codes.map((c) => formatDateTime(c, d, 'UTC'))).toEqual([
      '2024-01-05 12:00:00',
      '1/5/2024 0:00:00 PM',
      '1/5/2024 12:00:00',
      '05/01/2024 12:00:00',
      '2024/01/05 12:00:00',
      '05/01/2024 0:00:00 PM',
      '2024/01/05 0:00:00 PM',
    ]);
  });

  it('prints 11 AM, 1 PM and 11 PM in the K form', () => {
    expect(formatDateTime(2, at('2024-01-05T11:59:59Z'), 'UTC')).toBe('1/5/2024 11:59:59 AM');
    expect(formatDateTime(2, at('2024-01-05T13:00:00Z'), 'UTC')).toBe('1/5/2024 1:00:00 PM');
    expect(formatDateTime(2, at('2024-01-05T23:59:59Z'), 'UTC')).toBe('1/5/2024 11:59:59 PM');
  });

  it('reaches 22 characters in the 12-hour forms (over the 20 the service prints)', () => {
    const d = at('2024-12-31T23:59:59Z');
    expect(codes.map((c) => formatDateTime(c, d, 'UTC').length)).toEqual([19, 22, 19, 19, 19, 22, 22]);
  });

  it('uses the wall clock of the given time zone, with daylight saving', () => {
    const summer = at('2024-05-09T15:07:01Z');
    expect(formatDateTime(1, summer, 'America/New_York')).toBe('2024-05-09 11:07:01');
    expect(formatDateTime(2, summer, 'America/New_York')).toBe('5/9/2024 11:07:01 AM');
    const winter = at('2024-01-09T15:07:01Z');
    expect(formatDateTime(1, winter, 'America/New_York')).toBe('2024-01-09 10:07:01');
    expect(formatDateTime(3, summer, 'Asia/Kolkata')).toBe('5/9/2024 20:37:01');
  });

  it('moves the date when the zone is past midnight', () => {
    const d = at('2024-12-31T20:00:00Z');
    expect(formatDateTime(5, d, 'Asia/Tokyo')).toBe('2025/01/01 5:00:00');
    expect(formatDateTime(7, d, 'Asia/Tokyo')).toBe('2025/01/01 5:00:00 AM');
    expect(formatDateTime(4, at('2024-03-01T03:00:00Z'), 'America/Los_Angeles')).toBe('29/02/2024 19:00:00');
    expect(formatDateTime(6, at('2024-03-01T07:59:59Z'), 'America/Los_Angeles')).toBe('29/02/2024 11:59:59 PM');
    expect(formatDateTime(6, at('2024-03-01T08:00:00Z'), 'America/Los_Angeles')).toBe('01/03/2024 0:00:00 AM');
  });

  it('falls back to UTC for an unknown or empty zone', () => {
    const d = at('2024-05-09T15:07:01Z');
    expect(formatDateTime(1, d, 'Mars/Olympus_Mons')).toBe('2024-05-09 15:07:01');
    expect(formatDateTime(1, d, '')).toBe('2024-05-09 15:07:01');
    expect(isKnownTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isKnownTimeZone('Europe/London')).toBe(true);
  });

  it('pads years below 1000 to four digits', () => {
    const d = new Date(Date.UTC(999, 0, 2, 3, 4, 5));
    d.setUTCFullYear(999);
    expect(formatDateTime(1, d, 'UTC')).toBe('0999-01-02 03:04:05');
  });

  it('refuses an invalid date', () => {
    expect(() => formatDateTime(1, new Date('nope'), 'UTC')).toThrow('formatDateTime needs a valid Date');
  });
});
