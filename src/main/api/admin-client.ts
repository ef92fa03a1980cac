/**
 * A typed client for the Admin API: users (by customer key) and fax numbers. Every call carries the
 * corporate admin's Admin ID, username and password in request headers (no tokens). Errors are worded
 * like the Fax Services ones, naming the admin credentials when they are the problem.
 */
import type { z } from 'zod';
import type { AdminUser, AdminUserCreate, AdminUserPatch, ReleaseNumbersResult } from '../../shared/domain/fax';
import type { HttpClient, HttpResponse, RequestSpec, ServiceTarget } from './http';
import { AdminUserListSchema, AdminUserSchema } from './schemas';
import { AppError } from '../errors';
import { parseJsonAnswer, readWriteAnswer, type Explain } from './service-errors';
import type { CallOptions } from './fax-service-client';

export interface AdminCredentials {
  label: string;
  adminBaseUrl: string;
  adminId: string;
  adminUsername: string;
  adminPassword: string;
}

type Spec = Omit<RequestSpec, 'signal' | 'timeoutMs' | 'headers'>;

export class AdminClient {
  private readonly target: ServiceTarget;
  private readonly account: Omit<AdminCredentials, 'adminPassword'>;
  /** A true private field: logging or serialising the client cannot include it. */
  readonly #password: string;

  constructor(credentials: AdminCredentials, private readonly http: HttpClient) {
    const { adminPassword, ...account } = credentials;
    this.account = account;
    this.#password = adminPassword;
    this.target = { service: 'Admin API', baseUrl: account.adminBaseUrl, accountLabel: account.label };
  }

  listUsers(options: CallOptions = {}): Promise<AdminUser[]> {
    return this.call({ method: 'GET', path: '/users', operation: 'list the users', idempotent: true }, AdminUserListSchema, options);
  }

  getUser(customerKey: string, options: CallOptions = {}): Promise<AdminUser> {
    return this.call(
      { method: 'GET', path: `/users/${encodeURIComponent(customerKey)}`, operation: `read user ${customerKey}`, idempotent: true, explain: this.missingUser(customerKey) },
      AdminUserSchema,
      options,
    );
  }

  /**
   * POST /users. Not retried: a lost answer could otherwise create the user twice. A 2xx whose body is
   * not the user (text such as CREATED, or nothing) is success: the user is read back.
   */
  async createUser(user: AdminUserCreate, options: CallOptions = {}): Promise<AdminUser> {
    const operation = `create user ${user.customerKey ?? ([user.firstName, user.lastName].filter(Boolean).join(' ') || '(new)')}`;
    const answer = await this.send(
      {
        method: 'POST',
        path: '/users',
        json: userToWire(user),
        operation,
        idempotent: false,
        explain: (f) =>
          f.status === 409
            ? {
                code: 'CONFLICT',
                message: `The Admin API refused to create the user because ${f.serviceErrors[0]?.elementName === 'fax_number' ? 'that fax number is already assigned' : 'a user with that customer key already exists'}${f.serviceMessage ? ` ("${f.serviceMessage}")` : ''}. Change it and try again.`,
              }
            : this.explainAdmin(f),
      },
      (response) => readWriteAnswer(this.target, operation, response, AdminUserSchema),
      options,
    );
    if (answer) return answer;
    if (user.customerKey) return this.getUser(user.customerKey, options);
    const created = (await this.listUsers(options))
      .filter((u) => (user.faxNumber ? u.numbers.some((n) => n.faxNumber === user.faxNumber) : u.email === user.email && u.firstName === user.firstName && u.lastName === user.lastName))
      .sort((a, b) => (a.createdAt ?? '').localeCompare(b.createdAt ?? ''))
      .at(-1);
    if (created) return created;
    throw new AppError('BAD_RESPONSE', `The Admin API said it created the user, but does not list them yet. Refresh the list of users in a moment.`, { maybeDelivered: true });
  }

  /** PATCH /users/{key}. A 2xx whose body is not the user (such as OK) is success: the user is read back. */
  async updateUser(customerKey: string, patch: AdminUserPatch, options: CallOptions = {}): Promise<AdminUser> {
    const operation = `change user ${customerKey}`;
    const answer = await this.send(
      { method: 'PATCH', path: `/users/${encodeURIComponent(customerKey)}`, json: userToWire(patch), operation, idempotent: true, explain: this.missingUser(customerKey) },
      (response) => readWriteAnswer(this.target, operation, response, AdminUserSchema),
      options,
    );
    return answer ?? this.getUser(customerKey, options);
  }

  /** DELETE /numbers/{fax-numbers}: gives the numbers up. Destructive; the UI confirms first. */
  async releaseNumbers(faxNumbers: readonly string[], options: CallOptions = {}): Promise<ReleaseNumbersResult> {
    const list = faxNumbers.map((n) => n.trim()).filter(Boolean);
    await this.send(
      {
        method: 'DELETE',
        path: `/numbers/${list.map(encodeURIComponent).join(',')}`,
        operation: `release fax number${list.length === 1 ? '' : 's'} ${list.join(', ')}`,
        idempotent: false,
        explain: (f) =>
          f.status === 404
            ? {
                code: 'NOT_FOUND',
                message: `The Admin API does not know fax number${list.length === 1 ? '' : 's'} ${list.join(', ')} in this account${f.serviceMessage ? ` ("${f.serviceMessage}")` : ''}. Nothing was released.`,
              }
            : this.explainAdmin(f),
      },
      () => undefined,
      options,
    );
    return { released: list };
  }

  private readonly explainAdmin: Explain = (f) => {
    if (f.status === 401 || f.status === 403) {
      return {
        code: 'AUTH',
        message:
          `The Admin API rejected the admin credentials of account "${this.account.label}" (Admin ID "${this.account.adminId}", username "${this.account.adminUsername}", HTTP ${f.status}` +
          `${f.serviceMessage ? `: "${f.serviceMessage}"` : ''}). Check the Admin ID, admin username and admin password in Settings > Accounts.`,
      };
    }
    return undefined;
  };

  private missingUser(customerKey: string): Explain {
    return (f) =>
      f.status === 404 && !f.isWebPage
        ? { code: 'NOT_FOUND', message: `The Admin API has no user with customer key "${customerKey}". It may have been removed; refresh the list.` }
        : this.explainAdmin(f);
  }

  private call<S extends z.ZodType>(spec: Spec, schema: S, options: CallOptions): Promise<z.output<S>> {
    return this.send(spec, (response) => parseJsonAnswer(this.target, spec.operation, response, schema as z.ZodType<z.output<S>>), options);
  }

  private send<T>(spec: Spec, read: (response: HttpResponse) => T, options: CallOptions): Promise<T> {
    return this.http.send(
      this.target,
      {
        ...spec,
        explain: spec.explain ?? this.explainAdmin,
        headers: { 'admin-id': this.account.adminId, 'admin-username': this.account.adminUsername, 'admin-password': this.#password },
        ...(options.signal ? { signal: options.signal } : {}),
        ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
      },
      read,
    );
  }
}

function userToWire(user: AdminUserCreate | AdminUserPatch): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if ('customerKey' in user && user.customerKey !== undefined) out.customer_key = user.customerKey;
  if (user.firstName !== undefined) out.first_name = user.firstName;
  if (user.lastName !== undefined) out.last_name = user.lastName;
  if (user.email !== undefined) out.email = user.email;
  if (user.timeZone !== undefined) out.time_zone = user.timeZone;
  if (user.customFaxHeaders !== undefined) out.custom_fax_headers = user.customFaxHeaders;
  if ('faxNumber' in user && user.faxNumber !== undefined) out.fax_number = user.faxNumber;
  if ('status' in user && user.status !== undefined) out.status = user.status;
  return out;
}
