import { describe, expect, it } from 'vitest';
import { AdminClient } from '../../../../src/main/api/admin-client';
import { HttpClient } from '../../../../src/main/api/http';
import { FakeFetch, json, text } from './fake-fetch';
import { failure } from './support';

describe('AdminClient', () => {
  const admin = { label: 'Office', adminBaseUrl: 'https://admin.example.test/admin', adminId: 'ADM-1', adminUsername: 'boss', adminPassword: 'pw-secret-1' };
  const http = (fake: FakeFetch) => new HttpClient({ fetch: fake.fetch, sleep: async () => undefined });
  const user = {
    customer_key: 'ck-1',
    first_name: 'Alice',
    last_name: 'A',
    email: 'a@example.com',
    status: 'ACTIVE',
    time_zone: 'Europe/London',
    custom_fax_headers: true,
    fax_numbers: [{ fax_number: '13105550001', user_id: '11111111-22222222', csid: 'SANDBOX 0001' }],
    created_timestamp: '2024-05-10T15:07:01.000Z',
  };

  it('sends the admin credentials as headers and reads users', async () => {
    const fake = new FakeFetch().on('GET', '/admin/users', json([user])).on('GET', '/admin/users/ck-1', json(user));
    const client = new AdminClient(admin, http(fake));
    const users = await client.listUsers();
    expect(users[0]).toEqual({
      customerKey: 'ck-1',
      firstName: 'Alice',
      lastName: 'A',
      email: 'a@example.com',
      status: 'ACTIVE',
      timeZone: 'Europe/London',
      customFaxHeaders: true,
      numbers: [{ faxNumber: '13105550001', userId: '11111111-22222222', csid: 'SANDBOX 0001' }],
      createdAt: '2024-05-10T15:07:01.000Z',
      updatedAt: null,
    });
    expect(fake.seen[0]!.headers).toMatchObject({ 'admin-id': 'ADM-1', 'admin-username': 'boss', 'admin-password': 'pw-secret-1' });
    expect((await client.getUser('ck-1')).firstName).toBe('Alice');
  });

  it('creates, changes and releases', async () => {
    const fake = new FakeFetch()
      .on('POST', '/admin/users', json(user, 201))
      .on('PATCH', '/admin/users/ck-1', json({ ...user, last_name: 'B' }))
      .on('DELETE', '/admin/numbers/13105550001,13105550002', new Response(null, { status: 204 }));
    const client = new AdminClient(admin, http(fake));
    await client.createUser({ customerKey: 'ck-1', email: 'a@example.com', firstName: 'Alice', lastName: 'A', faxNumber: '13105550001', customFaxHeaders: false });
    expect(JSON.parse(fake.requests('POST', '/admin/users')[0]!.body!)).toEqual({
      customer_key: 'ck-1',
      email: 'a@example.com',
      first_name: 'Alice',
      last_name: 'A',
      fax_number: '13105550001',
      custom_fax_headers: false,
    });
    expect((await client.updateUser('ck-1', { lastName: 'B' })).lastName).toBe('B');
    expect(await client.releaseNumbers(['13105550001', ' 13105550002 '])).toEqual({ released: ['13105550001', '13105550002'] });
  });

  it('takes text answers to its writes as success and reads the user back', async () => {
    const fake = new FakeFetch()
      .on('POST', '/admin/users', text('CREATED', 201))
      .on('PATCH', '/admin/users/ck-1', text('OK'))
      .on('GET', '/admin/users/ck-1', json(user))
      .on('GET', '/admin/users', json({ users: [{ ...user, customer_key: 'ck-0', created_timestamp: '2020-01-01T00:00:00.000Z' }, user] }));
    const client = new AdminClient(admin, http(fake));
    expect((await client.createUser({ customerKey: 'ck-1', email: 'a@example.com', firstName: 'Alice', lastName: 'A' })).customerKey).toBe('ck-1');
    // Without a key of its own, the newest user with those details is the one just created.
    expect((await client.createUser({ email: 'a@example.com', firstName: 'Alice', lastName: 'A' })).customerKey).toBe('ck-1');
    expect((await client.updateUser('ck-1', { lastName: 'A' })).customerKey).toBe('ck-1');
    expect(fake.requests('POST', '/admin/users')).toHaveLength(2);
    expect(fake.requests('PATCH', '/admin/users/ck-1')).toHaveLength(1);
  });

  it('explains rejected admin credentials and missing users, never quoting the password', async () => {
    const fake = new FakeFetch().on('GET', '/admin/users', json({ errors: [{ user_message: 'Invalid admin credentials' }] }, 401)).on('GET', '/admin/users/zz', json({ errors: [] }, 404));
    const client = new AdminClient(admin, http(fake));
    const auth = await failure(client.listUsers());
    expect(auth.code).toBe('AUTH');
    expect(auth.message).toContain('Admin ID "ADM-1"');
    expect(auth.message).not.toContain('pw-secret-1');
    const missing = await failure(client.getUser('zz'));
    expect(missing.code).toBe('NOT_FOUND');
    expect(missing.message).toContain('customer key "zz"');
  });
});
