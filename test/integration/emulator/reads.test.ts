/** Rule 5: reads, lists with filters and paging, images, PATCH metadata, DELETE. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as UTIFModule from 'utif2';
import type { RunningEmulator } from '../../../src/emulator';
import { ApiClient, MINUTE, expectErrorShape, sendBody, sendOne, startTestEmulator } from './helpers';

const UTIF = ((UTIFModule as unknown as { default?: typeof UTIFModule }).default ?? UTIFModule) as typeof UTIFModule;

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

const FAX_TS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+0000$/;

describe('GET /faxes/{id}/metadata and transmission-detail', () => {
  it('gives the metadata record in the documented shape, timestamps in UTC with +0000', async () => {
    const faxId = await sendOne(api, '12125550100', { client_data: { client_matter: 'M-1' } });
    const before = (await api.get(`/faxes/${faxId}/metadata`)).body;
    expect(before).toMatchObject({ fax_id: faxId, direction: 'OUTBOUND', completed_timestamp: null, transmission_data: { transmission_status: 'NEW' } });
    await emu.control.advance(MINUTE);
    const meta = (await api.get(`/faxes/${faxId}/metadata`)).body;
    expect(Object.keys(meta)).toEqual(
      expect.arrayContaining([
        'fax_id', 'size', 'duration', 'pages', 'image_downloaded', 'fax_status', 'completed_timestamp', 'direction',
        'originating_fax_number', 'destination_fax_number', 'originating_fax_tsid', 'destination_fax_csid',
        'routing_data', 'transmission_data', 'client_tracking_data',
      ]),
    );
    expect(meta.completed_timestamp).toMatch(FAX_TS);
    expect(meta.size).toBeGreaterThan(500);
    expect(meta.fax_status).toBe('STORED');
    expect(meta.routing_data).toMatchObject({ to_name: 'Test', to_company: 'Acme' });
    expect(meta.client_tracking_data.client_matter).toBe('M-1');
    expect(meta.transmission_data).toEqual({ transmission_status: 'COMPLETE', billable_retries: 0, error_code: '0', error_message: 'OK' });
  });

  it('serves transmission-detail under both spellings', async () => {
    const faxId = await sendOne(api, '12125550100');
    await emu.control.advance(MINUTE);
    const a = await api.get(`/faxes/${faxId}/transmission-detail`);
    const b = await api.get(`/faxes/${faxId}/transmission-details`);
    expect(a.status).toBe(200);
    expect(b.body).toEqual(a.body);
    expect(a.body.attempts[0].start_timestamp).toMatch(FAX_TS);
    expect(a.body.transmission_data.completed_timestamp).toMatch(FAX_TS);
  });

  it('answers 404 in the error shape for an unknown fax', async () => {
    for (const path of ['/metadata', '/transmission-detail', '/image', '/image/pages']) {
      const res = await api.get(`/faxes/00000000-0000-0000-0000-000000000000${path}`);
      expect(res.status, path).toBe(404);
      expectErrorShape(res.body);
      expect(res.body.errors[0].error_code).toBe('NOT_FOUND');
    }
  });

  it('bulk metadata: POST /faxes/metadata {fax_ids}', async () => {
    const a = await sendOne(api, '12125550100');
    const b = await sendOne(api, '12125550101');
    const res = await api.post('/faxes/metadata', { fax_ids: [b, a] });
    expect(res.status).toBe(200);
    expect(res.body.map((m: { fax_id: string }) => m.fax_id)).toEqual([b, a]);
    expect((await api.post('/faxes/metadata', { fax_ids: 'x' })).status).toBe(400);
  });
});

describe('GET /faxes/sent', () => {
  async function seed() {
    const ok = await sendOne(api, '12125550100', { client_data: { client_reference_id: 'REF-42' }, fax_options: { cover_page_options: { subject: 'Quarterly report' } } });
    const busy = await sendOne(api, '12125550104');
    await emu.control.advance(MINUTE);
    const pending = (await api.post('/faxes', sendBody('14155550123'), { 'transaction-id': 'client-tx-1' })).body[0].fax_id;
    return { ok, busy, pending };
  }

  it('lists sent faxes newest first, with the envelope', async () => {
    const { ok, busy, pending } = await seed();
    const res = await api.get('/faxes/sent');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total_records: 3, first_record: 1, last_record: 3 });
    expect(res.body.faxes.map((f: { fax_id: string }) => f.fax_id)).toEqual([pending, busy, ok]);
  });

  it('filters by status (any spelling), error code, numbers, pages, text, transaction id, time window', async () => {
    const { ok, busy, pending } = await seed();
    const ids = async (query: string) => (await api.get(`/faxes/sent?${query}`)).body.faxes.map((f: { fax_id: string }) => f.fax_id).sort();
    expect(await ids('transmission_status=COMPLETE')).toEqual([ok]);
    expect(await ids('transmission_status=completed')).toEqual([ok]);
    expect(await ids('transmission_status=error')).toEqual([busy]);
    expect(await ids('transmission_status=NEW')).toEqual([pending]);
    expect(await ids('error_code=e53')).toEqual([busy]);
    expect(await ids('destination_fax_number=%2B1%20212%20555%200100')).toEqual([ok]);
    expect(await ids(`originating_fax_number=${emu.demo.faxNumber}`)).toEqual([busy, ok, pending].sort());
    expect(await ids('min_pages=1')).toEqual([ok]);
    expect(await ids('max_pages=0')).toEqual([busy, pending].sort());
    expect(await ids('search_text=quarterly')).toEqual([ok]);
    expect(await ids('search_text=ref-42')).toEqual([ok]);
    expect(await ids('transaction_id=client-tx-1')).toEqual([pending]);
    expect(await ids('image_downloaded=false')).toHaveLength(3);
    const now = Date.parse((emu.control.clock().now));
    expect(await ids(`min_completed_timestamp=${new Date(now - 1000).toISOString()}`)).toEqual([pending]);
    expect(await ids(`max_completed_timestamp=${encodeURIComponent(new Date(now - 1000).toISOString().replace('Z', '+00:00'))}`)).toEqual([busy, ok].sort());
    // A '+' a client forgot to encode arrives as a space and still means +00:00.
    expect(await ids(`max_completed_timestamp=${new Date(now - 1000).toISOString().replace('Z', '+00:00')}`)).toEqual([busy, ok].sort());
  });

  it('rejects bad filter values with 400 naming the parameter', async () => {
    for (const [query, element] of [
      ['transmission_status=DONE', 'transmission_status'],
      ['image_downloaded=maybe', 'image_downloaded'],
      ['min_pages=-1', 'min_pages'],
      ['min_completed_timestamp=yesterday', 'min_completed_timestamp'],
    ]) {
      const res = await api.get(`/faxes/sent?${query}`);
      expect(res.status, query).toBe(400);
      expectErrorShape(res.body);
      expect(res.body.errors[0].element_name).toBe(element);
    }
  });

  it('pages with pagination-offset (1-based) and pagination-limit (max 100)', async () => {
    const body = sendBody(Array.from({ length: 50 }, (_, i) => `1415555${String(1000 + i)}`));
    for (let i = 0; i < 3; i++) expect((await api.post('/faxes', body)).status).toBe(201);
    const all = await api.get('/faxes/sent', { 'pagination-limit': '500' });
    expect(all.body).toMatchObject({ total_records: 150, first_record: 1, last_record: 100 });
    expect(all.body.faxes).toHaveLength(100);
    const page = await api.get('/faxes/sent', { 'pagination-offset': '101', 'pagination-limit': '30' });
    expect(page.body).toMatchObject({ total_records: 150, first_record: 101, last_record: 130 });
    const single = await api.get('/faxes/sent', { 'pagination-offset': '101', 'pagination-limit': '1' });
    expect(page.body.faxes[0].fax_id).toBe(single.body.faxes[0].fax_id);
    expect(all.body.faxes.map((f: { fax_id: string }) => f.fax_id)).not.toContain(single.body.faxes[0].fax_id);
    const past = await api.get('/faxes/sent', { 'pagination-offset': '151' });
    expect(past.body).toMatchObject({ total_records: 150, first_record: 0, last_record: 0, faxes: [] });
    const zero = await api.get('/faxes/sent', { 'pagination-offset': '0', 'pagination-limit': '5' });
    expect(zero.body).toMatchObject({ first_record: 1, last_record: 5 });
    for (const [name, value] of [['pagination-limit', 'ten'], ['pagination-offset', '-3'], ['pagination-limit', '0']]) {
      const res = await api.get('/faxes/sent', { [name!]: value! });
      expect(res.status, `${name}=${value}`).toBe(400);
      expect(res.body.errors[0].element_name).toBe(name);
    }
  });
});

describe('GET /faxes/received and images', () => {
  it('gives the spec envelope with received items', async () => {
    const empty = (await api.get('/faxes/received')).body;
    expect(empty).toEqual({ total_records: 0, first_record: 0, last_record: 0, faxes: [] });
    await emu.control.inbound({ from: '13125550170', pages: 3 });
    await emu.control.advance(1000);
    await emu.control.inbound({});
    const res = (await api.get('/faxes/received')).body;
    expect(res).toMatchObject({ total_records: 2, first_record: 1, last_record: 2 });
    const [latest, first] = res.faxes;
    expect(latest).toMatchObject({ originating_fax_number: 'UNKNOWN', fax_status: 'STORED', image_downloaded: false });
    expect(first).toMatchObject({ originating_fax_number: '13125550170', pages: 3 });
    expect(first.completed_timestamp).toMatch(FAX_TS);
    for (const key of ['fax_id', 'pages', 'image_downloaded', 'fax_status', 'completed_timestamp', 'originating_fax_number']) expect(first).toHaveProperty(key);
    expect((await api.get('/faxes/received?originating_fax_number=UNKNOWN')).body.total_records).toBe(1);
  });

  it('serves the image as base64 PDF, flips image_downloaded, and PATCH sets it either way', async () => {
    const { fax_id } = await emu.control.inbound({ pages: 2 });
    const res = await api.get(`/faxes/${fax_id}/image?desired_format=pdf`);
    expect(res.status).toBe(200);
    expect(res.body.fax_id).toBe(fax_id);
    expect(res.body.file_name).toBe(`${fax_id}.pdf`);
    expect(Buffer.from(res.body.image, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    expect((await api.get(`/faxes/${fax_id}/metadata`)).body.image_downloaded).toBe(true);
    expect((await api.get('/faxes/received?image_downloaded=false')).body.total_records).toBe(0);
    const patched = await api.patch(`/faxes/${fax_id}/metadata`, { image_downloaded: false });
    expect(patched.status).toBe(200);
    expect(patched.body.image_downloaded).toBe(false);
    expect((await api.get('/faxes/received?image_downloaded=false')).body.total_records).toBe(1);
  });

  it('rejects bad PATCH bodies', async () => {
    const { fax_id } = await emu.control.inbound({});
    for (const body of [{ image_downloaded: 'yes' }, { pages: 3 }, [], {}]) {
      const res = await api.patch(`/faxes/${fax_id}/metadata`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expectErrorShape(res.body);
    }
  });

  it('serves TIFF (the default) as a real multi-page fax TIFF', async () => {
    const { fax_id } = await emu.control.inbound({ pages: 2 });
    const res = await api.get(`/faxes/${fax_id}/image`);
    expect(res.status).toBe(200);
    expect(res.body.file_name).toBe(`${fax_id}.tiff`);
    const tiff = Buffer.from(res.body.image, 'base64');
    const ifds = UTIF.decode(tiff.buffer.slice(tiff.byteOffset, tiff.byteOffset + tiff.byteLength));
    expect(ifds).toHaveLength(2);
    UTIF.decodeImage(tiff.buffer.slice(tiff.byteOffset, tiff.byteOffset + tiff.byteLength), ifds[0]!);
    expect(ifds[0]!.width).toBe(1734);
    expect(ifds[0]!['t258']).toEqual([1]);
    const rgba = UTIF.toRGBA8(ifds[0]!);
    let black = 0;
    for (let i = 0; i < rgba.length; i += 4) if (rgba[i]! < 128) black++;
    expect(black).toBeGreaterThan(1000);
  });

  it('serves single pages, zero-based, as TIFF or PDF', async () => {
    const { fax_id } = await emu.control.inbound({ pages: 3 });
    const res = await api.get(`/faxes/${fax_id}/image/pages?start_page=1&num_pages=2&desired_format=PDF`);
    expect(res.status).toBe(200);
    expect(res.body.pages.map((p: { page_number: number; file_name: string }) => [p.page_number, p.file_name])).toEqual([
      [1, `${fax_id}-P-1.pdf`],
      [2, `${fax_id}-P-2.pdf`],
    ]);
    const tiffPage = await api.get(`/faxes/${fax_id}/image/pages?start_page=0&num_pages=1`);
    expect(tiffPage.body.pages[0].file_name).toBe(`${fax_id}-P-0.tiff`);
    const past = await api.get(`/faxes/${fax_id}/image/pages?start_page=3`);
    expect(past.status).toBe(400);
    expect(past.body.errors[0].element_name).toBe('start_page');
    expect((await api.get(`/faxes/${fax_id}/image?desired_format=GIF`)).status).toBe(400);
  });

  it('answers 404 with error_code 102 while a sent fax has no image yet', async () => {
    const faxId = await sendOne(api, '12125550100');
    const res = await api.get(`/faxes/${faxId}/image?desired_format=PDF`);
    expect(res.status).toBe(404);
    expect(res.body.errors[0]).toMatchObject({ element_name: 'image_fax', user_message: 'Cannot get fax image', error_code: '102' });
    expect(res.body.errors[0].developer_message).toBe(`Cannot retrieve fax tiff for fax_id: ${faxId}`);
  });
});

describe('DELETE /faxes/{id}', () => {
  it('answers 204, then 404 everywhere', async () => {
    const { fax_id } = await emu.control.inbound({});
    const sent = await sendOne(api, '12125550100');
    for (const id of [fax_id, sent]) {
      const res = await api.delete(`/faxes/${id}`);
      expect(res.status).toBe(204);
      expect(res.text).toBe('');
      expect((await api.get(`/faxes/${id}/metadata`)).status).toBe(404);
      expect((await api.delete(`/faxes/${id}`)).status).toBe(404);
    }
    expect((await api.get('/faxes/received')).body.total_records).toBe(0);
    expect((await api.get('/faxes/sent')).body.total_records).toBe(0);
    // The carrier forgets a deleted fax.
    await emu.control.advance(MINUTE);
    expect((await api.get('/faxes/sent')).body.total_records).toBe(0);
  });
});
