/**
 * The received faxes as a virtualised listbox as long as the whole list: only the rows in view (plus a
 * few) are in the page, and only a window of pages around them is held (list-window.ts), so 100,000
 * faxes scroll like 100. Rows not held yet are drawn as placeholders while they are read.
 *
 * Keyboard (focus on the list): ↑/↓ or k/j move, Home/End, Page Up/Down, Enter opens, Delete deletes
 * (after the confirmation). The row the keyboard is on is the listbox's active descendant; the open
 * fax is the selected option. Rows inserted above the view (a new fax) do not move what is in view.
 */
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, type JSX, type KeyboardEvent } from 'react';
import type { InboxFax } from '../../../../shared/domain/history';
import { useFixedRows } from '../../hooks/use-fixed-rows';
import { rowProps, type ListRowProps } from '../../components/list-row';
import { inboxRowModel } from './format';
import type { ListWindow } from '../../model/inbox/list-window';
import { anchoredScrollTop, movedIndex, type HeldRows } from '../../model/inbox/paging';

export const INBOX_ROW_HEIGHT = 68;

export interface InboxListProps {
  /** Where the rows held sit in the whole list, and its length. */
  position: Pick<ListWindow, 'offset' | 'total'>;
  /** The rows held. */
  items: readonly InboxFax[];
  loadingMore: boolean;
  activeId: string | null;
  selectedId: string | null;
  /** Account names by id, when there are several accounts (each row then says which). */
  accountLabels: ReadonlyMap<string, string> | null;
  now: Date;
  label: string;
  /** The rows in view changed (indexes in the whole list). */
  onShowRows(first: number, last: number): void;
  onActivate(id: string): void;
  onOpen(id: string): void;
  onDelete(id: string): void;
}

function optionId(id: string): string {
  return `inbox-row-${id}`;
}

export function InboxList(props: InboxListProps): JSX.Element {
  const { position, items, loadingMore, activeId, selectedId, accountLabels, now, label, onShowRows, onActivate, onOpen, onDelete } = props;
  const { offset, total } = position;
  const scrollRef = useRef<HTMLDivElement>(null);
  const { rows, totalSize, scrollToIndex } = useFixedRows({ scrollRef, count: total, rowHeight: INBOX_ROW_HEIGHT, overscan: 10 });
  const firstIndex = rows.length > 0 ? rows[0]!.index : 0;
  const lastIndex = rows.length > 0 ? rows[rows.length - 1]!.index : 0;

  useEffect(() => onShowRows(firstIndex, lastIndex), [firstIndex, lastIndex, onShowRows]);

  // Keep the rows in view where they are when rows are inserted or removed above them.
  const previousHeld = useRef<HeldRows>({ offset: 0, ids: [] });
  const ids = useMemo(() => items.map((fax) => fax.id), [items]);
  useLayoutEffect(() => {
    const element = scrollRef.current;
    const before = previousHeld.current;
    const after = { offset, ids };
    previousHeld.current = after;
    if (!element || before.ids.length === 0) return;
    const next = anchoredScrollTop(before, after, element.scrollTop, INBOX_ROW_HEIGHT);
    if (next !== element.scrollTop) element.scrollTop = next;
  }, [ids, offset]);

  const activeIndex = activeId === null ? -1 : ids.indexOf(activeId);
  const activeIndexNow = useRef(activeIndex);
  activeIndexNow.current = activeIndex < 0 ? -1 : offset + activeIndex;
  // Bring the active row into view when another row becomes active (keyboard, a notification click);
  // not when rows arrive above it: the person may have scrolled away on purpose.
  useEffect(() => {
    if (activeIndexNow.current >= 0) scrollToIndex(activeIndexNow.current);
  }, [activeId, scrollToIndex]);

  // A key that moves past the rows held (Home, End, a page down at the edge) scrolls there; the row at
  // that index becomes active once it is read.
  const wantedIndex = useRef<number | null>(null);
  useEffect(() => {
    const wanted = wantedIndex.current;
    if (wanted === null || wanted < offset || wanted >= offset + items.length) return;
    wantedIndex.current = null;
    onActivate(items[wanted - offset]!.id);
  }, [items, offset, onActivate]);

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLDivElement>) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === 'Enter' || event.key === ' ') {
        const id = activeId ?? items[0]?.id;
        if (id) {
          event.preventDefault();
          onOpen(id);
        }
        return;
      }
      if (event.key === 'Delete') {
        const id = activeId ?? selectedId;
        if (id) {
          event.preventDefault();
          onDelete(id);
        }
        return;
      }
      const element = scrollRef.current;
      const pageRows = element ? Math.floor(element.clientHeight / INBOX_ROW_HEIGHT) - 1 : 10;
      const next = movedIndex(activeIndex < 0 ? -1 : offset + activeIndex, total, event.key, pageRows);
      if (next === null) return;
      event.preventDefault();
      const fax = items[next - offset];
      if (fax) {
        onActivate(fax.id);
      } else {
        wantedIndex.current = next;
        scrollToIndex(next);
      }
    },
    [activeId, activeIndex, items, offset, total, onActivate, onDelete, onOpen, selectedId, scrollToIndex],
  );

  const pick = useCallback(
    (id: string) => {
      onActivate(id);
      onOpen(id);
      scrollRef.current?.focus({ preventScroll: true });
    },
    [onActivate, onOpen],
  );

  const activeDescendant = activeIndex >= 0 && rows.some((row) => row.index === offset + activeIndex) ? optionId(ids[activeIndex]!) : undefined;

  return (
    <div
      ref={scrollRef}
      className="inbox-list"
      role="listbox"
      aria-label={label}
      aria-activedescendant={activeDescendant}
      aria-busy={loadingMore}
      tabIndex={0}
      onKeyDown={onKeyDown}
    >
      <div role="presentation" style={{ height: totalSize, position: 'relative' }}>
        {rows.map((row) => {
          const fax = items[row.index - offset];
          if (!fax) {
            // Not read yet (it is being read): the place it will take, hidden from assistive technology.
            return <div key={`placeholder-${row.index}`} aria-hidden="true" className="inbox-row inbox-row-placeholder" style={{ transform: `translateY(${row.start}px)`, height: INBOX_ROW_HEIGHT }} />;
          }
          return (
            <InboxRow
              key={fax.id}
              fax={fax}
              account={accountLabels?.get(fax.accountId) ?? (accountLabels ? fax.accountId : null)}
              {...rowProps(fax.id, row, { setSize: total, activeId, selectedId, now, onPick: pick })}
            />
          );
        })}
      </div>
    </div>
  );
}

interface InboxRowProps extends ListRowProps {
  fax: InboxFax;
  account: string | null;
}

/** One fax in the list. Memoised: scrolling renders only the rows that come into view. */
const InboxRow = memo(function InboxRow({ fax, index, start, setSize, active, selected, account, now, onPick }: InboxRowProps): JSX.Element {
  const model = inboxRowModel(fax, now, account);
  const classes = ['inbox-row', model.unread ? 'unread' : '', active ? 'active' : '', selected ? 'selected' : ''].filter(Boolean).join(' ');
  return (
    <div
      id={optionId(fax.id)}
      role="option"
      aria-selected={selected}
      aria-label={model.label}
      aria-setsize={setSize}
      aria-posinset={index + 1}
      className={classes}
      data-testid="inbox-row"
      data-unread={model.unread ? 'true' : 'false'}
      style={{ transform: `translateY(${start}px)`, height: INBOX_ROW_HEIGHT }}
      onClick={() => onPick(fax.id)}
    >
      {/* The spaces between the pieces (flex items: not drawn) keep their words apart for speech
          control and for axe, which compare the row's text with its label (model.label). */}
      <div className="inbox-row-line">
        <span className="inbox-row-sender">
          {model.unread ? <span className="inbox-unread-dot" aria-hidden="true" /> : null}
          {model.sender}
        </span>{' '}
        <time className="inbox-row-time" dateTime={fax.completedAt} title={model.receivedUtc}>
          {model.received}
        </time>
      </div>{' '}
      <div className="inbox-row-line inbox-row-detail">
        <span className="inbox-row-facts">
          {model.number ? <span className="inbox-row-number">{model.number}</span> : null}{' '}
          {model.note ? (
            // The person's own words come before the station ID: in a narrow list, they are what is kept.
            <span className="inbox-row-note" title={fax.note} data-testid="inbox-row-note">
              <span className="sr-only">note: </span>
              {model.note}
            </span>
          ) : null}{' '}
          {model.tsid ? <span className="inbox-row-tsid">{model.tsid}</span> : null}{' '}
          {model.pages ? <span>{model.pages}</span> : null}{' '}
          {model.account ? <span className="inbox-row-account">{model.account}</span> : null}
        </span>{' '}
        {model.download.kind === 'downloading' ? <span className="inbox-chip inbox-chip-pending">{model.download.label}</span> : null}
        {model.download.kind === 'failed' || model.download.kind === 'gone' ? (
          <span className="inbox-chip inbox-chip-failed" title={model.download.reason}>
            {model.download.label}
          </span>
        ) : null}
      </div>
    </div>
  );
});
