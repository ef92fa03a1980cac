/** The event applier with fakes: it asks for a job's detail once when a webhook made it final. */
import { describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../../../../src/main/platform/logger';
import { EventApplier } from '../../../../src/main/webhooks/event-applier';
import type { OutboundEvent } from '../../../../src/main/webhooks/payload';

describe('the event applier', () => {
  it('asks sync for the detail of a job once, when the webhook made it final', async () => {
    const job = { id: 'job-1', accountId: 'a', faxId: 'fax-1' };
    let final = false;
    const readDetail = vi.fn(async () => undefined);
    const applier = new EventApplier({
      repository: { applied: () => true, held: () => [] },
      stores: { outbound: { getByFaxId: () => job } } as never,
      states: {
        apply: () => {
          const becameFinal = !final;
          final = true;
          return { job, change: becameFinal ? { becameFinal } : null, changed: becameFinal } as never;
        },
      },
      inbox: { receivedChanged() {} },
      sync: { runNow() {}, readDetail },
      logger: silentLogger,
      now: () => new Date('2026-03-01T09:00:00Z'),
    });
    const event: OutboundEvent = { kind: 'OUTBOUND', notificationId: 'n1', appId: null, userId: null, faxId: 'fax-1', state: 'COMPLETED', rawStatus: 'COMPLETE', completedAt: null, durationSeconds: 30, pages: 1, destination: null, billableRetries: 0, errorCode: null, errorReason: null };
    applier.enqueue('a', event);
    applier.enqueue('a', { ...event, notificationId: 'n2' });
    await applier.drain();
    expect(readDetail).toHaveBeenCalledTimes(1);
    expect(readDetail).toHaveBeenCalledWith('a', 'job-1');
  });
});
