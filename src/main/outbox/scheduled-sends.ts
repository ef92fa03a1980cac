/**
 * Scheduled sends: a compose with a send time waits here as SCHEDULED rows (scheduled_at) and a timer
 * (the Timers port) moves it to QUEUED when due. Changing the time or sending now before then is local
 * only: nothing has reached the service.
 */
import { MAX_SCHEDULE_AHEAD_MS } from '../../shared/domain/outbox';
import type { OutboundJob } from '../../shared/domain/history';
import { AppError } from '../errors';
import type { Timers } from '../platform/timers';
import type { Db } from '../store/database';
import type { FaxEventsRepository } from '../store/repositories/fax-events-repository';
import type { OutboundRepository } from '../store/repositories/outbound-repository';
import { moveLocally } from './outbound-states';
import { Ticker } from './ticker';

/** A far send time is looked at again within the hour (the clock may change meanwhile; Node's timers also overflow past ~24.8 days). */
const LONGEST_TIMER_MS = 60 * 60_000;

export interface ScheduledSendsDeps {
  db: Db;
  outbound: OutboundRepository;
  events: FaxEventsRepository;
  timers: Timers;
  now: () => Date;
  changed: (ids: string[]) => void;
  /** Jobs moved to QUEUED: submit them. */
  queued: () => void;
  onError: (error: unknown) => void;
}

export class ScheduledSends {
  private readonly ticker: Ticker;
  private stopped = false;

  constructor(private readonly deps: ScheduledSendsDeps) {
    this.ticker = new Ticker(deps.timers, () => this.run(), deps.onError);
  }

  trigger(): Promise<void> {
    return this.ticker.trigger();
  }

  stop(): void {
    this.stopped = true;
    this.ticker.stop();
  }

  idle(): Promise<void> {
    return this.ticker.idle();
  }

  /** outbox:reschedule. Moves the compose of `job` to another time, or (null) sends it now; returns its rows. */
  reschedule(job: OutboundJob, scheduledAt: string | null): OutboundJob[] {
    const { db, outbound, events } = this.deps;
    const rows = job.composeId ? outbound.listByCompose(job.composeId).filter((j) => j.state === 'SCHEDULED') : [];
    if (rows.length === 0) {
      throw new AppError('CONFLICT', 'This fax is not scheduled any more (it was sent or cancelled meanwhile), so its time cannot be changed.', { field: 'jobId' });
    }
    const now = this.deps.now();
    let when: string | null = null;
    if (scheduledAt !== null && scheduledAt.trim() !== '') {
      const time = Date.parse(scheduledAt);
      if (Number.isNaN(time) || !/(Z|[+-]\d{2}:?\d{2})$/i.test(scheduledAt.trim())) {
        throw new AppError('VALIDATION', `"${scheduledAt.slice(0, 60)}" is not a date and time Faxdesk can read; pick the send time again.`, { field: 'scheduledAt' });
      }
      if (time > now.getTime() + MAX_SCHEDULE_AHEAD_MS) throw new AppError('VALIDATION', 'The send time is more than a year away; pick an earlier date.', { field: 'scheduledAt' });
      if (time > now.getTime()) when = new Date(time).toISOString();
    }
    const ids = db.transaction(() => {
      const moved: string[] = [];
      for (const row of rows) {
        const patch = when ? { scheduledAt: when } : { state: 'QUEUED' as const };
        const step = { from: ['SCHEDULED'] as const, patch, status: when ? 'SCHEDULED' : 'QUEUED', detail: { scheduledAt: when ?? 'now' } };
        if (moveLocally({ outbound, events }, row.id, step, now)) moved.push(row.id);
      }
      return moved;
    })();
    this.deps.changed(ids);
    void this.ticker.trigger();
    if (!when) this.deps.queued();
    return rows.map((r) => outbound.get(r.id)!);
  }

  private async run(): Promise<void> {
    if (this.stopped) return;
    const { db, outbound, events } = this.deps;
    const now = this.deps.now();
    const due = outbound.listDue(now, 500);
    const moved: string[] = [];
    if (due.length) {
      db.transaction(() => {
        for (const job of due) {
          const step = { from: ['SCHEDULED'] as const, patch: { state: 'QUEUED' as const }, status: 'QUEUED', detail: { scheduledAt: job.scheduledAt ?? '' } };
          if (moveLocally({ outbound, events }, job.id, step, now)) moved.push(job.id);
        }
      })();
    }
    if (moved.length) {
      this.deps.changed(moved);
      this.deps.queued();
    }
    let next: number | null = null;
    for (const job of outbound.listInStates(['SCHEDULED'], Number.MAX_SAFE_INTEGER)) {
      if (!job.scheduledAt) continue;
      const at = Date.parse(job.scheduledAt);
      next = next === null ? at : Math.min(next, at);
    }
    if (next !== null) this.ticker.schedule(Math.min(LONGEST_TIMER_MS, Math.max(0, next - now.getTime())));
  }
}
