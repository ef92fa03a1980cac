import { describe, expect, it } from 'vitest';
import type { OutboxDetail, OutboxItem } from '../../../../src/shared/domain/outbox';
import {
  cancelNotice,
  filterInput,
  listInput,
  mergedDetail,
  noticeFor,
  reconcileText,
  rescheduleText,
  resendNotice,
  sameFilters,
  selection,
  withDetail,
  withItems,
  type ActionNotice,
  type OutboxView,
} from '../../../../src/renderer/src/stores/outbox-updates';
import { item } from '../features/outbox/fixtures';

function detail(job: OutboxItem, overrides: Partial<OutboxDetail> = {}): OutboxDetail {
  return { job, timeline: [], attempts: null, attemptsNote: null, code: null, documents: [], options: null, siblings: [], ...overrides } as OutboxDetail;
}

const attempt = { attemptNumber: 1, state: 'COMPLETED', startedAt: null, endedAt: null, durationSeconds: 10, errorCode: null, errorMessage: null } as unknown as NonNullable<OutboxDetail['attempts']>[number];

function view(overrides: Partial<OutboxView> = {}): OutboxView {
  return { filters: { phase: 'all', search: '', accountId: null }, items: [], detail: null, notice: null, ...overrides };
}

describe('the outbox filters as main takes them', () => {
  it('leaves out what does not filter, and trims the search', () => {
    expect(filterInput({ phase: 'all', search: '  ', accountId: null })).toEqual({});
    expect(filterInput({ phase: 'failed', search: ' ada ', accountId: 'acc-1' })).toEqual({ phase: 'failed', search: 'ada', accountId: 'acc-1' });
    expect(listInput({ phase: 'all', search: '', accountId: null }, 'c1', 100)).toEqual({ cursor: 'c1', limit: 100 });
  });

  it('compares filters field by field', () => {
    const a = { phase: 'all' as const, search: 'x', accountId: null };
    expect(sameFilters(a, { ...a })).toBe(true);
    expect(sameFilters(a, { ...a, search: 'y' })).toBe(false);
    expect(sameFilters(a, { ...a, accountId: 'acc' })).toBe(false);
  });
});

describe('a notice tied to a state', () => {
  it('holds while the job is in that state, and goes when it leaves it', () => {
    const job = item({ state: 'IN_PROGRESS' });
    const notice: ActionNotice = { jobId: job.id, kind: 'info', text: 'Cancel requested', whileState: 'IN_PROGRESS' };
    expect(noticeFor(notice, job)).toBe(notice);
    expect(noticeFor(notice, { ...job, state: 'CANCELED' })).toBeNull();
  });

  it('is left alone when it is about another job or about no state', () => {
    const job = item();
    const other: ActionNotice = { jobId: 'other', kind: 'info', text: 'x', whileState: 'IN_PROGRESS' };
    const plain: ActionNotice = { jobId: job.id, kind: 'ok', text: 'y' };
    expect(noticeFor(other, job)).toBe(other);
    expect(noticeFor(plain, job)).toBe(plain);
    expect(noticeFor(null, job)).toBeNull();
  });
});

describe('the open job read again', () => {
  it('keeps the attempts of the previous read when a stored-facts read has none', () => {
    const job = item();
    const before = detail(job, { attempts: [attempt], attemptsNote: 'note' });
    const merged = mergedDetail(before, detail(job), false);
    expect(merged.attempts).toEqual([attempt]);
    expect(merged.attemptsNote).toBe('note');
  });

  it('takes the fresh attempts on a refresh, and never another job\'s', () => {
    const job = item();
    const before = detail(job, { attempts: [attempt] });
    expect(mergedDetail(before, detail(job), true).attempts).toBeNull();
    expect(mergedDetail(detail(item(), { attempts: [attempt] }), detail(job), false).attempts).toBeNull();
    expect(mergedDetail(before, detail({ ...job, faxId: null }), false).attempts).toBeNull();
  });

  it('puts the job in its row and drops a notice about a state it left', () => {
    const job = item({ state: 'IN_PROGRESS', status: 'in-progress', phase: 'active' });
    const notice: ActionNotice = { jobId: job.id, kind: 'info', text: 'Cancel requested', whileState: 'IN_PROGRESS' };
    const done = { ...job, state: 'CANCELED' as const, phase: 'canceled' as const };
    const next = withDetail(view({ items: [job], notice }), detail(done));
    expect(next.items).toEqual([done]);
    expect(next.notice).toBeNull();
  });

  it('takes a row out of a tab it no longer belongs to', () => {
    const job = item({ state: 'IN_PROGRESS', status: 'in-progress', phase: 'active' });
    const done = { ...job, state: 'COMPLETED' as const, phase: 'completed' as const };
    expect(withDetail(view({ filters: { phase: 'active', search: '', accountId: null }, items: [job] }), detail(done)).items).toEqual([]);
  });
});

describe('jobs an action answered with', () => {
  it('replace their rows and the open job, leaving the others', () => {
    const a = item();
    const b = item();
    const open = detail(b);
    const b2 = { ...b, statusLabel: 'Changed' };
    const next = withItems(view({ items: [a, b], detail: open }), [b2]);
    expect(next.items).toEqual([a, b2]);
    expect(next.detail).toEqual({ ...open, job: b2 });
  });

  it('leave the open job alone when it is not among them', () => {
    const a = item();
    const open = detail(item());
    const next = withItems(view({ items: [a], detail: open }), [{ ...a, statusLabel: 'Changed' }]);
    expect(next.detail).toBeUndefined();
  });
});

describe('what an action says', () => {
  it('cancel: ok when cancelled here, info held while the service is asked', () => {
    const job = item({ state: 'SUBMITTED' });
    expect(cancelNotice(job.id, { outcome: 'canceled-locally', job, message: 'Cancelled.' })).toEqual({ jobId: job.id, kind: 'ok', text: 'Cancelled.' });
    expect(cancelNotice(job.id, { outcome: 'cancel-requested', job, message: 'Asked.' })).toEqual({ jobId: job.id, kind: 'info', text: 'Asked.', whileState: 'SUBMITTED' });
  });

  it('resend: one new fax, several, or none', () => {
    const one = item({ destinationDisplay: '+1 212 555 0100', statusLabel: 'Queued' });
    const two = item({ destinationDisplay: '+1 212 555 0101' });
    expect(resendNotice('j', [one])).toEqual({
      jobId: 'j',
      kind: 'ok',
      text: 'Sent again as a new fax to +1 212 555 0100: queued. This fax stays as it was.',
      open: { jobId: one.id, label: 'Open the new fax' },
    });
    const both = resendNotice('j', [one, two])!;
    expect(both.text).toContain('to 2 recipients (+1 212 555 0100, +1 212 555 0101)');
    expect(both.open?.label).toBe('Open the first new fax');
    expect(resendNotice('j', [])).toBeNull();
  });

  it('reschedule: now, or the new time', () => {
    expect(rescheduleText('j', [], null)).toBe('Sending now: the fax was moved out of the schedule.');
    expect(rescheduleText('j', [], '2030-01-02T03:04:05.000Z')).toMatch(/^Will be sent at .+\.$/);
  });

  it('reconcile: still unknown, not sent, or found', () => {
    expect(reconcileText(undefined)).toBe('Checked.');
    expect(reconcileText(item({ status: 'unknown' }))).toContain('Still unconfirmed');
    expect(reconcileText(item({ status: 'not-sent', statusDetail: 'It was never handed over.' }))).toBe('Checked: It was never handed over.');
    expect(reconcileText(item({ status: 'delivered', statusLabel: 'Delivered' }))).toBe('Found at the service: delivered.');
  });
});

describe('selecting a job', () => {
  it('starts loading it with nothing left of the previous one', () => {
    expect(selection('j1')).toMatchObject({ selectedId: 'j1', detail: null, detailStatus: 'loading', notice: null, image: null, busy: {} });
    expect(selection(null).detailStatus).toBe('idle');
  });
});
