/** Where the designer puts the keyboard focus after an edit that moves or removes what had it. */
export type DesignerFocus =
  | { itemId: string; part: 'input' | 'edit' | 'left' | 'right' | 'remove' }
  | { element: 'line2-add' | 'palette' };

export function focusTargetId(baseId: string, focus: DesignerFocus): string {
  return 'itemId' in focus ? `${baseId}-${focus.itemId}-${focus.part}` : `${baseId}-${focus.element}`;
}

/** After moving an item to `to` of `count`: the button pressed keeps the focus, unless it has just become disabled at the end of the line. */
export function focusAfterMove(itemId: string, to: number, count: number, by: -1 | 1): DesignerFocus {
  const edge = to === 0 || to === count - 1;
  const pressed = by < 0 ? 'left' : 'right';
  return { itemId, part: edge ? (pressed === 'left' ? 'right' : 'left') : pressed };
}

/** After removing the item at `index`: the input of the item now in its place (or before it), else `otherwise`. */
export function focusAfterRemove(remaining: readonly { id: string }[], index: number, otherwise: DesignerFocus): DesignerFocus {
  const neighbour = remaining[Math.min(index, remaining.length - 1)];
  return neighbour ? { itemId: neighbour.id, part: 'input' } : otherwise;
}
