/**
 * The question asked before anything that cannot be undone (removing an account, releasing numbers,
 * turning a user off). A modal <dialog> (role dialog): focus moves to Cancel when it opens, stays
 * inside while open, Escape cancels, and focus goes back to the control that opened it.
 */
import { useEffect, useId, useRef, type JSX, type ReactNode } from 'react';

export interface ConfirmRequest {
  title: string;
  body: ReactNode;
  /** The verb on the button, e.g. "Remove account". */
  confirmLabel: string;
  onConfirm(): void;
}

export function ConfirmDialog({ request, onClose }: { request: ConfirmRequest | null; onClose(): void }): JSX.Element {
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (request && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      cancelRef.current?.focus();
    }
    if (!request && dialog.open) dialog.close();
  }, [request]);

  const restoreFocus = () => {
    const target = opener.current;
    opener.current = null;
    // The opener may be gone (the row it was in was removed): then focus stays where the browser puts it.
    if (target?.isConnected) target.focus();
  };

  return (
    <dialog
      ref={ref}
      className="acct-dialog"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onClose={() => {
        restoreFocus();
        if (request) onClose();
      }}
    >
      {request && (
        <form
          method="dialog"
          onSubmit={(event) => {
            event.preventDefault();
            ref.current?.close();
            request.onConfirm();
          }}
        >
          <h2 id={titleId}>{request.title}</h2>
          <div id={bodyId} className="acct-dialog-body">
            {request.body}
          </div>
          <div className="acct-dialog-actions">
            <button type="button" ref={cancelRef} onClick={() => ref.current?.close()}>
              Cancel
            </button>
            <button type="submit" className="acct-danger">
              {request.confirmLabel}
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
