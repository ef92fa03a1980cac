import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type JSX, type KeyboardEvent } from 'react';
import type { OutboxItem } from '../../../../shared/domain/outbox';
import { rowProps, type ListRowProps } from '../../components/list-row';
import { badgeFor } from './badges';
import { pagesText, recipientLine, rowTimeOf, senderOf } from './rows';
import { shortTime, utcText } from '../../model/times';
import { StateBadge } from './StateBadge';

export const ROW_HEIGHT = 64;

interface OutboxListProps {
  id: string;
  items: OutboxItem[];
  hasMore: boolean;
  loading: boolean;
  loadingMore: boolean;
  selectedId: string | null;
  emptyText: string;
  label: string;
  onLoadMore(): void;
  onOpen(jobId: string): void;
}

export function rowDomId(jobId: string): string {
  return `outbox-row-${jobId}`;
}

/**
 * The faxes as a virtualised listbox: only the rows in view are in the page, so 100 000 jobs scroll
 * like ten. Reaching the end asks for the next page. Keyboard: the list is one tab stop; Up/Down,
 * Page Up/Down, Home/End move the cursor (aria-activedescendant), Enter or Space opens the fax.
 * When rows arrive above (a new fax) the row in view stays in view.
 */
export function OutboxList({ id, items, hasMore, loading, loadingMore, selectedId, emptyText, label, onLoadMore, onOpen }: OutboxListProps): JSX.Element {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [activeId, setActiveId] = useState<string | null>(selectedId);
  const count = items.length + (hasMore ? 1 : 0);
  const virtualizer = useVirtualizer({ count, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_HEIGHT, overscan: 10 });
  const rows = virtualizer.getVirtualItems();
  const lastIndex = rows.length > 0 ? rows[rows.length - 1]!.index : -1;
  // Rows show their time as of today or this year: the same Date while the minute lasts, so a new page
  // of the same rows does not draw every row again (they are memoised on their props).
  const nowRef = useRef(new Date());
  const now = useMemo(() => {
    const fresh = new Date();
    if (Math.floor(fresh.getTime() / 60_000) !== Math.floor(nowRef.current.getTime() / 60_000)) nowRef.current = fresh;
    return nowRef.current;
  }, [items]);

  useEffect(() => {
    if (hasMore && !loadingMore && !loading && lastIndex >= items.length - 1) onLoadMore();
  }, [hasMore, loading, loadingMore, lastIndex, items.length, onLoadMore]);

  // The cursor follows the opened fax when it changes from elsewhere (a notification, a resend, J/K),
  // and its row comes into view.
  useEffect(() => {
    if (!selectedId) return;
    setActiveId(selectedId);
    const index = items.findIndex((i) => i.id === selectedId);
    if (index >= 0) virtualizer.scrollToIndex(index, { align: 'auto' });
  }, [selectedId]);

  // Keep the rows in view where they are when rows are added or removed above them.
  const anchor = useRef<{ items: OutboxItem[]; id: string | null; index: number }>({ items, id: null, index: -1 });
  useLayoutEffect(() => {
    const el = scrollRef.current;
    const before = anchor.current;
    if (el && before.items !== items && before.id && el.scrollTop > 0) {
      const index = items.findIndex((i) => i.id === before.id);
      if (index >= 0 && index !== before.index) el.scrollTop += (index - before.index) * ROW_HEIGHT;
    }
    const top = el ? Math.floor(el.scrollTop / ROW_HEIGHT) : 0;
    anchor.current = { items, id: items[top]?.id ?? null, index: top };
  }, [items]);
  const onScroll = useCallback(() => {
    const el = scrollRef.current;
    if (!el) return;
    const top = Math.floor(el.scrollTop / ROW_HEIGHT);
    anchor.current = { items: anchor.current.items, id: anchor.current.items[top]?.id ?? null, index: top };
  }, []);

  const activeIndex = activeId ? items.findIndex((i) => i.id === activeId) : -1;
  const pick = useCallback(
    (jobId: string) => {
      setActiveId(jobId);
      onOpen(jobId);
    },
    [onOpen],
  );

  const moveTo = (index: number) => {
    if (items.length === 0) return;
    const clamped = Math.max(0, Math.min(items.length - 1, index));
    setActiveId(items[clamped]!.id);
    virtualizer.scrollToIndex(clamped, { align: 'auto' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const pageRows = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? ROW_HEIGHT * 8) / ROW_HEIGHT) - 1);
    const from = activeIndex < 0 ? -1 : activeIndex;
    switch (event.key) {
      case 'ArrowDown':
        moveTo(from + 1);
        break;
      case 'ArrowUp':
        moveTo(from < 0 ? 0 : from - 1);
        break;
      case 'PageDown':
        moveTo(from + pageRows);
        break;
      case 'PageUp':
        moveTo(from - pageRows);
        break;
      case 'Home':
        moveTo(0);
        break;
      case 'End':
        moveTo(items.length - 1);
        break;
      case 'Enter':
      case ' ':
        if (activeIndex >= 0) onOpen(items[activeIndex]!.id);
        else if (items[0]) {
          setActiveId(items[0].id);
          onOpen(items[0].id);
        }
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  if (items.length === 0) {
    return (
      <div className="outbox-list outbox-list-empty" ref={scrollRef} id={id} aria-busy={loading}>
        <p className="muted" role="status">
          {loading ? 'Loading faxes…' : emptyText}
        </p>
      </div>
    );
  }

  return (
    <div
      className="outbox-list"
      ref={scrollRef}
      id={id}
      role="listbox"
      aria-label={label}
      // Busy while the list is read again (a new search, tab or account): assistive technology waits for it.
      aria-busy={loading}
      tabIndex={0}
      aria-activedescendant={activeIndex >= 0 ? rowDomId(items[activeIndex]!.id) : undefined}
      onKeyDown={onKeyDown}
      onScroll={onScroll}
      onFocus={() => {
        if (activeIndex < 0 && items[0]) setActiveId(selectedId && items.some((i) => i.id === selectedId) ? selectedId : items[0].id);
      }}
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {rows.map((row) => {
          const item = items[row.index];
          if (!item) {
            return (
              <div key="more" className="outbox-row outbox-row-more muted" style={{ transform: `translateY(${row.start}px)`, height: ROW_HEIGHT }} aria-hidden="true">
                {loadingMore ? 'Loading more…' : ''}
              </div>
            );
          }
          return (
            <OutboxRow key={item.id} item={item} {...rowProps(item.id, row, { setSize: hasMore ? -1 : items.length, activeId, selectedId, now, onPick: pick })} />
          );
        })}
      </div>
    </div>
  );
}

interface OutboxRowProps extends ListRowProps {
  item: OutboxItem;
}

/** One fax in the list. Memoised: scrolling re-renders only the rows that enter the view. */
const OutboxRow = memo(function OutboxRow({ item, index, start, setSize, selected, active, now, onPick }: OutboxRowProps): JSX.Element {
  const badge = badgeFor(item, now);
  const who = recipientLine(item);
  const when = rowTimeOf(item);
  const sender = senderOf(item);
  const pages = pagesText(item);
  const classes = ['outbox-row'];
  if (selected) classes.push('selected');
  if (active) classes.push('active');
  return (
    <div
      id={rowDomId(item.id)}
      role="option"
      aria-selected={selected}
      aria-setsize={setSize}
      aria-posinset={index + 1}
      className={classes.join(' ')}
      style={{ transform: `translateY(${start}px)`, height: ROW_HEIGHT }}
      data-testid="outbox-row"
      data-job-id={item.id}
      onClick={() => onPick(item.id)}
    >
      <div className="outbox-row-main">
        <span className="outbox-row-dest">{item.destinationDisplay}</span>
        <span className={sender ? 'outbox-row-who outbox-row-who-short' : 'outbox-row-who'} title={who || undefined}>
          {who || <span className="muted">{item.subject || 'No name'}</span>}
        </span>
        {/* Another desk's fax: who sent it, in the detail's words (senderOf), on the recipient's second line. */}
        {sender ? (
          <span className="outbox-row-sender" title={sender.text} data-testid="outbox-row-sender">
            {sender.short}
          </span>
        ) : null}
      </div>
      <div className="outbox-row-side">
        <StateBadge badge={badge} />
        <span className="outbox-row-meta">
          {pages ? `${pages} · ` : null}
          <time dateTime={when} title={utcText(when)}>
            {shortTime(when, now)}
          </time>
        </span>
      </div>
    </div>
  );
});
