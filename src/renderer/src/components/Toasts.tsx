import type { JSX } from 'react';
import { useAppStore } from '../stores/app-store';

/** In-page notifications (the browser harness's desktop notifications, and notices from main). */
export function Toasts(): JSX.Element {
  const toasts = useAppStore((s) => s.toasts);
  const dismiss = useAppStore((s) => s.dismissToast);
  const navigate = useAppStore((s) => s.navigate);
  return (
    <section className="toasts" aria-live="polite" aria-label="Notifications">
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast toast-${toast.level}`} role={toast.level === 'error' ? 'alert' : 'status'}>
          <button
            type="button"
            className="toast-body"
            disabled={!toast.target}
            onClick={() => {
              if (toast.target) navigate(toast.target);
              dismiss(toast.id);
            }}
          >
            <strong>{toast.title}</strong>
            <span>{toast.body}</span>
          </button>
          <button type="button" className="toast-close" aria-label="Dismiss notification" onClick={() => dismiss(toast.id)}>
            ×
          </button>
        </div>
      ))}
    </section>
  );
}
