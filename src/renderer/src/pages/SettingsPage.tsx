import { useState, type ChangeEvent, type JSX, type KeyboardEvent } from 'react';
import type { Settings, SettingsPatch } from '../../../shared/domain/settings';
import { errorMessage, faxdesk, FaxdeskError, unwrap } from '../api';
import { AccountsSection } from '../features/accounts/AccountsSection';
import { DesksSection } from '../features/desks/DesksSection';
import { InstantUpdatesSection } from '../features/webhooks/InstantUpdatesSection';
import { FaxPrinterSection } from '../features/fax-printer/FaxPrinterSection';
import { HistoryImportSection } from '../features/history-import/HistoryImportSection';
import { useAppStore } from '../stores/app-store';
import { hasNativeFileDialogs, saveWithDialog } from '../files/native-files';

export function SettingsPage(): JSX.Element {
  return (
    <section className="page">
      <h1>Settings</h1>
      <AccountsSection />
      <InstantUpdatesSection />
      <FaxPrinterSection />
      <HistoryImportSection />
      <DesksSection />
      <PreferencesSection />
      <AboutSection />
    </section>
  );
}

function PreferencesSection(): JSX.Element {
  const snapshot = useAppStore((s) => s.settings);
  const [error, setError] = useState<{ field?: string; message: string } | null>(null);
  const [saving, setSaving] = useState(false);
  if (!snapshot) return <p>Loading settings…</p>;
  const values = snapshot.values;

  const save = async (patch: SettingsPatch) => {
    setSaving(true);
    setError(null);
    try {
      useAppStore.getState().setSettings(await unwrap(faxdesk.settings.set(patch)));
    } catch (e) {
      setError({ message: errorMessage(e), ...(e instanceof FaxdeskError && e.info.field ? { field: e.info.field } : {}) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="card" aria-labelledby="prefs-heading">
      <h2 id="prefs-heading">Preferences</h2>
      {snapshot.problems.length > 0 && (
        <div className="banner banner-warning" role="alert">
          {snapshot.problems.map((p) => (
            <p key={p.key}>{p.message}</p>
          ))}
        </div>
      )}
      <div className="form-grid">
        <label htmlFor="setting-theme">Theme</label>
        <select
          id="setting-theme"
          value={values.theme}
          disabled={saving}
          onChange={(e) => void save({ theme: e.target.value as Settings['theme'] })}
        >
          <option value="system">Follow the system</option>
          <option value="light">Light</option>
          <option value="dark">Dark</option>
        </select>

        <label htmlFor="setting-poll">Check for new faxes every (seconds)</label>
        <NumberSetting
          id="setting-poll"
          value={values.pollIntervalSeconds}
          min={15}
          max={3600}
          disabled={saving}
          invalid={error?.field === 'pollIntervalSeconds'}
          onCommit={(n) => void save({ pollIntervalSeconds: n })}
        />

        <Toggle id="setting-notify-in" label="Notify me when a fax arrives" checked={values.notifyInbound} disabled={saving} onChange={(v) => void save({ notifyInbound: v })} />
        <Toggle id="setting-notify-out" label="Notify me when a sent fax is delivered or fails" checked={values.notifyOutbound} disabled={saving} onChange={(v) => void save({ notifyOutbound: v })} />
        <Toggle id="setting-autoprint" label="Print received faxes automatically" checked={values.autoPrintInbound} disabled={saving} onChange={(v) => void save({ autoPrintInbound: v })} />
        <Toggle id="setting-tray" label="Keep running in the tray when the window is closed" checked={values.closeToTray} disabled={saving} onChange={(v) => void save({ closeToTray: v })} />
        <Toggle id="setting-login" label="Start Faxdesk when I log in" checked={values.startAtLogin} disabled={saving} onChange={(v) => void save({ startAtLogin: v })} />

        <label htmlFor="setting-hot-folder">Hot folder: fax every PDF saved into this folder (empty: off)</label>
        <TextSetting
          id="setting-hot-folder"
          value={values.hotFolder}
          placeholder="/home/you/Faxes or C:\Faxes"
          disabled={saving}
          invalid={error?.field === 'hotFolder'}
          onCommit={(text) => void save({ hotFolder: text.trim() })}
        />
      </div>
      {error && (
        <p className="error" role="alert">
          {error.message}
        </p>
      )}
    </section>
  );
}

function Toggle(props: { id: string; label: string; checked: boolean; disabled: boolean; onChange: (value: boolean) => void }): JSX.Element {
  return (
    <>
      <label htmlFor={props.id}>{props.label}</label>
      <input id={props.id} type="checkbox" checked={props.checked} disabled={props.disabled} onChange={(e) => props.onChange(e.target.checked)} />
    </>
  );
}

/** A text setting saved when the field is left or Enter is pressed, not on every keystroke. */
function TextSetting(props: { id: string; value: string; placeholder: string; disabled: boolean; invalid: boolean; onCommit: (text: string) => void }): JSX.Element {
  const field = useCommitOnLeave(props.value, String, (text) => {
    if (text !== props.value) props.onCommit(text);
  });
  return (
    <input
      id={props.id}
      type="text"
      className="setting-path"
      {...field}
      placeholder={props.placeholder}
      spellCheck={false}
      aria-invalid={props.invalid || undefined}
      disabled={props.disabled}
    />
  );
}

function NumberSetting(props: { id: string; value: number; min: number; max: number; disabled: boolean; invalid: boolean; onCommit: (n: number) => void }): JSX.Element {
  const field = useCommitOnLeave(props.value, String, (text, reset) => {
    const n = Number(text);
    if (text.trim() === '' || !Number.isFinite(n) || n === props.value) {
      if (text.trim() === '') reset();
      else if (n !== props.value) props.onCommit(n);
      return;
    }
    props.onCommit(n);
  });
  return (
    <input
      id={props.id}
      type="number"
      inputMode="numeric"
      min={props.min}
      max={props.max}
      {...field}
      aria-invalid={props.invalid || undefined}
      disabled={props.disabled}
    />
  );
}

/**
 * The text of a setting being edited: kept while typing, replaced when the saved value changes,
 * and handed to `commit` when the field is left or Enter is pressed (`reset` puts the saved value back).
 * Spread the result onto the `<input>`.
 */
function useCommitOnLeave<T>(value: T, toText: (value: T) => string, commit: (text: string, reset: () => void) => void) {
  const [text, setText] = useState(toText(value));
  const [lastValue, setLastValue] = useState(value);
  if (lastValue !== value) {
    setLastValue(value);
    setText(toText(value));
  }
  const leave = () => commit(text, () => setText(toText(value)));
  return {
    value: text,
    onChange: (e: ChangeEvent<HTMLInputElement>) => setText(e.target.value),
    onBlur: leave,
    onKeyDown: (e: KeyboardEvent<HTMLInputElement>) => {
      if (e.key === 'Enter') leave();
    },
  };
}

function AboutSection(): JSX.Element {
  const [info, setInfo] = useState<{ text: string } | null>(null);
  return (
    <section className="card" aria-labelledby="about-heading">
      <h2 id="about-heading">About</h2>
      <button
        type="button"
        onClick={() =>
          void unwrap(faxdesk.app.info())
            .then((i) => setInfo({ text: `Faxdesk ${i.version} on ${i.platform} (${i.shell}). Data folder: ${i.dataDir}` }))
            .catch((e) => setInfo({ text: errorMessage(e) }))
        }
      >
        Show version and data folder
      </button>
      {info && <p className="muted" data-testid="app-info">{info.text}</p>}
      <DiagnosticsExport />
    </section>
  );
}

/** "Export diagnostics": a .zip of the logs (secrets removed) and versions, for support. */
function DiagnosticsExport(): JSX.Element {
  const [state, setState] = useState<{ busy: boolean; message: string | null; failed: boolean }>({ busy: false, message: null, failed: false });
  const run = async () => {
    setState({ busy: true, message: null, failed: false });
    try {
      if (await hasNativeFileDialogs()) {
        const outcome = await saveWithDialog({ what: 'diagnostics' });
        setState({ busy: false, failed: false, message: outcome.saved ? `Saved ${outcome.path} (${Math.max(1, Math.round(outcome.bytes / 1024))} KB). It holds no passwords or API keys.` : null });
        return;
      }
      const bundle = await unwrap(faxdesk.desktop.exportDiagnostics());
      setState({ busy: false, failed: false, message: `Saved ${bundle.file} (${Math.max(1, Math.round(bundle.bytes / 1024))} KB). It holds no passwords or API keys.` });
    } catch (e) {
      setState({ busy: false, failed: true, message: errorMessage(e) });
    }
  };
  return (
    <div className="diagnostics">
      <button type="button" disabled={state.busy} onClick={() => void run()}>
        {state.busy ? 'Exporting diagnostics…' : 'Export diagnostics'}
      </button>
      {state.message && (
        <p className={state.failed ? 'error' : 'muted'} role={state.failed ? 'alert' : 'status'} data-testid="diagnostics-result">
          {state.message}
        </p>
      )}
    </div>
  );
}
