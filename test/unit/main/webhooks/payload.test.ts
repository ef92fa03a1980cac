/** The receiver's tolerant payload reader. */
import { describe, expect, it } from 'vitest';
import { parseWebhookBody } from '../../../../src/main/webhooks/payload';

describe('payload', () => {
  it('reads the spec\'s outbound disposition (COMPLETE → COMPLETED; error fields only on ERROR)', () => {
    const ok = parseWebhookBody({ notification_id: 'n', app_id: 'a', user_id: 'u', fax_id: 'f', direction: 'OUTBOUND', completed_timestamp: '2026-03-01T09:00:00Z', duration: 31, pages: 2, status: 'COMPLETE', billable_retries: 0, client_data: {} });
    expect(ok).toEqual({ ok: true, event: expect.objectContaining({ kind: 'OUTBOUND', state: 'COMPLETED', completedAt: '2026-03-01T09:00:00.000Z', pages: 2, errorCode: null }) });
    const failed = parseWebhookBody({ notification_id: 'n', fax_id: 'f', direction: 'OUTBOUND', status: 'ERROR', error: 'E53', error_reason: 'not allowed', pages: 0 });
    expect(failed).toMatchObject({ ok: true, event: { state: 'ERROR', errorCode: 'E53', errorReason: 'not allowed' } });
  });

  it('reads inbound metadata and PING with other spellings, ignoring unknown fields (an image too)', () => {
    expect(parseWebhookBody({ notify_id: 'n', fax_direction: 'inbound', fax_id: 'f', pages: '3', originating_fax_number: '13125550170', completed_timestamp: '2024-05-21T04:27:56.000+0000', image: 'JVBERi0=' })).toMatchObject({
      ok: true,
      event: { kind: 'INBOUND', pages: 3, from: '13125550170', completedAt: '2024-05-21T04:27:56.000Z' },
    });
    expect(parseWebhookBody({ app_id: 'a', notification_id: 'p', direction: 'OUTBOUND', event_type: 'PING', notification_config_id: 'c' })).toEqual({
      ok: true,
      event: { kind: 'PING', notificationId: 'p', appId: 'a', direction: 'OUTBOUND', configId: 'c' },
    });
  });

  it('says what is wrong with a body it cannot use', () => {
    expect(parseWebhookBody([1])).toMatchObject({ ok: false });
    expect(parseWebhookBody({ fax_id: 'f', direction: 'OUTBOUND', status: 'COMPLETE' })).toMatchObject({ ok: false, problem: expect.stringContaining('notification_id') });
    expect(parseWebhookBody({ notification_id: 'n', direction: 'OUTBOUND', status: 'COMPLETE' })).toMatchObject({ ok: false, problem: expect.stringContaining('fax_id') });
    expect(parseWebhookBody({ notification_id: 'n', fax_id: 'f', direction: 'OUTBOUND', status: 'IN PROGRESS' })).toMatchObject({ ok: false, problem: expect.stringContaining('final') });
    expect(parseWebhookBody({ notification_id: 'n', fax_id: 'f', direction: 'SIDEWAYS' })).toMatchObject({ ok: false });
    expect(parseWebhookBody({ notification_id: { x: 1 }, fax_id: 'f' })).toMatchObject({ ok: false });
  });
});
