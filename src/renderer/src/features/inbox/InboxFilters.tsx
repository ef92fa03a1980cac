/**
 * Search and filters above the Inbox list. Typing is debounced (the list is asked once the person
 * pauses); checkboxes and dates apply at once.
 */
import { useEffect, useId, useState, type JSX, type Ref } from 'react';
import { useDebouncedValue } from '../../hooks/use-debounced-value';
import type { InboxFilters as Filters } from '../../model/inbox/paging';
import { hasFilters } from '../../model/inbox/paging';
import { AccountSelect } from '../../components/AccountSelect';

export const SEARCH_DEBOUNCE_MS = 250;

export interface InboxFiltersProps {
  filters: Filters;
  /** Accounts to filter by, when there are several. */
  accounts: readonly { id: string; label: string }[];
  onChange(patch: Partial<Filters>): void;
  onClear(): void;
  /** The search box, for the page's Search shortcut (Ctrl/Cmd+F, /). */
  searchRef?: Ref<HTMLInputElement>;
}

export function InboxFilters({ filters, accounts, onChange, onClear, searchRef }: InboxFiltersProps): JSX.Element {
  const id = useId();
  const [search, setSearch] = useState(filters.search);
  const [number, setNumber] = useState(filters.number);
  const [open, setOpen] = useState(() => filters.fromDay !== '' || filters.toDay !== '' || filters.number !== '' || filters.accountId !== '');
  const settledSearch = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const settledNumber = useDebouncedValue(number, SEARCH_DEBOUNCE_MS);

  // Only the settled text asks for a new list (onChange and filters change with every keystroke's render).
  useEffect(() => {
    if (settledSearch !== filters.search) onChange({ search: settledSearch });
  }, [settledSearch]);
  useEffect(() => {
    if (settledNumber !== filters.number) onChange({ number: settledNumber });
  }, [settledNumber]);

  return (
    <div className="inbox-filters" role="search" aria-label="Search and filter faxes">
      <div className="inbox-filters-row">
        <label className="sr-only" htmlFor={`${id}-search`}>
          Search faxes
        </label>
        <input
          ref={searchRef}
          id={`${id}-search`}
          type="search"
          className="inbox-search"
          placeholder="Search names, numbers, notes"
          value={search}
          maxLength={200}
          onChange={(event) => setSearch(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') onChange({ search });
          }}
        />
        <label className="inbox-check">
          <input type="checkbox" checked={filters.unreadOnly} onChange={(event) => onChange({ unreadOnly: event.currentTarget.checked })} />
          Unread only
        </label>
        <button type="button" className="inbox-filters-toggle" aria-expanded={open} aria-controls={`${id}-more`} onClick={() => setOpen((v) => !v)}>
          More filters
        </button>
      </div>
      <div id={`${id}-more`} className="inbox-filters-more" hidden={!open}>
        <label>
          <span>From</span>
          <input type="date" aria-label="Received from" value={filters.fromDay} max={filters.toDay || undefined} onChange={(event) => onChange({ fromDay: event.currentTarget.value })} />
        </label>
        <label>
          <span>To</span>
          <input type="date" aria-label="Received until" value={filters.toDay} min={filters.fromDay || undefined} onChange={(event) => onChange({ toDay: event.currentTarget.value })} />
        </label>
        <label>
          <span>Sender number</span>
          <input type="text" inputMode="tel" aria-label="Sender number" placeholder="e.g. 0170" value={number} maxLength={40} onChange={(event) => setNumber(event.currentTarget.value)} />
        </label>
        {accounts.length > 1 ? (
          <label>
            <span>Account</span>
            <AccountSelect label="Account" accounts={accounts} value={filters.accountId} onChange={(accountId) => onChange({ accountId })} />
          </label>
        ) : null}
      </div>
      {hasFilters(filters) ? (
        <button
          type="button"
          className="link-button inbox-link"
          onClick={() => {
            setSearch('');
            setNumber('');
            onClear();
          }}
        >
          Clear filters
        </button>
      ) : null}
    </div>
  );
}
