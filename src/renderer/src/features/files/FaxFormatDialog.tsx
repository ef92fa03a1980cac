/**
 * "Save the fax as PDF or TIFF?", asked in the browser before the download. The desktop app does not
 * ask: its Save dialog has a filter per format, and main makes the one whose name the person typed.
 * PDF is what Faxdesk keeps; TIFF is fetched from the fax service when chosen (as it stores faxes).
 *
 * The page keeps `const choice = useFaxFormatChoice()`, renders `choice.dialog`, and awaits
 * `choice.ask()`: the format, null when cancelled, or undefined when the desktop's dialog will ask.
 */
import { useCallback, useId, useRef, useState, type JSX } from 'react';
import type { FaxFileFormat } from '../../../../shared/ipc/contract/files';
import { useModalDialog } from '../../components/use-modal-dialog';
import { hasNativeFileDialogs } from '../../files/native-files';

export interface FaxFormatChoice {
  ask(): Promise<FaxFileFormat | null | undefined>;
  dialog: JSX.Element;
}

const OPTIONS: { format: FaxFileFormat; label: string; hint: string }[] = [
  { format: 'PDF', label: 'PDF document', hint: 'The fax as Faxdesk keeps it; opens anywhere.' },
  { format: 'TIFF', label: 'TIFF image', hint: 'The fax as the fax service stores it, fetched from the service now (for archives and document systems).' },
];

export function useFaxFormatChoice(): FaxFormatChoice {
  const [pending, setPending] = useState<((format: FaxFileFormat | null) => void) | null>(null);
  const ask = useCallback(async (): Promise<FaxFileFormat | null | undefined> => {
    if (await hasNativeFileDialogs()) return undefined;
    return new Promise<FaxFileFormat | null>((resolve) => setPending(() => resolve));
  }, []);
  const dialog = (
    <FaxFormatDialog
      open={pending !== null}
      onClose={(format) => {
        pending?.(format);
        setPending(null);
      }}
    />
  );
  return { ask, dialog };
}

function FaxFormatDialog({ open, onClose }: { open: boolean; onClose(format: FaxFileFormat | null): void }): JSX.Element {
  const firstRef = useRef<HTMLInputElement>(null);
  const { ref, onKeyDown, restoreFocus } = useModalDialog(open, firstRef);
  const [format, setFormat] = useState<FaxFileFormat>('PDF');
  const chosen = useRef<FaxFileFormat | null>(null);
  const titleId = useId();
  const name = useId();

  return (
    <dialog
      ref={ref}
      className="confirm-dialog"
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      data-testid="fax-format-dialog"
      // Save, Cancel and Escape all end here: focus goes back to the Save button first.
      onClose={() => {
        restoreFocus();
        const result = chosen.current;
        chosen.current = null;
        onClose(result);
      }}
    >
      {open ? (
        <form
          method="dialog"
          onSubmit={(event) => {
            event.preventDefault();
            chosen.current = format;
            ref.current?.close();
          }}
        >
          <h2 id={titleId}>Save the fax as</h2>
          <fieldset className="fax-format-options">
            <legend className="sr-only">File format</legend>
            {OPTIONS.map((option, index) => (
              <label key={option.format} className="fax-format-option">
                <input
                  ref={index === 0 ? firstRef : undefined}
                  type="radio"
                  name={name}
                  value={option.format}
                  checked={format === option.format}
                  onChange={() => setFormat(option.format)}
                />
                <span>
                  <strong>{option.label}</strong>
                  <span className="muted">{option.hint}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <div className="confirm-dialog-actions">
            <button type="button" onClick={() => ref.current?.close()}>
              Cancel
            </button>
            <button type="submit" className="primary">
              Save
            </button>
          </div>
        </form>
      ) : null}
    </dialog>
  );
}
