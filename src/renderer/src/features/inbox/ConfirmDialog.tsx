/**
 * A modal question before something that cannot be undone (deleting a fax). The native <dialog> opened
 * with showModal() makes the rest of the page inert and closes on Escape; Tab is kept between its
 * buttons; Cancel has focus first; focus goes back to where it was when the dialog closes.
 */
import { useEffect, useId, useRef, type JSX, type KeyboardEvent } from 'react';

export interface ConfirmQuestion {
  title: string;
  body: string;
  confirmLabel: string;
  onConfirm(): void;
}

export function ConfirmDialog({ question, onClose }: { question: ConfirmQuestion | null; onClose(): void }): JSX.Element {
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (question && !dialog.open) {
      returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      cancelRef.current?.focus();
    }
    if (!question && dialog.open) dialog.close();
  }, [question]);

  const restoreFocus = () => {
    const target = returnFocus.current;
    returnFocus.current = null;
    if (target && target.isConnected) target.focus();
  };

  // Keep Tab inside the dialog's own controls (the browser would also visit its own UI).
  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab') return;
    const focusable = [...(ref.current?.querySelectorAll<HTMLElement>('button:not([disabled])') ?? [])];
    if (focusable.length === 0) return;
    const first = focusable[0]!;
    const last = focusable[focusable.length - 1]!;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={ref}
      className="inbox-dialog"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onKeyDown={onKeyDown}
      onClose={() => {
        restoreFocus();
        if (question) onClose();
      }}
    >
      {question ? (
        <form
          method="dialog"
          onSubmit={(event) => {
            event.preventDefault();
            question.onConfirm();
            onClose();
          }}
        >
          <h2 id={titleId}>{question.title}</h2>
          <p id={bodyId}>{question.body}</p>
          <div className="inbox-dialog-actions">
            <button type="button" ref={cancelRef} onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className="inbox-danger">
              {question.confirmLabel}
            </button>
          </div>
        </form>
      ) : null}
    </dialog>
  );
}
