/** Rule 7: cancel, the 202/409 answers and the race with completion. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CANCEL_DELAY_MS, DESTINATION_RULES, type RunningEmulator } from '../../../src/emulator';
import { ApiClient, MINUTE, call, expectErrorShape, sendOne, startTestEmulator, statusOf } from './helpers';

let emu: RunningEmulator;
let api: ApiClient;
beforeAll(async () => {
  emu = await startTestEmulator();
});
afterAll(async () => {
  await emu.stop();
});
beforeEach(async () => {
  await emu.control.reset();
  api = await ApiClient.for(emu);
});

describe('POST /faxes/{id}/cancel', () => {
  it('answers 202 for a fax not yet final; the carrier then ends it CANCELED (E45)', async () => {
    const faxId = await sendOne(api, '12125550100');
    const res = await api.post(`/faxes/${faxId}/cancel`);
    // The body the reference shows: the text ACCEPTED.
    expect(res).toMatchObject({ status: 202, text: 'ACCEPTED' });
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(res.headers.get('transaction-id')).toBeTruthy();
    // 202 only acknowledges: the state changes when the carrier acts.
    expect(await statusOf(api, faxId)).toBe('NEW');
    await emu.control.advance(CANCEL_DELAY_MS);
    const detail = (await api.get(`/faxes/${faxId}/transmission-detail`)).body;
    expect(detail.transmission_data).toMatchObject({ transmission_status: 'CANCELED', error_code: 'E45' });
    expect((await api.get(`/faxes/${faxId}/metadata`)).body.transmission_data.transmission_status).toBe('CANCELED');
    // It stays cancelled.
    await emu.control.advance(10 * MINUTE);
    expect(await statusOf(api, faxId)).toBe('CANCELED');
  });

  it('halts a fax in progress and marks its attempt CANCELED', async () => {
    const slow = DESTINATION_RULES[13]!;
    const faxId = await sendOne(api, slow.example);
    await emu.control.advance(slow.queuedMs + 1000);
    expect(await statusOf(api, faxId)).toBe('IN PROGRESS');
    expect((await api.post(`/faxes/${faxId}/cancel`)).status).toBe(202);
    await emu.control.advance(CANCEL_DELAY_MS);
    const detail = (await api.get(`/faxes/${faxId}/transmission-detail`)).body;
    expect(detail.transmission_data.transmission_status).toBe('CANCELED');
    expect(detail.attempts[0]).toMatchObject({ attempt_status: 'CANCELED', error_code: 'E45' });
  });

  it('cancels a fax waiting to retry', async () => {
    const rule = DESTINATION_RULES[1]!;
    const faxId = await sendOne(api, rule.example);
    await emu.control.advance(rule.queuedMs + rule.failMs);
    expect(await statusOf(api, faxId)).toBe('PENDING RETRY');
    expect((await api.post(`/faxes/${faxId}/cancel`)).status).toBe(202);
    await emu.control.advance(10 * MINUTE);
    expect(await statusOf(api, faxId)).toBe('CANCELED');
  });

  it('loses the race when the fax completes first: still 202, then COMPLETED', async () => {
    const faxId = await sendOne(api, '12125550100');
    expect((await api.post(`/faxes/${faxId}/cancel`)).status).toBe(202);
    const forced = await call(`${emu.controlUrl}/faxes/${faxId}/force-complete`, { method: 'POST' });
    expect(forced.status).toBe(200);
    expect(forced.body).toEqual({ fax_id: faxId, status: 'COMPLETED' });
    await emu.control.advance(10 * MINUTE);
    expect(await statusOf(api, faxId)).toBe('COMPLETED');
    expect((await api.get(`/faxes/${faxId}/metadata`)).body.transmission_data).toMatchObject({ transmission_status: 'COMPLETE', error_code: '0' });
  });

  it('loses the race naturally when completion is due before the cancel takes effect', async () => {
    const rule = DESTINATION_RULES[0]!;
    const faxId = await sendOne(api, rule.example);
    await emu.control.advance(rule.queuedMs + rule.attemptMs - CANCEL_DELAY_MS / 2);
    expect((await api.post(`/faxes/${faxId}/cancel`)).status).toBe(202);
    await emu.control.advance(MINUTE);
    expect(await statusOf(api, faxId)).toBe('COMPLETED');
  });

  it('answers 409 with a transaction-id header and an "already completed" message once final', async () => {
    const done = await sendOne(api, '12125550100');
    const failed = await sendOne(api, '12125550104');
    const cancelled = await sendOne(api, '12125550100');
    await api.post(`/faxes/${cancelled}/cancel`);
    await emu.control.advance(MINUTE);
    const { fax_id: received } = await emu.control.inbound({});
    for (const id of [done, failed, cancelled, received]) {
      const res = await api.post(`/faxes/${id}/cancel`, undefined, { 'transaction-id': `tx-${id}` });
      expect(res.status, id).toBe(409);
      expect(res.headers.get('transaction-id')).toBe(`tx-${id}`);
      expectErrorShape(res.body);
      expect(res.body.transaction_id).toBe(`tx-${id}`);
      expect(res.body.errors[0].user_message).toMatch(/already completed messaging/);
      expect(res.body.errors[0].error_code).toBe('CONFLICT');
    }
  });

  it('answers 404 for an unknown fax and force-complete refuses a final fax', async () => {
    expect((await api.post('/faxes/nope/cancel')).status).toBe(404);
    const faxId = await sendOne(api, '12125550100');
    await emu.control.advance(MINUTE);
    const res = await call(`${emu.controlUrl}/faxes/${faxId}/force-complete`, { method: 'POST' });
    expect(res.status).toBe(409);
    expect((await call(`${emu.controlUrl}/faxes/nope/force-complete`, { method: 'POST' })).status).toBe(404);
  });
});
