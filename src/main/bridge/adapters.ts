/**
 * The browser harness's versions of the desktop ports. Each turns the desktop action into an event the
 * page acts on (an in-page notification, the browser's print dialog, a badge in the title) and keeps
 * a record, so end-to-end tests can see what the desktop would have done. Printing waits for the page
 * to say how it ended (page-printer.ts).
 */
import { randomUUID } from 'node:crypto';
import type { EventBus } from '../ipc/events';
import type { Badge, DesktopNotification, Notifier } from '../platform/ports';
import { PagePrinter, type PagePrintRecord } from './page-printer';

export interface HarnessRecord {
  notifications: (DesktopNotification & { id: string; at: string })[];
  /** Every print asked of the page, with how it ended once it has. */
  prints: PagePrintRecord[];
  badge: number;
}

export function createHarnessPorts(events: () => EventBus | null): { notifier: Notifier; printer: PagePrinter; badge: Badge; record: HarnessRecord } {
  const printer = new PagePrinter({ events });
  const record: HarnessRecord = { notifications: [], prints: printer.prints, badge: 0 };
  const notifier: Notifier = {
    show(notification) {
      const id = randomUUID();
      record.notifications.push({ ...notification, id, at: new Date().toISOString() });
      events()?.emit('ui:notification', { id, title: notification.title, body: notification.body, ...(notification.target ? { target: notification.target } : {}) });
    },
  };
  const badge: Badge = {
    setCount(count) {
      record.badge = count;
      events()?.emit('ui:badge', { count });
    },
  };
  return { notifier, printer, badge, record };
}
