import { useEffect, useId, useRef, type JSX, type ReactNode } from 'react';

export interface ConfirmRequest {
  title: string;
  body: ReactNode;
  confirmLabel: string;
  /** The safe choice, focused first. */
  cancelLabel: string;
  onConfirm(): void;
}

/**
 * A modal question before an action that cannot be taken back (cancelling a fax). The native <dialog>
 * keeps focus inside, closes on Escape and gives focus back to the button that opened it.
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
      className="outbox-dialog"
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
            request.onConfirm();
            onClose();
          }}
        >
          <h2 id={titleId}>{request.title}</h2>
          <div id={bodyId}>{request.body}</div>
          <div className="outbox-dialog-actions">
            <button type="button" autoFocus onClick={onClose}>
              {request.cancelLabel}
            </button>
            <button type="submit" className="outbox-danger">
              {request.confirmLabel}
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
