import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, type JSX } from 'react';
import type { ContactView } from '../../../../shared/ipc/contract/contacts';

interface ContactListProps {
  items: ContactView[];
  hasMore: boolean;
  loading: boolean;
  /** The contact open in the form, highlighted. */
  selectedId: string | null;
  emptyText: string;
  onLoadMore(): void;
  onEdit(contact: ContactView): void;
  onDelete(contact: ContactView): void;
}

/** A first guess; each row is measured once drawn (a long name or company wraps instead of being cut). */
const ROW_HEIGHT = 60;

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

function lastUsed(contact: ContactView): string | null {
  if (!contact.lastUsedAt) return null;
  return `Last used ${dateFormat.format(new Date(contact.lastUsedAt))}`;
}

/**
 * The address book as a virtualised list: only the rows in view are in the page, so ten thousand
 * contacts scroll as smoothly as ten. Reaching the end asks for the next page.
 */
export function ContactList({ items, hasMore, loading, selectedId, emptyText, onLoadMore, onEdit, onDelete }: ContactListProps): JSX.Element {
  const scrollRef = useRef<HTMLDivElement>(null);
  const count = items.length + (hasMore ? 1 : 0);
  const virtualizer = useVirtualizer({ count, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_HEIGHT, overscan: 8 });
  const rows = virtualizer.getVirtualItems();
  const lastIndex = rows.length > 0 ? rows[rows.length - 1]!.index : -1;

  useEffect(() => {
    if (hasMore && !loading && lastIndex >= items.length - 1) onLoadMore();
  }, [hasMore, loading, lastIndex, items.length, onLoadMore]);

  if (items.length === 0) {
    return (
      <div className="contact-list contact-list-empty" ref={scrollRef}>
        <p className="muted">{loading ? 'Loading contacts…' : emptyText}</p>
      </div>
    );
  }

  return (
    <div className="contact-list" ref={scrollRef} tabIndex={-1}>
      <div role="list" aria-label="Contacts" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {rows.map((row) => {
          const contact = items[row.index];
          if (!contact) {
            return (
              <div
                key="more"
                ref={virtualizer.measureElement}
                data-index={row.index}
                className="contact-row contact-row-more muted"
                style={{ transform: `translateY(${row.start}px)`, minHeight: ROW_HEIGHT }}
                aria-hidden="true"
              >
                Loading more…
              </div>
            );
          }
          const used = lastUsed(contact);
          return (
            <div
              key={contact.id}
              ref={virtualizer.measureElement}
              data-index={row.index}
              role="listitem"
              aria-setsize={hasMore ? -1 : items.length}
              aria-posinset={row.index + 1}
              className={contact.id === selectedId ? 'contact-row selected' : 'contact-row'}
              style={{ transform: `translateY(${row.start}px)`, minHeight: ROW_HEIGHT }}
              data-testid="contact-row"
            >
              <div className="contact-row-text">
                <span className="contact-row-label">{contact.label}</span>
                <span className="contact-row-detail">
                  {contact.name && contact.company ? <span>{contact.company}</span> : null}
                  <span className="contact-number">{contact.display}</span>
                  {used ? <span className="muted">{used}</span> : null}
                </span>
              </div>
              <div className="contact-row-actions">
                <button type="button" aria-label={`Edit ${contact.label}`} onClick={() => onEdit(contact)}>
                  Edit
                </button>
                <button type="button" className="danger-text" aria-label={`Delete ${contact.label}`} onClick={() => onDelete(contact)}>
                  Delete
                </button>
              </div>
            </div>
          );
        })}
      </div>
    </div>
  );
}
