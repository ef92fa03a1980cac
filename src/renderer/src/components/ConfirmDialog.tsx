/**
 * The question asked before something that cannot be undone (deleting a fax or a contact, removing an
 * account, releasing numbers, cancelling a fax). A native modal <dialog> (useModalDialog): the rest of
 * the page is inert, focus moves to the safe choice (Cancel) when it opens, Tab stays between its own
 * controls, Escape cancels, and focus goes back to the control that opened it when it closes (unless
 * that control has gone, e.g. with the row it was in).
 *
 * The page keeps one <ConfirmDialog request={…} onClose={() => setRequest(null)} /> and opens it by
 * setting a request; the dialog is named by the title and described by the body.
 */
import { useId, useRef, type JSX, type ReactNode } from 'react';
import { useModalDialog } from './use-modal-dialog';

export interface ConfirmRequest {
  title: string;
  /** A sentence (shown as a paragraph) or the caller's own paragraphs and lists. */
  body: ReactNode;
  /** The verb on the button that goes ahead, e.g. "Remove account". */
  confirmLabel: string;
  /** The safe choice, focused first. Default: "Cancel". */
  cancelLabel?: string;
  /** Going ahead destroys something: the button says so in red (the default). false: a primary button. */
  destructive?: boolean;
  /** Called once the dialog has closed and the focus is back, so what it does may move the focus on. */
  onConfirm(): void | Promise<void>;
}

export function ConfirmDialog({ request, onClose }: { request: ConfirmRequest | null; onClose(): void }): JSX.Element {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const { ref, onKeyDown, restoreFocus } = useModalDialog(request !== null, cancelRef);
  const confirmed = useRef(false);
  const titleId = useId();
  const bodyId = useId();

  return (
    <dialog
      ref={ref}
      className="confirm-dialog"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onKeyDown={onKeyDown}
      // Every way out (Cancel, Escape, going ahead) closes the dialog and ends here: focus goes back
      // first, then the confirmed action runs (it may move the focus on, e.g. when it removes the opener).
      onClose={() => {
        restoreFocus();
        const wasConfirmed = confirmed.current;
        confirmed.current = false;
        if (!request) return;
        if (wasConfirmed) void request.onConfirm();
        onClose();
      }}
    >
      {request ? (
        <form
          method="dialog"
          onSubmit={(event) => {
            event.preventDefault();
            confirmed.current = true;
            ref.current?.close();
          }}
        >
          <h2 id={titleId}>{request.title}</h2>
          <div id={bodyId} className="confirm-dialog-body">
            {typeof request.body === 'string' ? <p>{request.body}</p> : request.body}
          </div>
          <div className="confirm-dialog-actions">
            <button type="button" ref={cancelRef} onClick={() => ref.current?.close()}>
              {request.cancelLabel ?? 'Cancel'}
            </button>
            <button type="submit" className={request.destructive === false ? 'primary' : 'danger'}>
              {request.confirmLabel}
            </button>
          </div>
        </form>
      ) : null}
    </dialog>
  );
}
