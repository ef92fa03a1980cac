import { describe, expect, it } from 'vitest';
import { FaxServiceClient } from '../../../../src/main/api/fax-service-client';
import { HttpClient } from '../../../../src/main/api/http';
import { FakeFetch, empty, html, json, netError, text, tokenAnswer } from './fake-fetch';
import * as fx from './fixtures';
import { API_KEY, failure } from './support';

const credentials = { label: 'Office', baseUrl: 'https://api.example.test', appId: 'APP-1', apiKey: API_KEY, userId: 'U-42' };

function setup(fake: FakeFetch) {
  const http = new HttpClient({ fetch: fake.fetch, retry: { attempts: 3 }, sleep: async () => undefined, timeoutMs: 2_000 });
  return new FaxServiceClient(credentials, http);
}

describe('FaxServiceClient', () => {
  it('signs in with Basic App ID:API key and a client-credentials form', async () => {
    const fake = new FakeFetch().on('POST', '/tokens', tokenAnswer('tok-A'));
    const grant = await setup(fake).requestToken();
    expect(grant).toMatchObject({ accessToken: 'tok-A', expiresInSeconds: 86399, scope: 'read write' });
    const seen = fake.seen[0]!;
    expect(seen.headers.authorization).toBe(`Basic ${Buffer.from(`APP-1:${API_KEY}`).toString('base64')}`);
    expect(seen.headers['content-type']).toBe('application/x-www-form-urlencoded;charset=UTF-8');
    expect(seen.body).toBe('grant_type=client_credentials');
  });

  it('says the API key was rejected, naming the App ID, on 401 from /tokens', async () => {
    const fake = new FakeFetch().on('POST', '/tokens', json({ errors: [{ user_message: 'Bad credentials', error_code: 'UNAUTHORIZED' }] }, 401));
    const error = await failure(setup(fake).listReceived());
    expect(error.code).toBe('AUTH');
    expect(error.message).toContain('The service rejected the API key for App ID "APP-1"');
    expect(error.message).toContain('Settings > Accounts');
    expect(fake.requests('POST', '/tokens')).toHaveLength(1);
  });

  it('says the base URL is wrong when /tokens does not exist or a web page answers', async () => {
    const missing = await failure(setup(new FakeFetch().on('POST', '/tokens', json({ message: 'Not Found' }, 404))).listReceived());
    expect(missing.message).toMatch(/no fax service sign-in at https:\/\/api.example.test\/tokens/);
    const page = await failure(setup(new FakeFetch().on('POST', '/tokens', html(200))).listReceived());
    expect(page.code).toBe('BAD_RESPONSE');
    expect(page.message).toMatch(/web page/);
  });

  it('calls with the bearer token and user-id, paging headers and filters', async () => {
    const fake = new FakeFetch().on('POST', '/tokens', tokenAnswer('tok-A')).on('GET', '/faxes/sent', json({ first_record: 101, last_record: 101, faxes: [fx.sentItemObjects] }));
    const page = await setup(fake).listSent({
      offset: 101,
      limit: 500,
      completedAfter: '2024-01-01T00:00:00.000Z',
      completedBefore: '2024-02-01T00:00:00.000Z',
      transmissionStatus: 'COMPLETED',
      destinationNumber: '15222051030',
      imageDownloaded: false,
      searchText: 'Who',
      minPages: 1,
      maxPages: 9,
      errorCode: 'E53',
      transactionId: 'tx',
      faxStatus: 'STORED',
      originatingNumber: '1310',
    });
    expect(page).toMatchObject({ firstRecord: 101, lastRecord: 101 });
    const seen = fake.requests('GET', '/faxes/sent')[0]!;
    expect(seen.headers).toMatchObject({ authorization: 'Bearer tok-A', 'user-id': 'U-42', 'pagination-offset': '101', 'pagination-limit': '100' });
    expect(Object.fromEntries(seen.url.searchParams)).toEqual({
      min_completed_timestamp: '2024-01-01T00:00:00.000Z',
      max_completed_timestamp: '2024-02-01T00:00:00.000Z',
      transmission_status: 'COMPLETE',
      destination_fax_number: '15222051030',
      image_downloaded: 'false',
      search_text: 'Who',
      min_pages: '1',
      max_pages: '9',
      error_code: 'E53',
      transaction_id: 'tx',
      fax_status: 'STORED',
      originating_fax_number: '1310',
    });
  });

  it('on 401 gets exactly one new token and repeats the call once', async () => {
    const fake = new FakeFetch()
      .on('POST', '/tokens', tokenAnswer('tok-1'), tokenAnswer('tok-2'))
      .on('GET', '/faxes/received', (req) => (req.headers.authorization === 'Bearer tok-2' ? json(fx.receivedListSpec) : json(fx.gateway401, 401)));
    const client = setup(fake);
    await client.tokens.get();
    const page = await client.listReceived();
    expect(page.items).toHaveLength(1);
    expect(fake.requests('POST', '/tokens')).toHaveLength(2);
    expect(fake.requests('GET', '/faxes/received').map((r) => r.headers.authorization)).toEqual(['Bearer tok-1', 'Bearer tok-2']);
  });

  it('shares one refresh among concurrent calls that all hit 401', async () => {
    let issued = 0;
    const fake = new FakeFetch()
      .on('POST', '/tokens', () => tokenAnswer(`tok-${++issued}`))
      .on('GET', /^\/faxes\/[^/]+\/metadata$/, (req) => (req.headers.authorization === 'Bearer tok-1' ? json(fx.gateway401, 401) : json(fx.metadataInbound)));
    const client = setup(fake);
    await client.tokens.get();
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => client.getMetadata(`f-${i}`)));
    expect(results).toHaveLength(8);
    expect(issued).toBe(2);
  });

  it('reports AUTH naming the user-id when even a fresh token is refused', async () => {
    const fake = new FakeFetch().on('POST', '/tokens', () => tokenAnswer(`tok-${Math.random()}`)).on('GET', '/faxes/received', json(fx.gateway401, 401));
    const error = await failure(setup(fake).listReceived());
    expect(error.code).toBe('AUTH');
    expect(error.message).toContain('user-id "U-42"');
    expect(fake.requests('GET', '/faxes/received')).toHaveLength(2);
    expect(fake.requests('POST', '/tokens')).toHaveLength(2);
  });

  it('explains 403 with where to find the user-id', async () => {
    const fake = new FakeFetch().on('POST', '/tokens', tokenAnswer()).on('GET', '/faxes/received', json({ errors: [{ user_message: 'Forbidden' }] }, 403));
    const error = await failure(setup(fake).listReceived());
    expect(error.code).toBe('AUTH');
    expect(error.message).toMatch(/refused user-id "U-42" for App ID "APP-1"/);
  });

  it('sends a fax once: 201 with one fax_id per destination', async () => {
    const fake = new FakeFetch().on('POST', '/tokens', tokenAnswer()).on('POST', '/faxes', json(fx.sendArrayMs, 201));
    const result = await setup(fake).send({
      destinations: [{ faxNumber: '15222051030', toName: 'Dr. Who' }, { faxNumber: '81342167158' }],
      documents: [{ documentType: 'pdf', contentBase64: 'JVBERi0=' }],
      options: {
        imageResolution: 'FINE',
        includeCoverPage: true,
        coverPage: { fromName: 'Desk', subject: 'Hi', message: 'Body' },
        retries: { billable: 2, nonBillable: 5 },
        customCallerId: '13105551212',
        customCsid: 'FAXDESK',
        header: { line1: ['${DATE_TIME}', '${FAX_ID}'] },
      },
      clientData: { clientReferenceId: 'REF-1' },
    });
    expect(result.faxes.map((f) => f.faxId)).toEqual(['f-1', 'f-2']);
    expect(JSON.parse(fake.requests('POST', '/faxes')[0]!.body!)).toEqual({
      destinations: [
        { fax_number: '15222051030', to_name: 'Dr. Who', to_company: '' },
        { fax_number: '81342167158', to_name: '', to_company: '' },
      ],
      fax_options: {
        image_resolution: 'FINE',
        include_cover_page: true,
        cover_page_options: { from_name: 'Desk', subject: 'Hi', message: 'Body' },
        retry_options: { billable: 2, non_billable: 5 },
        custom_CallerID: '13105551212',
        custom_CSID: 'FAXDESK',
        header_options: { line_1: ['${DATE_TIME}', '${FAX_ID}'] },
      },
      documents: [{ document_type: 'PDF', document_content: 'JVBERi0=' }],
      client_data: { client_reference_id: 'REF-1' },
    });
    // Streamed, without a content-length header (Chromium's network stack sets it; net.fetch refuses one).
    const seen = fake.requests('POST', '/faxes')[0]!;
    expect(seen.streamed).toBe(true);
    expect(seen.headers).not.toHaveProperty('content-length');
  });

  it('accepts 200 as well as 201 for a send', async () => {
    const fake = new FakeFetch().on('POST', '/tokens', tokenAnswer()).on('POST', '/faxes', json({ fax_id: 'only' }, 200));
    expect((await setup(fake).send({ destinations: [{ faxNumber: '1' }], documents: [] })).faxes[0]!.faxId).toBe('only');
  });

  it('never repeats a send after a 5xx, a reset or a broken answer, and says it may have arrived', async () => {
    for (const answer of [json({}, 500), netError('ECONNRESET'), text('[{"fax_id":', 201, { 'content-type': 'application/json' })]) {
      const fake = new FakeFetch().on('POST', '/tokens', tokenAnswer()).on('POST', '/faxes', answer);
      const error = await failure(setup(fake).send({ destinations: [{ faxNumber: '1' }], documents: [] }));
      expect(fake.requests('POST', '/faxes')).toHaveLength(1);
      expect(error.detail.maybeDelivered).toBe(true);
    }
  });

  it('repeats a send once after 401 (the service did not take it)', async () => {
    const fake = new FakeFetch()
      .on('POST', '/tokens', tokenAnswer('a'), tokenAnswer('b'))
      .on('POST', '/faxes', (req) => (req.headers.authorization === 'Bearer b' ? json(fx.sendArrayMs, 201) : json(fx.gateway401, 401)));
    expect((await setup(fake).send({ destinations: [{ faxNumber: '1' }], documents: [] })).faxes).toHaveLength(2);
    expect(fake.requests('POST', '/faxes')).toHaveLength(2);
  });

  it('cancel: 202 accepted, 409 already finished, 404 unknown', async () => {
    const fake = new FakeFetch()
      .on('POST', '/tokens', tokenAnswer())
      .on('POST', '/faxes/ok/cancel', new Response(null, { status: 202 }))
      .on('POST', '/faxes/done/cancel', json({ errors: [{ user_message: 'Fax has already completed messaging' }] }, 409, { 'transaction-id': 'tx-c' }))
      .on('POST', '/faxes/nope/cancel', json({ errors: [{ user_message: 'not found' }] }, 404));
    const client = setup(fake);
    expect(await client.cancel('ok')).toEqual({ accepted: true });
    const conflict = await failure(client.cancel('done'));
    expect(conflict).toMatchObject({ code: 'CONFLICT' });
    expect(conflict.message).toMatch(/already finished/);
    expect(conflict.message).toContain('already completed messaging');
    expect(conflict.detail.transactionId).toBe('tx-c');
    const missing = await failure(client.cancel('nope'));
    expect(missing.code).toBe('NOT_FOUND');
    expect(missing.message).toContain('user-id "U-42"');
  });

  it('deletes, reads and patches metadata', async () => {
    const fake = new FakeFetch()
      .on('POST', '/tokens', tokenAnswer())
      .on('DELETE', '/faxes/f-1', new Response(null, { status: 204 }))
      .on('PATCH', '/faxes/f-1/metadata', json({ ...fx.metadataInbound, image_downloaded: false }))
      .on('PATCH', '/faxes/f-2/metadata', new Response(null, { status: 204 }))
      .on('GET', '/faxes/f-2/metadata', json({ ...fx.metadataInbound, fax_id: 'f-2', image_downloaded: true }));
    const client = setup(fake);
    await client.deleteFax('f-1');
    expect((await client.setImageDownloaded('f-1', false)).imageDownloaded).toBe(false);
    expect(JSON.parse(fake.requests('PATCH', '/faxes/f-1/metadata')[0]!.body!)).toEqual({ image_downloaded: false });
    expect(await client.setImageDownloaded('f-2', true)).toMatchObject({ faxId: 'f-2', imageDownloaded: true });
  });

  it('reads transmission details, falling back to the -detail spelling once and remembering it', async () => {
    const fake = new FakeFetch()
      .on('POST', '/tokens', tokenAnswer())
      .on('GET', /\/transmission-details$/, json({ message: 'Not Found' }, 404))
      .on('GET', /\/transmission-detail$/, json(fx.detailMs));
    const client = setup(fake);
    expect((await client.getTransmissionDetail('a')).state).toBe('COMPLETED');
    expect((await client.getTransmissionDetail('b')).state).toBe('COMPLETED');
    expect(fake.seen.filter((r) => r.path.includes('transmission')).map((r) => r.path)).toEqual([
      '/faxes/a/transmission-details',
      '/faxes/a/transmission-detail',
      '/faxes/b/transmission-detail',
    ]);
  });

  const gatewayMissingRoute = () => json({ message: 'Missing Authentication Token' }, 403, { 'x-amzn-errortype': 'MissingAuthenticationTokenException' });
  const notFoundBody = () => json({ errors: [{ element_name: 'fax_id', user_message: 'not found', error_code: 'NOT_FOUND' }], transaction_id: 't' }, 404);
  const detailPaths = (fake: FakeFetch) => fake.seen.filter((r) => r.path.includes('transmission')).map((r) => r.path);

  it("tries the other spelling after an API gateway's 403 without an error code, never calling it a sign-in problem, and keeps it", async () => {
    const fake = new FakeFetch().on('POST', '/tokens', tokenAnswer()).on('GET', /\/transmission-details$/, gatewayMissingRoute()).on('GET', /\/transmission-detail$/, json(fx.detailMs));
    const client = setup(fake);
    expect((await client.getTransmissionDetail('a')).state).toBe('COMPLETED');
    expect((await client.getTransmissionDetail('b')).state).toBe('COMPLETED');
    expect(detailPaths(fake)).toEqual(['/faxes/a/transmission-details', '/faxes/a/transmission-detail', '/faxes/b/transmission-detail']);
    // The token was not thrown away over it.
    expect(fake.requests('POST', '/tokens')).toHaveLength(1);
  });

  it("tries the other spelling after the reference's 404 with an error body while no spelling has answered yet", async () => {
    const fake = new FakeFetch().on('GET', /\/transmission-details$/, notFoundBody()).on('GET', /\/transmission-detail$/, json(fx.detailMs)).on('POST', '/tokens', tokenAnswer());
    const client = setup(fake);
    expect((await client.getTransmissionDetail('a')).state).toBe('COMPLETED');
    expect(detailPaths(fake)).toEqual(['/faxes/a/transmission-details', '/faxes/a/transmission-detail']);
  });

  it('once a spelling has answered, a 404 with an error body is about the fax: one request, NOT_FOUND', async () => {
    const fake = new FakeFetch()
      .on('POST', '/tokens', tokenAnswer())
      .on('GET', /\/transmission-detail$/, json(fx.detailMs))
      .on('GET', '/faxes/ok/transmission-details', json(fx.detailMs))
      .on('GET', '/faxes/gone/transmission-details', notFoundBody());
    const client = setup(fake);
    await client.getTransmissionDetail('ok');
    const error = await failure(client.getTransmissionDetail('gone'));
    expect(error.code).toBe('NOT_FOUND');
    expect(error.message).toMatch(/no fax gone/);
    expect(detailPaths(fake)).toEqual(['/faxes/ok/transmission-details', '/faxes/gone/transmission-details']);
  });

  it("an unknown fax before any spelling answered: both tried, the service's own not-found is what is said", async () => {
    const fake = new FakeFetch().on('POST', '/tokens', tokenAnswer()).on('GET', /\/transmission-details$/, gatewayMissingRoute()).on('GET', /\/transmission-detail$/, notFoundBody());
    const error = await failure(setup(fake).getTransmissionDetail('zz'));
    expect(error.code).toBe('NOT_FOUND');
    expect(error.message).toMatch(/no fax zz/);
    expect(detailPaths(fake)).toHaveLength(2);
  });

  it('neither spelling routed: says so (not an authentication error), once each', async () => {
    const fake = new FakeFetch().on('POST', '/tokens', tokenAnswer()).on('GET', /\/transmission-details?$/, gatewayMissingRoute());
    const error = await failure(setup(fake).getTransmissionDetail('zz'));
    expect(error.code).toBe('NOT_FOUND');
    expect(error.message).toMatch(/answers neither .*transmission-details nor .*transmission-detail \(HTTP 403 and 403\)/);
    expect(error.message).not.toMatch(/user-id|refused/);
    expect(detailPaths(fake)).toHaveLength(2);
  });

  it("a 403 with the service's error code is a real refusal: AUTH, no second spelling", async () => {
    const fake = new FakeFetch()
      .on('POST', '/tokens', tokenAnswer())
      .on('GET', /\/transmission-details$/, json({ errors: [{ element_name: 'user-id', user_message: 'User U-42 is disabled.', error_code: 'FORBIDDEN' }] }, 403));
    const error = await failure(setup(fake).getTransmissionDetail('zz'));
    expect(error.code).toBe('AUTH');
    expect(detailPaths(fake)).toHaveLength(1);
  });

  it('downloads images (PDF, TIFF pages) and explains a missing one', async () => {
    const fake = new FakeFetch()
      .on('POST', '/tokens', tokenAnswer())
      .on('GET', '/faxes/f-1/image', json(fx.imageMs))
      .on('GET', '/faxes/f-1/image/pages', json(fx.imagePagesMs))
      .on('GET', '/faxes/f-9/image', json(fx.errorBodyMs, 404));
    const client = setup(fake);
    const image = await client.getImage('f-1', 'PDF');
    expect(Buffer.from(image.data).toString()).toBe('%PDF-1.4 test');
    expect(fake.requests('GET', '/faxes/f-1/image')[0]!.url.searchParams.get('desired_format')).toBe('PDF');
    await client.getImage('f-1', 'TIFF');
    expect(fake.requests('GET', '/faxes/f-1/image')[1]!.url.searchParams.get('desired_format')).toBe('TIFF');
    const pages = await client.getImagePages('f-1', { startPage: 0, numPages: 2 });
    expect(pages.pages).toHaveLength(2);
    expect(Object.fromEntries(fake.requests('GET', '/faxes/f-1/image/pages')[0]!.url.searchParams)).toEqual({ start_page: '0', num_pages: '2' });
    const missing = await failure(client.getImage('f-9'));
    expect(missing.code).toBe('NOT_FOUND');
    expect(missing.message).toMatch(/no image for fax f-9/);
  });

  it('reads the notification log with filters and paging headers, pings, and reads health without a token', async () => {
    const fake = new FakeFetch()
      .on('POST', '/tokens', tokenAnswer())
      .on('GET', '/notifications', json(fx.notificationsDntf))
      .on('POST', '/notifications/ping', json(fx.pingSpec))
      .on('GET', '/health', json({ status: 'UP' }));
    const client = setup(fake);
    const log = await client.listNotifications({ direction: 'OUTBOUND', sentStatus: 'FAILED', after: '2024-01-01T00:00:00.000Z', limit: 10, afterNotifyId: 'n-0' });
    expect(log).toHaveLength(2);
    const seen = fake.requests('GET', '/notifications')[0]!;
    expect(Object.fromEntries(seen.url.searchParams)).toEqual({ fax_direction: 'OUTBOUND', sent_status: 'FAILED', after: '2024-01-01T00:00:00.000Z' });
    expect(seen.headers).toMatchObject({ 'pagination-limit': '10', 'pagination-offset-id': 'n-0' });
    expect((await client.ping('OUTBOUND'))[0]!.eventType).toBe('PING');
    expect(JSON.parse(fake.requests('POST', '/notifications/ping')[0]!.body!)).toEqual({ fax_direction: 'OUTBOUND' });
    expect(await client.health()).toEqual({ status: 'UP', up: true });
    expect(fake.requests('GET', '/health')[0]!.headers.authorization).toBeUndefined();
  });

  it('reads and changes the notification configuration of its App ID', async () => {
    const fake = new FakeFetch()
      .on('POST', '/tokens', tokenAnswer())
      .on('GET', '/applications/APP-1/notifications', json(fx.notificationConfigsMs))
      .on('POST', '/applications/APP-1/notifications', json(fx.notificationConfigsMs[0], 201))
      .on('PATCH', '/applications/APP-1/notifications/cfg-2', json(fx.notificationConfigsMs[1]))
      .on('DELETE', '/applications/APP-1/notifications/cfg-2', new Response(null, { status: 204 }));
    const client = setup(fake);
    expect(await client.listNotificationConfigs()).toHaveLength(2);
    await client.createNotificationConfig({ direction: 'OUTBOUND', url: 'https://example.com/out', hmacSecret: 'shh-0123456789abcdef' });
    expect(JSON.parse(fake.requests('POST', '/applications/APP-1/notifications')[0]!.body!)).toEqual({
      direction: 'OUTBOUND',
      type: 'WEBHOOK',
      notify_destination: 'https://example.com/out',
      hmac_secret: 'shh-0123456789abcdef',
    });
    await client.updateNotificationConfig('cfg-2', { url: 'https://example.com:8443/in' });
    expect(JSON.parse(fake.requests('PATCH', '/applications/APP-1/notifications/cfg-2')[0]!.body!)).toEqual({ notify_destination: 'https://example.com:8443/in' });
    await client.deleteNotificationConfig('cfg-2');
  });

  const configs = '/applications/APP-1/notifications';
  const newOut = { notification_id: 'cfg-9', app_id: 'APP-1', direction: 'OUTBOUND', notify_destination: 'https://example.com/out', enabled: true };

  it("takes the reference's text answers to writes as success: 201 CREATED (the new setting read back), 200 OK, 204", async () => {
    const fake = new FakeFetch()
      .on('POST', '/tokens', tokenAnswer())
      .on('GET', configs, json([newOut]))
      .on('POST', configs, text('CREATED', 201))
      .on('PATCH', `${configs}/cfg-9`, text('OK'), empty(204));
    const client = setup(fake);
    const created = await client.createNotificationConfig({ direction: 'OUTBOUND', url: 'https://example.com/out', hmacSecret: 'shh-0123456789abcdef' });
    expect(created).toMatchObject({ notificationId: 'cfg-9', direction: 'OUTBOUND', notifyDestination: 'https://example.com/out' });
    expect((await client.updateNotificationConfig('cfg-9', { enabled: true })).notificationId).toBe('cfg-9');
    expect((await client.updateNotificationConfig('cfg-9', { url: 'https://example.com/out' })).notificationId).toBe('cfg-9');
    // Success at once: no write was repeated.
    expect(fake.requests('POST', configs)).toHaveLength(1);
    expect(fake.requests('PATCH', `${configs}/cfg-9`)).toHaveLength(2);
  });

  it('uses a JSON answer that is the setting without reading back', async () => {
    const fake = new FakeFetch().on('POST', '/tokens', tokenAnswer()).on('POST', configs, json(newOut, 201)).on('PATCH', `${configs}/cfg-9`, json(newOut));
    const client = setup(fake);
    expect((await client.createNotificationConfig({ direction: 'OUTBOUND', url: 'https://example.com/out' })).notificationId).toBe('cfg-9');
    expect((await client.updateNotificationConfig('cfg-9', { enabled: true })).notificationId).toBe('cfg-9');
    expect(fake.requests('GET', configs)).toHaveLength(0);
  });

  it('after an ambiguous failure reads back before creating again: found means not sent twice', async () => {
    const fake = new FakeFetch()
      .on('POST', '/tokens', tokenAnswer())
      .on('POST', configs, netError('ECONNRESET', 'other side closed'))
      .on('GET', configs, json([{ ...newOut, notify_destination: 'https://EXAMPLE.com:443/out/' }]))
      .on('PATCH', `${configs}/cfg-9`, text('OK'));
    const created = await setup(fake).createNotificationConfig({ direction: 'OUTBOUND', url: 'https://example.com/out', hmacSecret: 'shh-0123456789abcdef' });
    expect(created.notificationId).toBe('cfg-9');
    expect(fake.requests('POST', configs)).toHaveLength(1);
    // The setting found may be another attempt's: its secret is set again, idempotently.
    expect(JSON.parse(fake.requests('PATCH', `${configs}/cfg-9`)[0]!.body!)).toEqual({ hmac_secret: 'shh-0123456789abcdef' });
  });

  it('after an ambiguous failure and a read-back without it, creates once more; then gives up with the error', async () => {
    const fake = new FakeFetch()
      .on('POST', '/tokens', tokenAnswer())
      .on('GET', configs, json([]), json([newOut]))
      .on('POST', configs, json({ errors: [{ user_message: 'Upstream timeout' }] }, 504), text('CREATED', 201));
    const created = await setup(fake).createNotificationConfig({ direction: 'OUTBOUND', url: 'https://example.com/out' });
    expect(created.notificationId).toBe('cfg-9');
    expect(fake.requests('POST', configs)).toHaveLength(2);
    expect(fake.seen.map((r) => `${r.method} ${r.path}`).filter((r) => r.includes('notifications'))).toEqual([`POST ${configs}`, `GET ${configs}`, `POST ${configs}`, `GET ${configs}`]);

    const failing = new FakeFetch().on('POST', '/tokens', tokenAnswer()).on('GET', configs, json([])).on('POST', configs, netError('ECONNRESET', 'other side closed'));
    const error = await failure(setup(failing).createNotificationConfig({ direction: 'OUTBOUND', url: 'https://example.com/out' }));
    expect(error.code).toBe('NETWORK');
    expect(failing.requests('POST', configs)).toHaveLength(2);
    expect(failing.requests('GET', configs)).toHaveLength(2);
  });

  it('a failure that proves nothing was created is not retried; a 409 is answered from the list', async () => {
    const refused = new FakeFetch().on('POST', '/tokens', tokenAnswer()).on('POST', configs, json({ errors: [{ element_name: 'notify_destination', user_message: 'bad', error_code: 'BAD_REQUEST' }] }, 400));
    expect((await failure(setup(refused).createNotificationConfig({ direction: 'OUTBOUND', url: 'https://example.com/out' }))).code).toBe('VALIDATION');
    expect(refused.requests('POST', configs)).toHaveLength(1);
    expect(refused.requests('GET', configs)).toHaveLength(0);

    const conflict = new FakeFetch()
      .on('POST', '/tokens', tokenAnswer())
      .on('POST', configs, json({ errors: [{ element_name: 'direction', user_message: 'exists', error_code: 'CONFLICT' }] }, 409))
      .on('GET', configs, json([newOut]));
    expect((await setup(conflict).createNotificationConfig({ direction: 'OUTBOUND', url: 'https://example.com/out' })).notificationId).toBe('cfg-9');
    const elsewhere = await failure(setup(conflict).createNotificationConfig({ direction: 'OUTBOUND', url: 'https://other.example.com/hook' }));
    expect(elsewhere.code).toBe('CONFLICT');
    expect(elsewhere.message).toContain('https://example.com/out');
  });

  it("marks a fax downloaded on a text or empty answer and reads the metadata back", async () => {
    const fake = new FakeFetch().on('POST', '/tokens', tokenAnswer()).on('PATCH', '/faxes/f-1/metadata', text('OK'), empty(204)).on('GET', '/faxes/f-1/metadata', json(fx.metadataOutbound));
    const client = setup(fake);
    await client.setImageDownloaded('f-1', true);
    await client.setImageDownloaded('f-1', false);
    expect(fake.requests('PATCH', '/faxes/f-1/metadata')).toHaveLength(2);
    expect(fake.requests('GET', '/faxes/f-1/metadata')).toHaveLength(2);
  });

  it('still refuses a web page answering a write (a proxy or login page, not the service)', async () => {
    const fake = new FakeFetch().on('POST', '/tokens', tokenAnswer()).on('PATCH', `${configs}/cfg-9`, html(200));
    expect((await failure(setup(fake).updateNotificationConfig('cfg-9', { enabled: true }))).code).toBe('BAD_RESPONSE');
  });

  it('reports an answer of the wrong shape as BAD_RESPONSE naming the field', async () => {
    const fake = new FakeFetch().on('POST', '/tokens', tokenAnswer()).on('GET', '/faxes/received', json({ first_record: 1, last_record: 1, faxes: [{ fax_id: 'x', completed_timestamp: 'soon' }] }));
    const error = await failure(setup(fake).listReceived());
    expect(error.code).toBe('BAD_RESPONSE');
    expect(error.message).toContain('faxes[0].completed_timestamp');
  });

  it('keeps the API key out of its enumerable state', () => {
    const client = setup(new FakeFetch());
    expect(JSON.stringify(client)).not.toContain(API_KEY);
    expect(credentials.apiKey).toBe(API_KEY);
  });
});
