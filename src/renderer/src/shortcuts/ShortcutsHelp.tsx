/**
 * The keyboard shortcuts dialog ("?", or the sidebar's "Keyboard shortcuts" button), written from the
 * same map the keys are matched with, so it cannot disagree with them. A native modal <dialog>: the
 * rest of the window is inert, Escape closes it, and focus goes back to where it was (useModalDialog).
 */
import { Fragment, useRef, useState, type JSX } from 'react';
import { useModalDialog } from '../components/use-modal-dialog';
import { bindingKeys, SHORTCUT_GROUPS, SHORTCUTS, type KeyBinding } from './keymap';
import { PLATFORM, useCommand } from './use-shortcuts';
import '../styles/shortcuts.css';

function Keys({ binding }: { binding: KeyBinding }): JSX.Element {
  const keys = bindingKeys(binding, PLATFORM);
  return (
    <kbd className="shortcut-keys">
      {keys.map((key, i) => (
        <Fragment key={i}>
          {i > 0 ? '+' : null}
          <kbd>{key}</kbd>
        </Fragment>
      ))}
    </kbd>
  );
}

export function ShortcutsHelp(): JSX.Element {
  const [open, setOpen] = useState(false);
  const closeRef = useRef<HTMLButtonElement>(null);
  const { ref, onKeyDown, restoreFocus } = useModalDialog(open, closeRef);

  useCommand('show-shortcuts', () => setOpen(true));

  return (
    <dialog
      ref={ref}
      className="shortcuts-dialog"
      aria-labelledby="shortcuts-title"
      onKeyDown={onKeyDown}
      onClose={() => {
        setOpen(false);
        restoreFocus();
      }}
    >
      {open ? (
        <>
          <div className="shortcuts-head">
            <h2 id="shortcuts-title">Keyboard shortcuts</h2>
            <button type="button" ref={closeRef} onClick={() => setOpen(false)}>
              Close
            </button>
          </div>
          <p className="muted shortcuts-note">Letter keys and / work when you are not typing in a field.</p>
          <div className="shortcuts-groups">
            {SHORTCUT_GROUPS.map((group) => (
              <section key={group} aria-labelledby={`shortcuts-${group.replace(/\W+/g, '-')}`}>
                <h3 id={`shortcuts-${group.replace(/\W+/g, '-')}`}>{group}</h3>
                <dl>
                  {SHORTCUTS.filter((s) => s.group === group).map((shortcut) => (
                    <div key={shortcut.command} className="shortcut-row" data-command={shortcut.command}>
                      <dt>
                        {shortcut.bindings.map((binding, i) => (
                          <Fragment key={i}>
                            {i > 0 ? <span className="shortcut-or"> or </span> : null}
                            <Keys binding={binding} />
                          </Fragment>
                        ))}
                      </dt>
                      <dd>{shortcut.description}</dd>
                    </div>
                  ))}
                </dl>
              </section>
            ))}
          </div>
        </>
      ) : null}
    </dialog>
  );
}
