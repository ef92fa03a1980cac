/**
 * Settings › Fax printer: Faxdesk as a driverless printer on this computer. On/off and the port are
 * settings; the section shows whether it listens and takes jobs, its URIs, whether the operating
 * system has it among its printers (Add / Remove, with the OS's administrator prompt when it asks
 * for one, and the commands to run by hand), the optional "Fax:" line, and the last printed jobs.
 */
import { useEffect, useState, type JSX } from 'react';
import type { SettingsPatch } from '../../../../shared/domain/settings';
import type { FaxPrinterSystemReport, FaxPrinterView } from '../../../../shared/ipc/contract/printer';
import { errorMessage, faxdesk, FaxdeskError, unwrap } from '../../api';
import { useAppStore } from '../../stores/app-store';
import '../../styles/fax-printer.css';

const OS_NAME: Record<FaxPrinterView['platform'], string> = { linux: 'Linux', darwin: 'macOS', win32: 'Windows', other: 'this system' };

export function FaxPrinterSection(): JSX.Element {
  const settings = useAppStore((s) => s.settings);
  const [view, setView] = useState<FaxPrinterView | null>(null);
  const [error, setError] = useState<{ field?: string; message: string } | null>(null);
  const [busy, setBusy] = useState<null | 'saving' | 'add' | 'remove'>(null);
  const [report, setReport] = useState<(FaxPrinterSystemReport & { action: 'add' | 'remove' }) | null>(null);
  const [port, setPort] = useState('');
  const [copied, setCopied] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void unwrap(faxdesk.faxPrinter.get()).then(
      (v) => {
        if (!live) return;
        setView(v);
        setPort(String(v.port));
      },
      (e: unknown) => live && setError({ message: errorMessage(e) }),
    );
    const off = faxdesk.on('faxPrinter:changed', (v) => {
      setView(v);
    });
    return () => {
      live = false;
      off();
    };
  }, []);

  const save = async (patch: SettingsPatch) => {
    setBusy('saving');
    setError(null);
    setReport(null);
    try {
      useAppStore.getState().setSettings(await unwrap(faxdesk.settings.set(patch)));
      const next = await unwrap(faxdesk.faxPrinter.get());
      setView(next);
      setPort(String(next.port));
    } catch (e) {
      setError({ message: errorMessage(e), ...(e instanceof FaxdeskError && e.info.field ? { field: e.info.field } : {}) });
    } finally {
      setBusy(null);
    }
  };

  const system = async (action: 'add' | 'remove', asAdministrator: boolean) => {
    setBusy(action);
    setError(null);
    setReport(null);
    try {
      const result = await unwrap(action === 'add' ? faxdesk.faxPrinter.addToSystem({ asAdministrator }) : faxdesk.faxPrinter.removeFromSystem({ asAdministrator }));
      setView(result.view);
      setReport({ ...result, action });
    } catch (e) {
      setError({ message: errorMessage(e) });
    } finally {
      setBusy(null);
    }
  };

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(text);
    } catch {
      setCopied(null);
    }
  };

  if (!view || !settings) {
    return (
      <section className="card" aria-labelledby="fax-printer-heading">
        <h2 id="fax-printer-heading">Fax printer</h2>
        <p>{error ? error.message : 'Loading…'}</p>
      </section>
    );
  }

  const queues = view.system.queues;
  const stale = queues.filter((q) => !q.current);
  const commitPort = () => {
    const n = Number(port);
    if (port.trim() === '' || n === view.port) {
      setPort(String(view.port));
      return;
    }
    void save({ faxPrinterPort: Number.isInteger(n) ? n : -1 });
  };

  return (
    <section className="card fax-printer" aria-labelledby="fax-printer-heading">
      <h2 id="fax-printer-heading">Fax printer</h2>
      <p className="muted">
        Fax from any program with File › Print: Faxdesk becomes a printer on this computer, with nothing to install (the operating system&apos;s own driverless printing).
        What you print opens in Compose with the document attached. You choose or check the recipients and press Send: nothing is ever sent by itself.
      </p>

      <div className="form-grid">
        <label htmlFor="fax-printer-enabled">Faxdesk printer on</label>
        <input
          id="fax-printer-enabled"
          type="checkbox"
          checked={view.enabled}
          disabled={busy !== null}
          onChange={(e) => void save({ faxPrinterEnabled: e.target.checked })}
          data-testid="fax-printer-enabled"
        />

        <label htmlFor="fax-printer-port">Port on this computer (127.0.0.1)</label>
        <div>
          <input
            id="fax-printer-port"
            type="number"
            inputMode="numeric"
            min={1024}
            max={65535}
            value={port}
            disabled={busy !== null}
            aria-invalid={error?.field === 'faxPrinterPort' || undefined}
            aria-describedby={error?.field === 'faxPrinterPort' ? 'fax-printer-port-error' : undefined}
            onChange={(e) => setPort(e.target.value)}
            onBlur={commitPort}
            onKeyDown={(e) => {
              if (e.key === 'Enter') commitPort();
            }}
          />
          {error?.field === 'faxPrinterPort' ? (
            <p className="error" role="alert" id="fax-printer-port-error">
              {error.message}
            </p>
          ) : null}
        </div>

        <label htmlFor="fax-printer-fax-line">Fill in the recipient from a &quot;Fax:&quot; line in the printed document</label>
        <input
          id="fax-printer-fax-line"
          type="checkbox"
          checked={view.readFaxLine}
          disabled={busy !== null}
          aria-describedby="fax-printer-fax-line-help"
          onChange={(e) => void save({ faxPrinterReadFaxLine: e.target.checked })}
        />

        {view.enabled ? (
          <>
            <span className="fax-printer-uri-label">Printer address (IPP Everywhere)</span>
            <div>
              <code data-testid="fax-printer-uri">{view.printUri}</code>{' '}
              <button type="button" className="link-button" onClick={() => void copy(view.printUri)} aria-label="Copy the printer address">
                {copied === view.printUri ? 'Copied' : 'Copy'}
              </button>
            </div>
            <span className="fax-printer-uri-label">Fax address (IPP FaxOut: the job carries the fax numbers)</span>
            <div>
              <code>{view.faxUri}</code>{' '}
              <button type="button" className="link-button" onClick={() => void copy(view.faxUri)} aria-label="Copy the fax address">
                {copied === view.faxUri ? 'Copied' : 'Copy'}
              </button>
            </div>
          </>
        ) : null}
      </div>
      <p className="muted" id="fax-printer-fax-line-help">
        &quot;Fax:&quot; line: a line such as <code>Fax: +1 212 555 0147</code> in the first two pages becomes the recipient (the convention of HylaFAX-style fax
        printers). You still check it and press Send.
      </p>

      <p role="status" data-testid="fax-printer-status" className="fax-printer-status">
        {!view.enabled
          ? 'The fax printer is off.'
          : view.listening
            ? view.accepting
              ? 'On: printed documents open in Compose.'
              : 'On, but not taking jobs now:'
            : ''}
      </p>
      {view.enabled && view.listening && !view.accepting && view.notAcceptingReason ? (
        <p className="banner banner-warning" role="alert" data-testid="fax-printer-not-accepting">
          {view.notAcceptingReason}
        </p>
      ) : null}
      {view.problem ? (
        <p className="banner banner-warning" role="alert" data-testid="fax-printer-problem">
          {view.problem}
        </p>
      ) : null}

      <h3>This computer&apos;s printers</h3>
      <p data-testid="fax-printer-system">
        {view.system.state === 'added'
          ? `${OS_NAME[view.platform]} has ${queues.map((q) => `"${q.name}"`).join(' and ')} among its printers. Choose ${queues.length > 1 ? 'one' : 'it'} in any program's Print dialog.`
          : view.system.state === 'not-added'
            ? `Not among ${OS_NAME[view.platform]}'s printers yet.`
            : (view.system.message ?? 'Faxdesk could not ask the operating system about its printers.')}
      </p>
      {stale.length ? (
        <p className="banner banner-warning" role="alert">
          {stale.map((q) => `"${q.name}"`).join(' and ')} still point{stale.length === 1 ? 's' : ''} at an earlier port ({stale[0]!.uri}). Add the printer again to point it at port {view.port}.
        </p>
      ) : null}
      {view.platform === 'linux' && queues.some((q) => q.service === 'faxout') ? (
        <p className="muted">&quot;Faxdesk-Fax&quot; asks for the fax number in the print dialog (Phone Number); the job opens in Compose with it filled in.</p>
      ) : null}
      <div className="fax-printer-actions">
        <button type="button" disabled={busy !== null || !view.listening || view.platform === 'other'} onClick={() => void system('add', false)} data-testid="fax-printer-add">
          {busy === 'add' ? 'Adding…' : view.system.state === 'added' ? 'Add the Faxdesk printer again' : 'Add the Faxdesk printer to this computer'}
        </button>
        <button type="button" disabled={busy !== null || view.system.state !== 'added'} onClick={() => void system('remove', false)} data-testid="fax-printer-remove">
          {busy === 'remove' ? 'Removing…' : 'Remove it'}
        </button>
      </div>
      {!view.listening && view.enabled === false ? <p className="muted">Turn the fax printer on to add it: the operating system asks the printer what it can do while adding it.</p> : null}

      {report ? (
        <div className={report.ok ? 'banner' : 'banner banner-warning'} role={report.ok ? 'status' : 'alert'} data-testid="fax-printer-report">
          <p>{report.message}</p>
          {report.needsAdministrator ? (
            <>
              <button type="button" disabled={busy !== null} onClick={() => void system(report.action, true)} data-testid="fax-printer-as-admin">
                {report.action === 'add' ? 'Add as administrator' : 'Remove as administrator'}
              </button>
              {report.action === 'add' && view.addCommands.length ? (
                <>
                  <p className="muted">Or run {view.addCommands.length > 1 ? 'these commands' : 'this command'} as an administrator:</p>
                  <pre className="fax-printer-commands">{view.addCommands.join('\n')}</pre>
                </>
              ) : null}
            </>
          ) : null}
        </div>
      ) : null}
      {error && error.field !== 'faxPrinterPort' ? (
        <p className="error" role="alert">
          {error.message}
        </p>
      ) : null}

      {view.recentJobs.length ? (
        <>
          <h3>Printed since Faxdesk started</h3>
          <ul className="fax-printer-jobs" data-testid="fax-printer-jobs">
            {view.recentJobs.map((job) => (
              <li key={job.jobId}>
                {new Date(job.at).toLocaleTimeString()}: &quot;{job.name}&quot;
                {job.pages !== null ? `, ${job.pages} ${job.pages === 1 ? 'page' : 'pages'}` : ''}
                {job.recipients ? `, ${job.recipients} ${job.recipients === 1 ? 'recipient' : 'recipients'}` : ''}, opened in Compose
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
