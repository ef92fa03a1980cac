/** Small labels shown wherever an account appears: its kind (the Sandbox always says so) and its status. */
import type { JSX } from 'react';
import type { AccountStatus, AccountView } from '../../../../shared/ipc/contract/accounts';

export function KindBadge({ account }: { account: Pick<AccountView, 'isSandbox'> }): JSX.Element {
  return account.isSandbox ? (
    <span className="acct-badge acct-badge-sandbox" data-testid="kind-badge">
      Sandbox
    </span>
  ) : (
    <span className="acct-badge acct-badge-live" data-testid="kind-badge">
      Live
    </span>
  );
}

const STATUS_WORD: Record<AccountStatus['state'], string> = {
  ready: 'Ready',
  starting: 'Starting…',
  stopped: 'Stopped',
  failed: 'Failed',
  disabled: 'Inactive',
};

export function StatusBadge({ status, id }: { status: AccountStatus; id?: string }): JSX.Element {
  return (
    <span className={`acct-badge acct-status acct-status-${status.state}`} id={id} data-testid="status-badge">
      <span className="sr-only">Status: </span>
      {STATUS_WORD[status.state]}
    </span>
  );
}

/** "Front office", or "Sandbox (Sandbox)" never: displayLabel already says sandbox for the Sandbox. */
export function accountOptionLabel(account: Pick<AccountView, 'displayLabel' | 'isSandbox'>): string {
  return account.isSandbox && !/sandbox/i.test(account.displayLabel) ? `${account.displayLabel} (Sandbox)` : account.displayLabel;
}
