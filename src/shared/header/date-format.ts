/**
 * The seven date-time formats of the ${DATE_TIMEn} header variables, rendered in a given IANA time zone.
 * Patterns use the service's letters: yyyy year, MM/M month with/without zero, dd/d day, HH/H hour
 * 0-23 with/without zero, K hour 0-11 (so midnight is "0 AM" and noon is "0 PM", as K means), mm
 * minutes, ss seconds, a AM/PM. Pure JS: Intl.DateTimeFormat gives the wall-clock parts of the zone.
 */
import type { DateTimeCode } from './variables';

export interface DateTimeFormat {
  code: DateTimeCode;
  name: string;
  pattern: string;
}

export const DATE_TIME_FORMATS: readonly DateTimeFormat[] = Object.freeze([
  { code: 1, name: 'ISO 24 hour', pattern: 'yyyy-MM-dd HH:mm:ss' },
  { code: 2, name: 'US 12 hour', pattern: 'M/d/yyyy K:mm:ss a' },
  { code: 3, name: 'US 24 hour', pattern: 'M/d/yyyy HH:mm:ss' },
  { code: 4, name: 'GB 24 hour', pattern: 'dd/MM/yyyy HH:mm:ss' },
  { code: 5, name: 'JP 24 hour', pattern: 'yyyy/MM/dd H:mm:ss' },
  { code: 6, name: 'GB 12 hour', pattern: 'dd/MM/yyyy K:mm:ss a' },
  { code: 7, name: 'JP 12 hour', pattern: 'yyyy/MM/dd K:mm:ss a' },
] satisfies DateTimeFormat[]);

export function isDateTimeCode(value: unknown): value is DateTimeCode {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 7;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

// One formatter per zone: building an Intl.DateTimeFormat is costly and the emulator stamps every page.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  const cached = formatters.get(timeZone);
  if (cached) return cached;
  let formatter: Intl.DateTimeFormat;
  try {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      calendar: 'gregory',
      numberingSystem: 'latn',
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
  } catch {
    // An unknown or empty zone name: the service's timestamps are UTC, so UTC is the honest fallback.
    formatter = formatterFor('UTC');
  }
  formatters.set(timeZone, formatter);
  return formatter;
}

/** True when `timeZone` is an IANA zone name this runtime knows (formatDateTime would not fall back). */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

function wallClock(date: Date, timeZone: string): WallClock {
  if (!(date instanceof Date) || Number.isNaN(date.getTime())) throw new RangeError('formatDateTime needs a valid Date');
  const parts = formatterFor(timeZone).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes): number => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    // Some engines spell midnight "24" even with h23; the modulo makes it 0 everywhere.
    hour: get('hour') % 24,
    minute: get('minute'),
    second: get('second'),
  };
}

const pad2 = (n: number): string => String(n).padStart(2, '0');
const pad4 = (n: number): string => String(n).padStart(4, '0');

/**
 * The date `date` as the header variable ${DATE_TIME<code>} prints it, in `timeZone` (an IANA name such
 * as 'America/New_York'; an unknown name falls back to UTC). Throws RangeError for an invalid Date.
 * Note: the 12-hour forms can reach 22 characters, over the 20 the service prints (see expandHeader).
 */
export function formatDateTime(code: DateTimeCode, date: Date, timeZone: string): string {
  const t = wallClock(date, timeZone);
  const yyyy = pad4(t.year);
  const time24 = `${pad2(t.hour)}:${pad2(t.minute)}:${pad2(t.second)}`;
  const time12 = `${t.hour % 12}:${pad2(t.minute)}:${pad2(t.second)} ${t.hour < 12 ? 'AM' : 'PM'}`;
  switch (code) {
    case 1:
      return `${yyyy}-${pad2(t.month)}-${pad2(t.day)} ${time24}`;
    case 2:
      return `${t.month}/${t.day}/${yyyy} ${time12}`;
    case 3:
      return `${t.month}/${t.day}/${yyyy} ${time24}`;
    case 4:
      return `${pad2(t.day)}/${pad2(t.month)}/${yyyy} ${time24}`;
    case 5:
      return `${yyyy}/${pad2(t.month)}/${pad2(t.day)} ${t.hour}:${pad2(t.minute)}:${pad2(t.second)}`;
    case 6:
      return `${pad2(t.day)}/${pad2(t.month)}/${yyyy} ${time12}`;
    case 7:
      return `${yyyy}/${pad2(t.month)}/${pad2(t.day)} ${time12}`;
    default: {
      const never: never = code;
      throw new RangeError(`Unknown date-time code ${String(never)}; use 1 to 7.`);
    }
  }
}
