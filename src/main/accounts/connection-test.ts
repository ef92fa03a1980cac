/**
 * "Test connection": checks an account step by step (settings, keychain, reaching the host, the
 * clock, sign-in, one page of received faxes, and the Admin API when admin credentials are given)
 * and reports exactly which step failed and why: a bad App ID or API key, a wrong user-id, a host
 * that cannot be reached, a proxy in the way, or a clock too far from the service's (its Date header). Works for a saved account, for the form being edited (saved values plus the
 * changes), and for a new account before it is saved. Nothing is stored.
 */
import { AccountAddInputSchema, type AccountTestInput, type AccountTestReport, type AccountTestStep, type AccountTestStepId } from '../../shared/ipc/contract/accounts';
import { AdminClient, type AdminCredentials } from '../api/admin-client';
import { FaxServiceClient, type FaxServiceCredentials } from '../api/fax-service-client';
import { describeNetworkError, type HttpClient } from '../api/http';
import { AppError, isAppError } from '../errors';
import { describeZodError } from '../ipc/gate';
import type { Logger } from '../platform/logger';
import type { FetchFn } from '../platform/ports';
import type { AccountService } from './account-service';

export const TEST_TIMEOUT_MS = 15_000;
/** Farther apart than this, time-stamped requests and the fax times Faxdesk shows go wrong. */
export const MAX_CLOCK_SKEW_MS = 5 * 60_000;

const TITLES: Record<AccountTestStepId, string> = {
  settings: 'Check the account settings',
  keychain: 'Read the saved secrets from the system keychain',
  reach: 'Reach the service over the network',
  clock: "Compare this computer's clock with the service's",
  token: 'Sign in with the App ID and API key',
  received: 'Read the list of received faxes',
  admin: 'Sign in to the Admin API',
};

interface Candidate {
  service: FaxServiceCredentials;
  admin: AdminCredentials | null;
}

export class ConnectionTester {
  constructor(
    private readonly accounts: AccountService,
    private readonly http: HttpClient,
    private readonly logger: Logger,
    /** The core's fetch (net.fetch in the app: the system proxy) for the reachability and clock steps. */
    private readonly fetch: FetchFn,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async test(input: AccountTestInput): Promise<AccountTestReport> {
    const steps: AccountTestStep[] = [];
    const report = (): AccountTestReport => {
      const failed = steps.find((s) => s.outcome === 'failed');
      return { ok: !failed, failedStep: failed?.id ?? null, steps };
    };
    const fail = (id: AccountTestStepId, error: unknown, rest: AccountTestStepId[]): AccountTestReport => {
      steps.push({ id, title: TITLES[id], outcome: 'failed', message: messageOf(error, this.logger), ...(isAppError(error) ? { code: error.code } : {}) });
      for (const r of rest) steps.push({ id: r, title: TITLES[r], outcome: 'skipped', message: 'Not tried: an earlier step failed.' });
      return report();
    };

    // 1. Settings (and, for saved accounts, 2. the keychain)
    let candidate: Candidate;
    try {
      const resolved = await this.resolve(input, steps);
      if ('problem' in resolved) return fail(resolved.step, resolved.problem, ['token', 'received', ...(resolved.hasAdmin ? (['admin'] as const) : [])]);
      candidate = resolved;
    } catch (error) {
      return fail('settings', error, ['token', 'received']);
    }
    const rest: AccountTestStepId[] = candidate.admin ? ['admin'] : [];

    // 3. The host answers at all (and through which proxy), 4. and its clock agrees with ours.
    const reached = await this.reach(candidate.service.baseUrl);
    if ('problem' in reached) return fail('reach', reached.problem, ['clock', 'token', 'received', ...rest]);
    steps.push({ id: 'reach', title: TITLES.reach, outcome: 'ok', message: reached.message });
    const clock = clockCheck(reached.serverDate, this.now());
    if (clock.problem) return fail('clock', clock.problem, ['token', 'received', ...rest]);
    steps.push({ id: 'clock', title: TITLES.clock, outcome: 'ok', message: clock.message });

    // 5. Token — a fresh client: the test must really sign in, not reuse a cached token.
    this.accounts.secretSeen(candidate.service.apiKey);
    this.accounts.secretSeen(candidate.admin?.adminPassword);
    const client = new FaxServiceClient(candidate.service, this.http, { onToken: this.accounts.onToken });
    try {
      await client.tokens.get();
      steps.push({ id: 'token', title: TITLES.token, outcome: 'ok', message: `The service accepted App ID "${candidate.service.appId}" and its API key.` });
    } catch (error) {
      return fail('token', isAppError(error) && error.code === 'AUTH' ? new AppError('AUTH', `Bad App ID or API key: ${error.message}`) : error, ['received', ...rest]);
    }

    // 4. One page of received faxes (proves the user-id and the token work together).
    try {
      const page = await client.listReceived({ limit: 1 });
      const count = page.totalRecords !== undefined ? `${page.totalRecords} received fax${page.totalRecords === 1 ? '' : 'es'} in total` : page.items.length ? 'received faxes are there' : 'no received faxes yet';
      steps.push({ id: 'received', title: TITLES.received, outcome: 'ok', message: `Read the received faxes of user-id "${candidate.service.userId}": ${count}.` });
    } catch (error) {
      const wrongUser = isAppError(error) && (error.code === 'AUTH' || error.code === 'NOT_FOUND');
      return fail(
        'received',
        wrongUser
          ? new AppError(error.code, `Wrong user-id: the App ID and API key work, but the service refused user-id "${candidate.service.userId}" (${error.message}) Copy the user-id of this application's user from the service's portal.`)
          : error,
        rest,
      );
    } finally {
      client.tokens.clear();
    }

    // 5. Admin API
    if (candidate.admin) {
      try {
        const users = await new AdminClient(candidate.admin, this.http).listUsers();
        steps.push({ id: 'admin', title: TITLES.admin, outcome: 'ok', message: `The Admin API accepted the admin credentials (${users.length} user${users.length === 1 ? '' : 's'}).` });
      } catch (error) {
        return fail('admin', error, []);
      }
    }
    return report();
  }

  /** Any HTTP answer from the base URL's host proves the network path; 407 means a proxy wants a sign-in. */
  private async reach(baseUrl: string): Promise<{ message: string; serverDate: Date | null } | { problem: AppError }> {
    const host = hostOf(baseUrl);
    try {
      // Redirects followed: any answer proves the path. (Electron's net.fetch fails redirect 'manual'
      // with "Redirect was cancelled" as soon as a server redirects, electron/electron#43715.)
      const response = await this.fetch(baseUrl, { method: 'GET', redirect: 'follow', signal: AbortSignal.timeout(TEST_TIMEOUT_MS) });
      await response.body?.cancel().catch(() => {});
      if (response.status === 407) {
        return {
          problem: new AppError('NETWORK', `A proxy server between this computer and ${host} asks Faxdesk to sign in (HTTP 407). Faxdesk uses the system's proxy settings: ask IT to let it through, or set the proxy's sign-in in the system settings.`),
        };
      }
      const date = response.headers.get('date');
      const serverDate = date && !Number.isNaN(Date.parse(date)) ? new Date(date) : null;
      return { message: `${host} answered (HTTP ${response.status}).`, serverDate };
    } catch (error) {
      const cause = describeNetworkError(error);
      const what = /proxy/i.test(cause.reason) ? 'Proxy' : 'Unreachable';
      return { problem: new AppError('NETWORK', `${what}: Faxdesk could not reach ${host}: ${cause.reason}. ${cause.advice}`) };
    }
  }

  /** Builds the credentials to test from the saved account and/or the draft. */
  private async resolve(
    input: AccountTestInput,
    steps: AccountTestStep[],
  ): Promise<Candidate | { step: AccountTestStepId; problem: unknown; hasAdmin: boolean }> {
    const draft = input.draft ?? {};
    const saved = input.id !== undefined ? this.accounts.record(input.id) : null;

    if (saved?.kind === 'sandbox') {
      if (Object.keys(draft).some((k) => k !== 'label')) {
        return { step: 'settings', problem: new Error("The Sandbox's connection settings are built in."), hasAdmin: false };
      }
      const service = await this.accounts.serviceCredentials(saved);
      const admin = await this.accounts.adminCredentials(saved);
      steps.push({ id: 'settings', title: TITLES.settings, outcome: 'ok', message: 'The Sandbox is running on this computer.' });
      return { service, admin };
    }

    const adminDraft = draft.admin;
    const merged = {
      label: (draft.label ?? saved?.label ?? '').trim() || 'New account',
      baseUrl: draft.baseUrl ?? saved?.baseUrl ?? '',
      adminBaseUrl: draft.adminBaseUrl === null ? undefined : (draft.adminBaseUrl ?? saved?.adminBaseUrl ?? undefined),
      appId: draft.appId ?? saved?.appId ?? '',
      // A stand-in passes the shape check when the key is to come from the keychain.
      apiKey: draft.apiKey ?? (saved?.hasApiKey ? 'saved-key' : ''),
      userId: draft.userId ?? saved?.userId ?? '',
      admin:
        adminDraft === null
          ? undefined
          : adminDraft !== undefined || saved?.adminId
            ? {
                adminId: adminDraft?.adminId ?? saved?.adminId ?? '',
                adminUsername: adminDraft?.adminUsername ?? saved?.adminUsername ?? '',
                adminPassword: adminDraft?.adminPassword ?? (saved?.hasAdminPassword ? 'saved-password' : ''),
              }
            : undefined,
    };
    const checked = AccountAddInputSchema.safeParse(merged);
    if (!checked.success) {
      const info = describeZodError(checked.error);
      return { step: 'settings', problem: new Error(info.message.replace(/^"([^"]+)": /, '')), hasAdmin: merged.admin !== undefined };
    }
    const values = checked.data;
    steps.push({ id: 'settings', title: TITLES.settings, outcome: 'ok', message: 'The addresses and identifiers are well formed.' });

    let apiKey = draft.apiKey?.trim();
    let adminPassword = adminDraft?.adminPassword;
    if (saved && (apiKey === undefined || (values.admin && adminPassword === undefined))) {
      try {
        if (apiKey === undefined) apiKey = (await this.accounts.readSecret(saved.id, 'apiKey')) ?? undefined;
        if (values.admin && adminPassword === undefined) adminPassword = (await this.accounts.readSecret(saved.id, 'adminPassword')) ?? undefined;
        if (!apiKey) throw new Error('No API key is saved for this account: enter it.');
        if (values.admin && !adminPassword) throw new Error('No admin password is saved for this account: enter it.');
      } catch (error) {
        return { step: 'keychain', problem: error, hasAdmin: values.admin !== undefined };
      }
      steps.push({ id: 'keychain', title: TITLES.keychain, outcome: 'ok', message: 'The saved secrets were read.' });
    }
    return {
      service: { label: values.label, baseUrl: values.baseUrl, appId: values.appId, apiKey: apiKey!, userId: values.userId },
      admin: values.admin
        ? {
            label: values.label,
            adminBaseUrl: values.adminBaseUrl ?? values.baseUrl,
            adminId: values.admin.adminId,
            adminUsername: values.admin.adminUsername,
            adminPassword: adminPassword ?? values.admin.adminPassword,
          }
        : null,
    };
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

function clockCheck(serverDate: Date | null, local: Date): { problem?: AppError; message: string } {
  if (!serverDate) return { message: 'The service did not send its time (no Date header); the clock was not compared.' };
  const skew = local.getTime() - serverDate.getTime();
  const minutes = Math.round(Math.abs(skew) / 60_000);
  const utc = (d: Date) => d.toISOString().replace('T', ' ').slice(0, 16) + ' UTC';
  if (Math.abs(skew) > MAX_CLOCK_SKEW_MS) {
    return {
      message: '',
      problem: new AppError(
        'VALIDATION',
        `Clock skew: this computer's clock is ${minutes} minutes ${skew > 0 ? 'ahead of' : 'behind'} the service's (the service says ${utc(serverDate)}, this computer ${utc(local)}). ` +
          'Sign-ins and fax times go wrong when clocks differ by more than 5 minutes: set the date and time to update automatically, then test again.',
      ),
    };
  }
  return { message: `This computer's clock agrees with the service's (within ${Math.max(1, Math.round(Math.abs(skew) / 1000))} s).` };
}

function messageOf(error: unknown, logger: Logger): string {
  if (isAppError(error)) return error.message;
  if (error instanceof Error && !(error instanceof TypeError) && !(error instanceof RangeError)) return error.message;
  logger.error('connection test failed unexpectedly', { error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) });
  return 'Something went wrong inside Faxdesk during the test. The details were written to the log.';
}
