/**
 * The Inbox's subscriptions that must live as long as the window, whatever page is open (App calls
 * `useInboxFeed()` once): the unread count starts from main's (every `sync:status` carries it, and
 * useSyncStatusFeed reads one when the page connects), `inbox:changed` keeps the list and the count
 * current, `contacts:changed` the senders' names, and `ui:print`
 * (the browser harness's print: main asks the page) prints the fax through the viewer's print helper,
 * also when it comes from auto-print while another page is open.
 */
import { useEffect } from 'react';
import { faxdesk } from '../../api';
import { useInboxStore } from '../../stores/inbox-store';
import { useSyncStore } from '../../stores/sync-store';

export function useInboxFeed(): void {
  useEffect(() => {
    const takeUnread = (status: { unread: number } | null) => {
      if (status) useInboxStore.getState().setUnread(status.unread);
    };
    takeUnread(useSyncStore.getState().status);
    const offs = [
      useSyncStore.subscribe((state, previous) => {
        if (state.status !== previous.status) takeUnread(state.status);
      }),
      faxdesk.on('inbox:changed', (change) => useInboxStore.getState().handleChange(change)),
      faxdesk.on('ui:print', (request) => void useInboxStore.getState().handlePrintRequest(request)),
      // A contact added, renamed or removed: the senders' names shown change.
      faxdesk.on('contacts:changed', () => useInboxStore.getState().refreshNames()),
    ];
    return () => offs.forEach((off) => off());
  }, []);
}
