/**
 * Settings › Several desks: this desk's name (carried in every fax it sends, so the other desks on the
 * account say "Sent by Front desk (maria)"), whether this desk prints received faxes automatically (one
 * desk should), and per account the desks seen on it lately, which of them print automatically (as of
 * their last fax sent), and the office's estimated request rate
 * (desks:identity, desks:office; request-budget.ts says how the rate is shared).
 */
import { useCallback, useEffect, useState, type JSX } from 'react';
import type { DeskIdentityView, OfficeAccountView } from '../../../../shared/ipc/contract/desks';
import { errorMessage, faxdesk, unwrap } from '../../api';
import { useAppStore } from '../../stores/app-store';
import { shortTime } from '../../model/times';
import { plural } from '../../model/words';
import { officePrinting } from './auto-print-desks';
import '../../styles/desks.css';

/** The desks seen on one account and which of them print received faxes automatically (auto-print-desks.ts says the words). */
function OfficePrinting({ account, printsHere }: { account: OfficeAccountView; printsHere: boolean }): JSX.Element {
  const now = new Date();
  // This desk's line follows Preferences at once (the office view was read when the section opened).
  const desks = account.desks.map((d) => (d.thisDesk ? { ...d, autoPrint: printsHere } : d));
  const printing = officePrinting(desks, (iso) => shortTime(iso, now));
  return (
    <div data-testid="desks-printing">
      <p>
        {account.desks.length === 1
          ? `No other desk has sent from this account in the last ${account.windowDays} days.`
          : `This desk and ${plural(account.desks.length - 1, 'other desk')} that sent from this account in the last ${account.windowDays} days:`}
      </p>
      <ul className="desks-list">
        {printing.desks.map((d) => (
          <li key={d.key}>
            <strong>{d.name}</strong> {d.printing}
          </li>
        ))}
      </ul>
      <p>{printing.summary}</p>
      <p className="muted">{printing.limits}</p>
    </div>
  );
}

const perMinute = (n: number) => `${n < 10 ? n.toFixed(1) : Math.round(n)} a minute`;
const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;

export function DesksSection(): JSX.Element {
  const settings = useAppStore((s) => s.settings);
  const [identity, setIdentity] = useState<DeskIdentityView | null>(null);
  const [office, setOffice] = useState<OfficeAccountView[] | null>(null);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const load = useCallback(async () => {
    try {
      const [who, accounts] = await Promise.all([unwrap(faxdesk.desks.identity()), unwrap(faxdesk.desks.office())]);
      setIdentity(who);
      setName(who.configuredName);
      setOffice(accounts);
    } catch (e) {
      setError(errorMessage(e));
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const saveName = async () => {
    if (!identity || name === identity.configuredName) return;
    setSaving(true);
    setError(null);
    try {
      useAppStore.getState().setSettings(await unwrap(faxdesk.settings.set({ installationName: name.trim() })));
      await load();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };

  const printsHere = settings?.values.autoPrintInbound ?? false;

  return (
    <section className="card" aria-labelledby="desks-heading">
      <h2 id="desks-heading">Several desks on one account</h2>
      <p className="muted">
        Every desk signed in to the same fax account sees every fax. Each fax carries the name of the desk that sent it, so the other desks show who sent it and never take it
        for their own.
      </p>
      {!identity ? (
        error ? (
          <p className="error" role="alert">
            {error}
          </p>
        ) : (
          <p role="status">Reading this desk’s details…</p>
        )
      ) : (
        <>
          <div className="form-grid">
            <label htmlFor="setting-desk-name">Name of this desk</label>
            <input
              id="setting-desk-name"
              type="text"
              value={name}
              maxLength={60}
              placeholder={identity.computerName}
              disabled={saving}
              onChange={(e) => setName(e.target.value)}
              onBlur={() => void saveName()}
              onKeyDown={(e) => {
                if (e.key === 'Enter') void saveName();
              }}
            />
          </div>
          <p data-testid="desk-seen-as">
            Other desks show this desk’s faxes as “Sent by {identity.deskName} ({identity.osUser})”{identity.configuredName ? '' : ' (the computer’s name; type another above)'}.
          </p>
          <p data-testid="desk-auto-print">
            {printsHere
              ? 'This desk prints received faxes automatically. A fax is printed by one desk only: the first that takes it.'
              : 'This desk does not print received faxes automatically.'}{' '}
            Turn “Print received faxes automatically” (Preferences) on at the one desk by the printer and off at the others: two printing desks that see a fax in the same
            instant may both print it.
          </p>
          {error && (
            <p className="error" role="alert">
              {error}
            </p>
          )}
          {office && office.length > 0 && (
            <ul className="desks-office">
              {office.map((account) => (
                <li key={account.accountId}>
                  <h3>{account.label}</h3>
                  <OfficePrinting account={account} printsHere={printsHere} />
                  <p data-testid="desks-rate">
                    Estimated list requests to the service: this desk {perMinute(account.estimate.thisDesk)}; the office {perMinute(account.estimate.allBackground)} with every
                    window in the background, {perMinute(account.estimate.allFront)} with every window in front. Each desk checks every {seconds(account.estimate.intervals.frontMs)}{' '}
                    in front and every {seconds(account.estimate.intervals.backgroundMs)} in the background, a little early at random so the desks do not all ask at once.
                  </p>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
