import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { AppError } from '../../../../src/main/errors';
import type { ServiceTarget } from '../../../../src/main/api/http';
import {
  FaxImagePagesSchema,
  FaxMetadataSchema,
  HealthSchema,
  NotificationConfigListSchema,
  NotificationListSchema,
  PingResultSchema,
  ReceivedPageSchema,
  SendResultSchema,
  SentFaxSchema,
  SentPageSchema,
  TokenSchema,
  TransmissionDetailSchema,
  faxImageSchema,
  normalizeTimestamp,
} from '../../../../src/main/api/schemas';
import { parseAnswerBody } from '../../../../src/main/api/service-errors';
import * as fx from './fixtures';

const target: ServiceTarget = { service: 'Fax Services API', baseUrl: 'https://api.securedocex.com', accountLabel: 'Office', appId: 'APP' };

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  return parseAnswerBody(target, 'read something', body, schema);
}

function parseError(schema: z.ZodType<unknown>, body: unknown): AppError {
  try {
    parse(schema, body);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('expected the answer to be refused');
}

describe('timestamps', () => {
  it.each([
    ['2024-05-10T15:07:01.000Z', '2024-05-10T15:07:01.000Z'], // D-ntf
    ['2024-11-26T20:09:13+00:00', '2024-11-26T20:09:13.000Z'], // MS
    ['2024-05-21T04:27:56.000+0000', '2024-05-21T04:27:56.000Z'], // SW
    ['2020-07-17T00:00:00+02:00', '2020-07-16T22:00:00.000Z'],
    ['2024-05-10T15:07:01Z', '2024-05-10T15:07:01.000Z'],
    ['2024-05-10T15:07:01.5Z', '2024-05-10T15:07:01.500Z'],
    ['2024-05-10T15:07:01.123456Z', '2024-05-10T15:07:01.123Z'],
    ['2024-05-10 15:07:01', '2024-05-10T15:07:01.000Z'], // no zone: the spec says every timestamp is UTC
    ['2024-05-10T15:07:01-0500', '2024-05-10T20:07:01.000Z'],
  ])('%s → %s', (raw, iso) => {
    expect(normalizeTimestamp(raw)).toBe(iso);
  });

  it.each(['yesterday', '2024-02-31T00:00:00Z', '2024-05-10', '10/05/2024 15:07', '2024-05-10T25:00:00Z', ''])('refuses %j', (raw) => {
    expect(normalizeTimestamp(raw)).toBeNull();
  });
});

describe('received list', () => {
  it('reads the MS envelope without total_records, "unavailable" numbers as null', () => {
    const page = parse(ReceivedPageSchema, fx.receivedListMs);
    expect(page).toEqual({
      firstRecord: 1,
      lastRecord: 2,
      items: [
        {
          faxId: 'ec048b91-3589-489b-8e95-a067e50d92a8',
          pages: 2,
          size: 48213,
          durationSeconds: 41,
          imageDownloaded: false,
          faxStatus: 'STORED',
          completedAt: '2024-11-26T20:09:13.000Z',
          originatingNumber: null,
          originatingTsid: null,
          destinationNumber: '13105551212',
        },
        expect.objectContaining({ completedAt: '2024-05-21T04:27:56.000Z', originatingNumber: '12125550100', originatingTsid: 'ACME LEGAL', size: null }),
      ],
    });
    expect('totalRecords' in page).toBe(false);
  });

  it('reads the spec envelope with total_records and UNKNOWN numbers', () => {
    const page = parse(ReceivedPageSchema, fx.receivedListSpec);
    expect(page.totalRecords).toBe(1);
    expect(page.items[0]).toMatchObject({ originatingNumber: null, completedAt: '2024-05-10T15:07:01.000Z', pages: 3, destinationNumber: null });
  });

  it('gives null, never undefined, for every field the service left out', () => {
    const page = parse(ReceivedPageSchema, { first_record: 1, last_record: 1, faxes: [{ fax_id: 'x' }] });
    const item = page.items[0]!;
    for (const [key, value] of Object.entries(item)) expect(value, key).not.toBeUndefined();
    expect(Object.keys(item).sort()).toEqual(
      ['completedAt', 'destinationNumber', 'durationSeconds', 'faxId', 'faxStatus', 'imageDownloaded', 'originatingNumber', 'originatingTsid', 'pages', 'size'].sort(),
    );
  });

  it('reads an empty page, also without the faxes field', () => {
    expect(parse(ReceivedPageSchema, { first_record: 0, last_record: 0, total_records: 0, faxes: [] })).toEqual({ items: [], firstRecord: 0, lastRecord: 0, totalRecords: 0 });
    expect(parse(ReceivedPageSchema, { first_record: 0, last_record: 0 })).toEqual({ items: [], firstRecord: 0, lastRecord: 0 });
  });

  it('accepts a bare array where an envelope was expected', () => {
    const page = parse(ReceivedPageSchema, fx.receivedListSpec.faxes);
    expect(page).toMatchObject({ firstRecord: 1, lastRecord: 1 });
    expect(page.items).toHaveLength(1);
  });

  it('accepts numbers and booleans sent as text', () => {
    const page = parse(ReceivedPageSchema, { first_record: '1', last_record: '1', faxes: [{ fax_id: 'x', pages: '4', image_downloaded: 'true' }] });
    expect(page.items[0]).toMatchObject({ pages: 4, imageDownloaded: true });
  });

  it('names the path of a bad timestamp', () => {
    const body = structuredClone(fx.receivedListMs);
    (body.faxes[1] as Record<string, unknown>).completed_timestamp = 'yesterday';
    const error = parseError(ReceivedPageSchema, body);
    expect(error.code).toBe('BAD_RESPONSE');
    expect(error.detail.responsePath).toBe('faxes[1].completed_timestamp');
    expect(error.message).toContain('faxes[1].completed_timestamp');
    expect(error.message).toContain('"yesterday"');
    expect(error.message).toContain('Office');
  });

  it('names a missing fax_id and a wrong type', () => {
    expect(parseError(ReceivedPageSchema, { first_record: 1, last_record: 1, faxes: [{ pages: 1 }] }).detail.responsePath).toBe('faxes[0].fax_id');
    const wrong = parseError(ReceivedPageSchema, { first_record: 1, last_record: 1, faxes: [{ fax_id: 'x', pages: 'many' }] });
    expect(wrong.detail.responsePath).toBe('faxes[0].pages');
    expect(wrong.message).toContain('whole number');
    expect(parseError(ReceivedPageSchema, { first_record: 1, last_record: 1, faxes: 'none' }).detail.responsePath).toBe('faxes');
  });

  it('refuses a list said to hold records that is missing', () => {
    expect(parseError(ReceivedPageSchema, { first_record: 1, last_record: 5 }).detail.responsePath).toBe('faxes');
  });

  it('refuses something that is not a list at all', () => {
    for (const body of [null, 'OK', 42, true]) expect(parseError(ReceivedPageSchema, body).code).toBe('BAD_RESPONSE');
  });
});

describe('sent list and metadata', () => {
  it('reads nested objects', () => {
    const fax = parse(SentFaxSchema, fx.sentItemObjects);
    expect(fax.routing).toEqual({ toName: 'Dr. Who', toCompany: 'TARDIS Ltd', subject: 'Referral', fromName: 'Front desk', coverPageTags: [] });
    expect(fax.transmission).toEqual({ state: 'COMPLETED', rawStatus: 'COMPLETE', billableRetries: 0, errorCode: null, errorMessage: null });
    expect(fax.clientData).toEqual({ clientCode: 'C1', clientId: 'ID-7', clientMatter: 'M-2', clientName: 'Acme', clientReferenceId: 'REF-9', billingCode: 'B-1' });
  });

  it('reads the same parts sent as one-element arrays', () => {
    const fax = parse(SentFaxSchema, fx.sentItemArrays);
    expect(fax.routing?.toName).toBe('Dr. Who');
    expect(fax.transmission).toEqual({ state: 'ERROR', rawStatus: 'ERROR', billableRetries: null, errorCode: 'E53', errorMessage: 'destination fax number not allowed' });
    expect(fax.clientData).toEqual({ clientCode: 'C1' });
  });

  it('reads absent or empty nested parts as null', () => {
    const fax = parse(SentFaxSchema, { fax_id: 'x', routing_data: [], transmission_data: null });
    expect(fax).toMatchObject({ routing: null, transmission: null, clientData: null });
  });

  it('refuses a list of several where one object was expected', () => {
    const error = parseError(SentFaxSchema, { fax_id: 'x', routing_data: [{}, {}] });
    expect(error.detail.responsePath).toBe('routing_data');
  });

  it('reads a sent page', () => {
    const page = parse(SentPageSchema, { first_record: 1, last_record: 2, total_records: 40, faxes: [fx.sentItemObjects, fx.sentItemArrays] });
    expect(page.items.map((f) => f.transmission?.state)).toEqual(['COMPLETED', 'ERROR']);
    expect(page.totalRecords).toBe(40);
  });

  it.each([
    ['COMPLETE', 'COMPLETED'],
    ['COMPLETED', 'COMPLETED'],
    ['complete', 'COMPLETED'],
    ['CANCELED', 'CANCELED'],
    ['CANCELLED', 'CANCELED'],
    ['IN PROGRESS', 'IN_PROGRESS'],
    ['INPROGRESS', 'IN_PROGRESS'],
    ['INPROGESS', 'IN_PROGRESS'],
    ['PENDING RETRY', 'PENDING_RETRY'],
    ['NEW', 'NEW'],
    ['ERROR', 'ERROR'],
  ])('transmission_status %s → %s', (raw, state) => {
    const fax = parse(SentFaxSchema, { fax_id: 'x', transmission_data: { transmission_status: raw } });
    expect(fax.transmission).toMatchObject({ state, rawStatus: raw });
  });

  it('refuses an unknown transmission status, naming where', () => {
    const error = parseError(SentPageSchema, { first_record: 1, last_record: 1, faxes: [{ fax_id: 'x', transmission_data: [{ transmission_status: 'TELEPORTED' }] }] });
    expect(error.detail.responsePath).toBe('faxes[0].transmission_data.transmission_status');
    expect(error.message).toContain('TELEPORTED');
  });

  it('reads inbound metadata', () => {
    const meta = parse(FaxMetadataSchema, fx.metadataInbound);
    expect(meta).toMatchObject({
      direction: 'INBOUND',
      originatingTsid: null,
      destinationCsid: 'FAXDESK',
      completedAt: '2024-11-26T20:09:13.000Z',
      routing: null,
      transmission: null,
      clientData: null,
    });
  });

  it('reads outbound metadata with CANCELLED, a lower-case direction and retries as text', () => {
    const meta = parse(FaxMetadataSchema, fx.metadataOutbound);
    expect(meta.direction).toBe('OUTBOUND');
    expect(meta.transmission).toEqual({ state: 'CANCELED', rawStatus: 'CANCELLED', billableRetries: 1, errorCode: 'E45', errorMessage: 'Cancelled by sender' });
  });

  it('refuses an unknown direction', () => {
    expect(parseError(FaxMetadataSchema, { ...fx.metadataInbound, direction: 'SIDEWAYS' }).detail.responsePath).toBe('direction');
  });
});

describe('transmission detail', () => {
  it('reads the MS body, orders attempts, and treats 0/OK as no error', () => {
    const detail = parse(TransmissionDetailSchema, fx.detailMs);
    expect(detail).toMatchObject({
      faxId: fx.detailMs.fax_id,
      direction: 'OUTBOUND',
      state: 'COMPLETED',
      rawStatus: 'COMPLETED',
      completedAt: '2024-11-26T20:09:13.000Z',
      errorCode: null,
      errorMessage: null,
      totalPagesSent: 2,
      totalDurationSeconds: 70,
    });
    expect(detail.attempts).toEqual([
      { attemptNumber: 1, state: 'ERROR', rawStatus: 'ERROR', durationSeconds: 0, startedAt: null, endedAt: null, errorCode: 'E41', errorMessage: null },
      { attemptNumber: 2, state: 'COMPLETED', rawStatus: 'COMPLETED', durationSeconds: 35, startedAt: null, endedAt: null, errorCode: null, errorMessage: null },
    ]);
  });

  it.each(['NEW', 'IN PROGRESS', 'INPROGRESS', 'INPROGESS', 'PENDING RETRY', 'COMPLETE', 'ERROR', 'CANCELED', 'CANCELLED'])('reads summary status %s', (raw) => {
    const detail = parse(TransmissionDetailSchema, { ...fx.detailMs, transmission_data: { ...fx.detailMs.transmission_data, transmission_status: raw } });
    expect(detail.rawStatus).toBe(raw);
  });

  it('reads the summary from the top level, a one-element array, and attempt timestamps', () => {
    const detail = parse(TransmissionDetailSchema, {
      fax_id: 'x',
      status: 'IN PROGRESS',
      attempts: [{ attempt_number: '1', status: 'INPROGESS', start_timestamp: '2024-05-21T04:27:56.000+0000' }],
    });
    expect(detail).toMatchObject({ state: 'IN_PROGRESS', rawStatus: 'IN PROGRESS' });
    expect(detail.attempts[0]).toMatchObject({ attemptNumber: 1, state: 'IN_PROGRESS', startedAt: '2024-05-21T04:27:56.000Z' });
    const arr = parse(TransmissionDetailSchema, { fax_id: 'x', transmission_data: [{ transmission_status: 'PENDING RETRY' }] });
    expect(arr.state).toBe('PENDING_RETRY');
    expect(arr.attempts).toEqual([]);
  });

  it('refuses a detail without a status, or with an unknown one, naming where', () => {
    expect(parseError(TransmissionDetailSchema, { fax_id: 'x', transmission_data: {} }).detail.responsePath).toBe('transmission_data.transmission_status');
    const unknown = parseError(TransmissionDetailSchema, { fax_id: 'x', transmission_data: { transmission_status: 'LOST' } });
    expect(unknown.detail.responsePath).toBe('transmission_data.transmission_status');
    expect(parseError(TransmissionDetailSchema, { ...fx.detailMs, attempts: [{ attempt_status: 'NEW' }] }).detail.responsePath).toBe('attempts[0].attempt_number');
  });
});

describe('images', () => {
  it('decodes the PDF image', () => {
    const image = parse(faxImageSchema('PDF'), fx.imageMs);
    expect(image).toMatchObject({ faxId: 'f-1', fileName: 'f-1.pdf', format: 'PDF' });
    expect(Buffer.from(image.data).toString()).toBe('%PDF-1.4 test');
  });

  it('decodes TIFF pages, page numbers may be null', () => {
    const pages = parse(FaxImagePagesSchema, fx.imagePagesMs);
    expect(pages.pages.map((p) => [p.pageNumber, p.fileName])).toEqual([
      [0, 'f-1-P-0.tiff'],
      [null, 'f-1-P-1.tiff'],
    ]);
    expect(Buffer.from(pages.pages[1]!.data).toString()).toContain('page1');
  });

  it('refuses an image that is not base64', () => {
    expect(parseError(faxImageSchema('PDF'), { ...fx.imageMs, image: '%%% not base64 %%%' }).detail.responsePath).toBe('image');
  });
});

describe('tokens and sending', () => {
  it('reads the token answer', () => {
    expect(parse(TokenSchema, fx.tokenSw)).toEqual({ accessToken: fx.tokenSw.access_token, tokenType: 'bearer', expiresInSeconds: 86399, scope: 'read write', jti: fx.tokenSw.jti });
  });

  it('assumes the documented lifetime when expires_in is missing, and accepts it as text', () => {
    expect(parse(TokenSchema, { access_token: 't' }).expiresInSeconds).toBe(86399);
    expect(parse(TokenSchema, { access_token: 't', expires_in: '3600', token_type: 'Bearer' }).expiresInSeconds).toBe(3600);
  });

  it('never quotes a token in an error message', () => {
    const error = (() => {
      try {
        parseAnswerBody(target, 'obtain a token', { access_token: 'SECRET-TOKEN-VALUE', token_type: 'mac' }, TokenSchema, { echoValues: false });
      } catch (e) {
        return e as AppError;
      }
      throw new Error('expected a failure');
    })();
    expect(error.detail.responsePath).toBe('token_type');
    expect(error.message).not.toContain('SECRET-TOKEN-VALUE');
    const typed = (() => {
      try {
        parseAnswerBody(target, 'obtain a token', { access_token: 12345678 }, TokenSchema, { echoValues: false });
      } catch (e) {
        return e as AppError;
      }
      throw new Error('expected a failure');
    })();
    expect(typed.message).not.toContain('12345678');
  });

  it('reads the send answer as an array, an object, or a faxes envelope', () => {
    expect(parse(SendResultSchema, fx.sendArrayMs)).toEqual({
      faxes: [
        { faxId: 'f-1', destinationFaxNumber: '15222051030' },
        { faxId: 'f-2', destinationFaxNumber: '81342167158' },
      ],
    });
    expect(parse(SendResultSchema, { fax_id: 'f-9' })).toEqual({ faxes: [{ faxId: 'f-9', destinationFaxNumber: null }] });
    expect(parse(SendResultSchema, { faxes: [{ fax_id: 'f-3' }] }).faxes[0]!.faxId).toBe('f-3');
  });

  it('refuses a send answer without any fax_id', () => {
    expect(parseError(SendResultSchema, []).code).toBe('BAD_RESPONSE');
    expect(parseError(SendResultSchema, { ok: true }).code).toBe('BAD_RESPONSE');
  });
});

describe('notifications', () => {
  it('reads the D-ntf log', () => {
    const log = parse(NotificationListSchema, fx.notificationsDntf);
    expect(log[0]).toEqual({
      notifyId: 'n-1',
      appId: fx.notificationsDntf[0]!.app_id,
      userId: '12345678-87654321',
      faxId: '723d3c03-ff3e-53b3-e053-5601b00a420d',
      direction: 'OUTBOUND',
      faxCompletedAt: '2024-05-10T15:07:01.000Z',
      notifyType: 'WEBHOOK',
      notifyDestination: 'https://example.com/hook',
      sentStatus: 'FAILED',
      eventType: null,
    });
    expect(log[1]!.sentStatus).toBe('SUCCESSFUL');
  });

  it.each([
    ['success', 'SUCCESSFUL'],
    ['failed', 'FAILED'],
    ['queued', 'QUEUED'],
    ['FAILURE', 'FAILED'],
  ])('sent_status %s → %s', (raw, status) => {
    expect(parse(NotificationListSchema, [{ notify_id: 'n', sent_status: raw }])[0]!.sentStatus).toBe(status);
  });

  it('accepts an envelope and the notification_id spelling; refuses unknown delivery statuses', () => {
    expect(parse(NotificationListSchema, { notifications: [{ notification_id: 'n-5', direction: 'inbound' }] })[0]).toMatchObject({ notifyId: 'n-5', direction: 'INBOUND' });
    expect(parseError(NotificationListSchema, [{ notify_id: 'n', sent_status: 'LOST' }]).message).toContain('LOST');
  });

  it('reads the ping answer as an array or a single object', () => {
    expect(parse(PingResultSchema, fx.pingSpec)).toEqual([{ notifyId: 'p-1', appId: 'APP', notifyConfigId: 'cfg-1', direction: 'OUTBOUND', notifyType: 'WEBHOOK', eventType: 'PING' }]);
    expect(parse(PingResultSchema, { app_id: 'APP', notification_id: 'p-2', notification_config_id: 'cfg-1', direction: 'INBOUND', event_type: 'PING' })).toEqual([
      expect.objectContaining({ notifyId: 'p-2', notifyConfigId: 'cfg-1', direction: 'INBOUND' }),
    ]);
  });

  it('reads the notification configuration', () => {
    expect(parse(NotificationConfigListSchema, fx.notificationConfigsMs)).toEqual([
      { notificationId: 'cfg-1', appId: 'APP', direction: 'OUTBOUND', notifyDestination: 'https://example.com/out', enabled: true },
      { notificationId: 'cfg-2', appId: 'APP', direction: 'INBOUND', notifyDestination: 'https://example.com:8443/in', enabled: false },
    ]);
    expect(parseError(NotificationConfigListSchema, [{ notification_id: 'c', direction: 'OUTBOUND' }]).detail.responsePath).toBe('[0].notify_destination');
  });

  it('reads health', () => {
    expect(parse(HealthSchema, { status: 'UP' })).toEqual({ status: 'UP', up: true });
    expect(parse(HealthSchema, { status: 'DOWN', dynamoDb: { status: 'DOWN', region: 'us-west-2' } })).toEqual({ status: 'DOWN', up: false });
  });
});
