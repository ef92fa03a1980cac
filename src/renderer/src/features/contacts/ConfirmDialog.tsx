import { useEffect, useId, useRef, type JSX, type ReactNode } from 'react';

export interface ConfirmRequest {
  title: string;
  body: ReactNode;
  confirmLabel: string;
  onConfirm(): void | Promise<void>;
}

/**
 * A modal question before something that cannot be undone. The native <dialog> keeps focus inside,
 * closes on Escape, and gives focus back to the button that opened it. Cancel has focus first.
 */
export function ConfirmDialog({ request, onClose }: { request: ConfirmRequest | null; onClose(): void }): JSX.Element {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (request && !dialog.open) dialog.showModal();
    if (!request && dialog.open) dialog.close();
  }, [request]);

  return (
    <dialog
      ref={ref}
      className="contacts-dialog"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onClose={() => {
        if (request) onClose();
      }}
    >
      {request && (
        <form
          method="dialog"
          onSubmit={(event) => {
            event.preventDefault();
            const pending = request.onConfirm();
            onClose();
            void pending;
          }}
        >
          <h2 id={titleId}>{request.title}</h2>
          <div id={bodyId}>{request.body}</div>
          <div className="contacts-dialog-actions">
            <button type="button" autoFocus onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className="danger">
              {request.confirmLabel}
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
