/**
 * The browser harness's versions of the desktop ports. Each turns the desktop action into an event the
 * page acts on (an in-page notification, the browser's print dialog, a badge in the title) and keeps
 * a record, so end-to-end tests can see what the desktop would have done.
 */
import { randomUUID } from 'node:crypto';
import type { EventBus } from '../ipc/events';
import type { Badge, DesktopNotification, Notifier, Printer } from '../platform/ports';

export interface HarnessRecord {
  notifications: (DesktopNotification & { id: string; at: string })[];
  prints: { file: string; title: string; at: string }[];
  badge: number;
}

export function createHarnessPorts(events: () => EventBus | null): { notifier: Notifier; printer: Printer; badge: Badge; record: HarnessRecord } {
  const record: HarnessRecord = { notifications: [], prints: [], badge: 0 };
  const notifier: Notifier = {
    show(notification) {
      const id = randomUUID();
      record.notifications.push({ ...notification, id, at: new Date().toISOString() });
      events()?.emit('ui:notification', { id, title: notification.title, body: notification.body, ...(notification.target ? { target: notification.target } : {}) });
    },
  };
  const printer: Printer = {
    async printPdf(file, { title, target }) {
      record.prints.push({ file, title, at: new Date().toISOString() });
      events()?.emit('ui:print', { title, target });
      // The page prints on its own (ui:print); until the bridge waits for the page's outcome, handing over counts as printed.
      return { outcome: 'printed' };
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
