/**
 * The palette's chips and what dropping one does to line 1. Used by drag and drop and by the keyboard
 * buttons alike, so both paths make the same edit. Drag payloads are parsed back strictly: a crafted
 * drop cannot add a variable the service does not allow.
 */
import { LINE1_MAX_ITEMS, getHeaderVariable, parseHeaderItem } from '../../../../shared/header';
import { appendToken, insertItem, moveItem, newItemId, type DraftItem } from './draft';

export type Chip = { kind: 'variable'; token: string } | { kind: 'text' } | { kind: 'spacer' };

/** Data types of the drags the designer accepts (custom, so a drag from elsewhere is ignored). */
export const CHIP_MIME = 'application/x-faxdesk-header-chip';
export const SLOT_MIME = 'application/x-faxdesk-header-slot';

export function encodeChip(chip: Chip): string {
  return JSON.stringify(chip);
}

/** The chip in a drag payload, or null when it is not one of ours or names an unknown variable. */
export function decodeChip(data: string): Chip | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const record = parsed as Record<string, unknown>;
  if (record['kind'] === 'text' || record['kind'] === 'spacer') return { kind: record['kind'] };
  if (record['kind'] !== 'variable' || typeof record['token'] !== 'string') return null;
  const tokens = parseHeaderItem(record['token']);
  const only = tokens.length === 1 ? tokens[0] : undefined;
  return only?.kind === 'variable' ? { kind: 'variable', token: only.raw } : null;
}

export function chipLabel(chip: Chip): string {
  if (chip.kind === 'text') return 'Text';
  if (chip.kind === 'spacer') return 'Spacer';
  return getHeaderVariable(chip.token.slice(2, -1))?.label ?? chip.token;
}

export type DropTarget = { slot: number } | 'end';

export type LineEdit =
  | {
      ok: true;
      line1: DraftItem[];
      /** Said to screen readers, e.g. "Page count added to line 1, slot 3." */
      announcement: string;
      /** The slot that was created or changed. */
      itemId: string;
    }
  | { ok: false; announcement: string };

const FULL = `Line 1 already has ${LINE1_MAX_ITEMS} slots, the most the service allows: remove one first, or drop the variable onto a slot to add it there.`;

/**
 * Dropping `chip` on line 1: a variable dropped on a slot joins that slot's text (so text and variables
 * mix, as in `Page ${CURRENT_PAGE}/${TOTAL_PAGE}`); anything dropped at the end, and Text or Spacer
 * dropped on a slot, makes a new slot there.
 */
export function dropChip(line1: readonly DraftItem[], chip: Chip, target: DropTarget, makeId: () => string = newItemId): LineEdit {
  const label = chipLabel(chip);
  if (chip.kind === 'variable' && target !== 'end' && line1[target.slot]) {
    const slot = line1[target.slot]!;
    return {
      ok: true,
      line1: line1.map((item, i) => (i === target.slot ? { ...item, text: appendToken(item.text, chip.token) } : item)),
      announcement: `${label} added to line 1, slot ${target.slot + 1}.`,
      itemId: slot.id,
    };
  }
  if (line1.length >= LINE1_MAX_ITEMS) return { ok: false, announcement: FULL };
  const index = target === 'end' ? line1.length : Math.min(target.slot, line1.length);
  const item: DraftItem = { id: makeId(), text: chip.kind === 'variable' ? chip.token : '' };
  return {
    ok: true,
    line1: insertItem(line1, index, item),
    announcement: `${label} added to line 1 as slot ${index + 1} of ${line1.length + 1}.`,
    itemId: item.id,
  };
}

/** Dropping the slot `id` on another slot (it takes that place) or at the end. */
export function dropSlot(line1: readonly DraftItem[], id: string, target: DropTarget): LineEdit {
  const from = line1.findIndex((item) => item.id === id);
  if (from < 0) return { ok: false, announcement: '' };
  const to = target === 'end' ? line1.length - 1 : target.slot;
  return { ok: true, line1: moveItem(line1, from, to), announcement: `Slot moved to position ${to + 1} of ${line1.length}.`, itemId: id };
}
