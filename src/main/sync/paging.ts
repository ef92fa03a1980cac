/**
 * Walking the service's paged lists to the end. The fax lists page by position (`pagination-offset`,
 * 1-based, and `pagination-limit`, at most 100, as request headers) and say where a page ends
 * (`last_record`, sometimes `total_records`); the notification log pages by the id of the last record
 * seen (`pagination-offset-id`). A list that does not move forward is a bad answer, not an endless loop.
 */
import type { NotificationFilter, NotificationRecord, Page } from '../../shared/domain/fax';
import { SYNC_PAGE_SIZE } from '../../shared/domain/sync';
import { AppError } from '../errors';

/** A sanity stop: a million records in one window means the service is not ending its list. */
export const MAX_PAGES_PER_WALK = 10_000;

/**
 * Reads every page of a position-paged list, handing each page to `onPage` before asking for the
 * next (so what was read survives a failure further on). Returns how many pages were read.
 */
export async function walkOffsetPages<T>(
  fetchPage: (paging: { offset: number; limit: number }) => Promise<Page<T>>,
  onPage: (items: T[]) => void,
  what: string,
): Promise<number> {
  let offset = 1;
  for (let pages = 1; ; pages++) {
    const page = await fetchPage({ offset, limit: SYNC_PAGE_SIZE });
    onPage(page.items);
    if (page.items.length < SYNC_PAGE_SIZE) return pages;
    if (page.totalRecords !== undefined && page.lastRecord >= page.totalRecords) return pages;
    const next = page.lastRecord > 0 ? page.lastRecord + 1 : offset + page.items.length;
    if (next <= offset) {
      throw new AppError(
        'BAD_RESPONSE',
        `The service's ${what} did not move on from record ${offset} (it answered records ${page.firstRecord} to ${page.lastRecord}). Faxdesk will try again later; if this persists, contact the service's support.`,
      );
    }
    if (pages >= MAX_PAGES_PER_WALK) {
      throw new AppError('BAD_RESPONSE', `The service's ${what} has no end after ${MAX_PAGES_PER_WALK} pages. Faxdesk will try again later.`);
    }
    offset = next;
  }
}

/** Reads every page of the notification log (paged by the last notify_id seen). */
export async function walkNotificationPages(
  fetchPage: (filter: NotificationFilter) => Promise<NotificationRecord[]>,
  filter: Omit<NotificationFilter, 'limit' | 'afterNotifyId'>,
  onPage: (items: NotificationRecord[]) => void,
): Promise<number> {
  let afterNotifyId: string | undefined;
  const seen = new Set<string>();
  for (let pages = 1; ; pages++) {
    const items = await fetchPage({ ...filter, limit: SYNC_PAGE_SIZE, ...(afterNotifyId ? { afterNotifyId } : {}) });
    onPage(items);
    if (items.length < SYNC_PAGE_SIZE) return pages;
    const last = items[items.length - 1]!.notifyId;
    if (seen.has(last) || pages >= MAX_PAGES_PER_WALK) {
      throw new AppError('BAD_RESPONSE', "The service's webhook delivery log did not move on to a next page. Faxdesk will try again later.");
    }
    seen.add(last);
    afterNotifyId = last;
  }
}
