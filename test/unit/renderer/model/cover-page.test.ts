import { describe, expect, it } from 'vitest';
import {
  COVER_LIMITS,
  COVER_MESSAGE_MAX_LINES,
  coverDate,
  coverPageCount,
  coverProblems,
  lineCount,
} from '../../../../src/renderer/src/model/cover-page';

const cover = (over: Partial<{ from_name: string; subject: string; message: string }> = {}) => ({ from_name: 'Ann', subject: 'Hi', message: 'Text', ...over });

describe('cover page limits', () => {
  it('are 60 / 100 / 1,500 characters and 30 message lines', () => {
    expect(COVER_LIMITS).toEqual({ from_name: 60, subject: 100, message: 1500 });
    expect(COVER_MESSAGE_MAX_LINES).toBe(30);
  });

  it('accept a cover at the limits, empty fields included', () => {
    expect(coverProblems(cover())).toEqual([]);
    expect(coverProblems({ from_name: '', subject: '', message: '' })).toEqual([]);
    expect(coverProblems(cover({ from_name: 'x'.repeat(60), subject: 'y'.repeat(100), message: 'z'.repeat(1500) }))).toEqual([]);
  });

  it('name each field over its limit and by how much', () => {
    expect(coverProblems(cover({ subject: 'y'.repeat(101) }))).toEqual([
      { field: 'subject', message: 'Subject has 101 characters; the cover page holds 100. Shorten it by 1.' },
    ]);
    expect(coverProblems(cover({ from_name: 'x'.repeat(70), message: 'z'.repeat(1600) })).map((p) => p.field)).toEqual(['from_name', 'message']);
  });

  it('allow line breaks and tabs only in the message, and at most 30 lines', () => {
    expect(coverProblems(cover({ message: 'a\n\tb\r\nc' }))).toEqual([]);
    expect(coverProblems(cover({ subject: 'a\tb' }))[0]?.message).toBe('Subject must be one line without tabs or control characters.');
    expect(coverProblems(cover({ message: 'bell\u0007' }))[0]?.field).toBe('message');
    expect(coverProblems(cover({ message: Array.from({ length: 31 }, () => 'l').join('\n') }))[0]?.message).toBe(
      'Message has 31 lines; the cover page holds 30. Join or remove 1.',
    );
  });

  it('count lines as the sheet shows them', () => {
    expect([lineCount(''), lineCount('a'), lineCount('a\nb'), lineCount('a\r\nb\rc'), lineCount('a\n')]).toEqual([0, 1, 2, 3, 2]);
  });
});

describe('cover sheet text', () => {
  it('counts the cover in the pages', () => {
    expect(coverPageCount(0)).toBe('1 page, including this cover');
    expect(coverPageCount(3)).toBe('4 pages, including this cover');
  });

  it('dates the sheet in the user zone, falling back to UTC', () => {
    const lateEvening = new Date('2024-05-11T02:30:00Z');
    expect(coverDate(lateEvening, 'America/New_York', 'en-US')).toBe('May 10, 2024');
    expect(coverDate(lateEvening, 'Not/A_Zone', 'en-US')).toBe('May 11, 2024');
  });
});
