/**
 * Activity: the service's webhook delivery log (what it sent to your webhook addresses, and whether it
 * got through), kept current as sync reads it, and a Ping per account and direction.
 */
import { useEffect, useMemo, type JSX } from 'react';
import { faxdesk } from '../api';
import { ActivityLog } from '../features/activity/ActivityLog';
import { useActivityStore } from '../features/activity/activity-store';
import { PingPanel } from '../features/activity/PingPanel';
import { useAccountsStore } from '../stores/accounts-store';
import '../styles/inbox.css';

/** activity:changed comes in bursts during a sync cycle: the log is read again once they settle. */
const REFRESH_DELAY_MS = 150;

export function ActivityPage(): JSX.Element {
  const accounts = useAccountsStore((s) => s.accounts);
  const active = useMemo(() => accounts.filter((a) => a.enabled).map((a) => ({ id: a.id, label: a.displayLabel })), [accounts]);
  const all = useMemo(() => accounts.map((a) => ({ id: a.id, label: a.displayLabel })), [accounts]);

  useEffect(() => {
    void useActivityStore.getState().reload();
    let timer: ReturnType<typeof setTimeout> | null = null;
    const off = faxdesk.on('activity:changed', () => {
      timer ??= setTimeout(() => {
        timer = null;
        void useActivityStore.getState().refreshLoaded();
      }, REFRESH_DELAY_MS);
    });
    return () => {
      off();
      if (timer) clearTimeout(timer);
    };
  }, []);

  return (
    <section className="page activity-page">
      <h1>Activity</h1>
      <PingPanel accounts={active} />
      <ActivityLog accounts={all} />
    </section>
  );
}
