/**
 * The first run: whether to show the welcome screen, and "Connect your fax account", which tests the
 * connection before anything is stored, so an API key reaches the keychain only once it is known to work.
 */
import type { AccountAddInput } from '../../shared/ipc/contract/accounts';
import type { ConnectOutcome, WelcomeState } from '../../shared/ipc/contract/welcome';
import type { AccountService } from '../accounts/account-service';
import type { ConnectionTester } from '../accounts/connection-test';
import type { Logger } from '../platform/logger';
import type { SettingsService } from '../settings/settings-service';
import type { SettingsRepository } from '../store/repositories/settings-repository';

/** "The welcome screen is due": set when the Sandbox is created in an empty data folder, cleared when done. */
export class FirstRunFlag {
  static readonly KEY = 'welcome.pending';

  constructor(
    private readonly settings: SettingsRepository,
    private readonly now: () => Date,
  ) {}

  get pending(): boolean {
    return this.settings.all().some((r) => r.key === FirstRunFlag.KEY && r.value === 'true');
  }

  set(pending: boolean): void {
    this.settings.putMany([{ key: FirstRunFlag.KEY, value: JSON.stringify(pending) }], this.now());
  }
}

export interface WelcomeServiceDeps {
  flag: FirstRunFlag;
  accounts: AccountService;
  tester: ConnectionTester;
  settings: SettingsService;
  logger: Logger;
}

export class WelcomeService {
  constructor(private readonly deps: WelcomeServiceDeps) {}

  state(): WelcomeState {
    return { show: this.deps.flag.pending };
  }

  finish(): WelcomeState {
    this.deps.flag.set(false);
    return this.state();
  }

  async connect(input: AccountAddInput): Promise<ConnectOutcome> {
    const report = await this.deps.tester.test({ draft: { label: input.label, baseUrl: input.baseUrl, appId: input.appId, apiKey: input.apiKey, userId: input.userId } });
    if (!report.ok) {
      this.deps.logger.info('first-run connection test failed; nothing stored', { step: report.failedStep });
      return { report, account: null };
    }
    const account = await this.deps.accounts.add(input);
    // New faxes now go out for real, from the account just connected.
    this.deps.settings.set({ defaultAccountId: account.id });
    this.finish();
    return { report, account };
  }
}
