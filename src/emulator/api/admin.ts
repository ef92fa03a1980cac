/**
 * The Admin API under {admin_base_url} (= http://127.0.0.1:N/admin). Every call carries the corporate
 * account's credentials in the `admin-id`, `admin-username` and `admin-password` headers (the names
 * the white-label reference uses); anything else answers 401. The spec names only the paths; the
 * shapes are the emulator's design, documented in src/emulator/README.md:
 *
 *   GET    /users                          -> 200 {users: [User]}
 *   POST   /users                          -> 201 User        body {first_name, last_name, email, customer_key?, fax_number?, time_zone?, custom_fax_headers?}
 *   GET    /users/{customer-key}           -> 200 User
 *   PATCH  /users/{customer-key}           -> 200 User        body: any of first_name, last_name, email, time_zone, status (ACTIVE|DISABLED), custom_fax_headers
 *   POST   /users/{customer-key}/numbers   -> 201 Number      body {fax_number?} (allocated when absent)
 *   GET    /numbers                        -> 200 {numbers: [Number]}
 *   DELETE /numbers/{fax-numbers}          -> 204             comma-separated; all or nothing; each number's user-id stops working
 *
 *   User   = {customer_key, first_name, last_name, email, status, time_zone, custom_fax_headers, app_id, fax_numbers: [Number], created_timestamp, updated_timestamp}
 *   Number = {fax_number, user_id, customer_key, csid, assigned_timestamp}
 */
import { isKnownTimeZone } from '../../shared/header';
import type { Core } from '../core';
import { ApiError, badRequest } from '../http/errors';
import type { RequestContext, Router } from '../http/router';
import type { AccountRecord, UserRecord } from '../state/model';
import { describeType, isPlainObject } from '../util';
import { jsonBody } from './request-helpers';
import { numberView, userView } from './views';

const USER_FIELDS = ['first_name', 'last_name', 'email', 'customer_key', 'fax_number', 'time_zone', 'custom_fax_headers'];
const PATCH_FIELDS = ['first_name', 'last_name', 'email', 'time_zone', 'status', 'custom_fax_headers'];

function text(body: Record<string, unknown>, name: string, max: number, required = false): string | undefined {
  const v = body[name];
  if (v === undefined || v === null) {
    if (required) throw badRequest(name, `${name} is required.`);
    return undefined;
  }
  if (typeof v !== 'string') throw badRequest(name, `${name} must be a string; got ${describeType(v)}.`);
  if (v.length > max) throw badRequest(name, `${name} is ${v.length} characters; at most ${max}.`);
  if (required && v.trim() === '') throw badRequest(name, `${name} must not be empty.`);
  return v;
}

function email(body: Record<string, unknown>, required: boolean): string | undefined {
  const v = text(body, 'email', 254, required);
  if (v !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v)) throw badRequest('email', `email "${v}" is not an email address.`);
  return v;
}

function timeZone(body: Record<string, unknown>): string | undefined {
  const v = text(body, 'time_zone', 64);
  if (v !== undefined && !isKnownTimeZone(v)) throw badRequest('time_zone', `time_zone "${v}" is not an IANA time zone such as America/New_York or UTC.`);
  return v;
}

function flag(body: Record<string, unknown>, name: string): boolean | undefined {
  const v = body[name];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'boolean') throw badRequest(name, `${name} must be true or false.`);
  return v;
}

function unknownFields(body: Record<string, unknown>, allowed: string[]): void {
  const extra = Object.keys(body).filter((k) => !allowed.includes(k));
  if (extra.length > 0) throw badRequest(extra[0]!, `Unknown field ${extra.join(', ')}; allowed: ${allowed.join(', ')}.`);
}

export function registerAdmin(router: Router, core: Core): void {
  const { accounts, store, scheduler } = core;
  const admin = (method: string, template: string, handler: (ctx: RequestContext, account: AccountRecord) => ReturnType<Parameters<Router['add']>[3]>) =>
    router.add('admin', method, template, (ctx) => handler(ctx, accounts.admin(ctx.req.headers)));

  const view = (user: UserRecord, account: AccountRecord) => userView(user, store.numbersOf(user.customerKey), account.appId);

  const userOf = (ctx: RequestContext, account: AccountRecord): UserRecord => {
    const user = store.users.get(ctx.params.customerKey!);
    if (!user || user.adminId !== account.adminId) throw new ApiError(404, { element: 'customer-key', message: `No user with customer key ${ctx.params.customerKey}.` });
    return user;
  };

  const objectBody = (ctx: RequestContext): Record<string, unknown> => {
    const body = jsonBody(ctx);
    if (!isPlainObject(body)) throw badRequest('body', `The body must be a JSON object; got ${describeType(body)}.`);
    return body;
  };

  admin('GET', '/users', (_ctx, account) => ({
    status: 200,
    body: { users: [...store.users.values()].filter((u) => u.adminId === account.adminId).sort((a, b) => a.createdAt - b.createdAt).map((u) => view(u, account)) },
  }));

  admin('POST', '/users', (ctx, account) => {
    const body = objectBody(ctx);
    unknownFields(body, USER_FIELDS);
    const input = {
      firstName: text(body, 'first_name', 100, true),
      lastName: text(body, 'last_name', 100, true),
      email: email(body, true),
      customerKey: text(body, 'customer_key', 64),
      faxNumber: text(body, 'fax_number', 20)?.replace(/^\+/, ''),
      timeZone: timeZone(body),
      customFaxHeaders: flag(body, 'custom_fax_headers'),
    };
    if (input.customerKey !== undefined && !/^[A-Za-z0-9._-]{1,64}$/.test(input.customerKey)) {
      throw badRequest('customer_key', 'customer_key may hold only letters, digits, ".", "_" and "-".');
    }
    const { user } = accounts.createUser(account, input);
    return { status: 201, body: view(user, account) };
  });

  admin('GET', '/users/:customerKey', (ctx, account) => ({ status: 200, body: view(userOf(ctx, account), account) }));

  admin('PATCH', '/users/:customerKey', (ctx, account) => {
    const user = userOf(ctx, account);
    const body = objectBody(ctx);
    unknownFields(body, PATCH_FIELDS);
    const firstName = text(body, 'first_name', 100);
    const lastName = text(body, 'last_name', 100);
    const mail = email(body, false);
    const zone = timeZone(body);
    const headers = flag(body, 'custom_fax_headers');
    let status: UserRecord['status'] | undefined;
    if (body.status !== undefined) {
      const s = typeof body.status === 'string' ? body.status.toUpperCase() : '';
      if (s !== 'ACTIVE' && s !== 'DISABLED') throw badRequest('status', 'status must be ACTIVE or DISABLED.');
      status = s;
    }
    if (firstName !== undefined) user.firstName = firstName;
    if (lastName !== undefined) user.lastName = lastName;
    if (mail !== undefined) user.email = mail;
    if (zone !== undefined) user.timeZone = zone;
    if (headers !== undefined) user.customFaxHeaders = headers;
    if (status !== undefined) user.status = status;
    user.updatedAt = scheduler.now();
    store.users.put(user);
    return { status: 200, body: view(user, account) };
  });

  admin('POST', '/users/:customerKey/numbers', (ctx, account) => {
    const user = userOf(ctx, account);
    const body = ctx.body.length === 0 ? {} : objectBody(ctx);
    unknownFields(body, ['fax_number']);
    const requested = text(body, 'fax_number', 20)?.replace(/^\+/, '');
    if (requested !== undefined) accounts.checkNumberFree(requested);
    const number = accounts.assignNumber(user, requested ?? accounts.allocateNumber());
    return { status: 201, body: numberView(number) };
  });

  admin('GET', '/numbers', (_ctx, account) => ({
    status: 200,
    body: { numbers: [...store.numbers.values()].filter((n) => n.adminId === account.adminId).sort((a, b) => a.assignedAt - b.assignedAt).map(numberView) },
  }));

  admin('DELETE', '/numbers/:faxNumbers', (ctx, account) => {
    const wanted = ctx.params.faxNumbers!.split(',').map((s) => s.trim().replace(/^\+/, '')).filter(Boolean);
    if (wanted.length === 0) throw badRequest('fax-numbers', 'Give one or more fax numbers, separated by commas.');
    const missing = wanted.filter((n) => store.numbers.get(n)?.adminId !== account.adminId);
    if (missing.length > 0) throw new ApiError(404, { element: 'fax-numbers', message: `Not numbers of this account: ${missing.join(', ')}. Nothing was deleted.` });
    for (const n of wanted) store.removeNumber(n);
    return { status: 204 };
  });
}
