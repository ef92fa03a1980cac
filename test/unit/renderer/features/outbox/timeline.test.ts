import { describe, expect, it } from 'vitest';
import type { FaxEvent, JsonObject } from '../../../../../src/shared/domain/history';
import { FAX_EVENT_SOURCES } from '../../../../../src/shared/domain/history';
import { SOURCE_LABELS, timelineEntries, timelineEntry, attemptRow, attemptRows, codeSummary, formatDuration } from '../../../../../src/renderer/src/features/outbox/timeline';
import { showTime, utcText } from '../../../../../src/renderer/src/model/times';
import type { TransmissionAttempt } from '../../../../../src/shared/domain/fax';

const NY = { locale: 'en-US', timeZone: 'America/New_York' };
let id = 0;

function event(status: string, source: FaxEvent['source'], at: string, detail: JsonObject = {}): FaxEvent {
  id += 1;
  return { id, ref: { direction: 'OUTBOUND', outboundId: 'job-1' }, at, source, status, detail, recordedAt: at };
}

describe('status timeline', () => {
  it('shows local time with the same instant in UTC for the tooltip', () => {
    const shown = showTime('2024-05-10T15:07:01.000Z', NY);
    expect(shown.local).toBe('May 10, 2024, 11:07:01 AM');
    expect(shown.utc).toBe('2024-05-10 15:07:01 UTC');
    expect(shown.iso).toBe('2024-05-10T15:07:01.000Z');
    expect(showTime('2024-12-01T00:30:00.000Z', { locale: 'en-GB', timeZone: 'Europe/Paris' }).local).toBe('1 Dec 2024, 01:30:00');
    expect(utcText('not a time')).toBe('not a time');
  });

  it('labels every source discreetly and describes it', () => {
    for (const source of FAX_EVENT_SOURCES) {
      const entry = timelineEntry(event('NEW', source, '2024-05-10T15:00:00.000Z'), NY);
      expect(entry.sourceLabel).toBe(SOURCE_LABELS[source]);
      expect(entry.sourceDescription.length).toBeGreaterThan(10);
    }
  });

  it('names states in the Outbox’s words', () => {
    const titles = timelineEntries(
      [
        event('QUEUED', 'local', '2024-05-10T15:00:00.000Z', { scheduledAt: 'now' }),
        event('SUBMITTING', 'local', '2024-05-10T15:00:01.000Z', { destinations: 1 }),
        event('SUBMITTED', 'local', '2024-05-10T15:00:02.000Z', { faxId: 'F-1' }),
        event('IN_PROGRESS', 'detail', '2024-05-10T15:00:05.000Z'),
        event('COMPLETED', 'webhook', '2024-05-10T15:01:00.000Z'),
      ],
      NY,
    ).map((e) => [e.title, e.tone]);
    expect(titles).toEqual([
      ['Waiting to send', 'neutral'],
      ['Sending to the service', 'progress'],
      ['Accepted', 'progress'],
      ['Sending', 'progress'],
      ['Delivered', 'ok'],
    ]);
  });

  it('sorts by time whatever order the sources reported in', () => {
    const entries = timelineEntries(
      [event('COMPLETED', 'sent-list', '2024-05-10T15:01:00.000Z'), event('SUBMITTED', 'local', '2024-05-10T15:00:02.000Z'), event('NEW', 'metadata', '2024-05-10T15:00:03.000Z')],
      NY,
    );
    expect(entries.map((e) => e.title)).toEqual(['Accepted', 'Queued at the service', 'Delivered']);
  });

  it('explains attempts and result codes in plain words', () => {
    const failed = timelineEntry(event('ATTEMPT_ERROR', 'detail', '2024-05-10T15:02:00.000Z', { attempt: 1, errorCode: 'E41', errorMessage: 'Busy', durationSeconds: 10 }), NY);
    expect(failed.title).toBe('Attempt 1 failed');
    expect(failed.tone).toBe('danger');
    // The service's "Busy" adds nothing to the explanation, so it is not repeated; other words are kept.
    expect(failed.notes).toEqual(['Lasted 10 s', 'E41: The destination line was busy.']);
    const odd = timelineEntry(event('ATTEMPT_ERROR', 'detail', '2024-05-10T15:02:00.000Z', { attempt: 2, errorCode: 'E49', errorMessage: 'V.34 fallback' }), NY);
    expect(odd.notes).toEqual(['E49: A communication error occurred with the destination fax machine.', 'Service said: V.34 fallback']);
    const ok = timelineEntry(event('ATTEMPT_COMPLETED', 'detail', '2024-05-10T15:04:00.000Z', { attempt: 2, durationSeconds: 65 }), NY);
    expect(ok.title).toBe('Attempt 2 delivered');
    expect(ok.notes).toEqual(['Lasted 1 min 5 s']);
    const error = timelineEntry(event('ERROR', 'webhook', '2024-05-10T15:04:00.000Z', { errorCode: 'E51' }), NY);
    expect(error.title).toBe('Failed');
    expect(error.notes).toEqual(['E51: The destination fax number is not in a valid format.']);
  });

  it('tells the cancel story truthfully: asked (202), then too late (409) or cancelled', () => {
    const asked = timelineEntry(event('CANCEL_REQUESTED', 'local', '2024-05-10T15:02:00.000Z', { httpStatus: 202 }), NY);
    expect(asked.title).toBe('Cancel requested');
    expect(asked.notes.join(' ')).toContain('202');
    const late = timelineEntry(event('CANCEL_TOO_LATE', 'local', '2024-05-10T15:02:00.000Z', { httpStatus: 409 }), NY);
    expect(late.title).toBe('Cancel came too late');
    expect(late.notes.join(' ')).toContain('409');
    expect(timelineEntry(event('CANCELED', 'detail', '2024-05-10T15:02:01.000Z', { errorCode: 'E45' }), NY).title).toBe('Cancelled');
  });

  it('shows why a send was refused, unknown or never sent', () => {
    const rejected = timelineEntry(event('REJECTED', 'local', '2024-05-10T15:00:00.000Z', { reason: 'The fax number is not valid.', httpStatus: '400' }), NY);
    expect(rejected.title).toBe('Rejected');
    expect(rejected.notes).toEqual(['The fax number is not valid.', 'The service answered HTTP 400.']);
    const notSent = timelineEntry(event('REJECTED', 'local', '2024-05-10T15:30:00.000Z', { code: 'NOT_SENT', minutes: 30 }), NY);
    expect(notSent.title).toBe('Not sent');
    expect(notSent.notes).toEqual([]);
    expect(timelineEntry(event('UNKNOWN', 'local', '2024-05-10T15:00:00.000Z'), NY).title).toBe('Outcome unknown — checking');
  });

  it('shows the send time of a scheduled fax and other milestones', () => {
    const scheduled = timelineEntry(event('SCHEDULED', 'local', '2024-05-10T15:00:00.000Z', { scheduledAt: '2024-05-11T13:00:00.000Z' }), NY);
    expect(scheduled.notes).toEqual(['Send time May 11, 2024, 9:00:00 AM']);
    expect(timelineEntry(event('NOTIFIED', 'local', '2024-05-10T15:00:00.000Z', { shown: false }), NY).notes).toEqual(['Not shown (turned off in Settings).']);
    expect(timelineEntry(event('SOMETHING_NEW', 'local', '2024-05-10T15:00:00.000Z'), NY).title).toBe('Something new');
  });
});

const UTC = { locale: 'en-US', timeZone: 'UTC' };

function attempt(overrides: Partial<TransmissionAttempt>): TransmissionAttempt {
  return {
    attemptNumber: 1,
    state: 'COMPLETED',
    rawStatus: 'COMPLETED',
    durationSeconds: 20,
    startedAt: '2024-05-10T15:00:00.000Z',
    endedAt: '2024-05-10T15:00:20.000Z',
    errorCode: '0',
    errorMessage: 'OK',
    ...overrides,
  };
}

describe('delivery attempts', () => {
  it('formats durations', () => {
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(-1)).toBe('—');
    expect(formatDuration(0)).toBe('0 s');
    expect(formatDuration(42.4)).toBe('42 s');
    expect(formatDuration(60)).toBe('1 min');
    expect(formatDuration(185)).toBe('3 min 5 s');
    expect(formatDuration(3600)).toBe('1 h');
    expect(formatDuration(3720)).toBe('1 h 2 min');
  });

  it('shows number, status, duration, start time (UTC on hover) and no code for a success', () => {
    const row = attemptRow(attempt({}), UTC);
    expect(row).toMatchObject({ number: 1, status: 'Delivered', tone: 'ok', duration: '20 s', code: null, serviceMessage: null });
    expect(row.started).toEqual({ local: 'May 10, 2024, 3:00:00 PM', utc: '2024-05-10 15:00:00 UTC', iso: '2024-05-10T15:00:00.000Z' });
  });

  it('explains a failed attempt’s code, and keeps the service’s words', () => {
    const row = attemptRow(attempt({ state: 'ERROR', errorCode: 'E42', errorMessage: 'No answer', durationSeconds: 45 }), UTC);
    expect(row.status).toBe('Failed');
    expect(row.tone).toBe('danger');
    expect(row.code).toMatchObject({ code: 'E42', meaning: 'The destination did not answer.', known: true });
    expect(row.code?.advice).toContain('send again later');
    expect(row.serviceMessage).toBe('No answer');
  });

  it('explains an unknown code generically, and copes with missing facts', () => {
    const row = attemptRow(attempt({ state: null, rawStatus: 'WEIRD', errorCode: 'E99', errorMessage: null, durationSeconds: null, startedAt: null, endedAt: null }), UTC);
    expect(row.status).toBe('WEIRD');
    expect(row.duration).toBe('—');
    expect(row.started).toBeNull();
    expect(row.code).toMatchObject({ code: 'E99', known: false });
  });

  it('orders attempts by number', () => {
    const rows = attemptRows([attempt({ attemptNumber: 3 }), attempt({ attemptNumber: 1, state: 'ERROR', errorCode: 'E41' }), attempt({ attemptNumber: 2, state: 'PENDING_RETRY', errorCode: null })], UTC);
    expect(rows.map((r) => [r.number, r.status])).toEqual([
      [1, 'Failed'],
      [2, 'Waiting to retry'],
      [3, 'Delivered'],
    ]);
  });

  it('summarises a result code in one line', () => {
    expect(codeSummary('E51')).toBe('E51: The destination fax number is not in a valid format.');
    expect(codeSummary('41')).toBe('E41: The destination line was busy.');
    expect(codeSummary('0')).toBe('Delivered');
    expect(codeSummary('NOT_SENT')).toBeNull();
    expect(codeSummary(null)).toBeNull();
  });
});
