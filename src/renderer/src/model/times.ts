/**
 * Times as the pages show them: local in the person's format with UTC for the tooltip, short forms for
 * list rows, and the value of a datetime-local input. Pure (unit-tested).
 */
import { dateTimeFormat, type TimeOptions } from '../date-time-format';

function parse(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const time = Date.parse(iso);
  return Number.isNaN(time) ? null : new Date(time);
}

/** `2024-05-10 15:07:01 UTC`: unambiguous, for tooltips and the title attribute. */
export function utcText(iso: string): string {
  const date = parse(iso);
  if (!date) return iso;
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

export interface ShownTime {
  /** Local time in the person's format, e.g. "10 May 2024, 17:07:01". */
  local: string;
  /** The same instant in UTC (the title/tooltip). */
  utc: string;
  /** The ISO string, for <time dateTime>. */
  iso: string;
}

/** A full local date and time (seconds included), with UTC for the tooltip. */
export function showTime(iso: string, options: TimeOptions = {}): ShownTime {
  const date = parse(iso);
  if (!date) return { local: iso, utc: iso, iso };
  return { local: dateTimeFormat(options, { dateStyle: 'medium', timeStyle: 'medium' }).format(date), utc: utcText(iso), iso };
}

/** Short time for a list row: the time of day for today, the date (and time) otherwise. */
export function shortTime(iso: string, now: Date, options: TimeOptions = {}): string {
  const date = parse(iso);
  if (!date) return iso;
  const day = dateTimeFormat(options, { year: 'numeric', month: '2-digit', day: '2-digit' });
  if (day.format(date) === day.format(now)) return dateTimeFormat(options, { timeStyle: 'short' }).format(date);
  const sameYear = dateTimeFormat(options, { year: 'numeric' }).format(date) === dateTimeFormat(options, { year: 'numeric' }).format(now);
  return dateTimeFormat(options, sameYear ? { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' } : { dateStyle: 'medium' }).format(date);
}


/** An ISO instant as the value of a datetime-local input, in the computer's zone (minutes). */
export function toLocalInputValue(iso: string | null | undefined): string {
  const date = parse(iso);
  if (!date) return '';
  const p = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${p(date.getMonth() + 1)}-${p(date.getDate())}T${p(date.getHours())}:${p(date.getMinutes())}`;
}

/** A datetime-local value (the computer's zone) as an ISO instant; null when it is not a time. */
export function fromLocalInputValue(value: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!m) return null;
  const date = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6] ?? 0));
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
