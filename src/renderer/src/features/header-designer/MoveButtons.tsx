import type { JSX } from 'react';

/**
 * The ← and → buttons that move a slot or field one place (the keyboard's way to reorder). Their ids
 * end in -left and -right, so focusAfterMove() can keep the focus on the one pressed.
 */
export function MoveButtons(props: { baseId: string; itemId: string; index: number; count: number; name: string; onMove(by: -1 | 1): void }): JSX.Element {
  const { baseId, itemId, index, count, name } = props;
  return (
    <>
      <button
        type="button"
        id={`${baseId}-${itemId}-left`}
        className="hd-icon"
        aria-label={`Move ${name} left`}
        title="Move left"
        disabled={index === 0}
        onClick={() => props.onMove(-1)}
      >
        ←
      </button>
      <button
        type="button"
        id={`${baseId}-${itemId}-right`}
        className="hd-icon"
        aria-label={`Move ${name} right`}
        title="Move right"
        disabled={index === count - 1}
        onClick={() => props.onMove(1)}
      >
        →
      </button>
    </>
  );
}
