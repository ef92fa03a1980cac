/** Where the designer puts the keyboard focus after an edit that moves or removes what had it. */
export type DesignerFocus =
  | { itemId: string; part: 'input' | 'left' | 'right' | 'remove' }
  | { element: 'line2-add' | 'palette' };

export function focusTargetId(baseId: string, focus: DesignerFocus): string {
  return 'itemId' in focus ? `${baseId}-${focus.itemId}-${focus.part}` : `${baseId}-${focus.element}`;
}
