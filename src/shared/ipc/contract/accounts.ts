/**
 * Accounts (Settings page) and the Admin page (the account's admin credentials). Secrets (API key,
 * admin password) only ever travel renderer → main, in inputs; no output or event carries one, only
 * whether it is set (`hasApiKey` …). An account's webhook addresses are in webhooks.ts.
 */
import { z } from 'zod';
import { call, event } from '../define';
import { serviceUrlProblem, type AdminUser, type ReleaseNumbersResult } from '../../domain/fax';

// ---------------------------------------------------------------------------------------------
// Outputs

export type AccountKind = 'live' | 'sandbox';

/** Whether the account can be used right now, and if not, why (a sentence to show). */
export interface AccountStatus {
  state: 'ready' | 'starting' | 'stopped' | 'failed' | 'disabled';
  message: string | null;
}

/**
 * The fields an account is stored with and shown with: main's AccountRecord (the accounts table, in
 * src/main/store/repositories/accounts-repository.ts) and AccountView both extend this one declaration.
 */
export interface AccountFields {
  id: string;
  label: string;
  kind: AccountKind;
  /** Active accounts are synchronised and can send; several may be active at once. */
  enabled: boolean;
  baseUrl: string;
  adminBaseUrl: string | null;
  appId: string;
  userId: string;
  adminId: string | null;
  adminUsername: string | null;
  /** Whether each secret is set (in the keychain, or the Sandbox's while it runs); never the secret. */
  hasApiKey: boolean;
  hasAdminPassword: boolean;
  hasHmacSecret: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface AccountView extends AccountFields {
  /** The label to show wherever the account appears: the Sandbox's always says it is a sandbox. */
  displayLabel: string;
  isSandbox: boolean;
  /** Admin ID, username and password are all set: the Admin page applies. */
  adminAvailable: boolean;
  /** The account's own fax number when known (the Sandbox's demo number). */
  faxNumber: string | null;
  status: AccountStatus;
}

export type AccountTestStepId = 'settings' | 'keychain' | 'reach' | 'clock' | 'token' | 'received' | 'admin';

export interface AccountTestStep {
  id: AccountTestStepId;
  /** What the step does, e.g. "Sign in with the App ID and API key". */
  title: string;
  outcome: 'ok' | 'failed' | 'skipped';
  /** What happened: on failure, why and what to do. */
  message: string;
  /** The error code on failure. */
  code?: string;
}

export interface AccountTestReport {
  ok: boolean;
  /** The step that failed, if any. */
  failedStep: AccountTestStepId | null;
  steps: AccountTestStep[];
}

// ---------------------------------------------------------------------------------------------
// Inputs

/** Letters a header value can carry; control characters and non-ASCII break the request. */
const PRINTABLE = /^[\x20-\x7e]+$/;
const TOKEN_CHARS = /^[\x21-\x7e]+$/;
// eslint-disable-next-line no-control-regex -- the point is to refuse control characters
const PRINTABLE_OR_EMPTY = /^[^\u0000-\u001f\u007f]*$/;

const AccountId = z.string().trim().min(1, 'Choose an account.').max(100);
const Label = z.string().trim().min(1, 'Give the account a name.').max(80, 'Use at most 80 characters for the name.');

function serviceUrl(what: string) {
  return z
    .string()
    .trim()
    .max(2000)
    .superRefine((value, ctx) => {
      const problem = serviceUrlProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: `${what}: ${problem}` });
    })
    .transform((value) => value.replace(/\/+$/, ''));
}

function identifier(what: string, example: string) {
  return z
    .string()
    .trim()
    .min(1, `Enter the ${what}.`)
    .max(200, `The ${what} is too long; paste it again.`)
    .regex(TOKEN_CHARS, `The ${what} contains spaces or characters it never has (${example}); paste it again.`);
}

const AppId = identifier('App ID', 'it looks like 4d6d4f0e-1234-4bcd-9aaa-1234567890ab').refine((v) => !v.includes(':'), 'The App ID cannot contain ":"; paste it again.');
const UserId = identifier('user-id', 'it looks like 12345678-87654321');
const ApiKey = z
  .string()
  .trim()
  .min(1, 'Enter the API key.')
  .max(1000, 'The API key is too long; paste it again.')
  .regex(TOKEN_CHARS, 'The API key contains spaces or characters API keys never have; paste it again from the admin portal.');
const AdminId = identifier('Admin ID', 'the AccountID of the corporate admin account');
const AdminUsername = z.string().trim().min(1, 'Enter the admin username.').max(200).regex(PRINTABLE, 'The admin username contains characters that cannot be sent; check it.');
const AdminPassword = z.string().min(1, 'Enter the admin password.').max(500).regex(PRINTABLE, 'The admin password contains characters that cannot be sent (only plain keyboard characters work with the Admin API).');

export const AdminCredentialsInputSchema = z.object({ adminId: AdminId, adminUsername: AdminUsername, adminPassword: AdminPassword }).strict();

export const AccountAddInputSchema = z
  .object({
    label: Label,
    baseUrl: serviceUrl('Base URL'),
    /** Defaults to the base URL when admin credentials are given. */
    adminBaseUrl: serviceUrl('Admin base URL').optional(),
    appId: AppId,
    apiKey: ApiKey,
    userId: UserId,
    admin: AdminCredentialsInputSchema.optional(),
    enabled: z.boolean().default(true),
  })
  .strict();
export type AccountAddInput = z.output<typeof AccountAddInputSchema>;

export const AccountUpdateInputSchema = z
  .object({
    id: AccountId,
    label: Label.optional(),
    enabled: z.boolean().optional(),
    baseUrl: serviceUrl('Base URL').optional(),
    /** null removes it. */
    adminBaseUrl: serviceUrl('Admin base URL').nullable().optional(),
    appId: AppId.optional(),
    /** Only when it changes; the stored one is kept otherwise. */
    apiKey: ApiKey.optional(),
    userId: UserId.optional(),
    /** null removes the admin credentials; a missing password keeps the stored one. */
    admin: z.object({ adminId: AdminId, adminUsername: AdminUsername, adminPassword: AdminPassword.optional() }).strict().nullable().optional(),
  })
  .strict();
export type AccountUpdateInput = z.output<typeof AccountUpdateInputSchema>;

/** Test the saved account (`id`), the form being edited (`id` + `draft`), or a new one (`draft`). */
export const AccountTestInputSchema = z
  .object({
    id: AccountId.optional(),
    draft: z
      .object({
        label: z.string().max(80).optional(),
        baseUrl: z.string().max(2000).optional(),
        adminBaseUrl: z.string().max(2000).nullable().optional(),
        appId: z.string().max(200).optional(),
        apiKey: z.string().max(1000).optional(),
        userId: z.string().max(200).optional(),
        admin: z
          .object({ adminId: z.string().max(200).optional(), adminUsername: z.string().max(200).optional(), adminPassword: z.string().max(500).optional() })
          .strict()
          .nullable()
          .optional(),
      })
      .strict()
      .optional(),
  })
  .strict()
  .refine((v) => v.id !== undefined || v.draft !== undefined, { message: 'Say which account to test.', path: ['id'] });
export type AccountTestInput = z.output<typeof AccountTestInputSchema>;

const AccountRef = z.object({ accountId: AccountId }).strict();
const CustomerKey = z.string().trim().min(1, 'Choose a user.').max(200);
const FaxNumber = z
  .string()
  .trim()
  .regex(/^\+?\d{7,16}$/, 'A fax number is 7 to 16 digits with the country code, e.g. 15222051030.');

const AdminUserFields = {
  firstName: z.string().trim().max(100).regex(PRINTABLE_OR_EMPTY, 'Use plain characters.').optional(),
  lastName: z.string().trim().max(100).regex(PRINTABLE_OR_EMPTY, 'Use plain characters.').optional(),
  email: z.email('Enter a valid email address.').max(254).optional(),
  timeZone: z
    .string()
    .trim()
    .regex(/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/, 'Use a time zone name such as Europe/London or America/New_York.')
    .max(64)
    .optional(),
  customFaxHeaders: z.boolean().optional(),
};

// ---------------------------------------------------------------------------------------------

export const accountCalls = {
  'accounts:list': call(z.void()).returns<AccountView[]>(),
  'accounts:add': call(AccountAddInputSchema).returns<AccountView>(),
  'accounts:update': call(AccountUpdateInputSchema).returns<AccountView>(),
  /** An account with fax history is archived (hidden, secrets deleted) instead of deleted. */
  'accounts:remove': call(z.object({ id: AccountId }).strict()).returns<{ id: string; archived: boolean }>(),
  'accounts:test': call(AccountTestInputSchema).returns<AccountTestReport>(),

  'admin:listUsers': call(AccountRef).returns<AdminUser[]>(),
  'admin:getUser': call(z.object({ accountId: AccountId, customerKey: CustomerKey }).strict()).returns<AdminUser>(),
  'admin:createUser': call(
    z
      .object({
        accountId: AccountId,
        user: z
          .object({
            /** Left out: the service chooses one. */
            customerKey: z.string().trim().min(1).max(200).regex(TOKEN_CHARS, 'A customer key has no spaces.').optional(),
            /** Left out: the service allocates a number. */
            faxNumber: FaxNumber.optional(),
            ...AdminUserFields,
            firstName: z.string().trim().min(1, 'Enter the first name.').max(100).regex(PRINTABLE_OR_EMPTY, 'Use plain characters.'),
            lastName: z.string().trim().min(1, 'Enter the last name.').max(100).regex(PRINTABLE_OR_EMPTY, 'Use plain characters.'),
            email: z.email('Enter a valid email address.').max(254),
          })
          .strict(),
      })
      .strict(),
  ).returns<AdminUser>(),
  'admin:updateUser': call(
    z
      .object({
        accountId: AccountId,
        customerKey: CustomerKey,
        patch: z.object({ ...AdminUserFields, status: z.enum(['ACTIVE', 'DISABLED']).optional() }).strict(),
      })
      .strict(),
  ).returns<AdminUser>(),
  /** Destructive: the renderer confirms first and says so with `confirm: true`. */
  'admin:releaseNumbers': call(
    z
      .object({
        accountId: AccountId,
        faxNumbers: z.array(FaxNumber).min(1, 'Choose at least one number.').max(50),
        confirm: z.literal(true, { error: 'Releasing numbers must be confirmed.' }),
      })
      .strict(),
  ).returns<ReleaseNumbersResult>(),
} as const;

export const accountEvents = {
  /** The whole list, after any change (added, edited, removed, Sandbox started or failed). */
  'accounts:changed': event<AccountView[]>(),
} as const;
