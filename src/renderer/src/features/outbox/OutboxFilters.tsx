import { useEffect, useRef, useState, type JSX, type KeyboardEvent, type Ref } from 'react';
import type { AccountView } from '../../../../shared/ipc/contract/accounts';
import { PHASE_TABS, type PhaseFilter } from '../../model/outbox/phases';
import { AccountSelect } from '../../components/AccountSelect';

interface OutboxFiltersProps {
  listId: string;
  phase: PhaseFilter;
  search: string;
  accountId: string | null;
  accounts: AccountView[];
  onChange(patch: { phase?: PhaseFilter; search?: string; accountId?: string | null }): void;
  /** The search box, for the page's Search shortcut (Ctrl/Cmd+F, /). */
  searchRef?: Ref<HTMLInputElement>;
}

/**
 * Tabs by phase (a tablist: Left/Right/Home/End move between them), a search box applied as it is
 * typed (a search answers in milliseconds, and the store drops an answer a newer one overtook), and an
 * account picker when there is more than one account.
 */
export function OutboxFilters({ listId, phase, search, accountId, accounts, onChange, searchRef }: OutboxFiltersProps): JSX.Element {
  const [text, setText] = useState(search);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => {
    if (text !== search) onChange({ search: text });
  }, [text, search, onChange]);

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    let to = -1;
    if (event.key === 'ArrowRight') to = (index + 1) % PHASE_TABS.length;
    else if (event.key === 'ArrowLeft') to = (index - 1 + PHASE_TABS.length) % PHASE_TABS.length;
    else if (event.key === 'Home') to = 0;
    else if (event.key === 'End') to = PHASE_TABS.length - 1;
    if (to < 0) return;
    event.preventDefault();
    tabs.current[to]?.focus();
    onChange({ phase: PHASE_TABS[to]!.id });
  };

  return (
    <div className="outbox-filters">
      <div role="tablist" aria-label="Show" className="outbox-tabs">
        {PHASE_TABS.map((tab, index) => (
          <button
            key={tab.id}
            ref={(el) => {
              tabs.current[index] = el;
            }}
            type="button"
            role="tab"
            id={`outbox-tab-${tab.id}`}
            aria-selected={tab.id === phase}
            aria-controls={listId}
            tabIndex={tab.id === phase ? 0 : -1}
            title={tab.hint}
            className={tab.id === phase ? 'outbox-tab active' : 'outbox-tab'}
            onClick={() => onChange({ phase: tab.id })}
            onKeyDown={(e) => onTabKey(e, index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div className="outbox-search-row">
        <input
          ref={searchRef}
          type="search"
          className="outbox-search"
          aria-label="Search faxes"
          placeholder="Search name, company, number, subject, fax ID"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') onChange({ search: text });
          }}
        />
        {accounts.length > 1 ? (
          <AccountSelect
            label="Account"
            accounts={accounts.map((a) => ({ id: a.id, label: a.displayLabel }))}
            value={accountId ?? ''}
            onChange={(id) => onChange({ accountId: id || null })}
          />
        ) : null}
      </div>
    </div>
  );
}
