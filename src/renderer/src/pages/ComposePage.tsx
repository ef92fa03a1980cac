/**
 * Compose: documents (drop, pick, paste, or handed over by main), recipients, options, cover page,
 * header line, send now or later. The draft lives in the compose store, so it survives switching
 * pages (not a restart of the app).
 */
import { useEffect, useMemo, useState, type JSX } from 'react';
import { normalizeFaxNumber } from '../../../shared/fax-number';
import { CoverSection, DocumentsPanel, HeaderSection, OptionsPanel, RecipientsPanel, SendPanel, SentPanel, focusField } from '../features/compose';
import { pickDefaultAccount, useAccountsStore, useDefaultAccountId } from '../stores/accounts-store';
import { useAppStore } from '../stores/app-store';
import { useComposeEvents, useComposeStore } from '../stores/compose-store';
import { useCommand } from '../shortcuts/use-shortcuts';
import { HeaderNote } from '../features/compose/HeaderNote';
import { SandboxPanel } from '../features/compose/SandboxPanel';
import { DraftStatus, RestoredBanner } from '../features/compose/DraftStatus';
import '../styles/compose.css';

/** Navigation targets already acted on (each navigate() makes a new object). */
const handledTargets = new WeakSet<object>();

export function ComposePage(): JSX.Element {
  const announcement = useComposeStore((s) => s.announcement);
  const reopenedFrom = useComposeStore((s) => s.reopenedFrom);
  const chosenAccountId = useComposeStore((s) => s.accountId);
  const focusRequest = useComposeStore((s) => s.focusRequest);
  const callerId = useComposeStore((s) => s.options.callerId);
  const csid = useComposeStore((s) => s.options.csid);
  const target = useAppStore((s) => s.target);
  const allAccounts = useAccountsStore((s) => s.accounts);
  const accountsReady = useAccountsStore((s) => s.status === 'ready' || s.status === 'error');
  const defaultAccountId = useDefaultAccountId();
  const [pendingReopen, setPendingReopen] = useState<string | null>(null);

  // The account: the one chosen for this fax, else the default setting, else the first active one.
  const fallback = pickDefaultAccount(allAccounts, defaultAccountId);
  const chosen = allAccounts.find((a) => a.id === chosenAccountId) ?? null;
  const accountId = chosen?.id ?? fallback?.id ?? '';
  const accounts = useMemo(() => allAccounts.filter((a) => a.enabled || a.id === chosenAccountId), [allAccounts, chosenAccountId]);
  const account = allAccounts.find((a) => a.id === accountId) ?? null;
  const callerCheck = callerId.trim() === '' ? null : normalizeFaxNumber(callerId);
  const fromNumber = callerCheck?.ok ? callerCheck.value : (account?.faxNumber ?? '');
  const fromCheck = fromNumber ? normalizeFaxNumber(fromNumber) : null;
  const fromDisplay = fromCheck?.ok ? fromCheck.display : fromNumber || undefined;

  useEffect(() => {
    // After the saved draft is back (files handed over are added to it, not replaced by it).
    void useComposeStore
      .getState()
      .restoreDraft()
      .then(() => {
        void useComposeStore.getState().takePendingFiles();
        void useComposeStore.getState().applyDefaultHeader();
      });
    // The last send's jobs moved on while another page was open ("Queued at the service" for a fax
    // delivered since): read them again now; outbox:changed keeps them current from here.
    const sent = useComposeStore.getState().lastSent;
    if (sent) void useComposeStore.getState().refreshSent(sent.jobs.map((j) => j.id));
    // Ctrl/Cmd+V of files (a copied file, a screenshot) anywhere on the page adds them.
    const onPaste = (e: ClipboardEvent) => {
      const files = Array.from(e.clipboardData?.files ?? []);
      if (files.length === 0) return;
      e.preventDefault();
      useComposeStore.getState().addFiles(files);
    };
    document.addEventListener('paste', onPaste);
    return () => {
      document.removeEventListener('paste', onPaste);
    };
  }, []);
  useComposeEvents();

  // Opened from elsewhere: a rejected fax to edit (outbox:draft), or files by path.
  useEffect(() => {
    if (!target || target.page !== 'compose' || handledTargets.has(target)) return;
    handledTargets.add(target);
    if ('files' in target && target.files?.length) {
      useComposeStore.getState().addPaths(target.files.map((path) => ({ path, name: path.split(/[\\/]/).pop() ?? path })));
    }
    if ('fromJobId' in target && target.fromJobId) {
      const jobId = target.fromJobId;
      void useComposeStore
        .getState()
        .restoreDraft()
        .then(() => {
          if (useComposeStore.getState().hasContent()) setPendingReopen(jobId);
          else void useComposeStore.getState().openStored(jobId);
        });
    }
  }, [target]);

  useEffect(() => {
    if (focusRequest) focusField(focusRequest.key);
  }, [focusRequest]);

  // Ctrl/Cmd+Enter from anywhere on the page: what the Send button does (nothing while a send runs).
  useCommand('send', () => {
    if (useComposeStore.getState().phase === 'editing') void useComposeStore.getState().send(accountId);
  });

  return (
    <section className="page compose-page" aria-labelledby="compose-title">
      <h1 id="compose-title">Compose</h1>
      <p className="sr-only" aria-live="polite" data-testid="compose-announcement">
        {announcement}
      </p>
      <SentPanel />
      <RestoredBanner />
      {pendingReopen && (
        <div className="banner banner-warning cx-banner" role="alertdialog" aria-labelledby="compose-reopen-text">
          <p id="compose-reopen-text">Open the fax from the Outbox for editing? It replaces the fax you are writing now.</p>
          <button
            type="button"
            className="primary"
            onClick={() => {
              const jobId = pendingReopen;
              setPendingReopen(null);
              void useComposeStore.getState().openStored(jobId);
            }}
          >
            Replace with the fax from the Outbox
          </button>{' '}
          <button type="button" autoFocus onClick={() => setPendingReopen(null)}>
            Keep what I am writing
          </button>
        </div>
      )}
      {reopenedFrom && (
        <p className="banner cx-banner cx-info" data-testid="compose-reopened">
          Editing a copy of a fax from the Outbox. Sending it makes a new fax; the original stays as it was.
        </p>
      )}
      {/* Wide windows: what and who | how | Send beside them; narrow ones: one column with Send in a
          panel stuck to the bottom, so it is always in reach (styles/compose.css, container queries). */}
      <div className="cx-layout">
        <div className="cx-main">
          <div className="cx-col">
            <DocumentsPanel />
            <RecipientsPanel />
          </div>
          <div className="cx-col">
            <OptionsPanel accounts={accounts} accountId={accountId} accountsReady={accountsReady} />
            <CoverSection fromNumber={fromDisplay} />
          </div>
          {/* Across the page when wide: its test numbers lie out in columns. */}
          {account?.kind === 'sandbox' && (
            <div className="cx-wide">
              <SandboxPanel />
            </div>
          )}
          <div className="cx-wide">
            <HeaderSection fromNumber={fromNumber} csid={csid.trim()} />
          </div>
        </div>
        <aside className="cx-aside" aria-label="Send">
          <SendPanel accountId={accountId}>
            <HeaderNote />
            <DraftStatus />
          </SendPanel>
        </aside>
      </div>
    </section>
  );
}
