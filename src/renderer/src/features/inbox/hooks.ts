/**
 * The Inbox's subscriptions that must live as long as the window, whatever page is open (App calls
 * `useInboxFeed()` once): `inbox:changed` keeps the list and the unread count current, and `ui:print`
 * (the browser harness's print: main asks the page) prints the fax through the viewer's print helper,
 * also when it comes from auto-print while another page is open.
 */
import { useEffect } from 'react';
import { faxdesk } from '../../api';
import { useInboxStore } from '../../stores/inbox-store';

export function useInboxFeed(): void {
  useEffect(() => {
    const store = useInboxStore.getState();
    void store.loadUnreadCount();
    const offs = [
      faxdesk.on('inbox:changed', (change) => useInboxStore.getState().handleChange(change)),
      faxdesk.on('ui:print', (request) => void useInboxStore.getState().handlePrintRequest(request)),
    ];
    return () => offs.forEach((off) => off());
  }, []);
}
