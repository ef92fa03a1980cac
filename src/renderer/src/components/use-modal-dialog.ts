/**
 * What every modal <dialog> here does: opened with showModal() while `open` (the rest of the window
 * is inert, Escape closes it), focus moved to `initialFocus`, Tab kept between the dialog's own
 * controls, and focus given back to the control that opened it (when that is still on the page).
 * The dialog calls `restoreFocus()` from its onClose.
 */
import { useCallback, useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface ModalDialog {
  ref: RefObject<HTMLDialogElement | null>;
  onKeyDown(event: KeyboardEvent<HTMLDialogElement>): void;
  restoreFocus(): void;
}

export function useModalDialog(open: boolean, initialFocus: RefObject<HTMLElement | null>): ModalDialog {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      initialFocus.current?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open, initialFocus]);

  const restoreFocus = useCallback(() => {
    const target = opener.current;
    opener.current = null;
    if (target?.isConnected) target.focus();
  }, []);

  // Tab stays on the dialog's own controls (a browser would also visit its own toolbar).
  const onKeyDown = useCallback((event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab') return;
    const focusable = [...(ref.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }, []);

  return { ref, onKeyDown, restoreFocus };
}
