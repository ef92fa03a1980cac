import { describe, expect, it } from 'vitest';
import type { TransmissionAttempt } from '../../../../src/shared/domain/fax';
import { attemptRow, attemptRows, codeSummary, formatDuration } from '../../../../src/renderer/src/features/outbox/timeline';

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
