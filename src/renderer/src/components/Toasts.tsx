/**
 * In-page notifications (the browser harness's desktop notifications, and notices from main).
 *
 * - Information leaves by itself after a few seconds (not while the pointer is on it or the focus in
 *   it, nor while the window is hidden: WCAG 2.2.1); warnings and errors stay until dismissed.
 * - They sit in their own row above the status bar (styles/toasts.css), so the page's row gets shorter
 *   instead of being covered: no button of the page is ever under a toast.
 * - Each is announced once, through one polite (information) or assertive (problems) live region that
 *   says only the newest; the toasts themselves are not live regions, so nothing is read twice and a
 *   toast leaving is not read at all.
 */
import { useEffect, useRef, useState, type JSX } from 'react';
import { useAppStore, type Toast } from '../stores/app-store';
import '../styles/toasts.css';

/** How long an information toast stays. */
export const INFO_TOAST_MS = 8_000;

export function Toasts(): JSX.Element {
  const toasts = useAppStore((s) => s.toasts);
  const dismiss = useAppStore((s) => s.dismissToast);
  const navigate = useAppStore((s) => s.navigate);
  return (
    <>
      <Announcer toasts={toasts} />
      <section className="toasts" aria-label="Notifications" data-count={toasts.length}>
        {toasts.map((toast) => (
          <ToastItem
            key={toast.id}
            toast={toast}
            onOpen={() => {
              if (toast.target) navigate(toast.target);
              dismiss(toast.id);
            }}
            onDismiss={() => dismiss(toast.id)}
          />
        ))}
      </section>
    </>
  );
}

function ToastItem({ toast, onOpen, onDismiss }: { toast: Toast; onOpen(): void; onDismiss(): void }): JSX.Element {
  const [held, setHeld] = useState({ pointer: false, focus: false, hidden: document.hidden });
  const leaves = toast.level === 'info';
  useEffect(() => {
    const onVisibility = () => setHeld((h) => ({ ...h, hidden: document.hidden }));
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);
  const paused = held.pointer || held.focus || held.hidden;
  const dismissRef = useRef(onDismiss);
  dismissRef.current = onDismiss;
  useEffect(() => {
    if (!leaves || paused) return;
    // A fresh few seconds after every pause: the person was reading it.
    const timer = setTimeout(() => dismissRef.current(), INFO_TOAST_MS);
    return () => clearTimeout(timer);
  }, [leaves, paused]);
  return (
    <div
      className={`toast toast-${toast.level}`}
      data-level={toast.level}
      onPointerEnter={() => setHeld((h) => ({ ...h, pointer: true }))}
      onPointerLeave={() => setHeld((h) => ({ ...h, pointer: false }))}
      onFocus={() => setHeld((h) => ({ ...h, focus: true }))}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setHeld((h) => ({ ...h, focus: false }));
      }}
    >
      <button type="button" className="toast-body" disabled={!toast.target} onClick={onOpen}>
        <strong>{toast.title}</strong>
        <span>{toast.body}</span>
      </button>
      <button type="button" className="toast-close" aria-label="Dismiss notification" title="Dismiss" onClick={onDismiss}>
        ×
      </button>
    </div>
  );
}

/**
 * Says each new toast once: the newest information toast in a polite region, the newest problem in an
 * assertive one. Only text that changes is read, so a toast that stays, or leaves, is not read again.
 */
function Announcer({ toasts }: { toasts: readonly Toast[] }): JSX.Element {
  const said = useRef(new Set<string>());
  const [polite, setPolite] = useState('');
  const [assertive, setAssertive] = useState('');
  useEffect(() => {
    for (const toast of toasts) {
      if (said.current.has(toast.id)) continue;
      said.current.add(toast.id);
      const text = `${toast.title}. ${toast.body}`;
      if (toast.level === 'info') setPolite(text);
      else setAssertive(text);
    }
  }, [toasts]);
  return (
    <div className="sr-only">
      <div aria-live="polite" aria-atomic="true" data-testid="toast-announcer">
        {polite}
      </div>
      <div aria-live="assertive" aria-atomic="true" data-testid="toast-announcer-urgent">
        {assertive}
      </div>
    </div>
  );
}
