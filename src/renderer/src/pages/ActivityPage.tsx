/**
 * Activity: the service's webhook delivery log (what it sent to your webhook addresses, and whether it
 * got through), kept current as sync reads it, and a Ping per account and direction.
 */
import { useEffect, useMemo, type JSX } from 'react';
import { ActivityLog } from '../features/activity/ActivityLog';
import { useActivityEvents, useActivityStore } from '../stores/activity-store';
import { PingPanel } from '../features/activity/PingPanel';
import { useAccountsStore } from '../stores/accounts-store';
import '../styles/inbox.css';

export function ActivityPage(): JSX.Element {
  const accounts = useAccountsStore((s) => s.accounts);
  const active = useMemo(() => accounts.filter((a) => a.enabled).map((a) => ({ id: a.id, label: a.displayLabel })), [accounts]);
  const all = useMemo(() => accounts.map((a) => ({ id: a.id, label: a.displayLabel })), [accounts]);

  useEffect(() => {
    void useActivityStore.getState().reload();
  }, []);
  useActivityEvents();

  return (
    <section className="page activity-page">
      <h1>Activity</h1>
      <PingPanel accounts={active} />
      <ActivityLog accounts={all} />
    </section>
  );
}
