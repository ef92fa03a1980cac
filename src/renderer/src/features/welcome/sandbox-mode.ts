/**
 * Whether new faxes go to the Sandbox (the practice account), so the window title, the status bar and
 * Compose can say so: nobody should believe a practice fax went out.
 */
import { useEffect } from 'react';
import { pickDefaultAccount, useAccountsStore, useDefaultAccountId } from '../../stores/accounts-store';

export const SANDBOX_WORDS = 'Sandbox: practice account, nothing is really faxed';

export function useSandboxIsDefault(): boolean {
  const accounts = useAccountsStore((s) => s.accounts);
  const defaultId = useDefaultAccountId();
  return pickDefaultAccount(accounts, defaultId)?.kind === 'sandbox';
}

/** "(2) Faxdesk — Sandbox (practice)": the desktop window's title follows the page's. */
export function windowTitle(unread: number, sandbox: boolean): string {
  return `${unread > 0 ? `(${unread}) ` : ''}Faxdesk${sandbox ? ' — Sandbox (practice)' : ''}`;
}

export function useWindowTitle(unread: number): void {
  const sandbox = useSandboxIsDefault();
  useEffect(() => {
    document.title = windowTitle(unread, sandbox);
  }, [unread, sandbox]);
}
