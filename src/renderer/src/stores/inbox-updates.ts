/**
 * The Inbox store's state changes, as pure functions (unit-tested): what each answer from main and each
 * `inbox:changed` does to the rows held, the fax open in the viewer and the notice. stores/inbox-store.ts
 * calls main and applies these.
 */
import type { InboxFax } from '../../../shared/domain/history';
import type { InboxChange, InboxImage, InboxPage } from '../../../shared/ipc/contract/inbox';
import { base64ToBytes } from '../files/download';
import type { FaxDocument } from '../model/fax-document';
import { windowAt, windowRows, withChangedRows, withNewer, withOlder, withoutRows, type ListWindow, type WindowLoad } from '../model/inbox/list-window';

export type OpenedImage =
  | { status: 'loading' }
  | { status: 'ready'; document: FaxDocument; fileName: string }
  | { status: 'unavailable'; message: string; canRetry: boolean }
  | { status: 'error'; message: string };

export interface OpenedFax {
  fax: InboxFax;
  image: OpenedImage;
  /** Opening it marked it read (the page says so, next to "Mark unread"). */
  markedRead: boolean;
}

export interface InboxNotice {
  kind: 'info' | 'error';
  text: string;
  /** The fax it is about (local id): shown only while that fax is open. */
  faxId?: string;
}

/** The part of the store's state these functions read and change. */
export interface InboxView {
  window: ListWindow;
  items: InboxFax[];
  activeId: string | null;
  opened: OpenedFax | null;
  notice: InboxNotice | null;
}

/** `inbox:changed` events gathered for one read (deleted, changed, and whose image came). */
export interface ChangeBatch {
  arrived: boolean;
  deleted: Set<string>;
  changed: Set<string>;
  images: Set<string>;
}

/** The fax is the one the service knows as `faxId` in `accountId`. */
export function sameFax(fax: InboxFax, accountId: string, faxId: string): boolean {
  return fax.accountId === accountId && fax.faxId === faxId;
}

/** The window (and its rows) after a change. */
export function held(window: ListWindow): Pick<InboxView, 'window' | 'items'> {
  return { window, items: windowRows(window) };
}

/** Every held row passed through `change`. */
export function changeRows(state: Pick<InboxView, 'window'>, change: (fax: InboxFax) => InboxFax): Partial<Pick<InboxView, 'window' | 'items'>> {
  const window = withChangedRows(state.window, change);
  return window === state.window ? {} : held(window);
}

/** A fax as main now has it: its row and, when it is open, the viewer's copy. */
export function withFax(state: Pick<InboxView, 'window' | 'opened'>, fax: InboxFax): Partial<InboxView> {
  return {
    ...changeRows(state, (row) => (row.id === fax.id ? fax : row)),
    opened: state.opened && state.opened.fax.id === fax.id ? { ...state.opened, fax } : state.opened,
  };
}

/** A fax marked read (`readAt` a time) or unread (null); `markedRead`: opening it did it. */
export function withReadAt(state: Pick<InboxView, 'window' | 'opened'>, id: string, readAt: string | null, markedRead: boolean): Partial<InboxView> {
  return {
    ...changeRows(state, (f) => (f.id === id ? { ...f, readAt } : f)),
    opened: state.opened && state.opened.fax.id === id ? { ...state.opened, fax: { ...state.opened.fax, readAt }, markedRead } : state.opened,
  };
}

/** A fax the person deleted: out of the list, the keyboard on its neighbour, out of the viewer. */
export function withoutFax(state: InboxView, id: string, deletedOnService: boolean): Partial<InboxView> {
  const index = state.items.findIndex((f) => f.id === id);
  const { window } = withoutRows(state.window, new Set([id]));
  const items = windowRows(window);
  const neighbour = index < 0 ? null : (items[index] ?? items[index - 1] ?? null);
  return {
    window,
    items,
    activeId: state.activeId === id ? (neighbour?.id ?? null) : state.activeId,
    opened: state.opened && state.opened.fax.id === id ? null : state.opened,
    notice: {
      kind: 'info',
      text: deletedOnService
        ? 'The fax was deleted from the service and from this computer.'
        : 'The fax was already gone from the service; it is now deleted from this computer too.',
    },
  };
}

/**
 * Faxes deleted elsewhere (`inbox:changed` 'deleted'): out of the list and the viewer. `allHeld` false:
 * some were not held, and may have been above the view, so where everything sits must be read again.
 */
export function withDeleted(state: InboxView, gone: ReadonlySet<string>): { patch: Partial<InboxView>; allHeld: boolean } {
  const { window, removed } = withoutRows(state.window, gone);
  const openGone = state.opened !== null && gone.has(state.opened.fax.id);
  return {
    patch: {
      ...held(window),
      opened: openGone ? null : state.opened,
      notice: openGone ? { kind: 'info', text: 'The fax you had open was deleted.' } : state.notice,
    },
    allHeld: removed >= gone.size,
  };
}

/** One `inbox:changed` added to the batch being gathered. */
export function addToBatch(batch: ChangeBatch | null, change: InboxChange): ChangeBatch {
  const next = batch ?? { arrived: false, deleted: new Set<string>(), changed: new Set<string>(), images: new Set<string>() };
  if (change.reason === 'arrived') next.arrived = true;
  for (const id of change.ids) {
    if (change.reason === 'deleted') next.deleted.add(id);
    else next.changed.add(id);
    if (change.reason === 'image') next.images.add(id);
  }
  return next;
}

/** The window after a page read for the view: rows older or newer than those held, or a jump. */
export function applyLoad(window: ListWindow, load: WindowLoad, page: InboxPage): ListWindow {
  switch (load.kind) {
    case 'older':
      return withOlder(window, page);
    case 'newer':
      return withNewer(window, page);
    case 'jump':
      return windowAt(page);
  }
}

/** What the viewer shows for main's answer to inbox:image. */
export function openedImage(image: InboxImage): OpenedImage {
  return image.kind === 'pdf'
    ? { status: 'ready', document: { kind: 'pdf', data: base64ToBytes(image.base64) }, fileName: image.fileName }
    : { status: 'unavailable', message: image.message, canRetry: image.canRetry };
}

/** The open fax's image, when that fax is still the one open. */
export function withImage(state: Pick<InboxView, 'opened'>, id: string, image: OpenedImage): Partial<InboxView> {
  return state.opened && state.opened.fax.id === id ? { opened: { ...state.opened, image } } : {};
}
