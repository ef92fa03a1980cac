import { describe, expect, it } from 'vitest';
import { describeSendTime, isoWithOffset, localInputToIso, scheduleProblem, suggestedSendTime, toLocalInput } from '../../../../../src/renderer/src/model/compose/schedule';

describe('send later', () => {
  const now = new Date(2026, 5, 15, 10, 7, 30);

  it('turns the datetime-local value into ISO 8601 with this computer\'s offset, and back', () => {
    const iso = localInputToIso('2026-06-16T14:30')!;
    expect(iso).toMatch(/^2026-06-16T14:30:00[+-]\d\d:\d\d$/);
    expect(Date.parse(iso)).toBe(new Date(2026, 5, 16, 14, 30).getTime());
    expect(toLocalInput(new Date(Date.parse(iso)))).toBe('2026-06-16T14:30');
    expect(Date.parse(isoWithOffset(now))).toBe(now.getTime());
    expect(localInputToIso('2026-02-30T10:00')).toBeNull();
    expect(localInputToIso('tomorrow')).toBeNull();
  });

  it('suggests the next quarter hour at least an hour ahead', () => {
    expect(suggestedSendTime(now)).toBe('2026-06-15T11:15');
    expect(suggestedSendTime(new Date(2026, 5, 15, 10, 0))).toBe('2026-06-15T11:00');
  });

  it('refuses a missing, unreadable, past or far-away time with the fix', () => {
    expect(scheduleProblem('', now)).toBe('Pick the date and time to send the fax, or choose "Send now".');
    expect(scheduleProblem('2026-02-30T10:00', now)).toBe('That date does not exist; pick it again.');
    expect(scheduleProblem('soon', now)).toBe('That is not a date and time Faxdesk can read; pick it again.');
    expect(scheduleProblem('2026-06-15T10:07', now)).toBe('The send time is in the past. Pick a later time, or choose "Send now".');
    expect(scheduleProblem('2027-07-01T10:00', now)).toBe('The send time is more than a year away; pick an earlier date.');
    expect(scheduleProblem('2026-06-15T10:08', now)).toBeNull();
  });

  it('refuses a time the clocks skip (the spring change), which a date picker still offers', () => {
    const before = process.env['TZ'];
    process.env['TZ'] = 'Europe/London';
    try {
      // 29 March 2026: 01:00 GMT becomes 02:00 BST.
      expect(scheduleProblem('2026-03-29T01:30', new Date(2026, 2, 1))).toBe('That time does not exist here on that day (the clocks change then); pick another time.');
      expect(localInputToIso('2026-03-29T02:30')).toBe('2026-03-29T02:30:00+01:00');
      expect(localInputToIso('2026-03-28T02:30')).toBe('2026-03-28T02:30:00+00:00');
    } finally {
      if (before === undefined) delete process.env['TZ'];
      else process.env['TZ'] = before;
    }
  });

  it('describes the time in words and in UTC', () => {
    const when = describeSendTime('2026-06-16T14:30:00Z', 'en-US', 'UTC');
    expect(when.utc).toBe('2026-06-16 14:30 UTC');
    expect(when.local).toContain('Jun 16, 2026');
    expect(when.local).toContain('UTC');
  });
});
