/**
 * Ping: asks the service to send a test notification to an account's webhook address, per direction,
 * and shows what it said (or why it could not, e.g. no address set). The delivery then shows up in
 * the log below once the service records it.
 */
import { HelpTip } from '../../components/HelpTip';
import type { JSX } from 'react';
import type { FaxDirection } from '../../../../shared/domain/fax';
import { pingKey, useActivityStore } from '../../stores/activity-store';

const DIRECTIONS: { value: FaxDirection; label: string }[] = [
  { value: 'INBOUND', label: 'inbound' },
  { value: 'OUTBOUND', label: 'outbound' },
];

export function PingPanel({ accounts }: { accounts: readonly { id: string; label: string }[] }): JSX.Element {
  const pings = useActivityStore((s) => s.pings);
  const pinging = useActivityStore((s) => s.pinging);
  const ping = useActivityStore((s) => s.ping);
  const several = accounts.length > 1;

  return (
    <section className="card activity-ping" aria-labelledby="activity-ping-title">
      <h2 id="activity-ping-title">Test the webhooks</h2>
      <p className="muted">
        Ping asks the service to send a test instant update to the webhook address <HelpTip id="webhook" /> set for that direction (Settings › Accounts ›
        Webhooks).
      </p>
      {accounts.length === 0 ? <p className="muted">No active account.</p> : null}
      <ul className="activity-ping-list">
        {accounts.flatMap((account) =>
          DIRECTIONS.map((direction) => {
            const key = pingKey(account.id, direction.value);
            const outcome = pings[key];
            const name = several ? `Ping ${direction.label} webhook of ${account.label}` : `Ping ${direction.label} webhook`;
            return (
              <li key={key} className="activity-ping-item">
                <button type="button" disabled={pinging !== null} onClick={() => void ping(account.id, direction.value)}>
                  {pinging === key ? 'Pinging…' : name}
                </button>
                {outcome ? (
                  <span className={outcome.kind === 'ok' ? 'activity-ping-result' : 'activity-ping-result error'} role={outcome.kind === 'ok' ? 'status' : 'alert'} data-testid="ping-result">
                    {outcome.message}
                  </span>
                ) : null}
              </li>
            );
          }),
        )}
      </ul>
    </section>
  );
}
