import { describe, expect, it } from 'vitest';
import { FAX_STATES } from '../../../../../src/shared/domain/fax-status';
import { LOCAL_OUTBOUND_STATES, OUTBOUND_STATES, type OutboundState } from '../../../../../src/shared/domain/history';
import { NOT_SENT_CODE, OUTBOX_STATUSES, outboxStatusOf } from '../../../../../src/shared/domain/outbox';
import { ALL_OUTBOUND_STATES, BADGE_STYLES, badgeFor } from '../../../../../src/renderer/src/features/outbox/badges';

const NOW = new Date('2024-05-10T12:00:00.000Z');
const TZ = { locale: 'en-US', timeZone: 'UTC' };

/** What the issue asks each state to read as (where it names the words). */
const REQUIRED_TEXT: Partial<Record<OutboundState, string>> = {
  UNKNOWN: 'Outcome unknown — checking',
  CANCEL_REQUESTED: 'Cancel requested',
  COMPLETED: 'Delivered',
  ERROR: 'Failed',
  REJECTED: 'Rejected',
};

describe('state badges', () => {
  it('walks the contract’s whole state list (local states and service states)', () => {
    expect(ALL_OUTBOUND_STATES).toEqual(OUTBOUND_STATES);
    expect(new Set(ALL_OUTBOUND_STATES)).toEqual(new Set([...LOCAL_OUTBOUND_STATES, ...FAX_STATES]));
    expect(ALL_OUTBOUND_STATES).toHaveLength(13);
  });

  it.each(OUTBOUND_STATES.map((s) => [s]))('%s has words, a symbol and a tone (never colour alone)', (state) => {
    const badge = badgeFor({ state, errorCode: null, scheduledAt: state === 'SCHEDULED' ? '2024-05-10T15:30:00.000Z' : null }, NOW, TZ);
    expect(badge.status).toBe(outboxStatusOf({ state, errorCode: null }));
    expect(badge.text.trim().length).toBeGreaterThan(2);
    expect(badge.symbol.trim().length).toBeGreaterThan(0);
    expect(badge.tone).toMatch(/^(neutral|info|progress|warning|ok|danger|muted)$/);
    expect(badge.description.length).toBeGreaterThan(20);
    const required = REQUIRED_TEXT[state];
    if (required) expect(badge.text).toBe(required);
  });

  it('gives every state its own words', () => {
    const texts = OUTBOUND_STATES.map((state) => badgeFor({ state, errorCode: null }, NOW, TZ).text);
    expect(new Set(texts).size).toBe(OUTBOUND_STATES.length);
  });

  it('styles every status of the contract’s status list', () => {
    expect(Object.keys(BADGE_STYLES).sort()).toEqual([...OUTBOX_STATUSES].sort());
  });

  it('shows a scheduled fax with its time, and explains it in the tooltip with UTC', () => {
    const badge = badgeFor({ state: 'SCHEDULED', errorCode: null, scheduledAt: '2024-05-10T15:30:00.000Z' }, NOW, TZ);
    expect(badge.text).toBe('Scheduled · 3:30 PM');
    expect(badge.description).toContain('2024-05-10 15:30:00 UTC');
    const later = badgeFor({ state: 'SCHEDULED', errorCode: null, scheduledAt: '2024-05-12T09:00:00.000Z' }, NOW, TZ);
    expect(later.text).toBe('Scheduled · May 12, 9:00 AM');
    expect(badgeFor({ state: 'SCHEDULED', errorCode: null, scheduledAt: null }, NOW, TZ).text).toBe('Scheduled');
  });

  it('tells a rejection by the service from a send that never reached it', () => {
    expect(badgeFor({ state: 'REJECTED', errorCode: null }).text).toBe('Rejected');
    const notSent = badgeFor({ state: 'REJECTED', errorCode: NOT_SENT_CODE });
    expect(notSent.status).toBe('not-sent');
    expect(notSent.text).toBe('Not sent');
  });

  it('uses different symbols for delivered, failed, unknown and cancelled', () => {
    const symbols = (['COMPLETED', 'ERROR', 'UNKNOWN', 'CANCELED'] as const).map((state) => badgeFor({ state, errorCode: null }).symbol);
    expect(new Set(symbols).size).toBe(4);
    expect(badgeFor({ state: 'COMPLETED', errorCode: null }).tone).toBe('ok');
    expect(badgeFor({ state: 'ERROR', errorCode: 'E41' }).tone).toBe('danger');
    expect(badgeFor({ state: 'UNKNOWN', errorCode: null }).tone).toBe('warning');
  });
});
