/**
 * The first-run screen: shown once to a person whose data folder was empty (the Sandbox was just
 * created), until they send a practice fax, connect their account, or skip it.
 */
import { z } from 'zod';
import { call } from '../define';
import { AccountAddInputSchema, type AccountTestReport, type AccountView } from './accounts';

export interface WelcomeState {
  show: boolean;
}

export interface ConnectOutcome {
  /** Every step of the connection test; the account is saved only when it passed. */
  report: AccountTestReport;
  /** The new account (now the default for new faxes), or null when the test failed and nothing was stored. */
  account: AccountView | null;
}

export const welcomeCalls = {
  'welcome:get': call(z.void()).returns<WelcomeState>(),
  /** The person is done with the first-run screen; it is not shown again. */
  'welcome:finish': call(z.void()).returns<WelcomeState>(),
  /** Tests the connection first; only when every step passed is the account saved (API key in the keychain). */
  'welcome:connect': call(AccountAddInputSchema).returns<ConnectOutcome>(),
} as const;
