import { useCallback, useEffect, useId, useRef, useState, type JSX } from 'react';
import type { ContactView } from '../../../shared/ipc/contract/contacts';
import { errorMessage, faxdesk, unwrap } from '../api';
import { ConfirmDialog, type ConfirmRequest } from '../components/ConfirmDialog';
import { ContactForm, ContactList, DistributionLists, ImportExport } from '../features/contacts';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { useContactsEvents, useContactsStore, type ContactOrder } from '../stores/contacts-store';
import { focusSearchBox, useCommand } from '../shortcuts/use-shortcuts';
import { SearchIndexNotice } from '../features/maintenance/SearchIndexNotice';
import '../styles/lists.css';
import '../styles/contacts.css';

const ORDERS: { value: ContactOrder; label: string }[] = [
  { value: 'recent', label: 'Recently used' },
  { value: 'name', label: 'A–Z' },
];

/** The address book: search, add, edit, delete, distribution lists, import and export. */
export function ContactsPage(): JSX.Element {
  const base = useId();
  const { order, query, items, next, loading, error, lists, listsError } = useContactsStore();
  const [search, setSearch] = useState(query);
  const debounced = useDebouncedValue(search, 250);
  const [editing, setEditing] = useState<ContactView | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [confirmRequest, setConfirmRequest] = useState<ConfirmRequest | null>(null);
  const [pageStatus, setPageStatus] = useState('');

  useEffect(() => {
    const store = useContactsStore.getState();
    void store.reload();
    void store.reloadLists();
  }, []);
  useContactsEvents();

  useEffect(() => {
    useContactsStore.getState().setQuery(debounced);
  }, [debounced]);

  const searchRef = useRef<HTMLInputElement>(null);
  useCommand('search', () => focusSearchBox(searchRef.current));

  const loadMore = useCallback(() => void useContactsStore.getState().loadMore(), []);

  const openForm = (contact: ContactView | null) => {
    setEditing(contact);
    setFormKey((k) => k + 1);
  };

  const askDelete = (contact: ContactView) =>
    setConfirmRequest({
      title: `Delete ${contact.label}?`,
      body: (
        <p>
          {contact.label} ({contact.display}) is removed from the address book and from every distribution list. This cannot be undone.
        </p>
      ),
      confirmLabel: 'Delete contact',
      onConfirm: async () => {
        try {
          await unwrap(faxdesk.contacts.delete({ id: contact.id }));
          if (editing?.id === contact.id) openForm(null);
          setPageStatus(`Deleted ${contact.label}.`);
        } catch (e) {
          setPageStatus(`${contact.label} could not be deleted: ${errorMessage(e)}`);
        }
      },
    });

  const searching = query !== '';
  const countText = searching
    ? `${items.length === 1 ? '1 match' : `${items.length} matches`} for “${query}”, best first`
    : next
      ? `${items.length}+ contacts`
      : items.length === 1
        ? '1 contact'
        : `${items.length} contacts`;

  return (
    <section className="page contacts-page">
      <h1>Contacts</h1>
      <div className="contacts-toolbar">
        <div className="contacts-search">
          <label htmlFor={`${base}-search`}>Search contacts</label>
          <input
            ref={searchRef}
            id={`${base}-search`}
            type="search"
            placeholder="Name, company, number or notes"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') setSearch('');
            }}
          />
        </div>
        <fieldset className="segmented" disabled={searching}>
          <legend>Order</legend>
          {ORDERS.map((o) => (
            <label key={o.value} className={order === o.value ? 'segment checked' : 'segment'}>
              <input type="radio" name={`${base}-order`} value={o.value} checked={order === o.value} onChange={() => useContactsStore.getState().setOrder(o.value)} />
              {o.label}
            </label>
          ))}
        </fieldset>
        <button type="button" className="primary" onClick={() => openForm(null)}>
          New contact
        </button>
      </div>
      <ImportExport />
      <div className="contacts-layout">
        <div className="contacts-main">
          <p className="muted contacts-count" aria-live="polite" data-testid="contacts-count">
            {loading && items.length === 0 ? 'Loading…' : countText}
          </p>
          <SearchIndexNotice scope="contacts" searching={searching} />
          {error && (
            <p className="error" role="alert">
              {error}
            </p>
          )}
          <ContactList
            items={items}
            hasMore={next !== null}
            loading={loading}
            selectedId={editing?.id ?? null}
            emptyText={searching ? 'No contact matches this search.' : 'No contacts yet. Add one, or import a CSV or vCard file.'}
            onLoadMore={loadMore}
            onEdit={(c) => openForm(c)}
            onDelete={askDelete}
          />
          <p className="muted" role="status" data-testid="contacts-page-status">
            {pageStatus}
          </p>
        </div>
        <aside className="contacts-side" aria-label="Contact details and lists">
          <ContactForm
            key={formKey}
            contact={editing}
            onSaved={(saved, created) => {
              setPageStatus('');
              if (!created) setEditing(saved);
            }}
            onCancel={() => openForm(null)}
          />
          <DistributionLists lists={lists} error={listsError} confirm={setConfirmRequest} />
        </aside>
      </div>
      <ConfirmDialog request={confirmRequest} onClose={() => setConfirmRequest(null)} />
    </section>
  );
}
