/**
 * Accounts, users, numbers and credentials: creating them, and checking the credentials each API
 * presents (OAuth bearer tokens and `user-id` for Fax Services; admin-id / admin-username /
 * admin-password headers for the Admin API).
 */
import { createHmac } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { isValidServiceFaxNumber } from '../shared/fax-number';
import { ApiError } from './http/errors';
import type { AccountRecord, NumberRecord, TokenRecord, UserRecord } from './state/model';
import type { Store } from './state/store';
import { newId, randomDigits, randomHex, randomSecret, safeEqual } from './util';

/** Seconds a token lives (the service answers expires_in 86399). */
export const TOKEN_LIFETIME_SECONDS = 86_399;

/** Sandbox numbers are handed out from +1 415 555 2000 upwards (outside the rule range 555-01xx). */
const NUMBER_BASE = 14_155_552_000;

export interface DemoAccount {
  appId: string;
  apiKey: string;
  userId: string;
  adminId: string;
  adminUsername: string;
  adminPassword: string;
  /** The demo user's own number: sending to it loops back into the same inbox. */
  faxNumber: string;
}

export interface NewUserInput {
  firstName?: string;
  lastName?: string;
  email?: string;
  customerKey?: string;
  timeZone?: string;
  customFaxHeaders?: boolean;
  /** Digits with country code; allocated when absent. */
  faxNumber?: string;
}

export interface Identity {
  token: TokenRecord;
  account: AccountRecord;
  number: NumberRecord;
  user: UserRecord;
}

const base64url = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');

export class Accounts {
  constructor(
    private readonly store: Store,
    private readonly now: () => number,
  ) {}

  // Creating -------------------------------------------------------------------------------------

  /** A new corporate account with its application and one user with one number. */
  createAccount(fixed: Partial<AccountRecord> = {}): { account: AccountRecord; user: UserRecord; number: NumberRecord } {
    const account: AccountRecord = {
      adminId: fixed.adminId ?? randomDigits(8),
      adminUsername: fixed.adminUsername ?? `sandbox-admin-${randomHex(3)}`,
      adminPassword: fixed.adminPassword ?? randomSecret(20),
      appId: fixed.appId ?? newId(),
      apiKey: fixed.apiKey ?? randomSecret(40),
      createdAt: this.now(),
    };
    this.store.addAccount(account);
    const { user, number } = this.createUser(account, { firstName: 'Sandbox', lastName: 'User', email: 'sandbox.user@example.com' });
    return { account, user, number };
  }

  demoAccount(adminId: string): DemoAccount | null {
    const account = this.store.accounts.get(adminId);
    if (!account) return null;
    const first = [...this.store.numbers.values()].filter((n) => n.adminId === adminId).sort((a, b) => a.assignedAt - b.assignedAt)[0];
    if (!first) return null;
    return {
      appId: account.appId,
      apiKey: account.apiKey,
      userId: first.userId,
      adminId: account.adminId,
      adminUsername: account.adminUsername,
      adminPassword: account.adminPassword,
      faxNumber: first.faxNumber,
    };
  }

  createUser(account: AccountRecord, input: NewUserInput): { user: UserRecord; number: NumberRecord } {
    const now = this.now();
    const customerKey = input.customerKey ?? `cust-${randomHex(6)}`;
    if (this.store.users.has(customerKey)) {
      throw new ApiError(409, { element: 'customer_key', message: `A user with customer key ${customerKey} already exists.` });
    }
    const faxNumber = input.faxNumber ?? this.allocateNumber();
    this.checkNumberFree(faxNumber);
    const user: UserRecord = {
      customerKey,
      adminId: account.adminId,
      firstName: input.firstName ?? '',
      lastName: input.lastName ?? '',
      email: input.email ?? '',
      timeZone: input.timeZone ?? 'UTC',
      status: 'ACTIVE',
      customFaxHeaders: input.customFaxHeaders ?? true,
      createdAt: now,
      updatedAt: now,
    };
    this.store.users.put(user);
    const number = this.assignNumber(user, faxNumber);
    return { user, number };
  }

  checkNumberFree(faxNumber: string): void {
    if (!isValidServiceFaxNumber(faxNumber) || faxNumber.startsWith('+')) {
      throw new ApiError(400, { element: 'fax_number', message: `${faxNumber} is not a fax number: give digits with the country code, e.g. 14155552999.` });
    }
    if (this.store.numbers.has(faxNumber)) {
      throw new ApiError(409, { element: 'fax_number', message: `Fax number ${faxNumber} is already assigned.` });
    }
  }

  assignNumber(user: UserRecord, faxNumber: string): NumberRecord {
    const number: NumberRecord = {
      faxNumber,
      userId: `${randomDigits(8)}-${randomDigits(8)}`,
      customerKey: user.customerKey,
      adminId: user.adminId,
      csid: `SANDBOX ${faxNumber.slice(-4)}`,
      assignedAt: this.now(),
    };
    this.store.addNumber(number);
    return number;
  }

  allocateNumber(): string {
    for (;;) {
      const candidate = String(NUMBER_BASE + this.store.meta.nextNumber);
      this.store.meta.nextNumber += 1;
      this.store.saveMeta();
      if (!this.store.numbers.has(candidate)) return candidate;
    }
  }

  // Tokens ---------------------------------------------------------------------------------------

  /** POST /tokens: checks HTTP Basic App ID / API Key and issues a token. */
  issueToken(authorization: string | undefined): TokenRecord {
    const unauthorized = (message: string) =>
      new ApiError(401, { element: 'Authorization', message }, { 'www-authenticate': 'Basic realm="fax-services"' });
    if (!authorization || !/^basic\s+/i.test(authorization)) {
      throw unauthorized('Send HTTP Basic authentication with the App ID as user name and the API Key as password.');
    }
    const decoded = Buffer.from(authorization.replace(/^basic\s+/i, ''), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    const appId = colon < 0 ? decoded : decoded.slice(0, colon);
    const apiKey = colon < 0 ? '' : decoded.slice(colon + 1);
    const account = this.store.accountByApp(appId);
    if (!account || !safeEqual(apiKey, account.apiKey)) throw unauthorized('Unknown App ID or wrong API Key.');

    const issuedAt = this.now();
    const expiresAt = issuedAt + TOKEN_LIFETIME_SECONDS * 1000;
    const jti = newId();
    const header = base64url({ alg: 'HS256', typ: 'JWT' });
    const claims = base64url({
      iss: 'faxdesk-sandbox',
      sub: appId,
      client_id: appId,
      aud: ['fax-services'],
      scope: ['read', 'write'],
      iat: Math.floor(issuedAt / 1000),
      exp: Math.floor(expiresAt / 1000),
      jti,
    });
    const signature = createHmac('sha256', this.store.meta.tokenSecret).update(`${header}.${claims}`).digest('base64url');
    const token: TokenRecord = { accessToken: `${header}.${claims}.${signature}`, jti, appId, issuedAt, expiresAt, revoked: false };
    this.pruneTokens(issuedAt);
    this.store.tokens.put(token);
    return token;
  }

  private pruneTokens(now: number): void {
    if (this.store.tokens.size < 2000) return;
    for (const t of [...this.store.tokens.values()]) if (t.revoked || t.expiresAt <= now) this.store.tokens.delete(t.accessToken);
  }

  /** Revokes one token (by its access_token) or, with none, every token. Returns how many. */
  revokeTokens(accessToken?: string): number {
    let revoked = 0;
    for (const t of this.store.tokens.values()) {
      if (t.revoked || (accessToken !== undefined && t.accessToken !== accessToken)) continue;
      t.revoked = true;
      this.store.tokens.put(t);
      revoked++;
    }
    return revoked;
  }

  /** The token behind `Authorization: Bearer ...`, or 401. */
  bearer(headers: IncomingHttpHeaders): { token: TokenRecord; account: AccountRecord } {
    const unauthorized = (message: string, error: string) =>
      new ApiError(401, { element: 'Authorization', message }, { 'www-authenticate': `Bearer realm="fax-services", error="${error}"` });
    // The scheme in any case, the space after it optional: the vendor's own suite (T18) sends Bearer<token>.
    const presented = /^\s*bearer\s*(\S+)\s*$/i.exec(headers.authorization ?? '')?.[1];
    if (!presented) {
      throw unauthorized('An access token is required: send Authorization: Bearer <access_token> (get one from POST /tokens).', 'invalid_request');
    }
    const token = this.store.tokens.get(presented);
    if (!token) throw unauthorized('The access token is not valid. Request a new one from POST /tokens.', 'invalid_token');
    if (token.revoked) throw unauthorized('The access token has been revoked. Request a new one from POST /tokens.', 'invalid_token');
    if (token.expiresAt <= this.now()) throw unauthorized('The access token has expired. Request a new one from POST /tokens.', 'invalid_token');
    const account = this.store.accountByApp(token.appId);
    if (!account) throw unauthorized('The access token belongs to an application that no longer exists.', 'invalid_token');
    return { token, account };
  }

  /** Bearer token plus the `user-id` header naming a user of the token's application. */
  identify(headers: IncomingHttpHeaders): Identity {
    const { token, account } = this.bearer(headers);
    const raw = headers['user-id'] ?? headers['user_id'];
    const userId = (Array.isArray(raw) ? raw[0] : raw)?.trim();
    if (!userId) {
      throw new ApiError(400, { element: 'user-id', message: 'The user-id header is required: it names the user whose faxes this call concerns.' });
    }
    const number = this.store.numberByUserId(userId);
    if (!number || number.adminId !== account.adminId) {
      throw new ApiError(403, { element: 'user-id', message: `User ${userId} is not a user of this application.` });
    }
    const user = this.store.users.get(number.customerKey);
    if (!user) throw new ApiError(403, { element: 'user-id', message: `User ${userId} is not a user of this application.` });
    if (user.status !== 'ACTIVE') throw new ApiError(403, { element: 'user-id', message: `User ${userId} is disabled.` });
    return { token, account, number, user };
  }

  /** Admin API credentials, or 401. */
  admin(headers: IncomingHttpHeaders): AccountRecord {
    const header = (name: string): string | undefined => {
      const v = headers[name];
      return Array.isArray(v) ? v[0] : v;
    };
    const adminId = header('admin-id');
    const username = header('admin-username');
    const password = header('admin-password');
    if (!adminId || !username || !password) {
      throw new ApiError(401, {
        element: 'admin-id',
        message: 'Admin API calls need the admin-id, admin-username and admin-password headers.',
      });
    }
    const account = this.store.accounts.get(adminId);
    if (!account || !safeEqual(username, account.adminUsername) || !safeEqual(password, account.adminPassword)) {
      throw new ApiError(401, { element: 'admin-id', message: 'Wrong admin ID, user name or password.' });
    }
    return account;
  }
}
