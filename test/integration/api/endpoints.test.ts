/**
 * Every Fax Services and Admin API endpoint, through FaxServiceClient / AdminClient, against the real
 * emulator over HTTP.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../src/main/errors';
import type { FaxServiceClient } from '../../../src/main/api/fax-service-client';
import { advanceUntil, NOT_ALLOWED, QUICK_SUCCESS, SLOW_SUCCESS, startFixture, TEXT_DOCUMENT, type Fixture } from './emulator-fixture';

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

async function failure(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('expected a failure');
}

async function sendOne(number = QUICK_SUCCESS, extra: Record<string, unknown> = {}) {
  const result = await client.send({
    destinations: [{ faxNumber: number, toName: 'Dr. Who', toCompany: 'TARDIS' }],
    documents: [{ documentType: 'TXT', contentBase64: TEXT_DOCUMENT }],
    options: { imageResolution: 'FINE', coverPage: { subject: 'Integration', fromName: 'Faxdesk' } },
    clientData: { clientReferenceId: 'REF-42', billingCode: 'B-1' },
    ...extra,
  });
  return result.faxes[0]!.faxId;
}

async function untilFinal(faxId: string) {
  await advanceUntil(f.emulator, async () => ['COMPLETED', 'ERROR', 'CANCELED'].includes((await client.getTransmissionDetail(faxId)).state));
  await f.emulator.control.idle();
}

describe('Fax Services API over HTTP', () => {
  it('health, without a token', async () => {
    expect(await client.health()).toEqual({ status: 'UP', up: true });
  });

  it('tokens: a 24-hour bearer token', async () => {
    const grant = await client.requestToken();
    expect(grant.tokenType).toBe('bearer');
    expect(grant.expiresInSeconds).toBeGreaterThan(86_000);
    expect(grant.accessToken.length).toBeGreaterThan(20);
  });

  it('send → transmission detail → metadata → sent list with filters and paging', async () => {
    const multi = await client.send({
      destinations: [{ faxNumber: QUICK_SUCCESS }, { faxNumber: NOT_ALLOWED }],
      documents: [{ documentType: 'TXT', contentBase64: TEXT_DOCUMENT }],
      clientData: { clientReferenceId: 'REF-7' },
    });
    expect(multi.faxes.map((x) => x.destinationFaxNumber)).toEqual([QUICK_SUCCESS, NOT_ALLOWED]);
    const [ok, bad] = multi.faxes.map((x) => x.faxId) as [string, string];
    expect((await client.getTransmissionDetail(ok)).state).toBe('NEW');
    await untilFinal(ok);
    await untilFinal(bad);

    const detail = await client.getTransmissionDetail(ok);
    expect(detail).toMatchObject({ faxId: ok, direction: 'OUTBOUND', state: 'COMPLETED', errorCode: null });
    expect(detail.completedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(detail.attempts.length).toBeGreaterThan(0);
    expect(detail.attempts.at(-1)!.state).toBe('COMPLETED');

    const failed = await client.getTransmissionDetail(bad);
    expect(failed).toMatchObject({ state: 'ERROR', errorCode: 'E53' });

    const meta = await client.getMetadata(ok);
    expect(meta).toMatchObject({ faxId: ok, direction: 'OUTBOUND', destinationNumber: QUICK_SUCCESS, transmission: { state: 'COMPLETED' }, clientData: { clientReferenceId: 'REF-7' } });

    const all = await client.listSent();
    expect(all).toMatchObject({ firstRecord: 1, lastRecord: 2, totalRecords: 2 });
    const onlyErrors = await client.listSent({ transmissionStatus: 'ERROR' });
    expect(onlyErrors.items.map((x) => x.faxId)).toEqual([bad]);
    expect(onlyErrors.items[0]!.transmission).toMatchObject({ state: 'ERROR', errorCode: 'E53' });
    expect((await client.listSent({ transmissionStatus: 'COMPLETED' })).items.map((x) => x.faxId)).toEqual([ok]);
    expect((await client.listSent({ destinationNumber: NOT_ALLOWED })).items).toHaveLength(1);
    expect((await client.listSent({ errorCode: 'E53' })).items).toHaveLength(1);
    expect((await client.listSent({ searchText: 'REF-7' })).items).toHaveLength(2);
    const now = new Date(Date.parse((await f.emulator.control.clock()).now) + 1000).toISOString();
    expect((await client.listSent({ completedAfter: now })).items).toHaveLength(0);
    expect((await client.listSent({ completedBefore: now })).items).toHaveLength(2);
    const second = await client.listSent({ offset: 2, limit: 1 });
    expect(second).toMatchObject({ firstRecord: 2, lastRecord: 2, totalRecords: 2 });
    expect(second.items).toHaveLength(1);
  });

  it('images: PDF, TIFF and pages; PATCH image_downloaded', async () => {
    const faxId = await sendOne();
    await untilFinal(faxId);
    const pdf = await client.getImage(faxId, 'PDF');
    expect(Buffer.from(pdf.data.subarray(0, 5)).toString()).toBe('%PDF-');
    expect(pdf.fileName).toBe(`${faxId}.pdf`);
    expect((await client.getMetadata(faxId)).imageDownloaded).toBe(true);
    expect((await client.setImageDownloaded(faxId, false)).imageDownloaded).toBe(false);
    const tiff = await client.getImage(faxId, 'TIFF');
    expect(tiff).toMatchObject({ format: 'TIFF', fileName: `${faxId}.tiff` });
    expect(['II', 'MM']).toContain(Buffer.from(tiff.data.subarray(0, 2)).toString());
    const pages = await client.getImagePages(faxId, { startPage: 0, numPages: 1 });
    expect(pages.pages).toHaveLength(1);
    expect(pages.pages[0]!.pageNumber).toBe(0);
    expect(['II', 'MM']).toContain(Buffer.from(pages.pages[0]!.data.subarray(0, 2)).toString());
  });

  it('received list: filters and the pagination headers', async () => {
    for (let i = 0; i < 3; i++) await f.emulator.control.inbound();
    await f.emulator.control.idle();
    const all = await client.listReceived();
    expect(all).toMatchObject({ firstRecord: 1, lastRecord: 3, totalRecords: 3 });
    expect(all.items[0]).toMatchObject({ faxStatus: 'STORED', imageDownloaded: false, originatingNumber: null });
    const page = await client.listReceived({ offset: 3, limit: 2 });
    expect(page).toMatchObject({ firstRecord: 3, lastRecord: 3 });
    const firstId = all.items[0]!.faxId;
    await client.setImageDownloaded(firstId, true);
    expect((await client.listReceived({ imageDownloaded: false })).items.map((x) => x.faxId)).not.toContain(firstId);
    expect((await client.listReceived({ minPages: 1, maxPages: 200 })).items).toHaveLength(3);
    const meta = await client.getMetadata(firstId);
    expect(meta.direction).toBe('INBOUND');
  });

  it('cancel: 202 for a fax in progress, 409 once final, 404 for an unknown one', async () => {
    const slow = await sendOne(SLOW_SUCCESS);
    await f.emulator.control.advance(5_000);
    expect(await client.cancel(slow)).toEqual({ accepted: true });
    await untilFinal(slow);
    expect((await client.getMetadata(slow)).transmission?.state).toBe('CANCELED');
    const conflict = await failure(client.cancel(slow));
    expect(conflict.code).toBe('CONFLICT');
    expect(conflict.message).toMatch(/already finished/);
    expect((await failure(client.cancel('00000000-0000-0000-0000-000000000000'))).code).toBe('NOT_FOUND');
  });

  it('delete: 204, then the fax is unknown', async () => {
    const faxId = await sendOne();
    await untilFinal(faxId);
    await client.deleteFax(faxId);
    const gone = await failure(client.getMetadata(faxId));
    expect(gone.code).toBe('NOT_FOUND');
    expect(gone.message).toContain(faxId);
  });

  it('notification configuration, ping and the notification log', async () => {
    expect(await client.listNotificationConfigs()).toEqual([]);
    const noHook = await failure(client.ping('OUTBOUND'));
    expect(noHook.message).toMatch(/Set an outbound webhook address first/);
    const created = await client.createNotificationConfig({ direction: 'OUTBOUND', url: 'https://hooks.example.test/faxdesk', hmacSecret: 'secret-0123456789abcdef' });
    expect(created).toMatchObject({ direction: 'OUTBOUND', notifyDestination: 'https://hooks.example.test/faxdesk', enabled: true });
    const changed = await client.updateNotificationConfig(created.notificationId, { url: 'https://hooks.example.test:8443/faxdesk' });
    expect(changed.notifyDestination).toBe('https://hooks.example.test:8443/faxdesk');
    expect(await client.listNotificationConfigs()).toHaveLength(1);

    const ping = await client.ping('OUTBOUND');
    expect(ping[0]).toMatchObject({ direction: 'OUTBOUND', eventType: 'PING', notifyConfigId: created.notificationId });
    await f.emulator.control.idle();
    const log = await client.listNotifications({ direction: 'OUTBOUND' });
    const entry = log.find((n) => n.notifyId === ping[0]!.notifyId);
    expect(entry).toBeDefined();
    expect(entry!.sentStatus).not.toBeNull();
    expect(await client.listNotifications({ direction: 'INBOUND' })).toEqual([]);
    const limited = await client.listNotifications({ limit: 1 });
    expect(limited.length).toBeLessThanOrEqual(1);

    await client.deleteNotificationConfig(created.notificationId);
    expect(await client.listNotificationConfigs()).toEqual([]);
  });

  it('refuses a send the service finds invalid, naming the field', async () => {
    const error = await failure(client.send({ destinations: [{ faxNumber: '12' }], documents: [{ documentType: 'TXT', contentBase64: TEXT_DOCUMENT }] }));
    expect(error.code).toBe('VALIDATION');
    expect(error.field).toBe('destinations[0].fax_number');
    expect(error.message).toMatch(/not a valid fax number/);
  });
});

describe('Admin API over HTTP', () => {
  it('lists, creates, reads and changes users, and releases numbers', async () => {
    const admin = f.admin();
    const before = await admin.listUsers();
    expect(before.length).toBeGreaterThan(0);
    expect(before[0]!.numbers[0]).toMatchObject({ faxNumber: f.emulator.demo.faxNumber, userId: f.emulator.demo.userId });

    const created = await admin.createUser({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', customerKey: 'ada-1', timeZone: 'Europe/London' });
    expect(created).toMatchObject({ customerKey: 'ada-1', firstName: 'Ada', status: 'ACTIVE', timeZone: 'Europe/London' });
    expect(created.numbers).toHaveLength(1);
    expect((await admin.getUser('ada-1')).email).toBe('ada@example.com');
    const changed = await admin.updateUser('ada-1', { lastName: 'King', status: 'DISABLED', customFaxHeaders: false });
    expect(changed).toMatchObject({ lastName: 'King', status: 'DISABLED', customFaxHeaders: false });
    expect(await admin.listUsers()).toHaveLength(before.length + 1);

    const dup = await failure(admin.createUser({ firstName: 'A', lastName: 'B', email: 'a@example.com', customerKey: 'ada-1' }));
    expect(dup.code).toBe('CONFLICT');

    const number = created.numbers[0]!.faxNumber;
    expect(await admin.releaseNumbers([number])).toEqual({ released: [number] });
    expect((await admin.getUser('ada-1')).numbers).toEqual([]);
    const missing = await failure(admin.releaseNumbers([number]));
    expect(missing.code).toBe('NOT_FOUND');
    expect(missing.message).toMatch(/Nothing was released/);
    expect((await failure(admin.getUser('nobody'))).code).toBe('NOT_FOUND');
  });

  it('explains wrong admin credentials', async () => {
    const { AdminClient } = await import('../../../src/main/api/admin-client');
    const wrong = new AdminClient(
      { label: 'Emulator', adminBaseUrl: f.emulator.adminBaseUrl, adminId: f.emulator.demo.adminId, adminUsername: f.emulator.demo.adminUsername, adminPassword: 'wrong-password' },
      f.http(),
    );
    const error = await failure(wrong.listUsers());
    expect(error.code).toBe('AUTH');
    expect(error.message).toMatch(/rejected the admin credentials/);
    expect(error.message).not.toContain('wrong-password');
  });
});
