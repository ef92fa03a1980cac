import type { JSX } from 'react';

export interface AccountSelectProps {
  accounts: readonly { id: string; label: string }[];
  /** '' for every account. */
  value: string;
  onChange(accountId: string): void;
  /** For a <label htmlFor>; without one, give `label`. */
  id?: string;
  /** The accessible name when no <label> names it. */
  label?: string;
}

/** "All accounts" or one of them: the account filter of the Inbox, Outbox and Activity lists. */
export function AccountSelect({ accounts, value, onChange, id, label }: AccountSelectProps): JSX.Element {
  return (
    <select id={id} aria-label={label} value={value} onChange={(event) => onChange(event.currentTarget.value)}>
      <option value="">All accounts</option>
      {accounts.map((account) => (
        <option key={account.id} value={account.id}>
          {account.label}
        </option>
      ))}
    </select>
  );
}
