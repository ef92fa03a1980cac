/**
 * Issue 22, the client against the real emulator answering as the reference does: text answers to
 * writes (201 CREATED, 200 OK, 202 ACCEPTED), a create whose answer is lost (read back, never sent
 * twice blindly), and the transmission-detail route refused the ways a gateway or the reference refuse
 * an unknown route.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FaxServiceClient } from '../../../src/main/api/fax-service-client';
import { AppError } from '../../../src/main/errors';
import { QUICK_SUCCESS, SLOW_SUCCESS, startFixture, TEXT_DOCUMENT, type Fixture } from './emulator-fixture';

let f: Fixture;
let client: FaxServiceClient;

beforeAll(async () => {
  f = await startFixture();
});
afterAll(async () => {
  await f.emulator.stop();
});
beforeEach(async () => {
  await f.emulator.control.reset();
  client = f.client();
});

const CONFIGS = `/applications/*/notifications`;

/** The emulated service's requests (method and path) for one route, since the reset. */
function seen(method: string, pattern: RegExp): number {
  return f.emulator.control.requests().filter((r) => r.method === method && pattern.test(r.path)).length;
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('expected a failure');
}

async function sendOne(number: string): Promise<string> {
  const result = await client.send({ destinations: [{ faxNumber: number }], documents: [{ documentType: 'TXT', contentBase64: TEXT_DOCUMENT }] });
  return result.faxes[0]!.faxId;
}

describe('writes answered with text', () => {
  it('creates a webhook setting on 201 CREATED (read back for its id), changes it on 200 OK, each sent once', async () => {
    const created = await client.createNotificationConfig({ direction: 'INBOUND', url: 'https://hooks.example.test/in', hmacSecret: 'secret-0123456789abcdef' });
    expect(created).toMatchObject({ direction: 'INBOUND', notifyDestination: 'https://hooks.example.test/in', enabled: true, notificationId: expect.any(String) });
    const changed = await client.updateNotificationConfig(created.notificationId, { url: 'https://hooks.example.test:8443/in', enabled: false });
    expect(changed).toMatchObject({ notificationId: created.notificationId, notifyDestination: 'https://hooks.example.test:8443/in', enabled: false });
    expect(seen('POST', /\/notifications$/)).toBe(1);
    expect(seen('PATCH', /\/notifications\/[^/]+$/)).toBe(1);
  });

  it('cancels on 202 ACCEPTED', async () => {
    const faxId = await sendOne(SLOW_SUCCESS);
    expect(await client.cancel(faxId)).toEqual({ accepted: true });
    expect(seen('POST', /\/cancel$/)).toBe(1);
  });
});

describe('a create whose answer is lost', () => {
  it('created, then the connection cut: read back, found, not sent again', async () => {
    f.emulator.control.addFault({ route: `POST ${CONFIGS}`, kind: 'reset', phase: 'after' });
    const created = await client.createNotificationConfig({ direction: 'OUTBOUND', url: 'https://hooks.example.test/out', hmacSecret: 'secret-0123456789abcdef' });
    expect(created.notifyDestination).toBe('https://hooks.example.test/out');
    expect(seen('POST', /\/notifications$/)).toBe(1);
    expect(await client.listNotificationConfigs()).toHaveLength(1);
  });

  it('not created (a 503 before the service acted): read back, absent, sent once more', async () => {
    f.emulator.control.addFault({ route: `POST ${CONFIGS}`, kind: 'status', status: 503, phase: 'before' });
    const created = await client.createNotificationConfig({ direction: 'OUTBOUND', url: 'https://hooks.example.test/out' });
    expect(created.direction).toBe('OUTBOUND');
    expect(seen('POST', /\/notifications$/)).toBe(2);
    expect(await client.listNotificationConfigs()).toHaveLength(1);
  });
});

describe('transmission-detail and transmission-details', () => {
  it("an API gateway's 403 without an error code on one spelling: the other is used, and kept", async () => {
    f.emulator.control.addFault({ route: 'GET /faxes/*/transmission-details', kind: 'status', status: 403, gatewayStyle: true, probability: 1 });
    const a = await sendOne(QUICK_SUCCESS);
    const b = await sendOne(QUICK_SUCCESS);
    expect((await client.getTransmissionDetail(a)).faxId).toBe(a);
    expect((await client.getTransmissionDetail(b)).faxId).toBe(b);
    expect(seen('GET', /\/transmission-details$/)).toBe(1);
    expect(seen('GET', /\/transmission-detail$/)).toBe(2);
  });

  it("the reference's 404 with an error body on one spelling: the other is used", async () => {
    f.emulator.control.addFault({ route: 'GET /faxes/*/transmission-details', kind: 'status', status: 404, probability: 1 });
    const a = await sendOne(QUICK_SUCCESS);
    expect((await client.getTransmissionDetail(a)).faxId).toBe(a);
    expect(seen('GET', /\/transmission-detail$/)).toBe(1);
  });

  it('neither spelling routed: a plain "not there" error, never an authentication one', async () => {
    f.emulator.control.addFault({ route: 'GET /faxes/*/transmission-detail*', kind: 'status', status: 403, gatewayStyle: true, probability: 1 });
    const a = await sendOne(QUICK_SUCCESS);
    const error = await failure(client.getTransmissionDetail(a));
    expect(error.code).toBe('NOT_FOUND');
    expect(error.message).toMatch(/answers neither/);
  });

  it('an unknown fax, once a spelling answered: one request, NOT_FOUND naming the fax', async () => {
    const a = await sendOne(QUICK_SUCCESS);
    await client.getTransmissionDetail(a);
    f.emulator.control.clearRequests();
    const error = await failure(client.getTransmissionDetail('00000000-0000-0000-0000-000000000000'));
    expect(error.code).toBe('NOT_FOUND');
    expect(error.message).toContain('00000000-0000-0000-0000-000000000000');
    expect(seen('GET', /\/transmission-details?$/)).toBe(1);
  });
});
