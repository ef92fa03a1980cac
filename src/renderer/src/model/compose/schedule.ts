/**
 * "Send later": the page's datetime-local field holds a wall-clock time in this computer's time zone;
 * the draft carries it as ISO 8601 with that zone's offset (main stores it in UTC). Pure.
 */
import { MAX_SCHEDULE_AHEAD_MS } from '../../../../shared/domain/outbox';

const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

const pad = (n: number, width = 2): string => String(Math.abs(n)).padStart(width, '0');

function parts(value: string): { date: Date; exact: boolean; dayExists: boolean } | null {
  const m = LOCAL_INPUT.exec(value.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((x) => (x === undefined ? 0 : Number(x))) as [number, number, number, number, number, number];
  const date = new Date(y, mo - 1, d, h, mi, s);
  if (Number.isNaN(date.getTime())) return null;
  // Feb 30 rolls over to March; a time inside a DST gap moves by an hour: both are not what was typed.
  const dayExists = date.getFullYear() === y && date.getMonth() === mo - 1 && date.getDate() === d;
  const exact = dayExists && date.getHours() === h && date.getMinutes() === mi;
  return { date, exact, dayExists };
}

/** "2026-03-01T14:30" (local) → "2026-03-01T14:30:00+01:00"; null when it is not a time that exists here. */
export function localInputToIso(value: string): string | null {
  const p = parts(value);
  if (!p || !p.exact) return null;
  return isoWithOffset(p.date);
}

/** A moment as local ISO 8601 with the zone's offset, e.g. "2026-03-01T14:30:00+01:00". */
export function isoWithOffset(date: Date): string {
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}` +
    `${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`
  );
}

/** The datetime-local value of a moment ("2026-03-01T14:30"), in this computer's zone. */
export function toLocalInput(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A sensible first choice: the next whole quarter hour at least an hour from now. */
export function suggestedSendTime(now: Date): string {
  const t = new Date(now.getTime() + 60 * 60_000);
  t.setSeconds(0, 0);
  t.setMinutes(Math.ceil(t.getMinutes() / 15) * 15);
  return toLocalInput(t);
}

/** Why `value` cannot be the send time, or null. The same rules as the shared check, said for this field. */
export function scheduleProblem(value: string, now: Date): string | null {
  if (value.trim() === '') return 'Pick the date and time to send the fax, or choose "Send now".';
  const p = parts(value);
  if (!p) return 'That is not a date and time Faxdesk can read; pick it again.';
  if (!p.dayExists) return 'That date does not exist; pick it again.';
  if (!p.exact) return 'That time does not exist here on that day (the clocks change then); pick another time.';
  const at = p.date.getTime();
  if (at <= now.getTime()) return 'The send time is in the past. Pick a later time, or choose "Send now".';
  if (at > now.getTime() + MAX_SCHEDULE_AHEAD_MS) return 'The send time is more than a year away; pick an earlier date.';
  return null;
}

/** How the page shows a send time: in words in the local zone, and in UTC for the tooltip. */
export function describeSendTime(iso: string, locale?: string, timeZone?: string): { local: string; utc: string } {
  const date = new Date(iso);
  const options: Intl.DateTimeFormatOptions = { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' };
  const local = new Intl.DateTimeFormat(locale, { ...options, timeZoneName: 'short', ...(timeZone ? { timeZone } : {}) }).format(date);
  const utc = `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return { local, utc };
}
