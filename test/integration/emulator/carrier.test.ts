/** Rule 4: the simulated carrier, its destination rules, retries and loop-back delivery. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DESTINATION_RULES, RETRY_INTERVAL_MS, type RunningEmulator } from '../../../src/emulator';
import { ApiClient, MINUTE, b64, sendOne, startTestEmulator, statusOf } from './helpers';

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

const detail = async (faxId: string) => (await api.get(`/faxes/${faxId}/transmission-detail`)).body;

describe('destination rules', () => {
  it('are numbered 00 to 15, dialled as 1 NPA 555 01NN, each documented', () => {
    expect(DESTINATION_RULES.map((r) => r.id)).toEqual(Array.from({ length: 16 }, (_, i) => i));
    for (const rule of DESTINATION_RULES) {
      expect(rule.example).toMatch(/^1\d{3}55501\d\d$/);
      expect(rule.example.endsWith(String(rule.id).padStart(2, '0'))).toBe(true);
      expect(rule.outcome.length).toBeGreaterThan(10);
    }
  });

  it('are the table of src/emulator/README.md', () => {
    const readme = readFileSync(resolve(__dirname, '../../../src/emulator/README.md'), 'utf8');
    for (const rule of DESTINATION_RULES) {
      const row = readme.split('\n').find((line) => line.startsWith(`| ${String(rule.id).padStart(2, '0')} | \`${rule.example}\``));
      expect(row, `README row for rule ${rule.id}`).toBeDefined();
      expect(row).toContain(rule.name.split(',')[0]!);
      expect(row).toContain(rule.finalCode ? `ERROR ${rule.finalCode}` : 'COMPLETED');
    }
  });

  it.each(DESTINATION_RULES.map((r) => [r.id, r.name, r] as const))('rule %i (%s) ends as documented', async (_id, _name, rule) => {
    const faxId = await sendOne(api, rule.example);
    await emu.control.advance(3 * 60 * MINUTE);
    const d = await detail(faxId);
    expect(d.transmission_data.transmission_status).toBe(rule.finalState);
    if (rule.finalCode) {
      expect(d.transmission_data.error_code).toBe(rule.finalCode);
      expect(d.attempts.at(-1).error_code).toBe(rule.finalCode);
    } else {
      expect(d.transmission_data.error_code).toBe('0');
    }
    // Every attempt of the script up to the end is recorded, with its result.
    const expectedScript = rule.attempts.slice(0, d.attempts.length);
    d.attempts.forEach((a: { attempt_number: number; error_code: string; attempt_status: string }, i: number) => {
      expect(a.attempt_number).toBe(i + 1);
      const script = expectedScript[i] ?? rule.attempts.at(-1);
      expect(a.error_code).toBe(script === 'OK' ? '0' : script);
      expect(a.attempt_status).toBe(script === 'OK' ? 'COMPLETED' : 'ERROR');
    });
    // The same rule reaches the same end via the webhook-facing metadata.
    const meta = (await api.get(`/faxes/${faxId}/metadata`)).body;
    expect(meta.transmission_data.transmission_status).toBe(rule.finalState === 'COMPLETED' ? 'COMPLETE' : 'ERROR');
  });

  it('a plain success number transmits within seconds: NEW, IN PROGRESS, COMPLETED', async () => {
    const faxId = await sendOne(api, '12125550100');
    expect(await statusOf(api, faxId)).toBe('NEW');
    await emu.control.advance(999);
    expect(await statusOf(api, faxId)).toBe('NEW');
    await emu.control.advance(1);
    expect(await statusOf(api, faxId)).toBe('IN PROGRESS');
    const running = await detail(faxId);
    expect(running.attempts).toHaveLength(1);
    expect(running.attempts[0]).toMatchObject({ attempt_number: 1, attempt_status: 'IN PROGRESS', end_timestamp: null });
    await emu.control.advance(2000);
    const done = await detail(faxId);
    expect(done.transmission_data).toMatchObject({ transmission_status: 'COMPLETED', error_code: '0', error_message: 'OK', total_pages_sent: 1, total_duration: 2 });
    expect(done.attempts[0]).toMatchObject({ attempt_status: 'COMPLETED', duration: 2, pages_sent: 1 });
    const meta = (await api.get(`/faxes/${faxId}/metadata`)).body;
    expect(meta).toMatchObject({ pages: 1, duration: 2, transmission_data: { transmission_status: 'COMPLETE', billable_retries: 0 } });
  });

  it('busy then success: PENDING RETRY for the 2-minute retry interval, then IN PROGRESS again', async () => {
    const rule = DESTINATION_RULES[1]!;
    const faxId = await sendOne(api, rule.example);
    await emu.control.advance(rule.queuedMs + rule.failMs);
    expect(await statusOf(api, faxId)).toBe('PENDING RETRY');
    expect((await detail(faxId)).attempts[0]).toMatchObject({ attempt_status: 'ERROR', error_code: 'E41', error_message: 'Busy', duration: rule.failMs / 1000 });
    await emu.control.advance(RETRY_INTERVAL_MS - 1);
    expect(await statusOf(api, faxId)).toBe('PENDING RETRY');
    await emu.control.advance(1);
    expect(await statusOf(api, faxId)).toBe('IN PROGRESS');
    await emu.control.advance(10 * MINUTE);
    const d = await detail(faxId);
    expect(d.transmission_data.transmission_status).toBe('COMPLETED');
    expect(d.attempts).toHaveLength(2);
    const gap = Date.parse(d.attempts[1].start_timestamp.replace('+0000', 'Z')) - Date.parse(d.attempts[0].end_timestamp.replace('+0000', 'Z'));
    expect(gap).toBe(RETRY_INTERVAL_MS);
  });

  it('no answer uses the non-billable retries: 1 + non_billable_retries attempts', async () => {
    const faxId = await sendOne(api, DESTINATION_RULES[2]!.example, { fax_options: { non_billable_retries: '2' } });
    await emu.control.advance(60 * MINUTE);
    const d = await detail(faxId);
    expect(d.transmission_data).toMatchObject({ transmission_status: 'ERROR', error_code: 'E42', error_message: 'No answer' });
    expect(d.attempts).toHaveLength(3);
    const meta = (await api.get(`/faxes/${faxId}/metadata`)).body;
    expect(meta).toMatchObject({ pages: 0, duration: 0, transmission_data: { billable_retries: 0, error_code: 'E42' } });
  });

  it('interrupted uses the billable retries and counts them', async () => {
    const faxId = await sendOne(api, DESTINATION_RULES[6]!.example, { fax_options: { retry_options: { billable: 1 } } });
    await emu.control.advance(60 * MINUTE);
    const d = await detail(faxId);
    expect(d.attempts).toHaveLength(2);
    expect(d.transmission_data.billable_retries).toBe(1);
    expect((await api.get(`/faxes/${faxId}/metadata`)).body.transmission_data.billable_retries).toBe(1);
  });

  it('invalid format (E51) and not allowed (E53) are never retried', async () => {
    for (const rule of [DESTINATION_RULES[3]!, DESTINATION_RULES[4]!]) {
      const faxId = await sendOne(api, rule.example);
      await emu.control.advance(rule.queuedMs + rule.failMs);
      const d = await detail(faxId);
      expect(d.transmission_data.transmission_status).toBe('ERROR');
      expect(d.attempts).toHaveLength(1);
    }
  });

  it('an ordinary number succeeds on the first attempt', async () => {
    const faxId = await sendOne(api, '14155550123');
    await emu.control.advance(MINUTE);
    expect(await statusOf(api, faxId)).toBe('COMPLETED');
  });

  it('a document that cannot be rendered ends in ERROR E07', async () => {
    const faxId = await sendOne(api, '12125550100', { documents: [{ document_type: 'PDF', document_content: b64('%PDF-1.4 this is not really a pdf') }] });
    await emu.control.advance(MINUTE);
    const d = await detail(faxId);
    expect(d.transmission_data.transmission_status).toBe('ERROR');
    expect(d.transmission_data.error_code).toBe('E07');
    expect(d.transmission_data.error_message).toMatch(/PDF/);
  });
});

describe('loop back into a Sandbox inbox', () => {
  it("a fax to the demo user's own number arrives in their inbox", async () => {
    const faxId = await sendOne(api, emu.demo.faxNumber, { fax_options: { custom_CSID: 'FRONT DESK' } });
    await emu.control.advance(MINUTE);
    expect(await statusOf(api, faxId)).toBe('COMPLETED');
    const received = (await api.get('/faxes/received')).body;
    expect(received.total_records).toBe(1);
    const item = received.faxes[0];
    expect(item).toMatchObject({ pages: 1, image_downloaded: false, fax_status: 'STORED', originating_fax_number: emu.demo.faxNumber, originating_fax_tsid: 'FRONT DESK' });
    const sentImage = (await api.get(`/faxes/${faxId}/image?desired_format=PDF`)).body.image;
    const receivedImage = (await api.get(`/faxes/${item.fax_id}/image?desired_format=PDF`)).body.image;
    expect(receivedImage).toBe(sentImage);
  });

  it("a fax to another Sandbox user's number arrives in that user's inbox only", async () => {
    const admin = { 'admin-id': emu.demo.adminId, 'admin-username': emu.demo.adminUsername, 'admin-password': emu.demo.adminPassword };
    const created = await fetch(`${emu.adminBaseUrl}/users`, {
      method: 'POST',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({ first_name: 'Bea', last_name: 'Receiver', email: 'bea@example.com' }),
    }).then((r) => r.json());
    const bea = created.fax_numbers[0];
    await sendOne(api, `+${bea.fax_number}`, { fax_options: { custom_CallerID: '15550001111' } });
    await emu.control.advance(MINUTE);
    const beaApi = new ApiClient(emu.baseUrl, api.token, bea.user_id);
    const inbox = (await beaApi.get('/faxes/received')).body;
    expect(inbox.total_records).toBe(1);
    expect(inbox.faxes[0].originating_fax_number).toBe('15550001111');
    expect((await api.get('/faxes/received')).body.total_records).toBe(0);
  });
});

// The real clock's own timer (events fire by themselves, in order, at their time) is tested with fake
// timers in test/unit/emulator/clock.test.ts; here the carrier is stepped second by second.
describe('second by second', () => {
  it('the quick success number goes from NEW to COMPLETED within seconds', async () => {
    const faxId = await sendOne(api, '12125550100');
    const seen = new Set<string>();
    for (let second = 0; second < 60; second++) {
      const status = await statusOf(api, faxId);
      seen.add(status);
      if (status === 'COMPLETED') break;
      await emu.control.advance(1_000);
    }
    expect([...seen]).toContain('COMPLETED');
    expect([...seen][0]).toBe('NEW');
  });
});
