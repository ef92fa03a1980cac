/**
 * Inbox (received faxes). Background sync and Activity (the service's webhook delivery log) are in
 * sync.ts.
 * Lists are keyset-paged: pass back `next` as `cursor` for the following page (an opaque string). The
 * Inbox list also pages upwards (`previous` with direction 'newer') and can start anywhere (`skip`), so
 * the page holds only the rows around the view, however long the history.
 * Events carry only what changed (ids), so a page refetches what it shows. Outbound jobs the sync
 * updates or imports are announced with the outbox's own `outbox:changed` (contract/outbox.ts).
 */
import { z } from 'zod';
import { call, event } from '../define';
import type { FaxEvent, ImageState, InboxFax } from '../../domain/history';

// ---------------------------------------------------------------------------------------------
// Outputs

export interface InboxPage {
  items: InboxFax[];
  /** Pass back as `cursor` for the older rows after this page; null when this page is the last. */
  next: string | null;
  /** Pass back as `cursor`, with direction 'newer', for the rows above this page; null when it starts at the top. */
  previous: string | null;
  /** Asked for with `count`: where the page starts in the whole list, and how long the list is. */
  position: ListPosition | null;
}

export interface ListPosition {
  /** How many rows of the list come before the page's first row (its index). */
  offset: number;
  /** How many rows the filters match in all. */
  total: number;
}

export interface InboxFaxDetail {
  fax: InboxFax;
  /** Oldest first: RECEIVED, IMAGE_STORED, NOTIFIED, READ, PRINTED, IMAGE_FAILED, WEBHOOK_*... */
  timeline: FaxEvent[];
}

/** The fax's PDF, or why it cannot be shown yet. */
export type InboxImage =
  | { kind: 'pdf'; id: string; fileName: string; bytes: number; base64: string }
  | {
      kind: 'unavailable';
      id: string;
      imageState: ImageState;
      /** A sentence to show (still downloading, what went wrong, what Faxdesk does next). */
      message: string;
      /** Offer "Download again" (`inbox:retryDownload`). */
      canRetry: boolean;
    };

export interface InboxReadResult {
  /** The ids whose state changed (the others already were). */
  changed: string[];
  unread: number;
}

export interface InboxDeleteResult {
  id: string;
  /** The service deleted it now (false: it was already gone there). */
  deletedOnService: boolean;
  unread: number;
}

/**
 * InboxService.saveAs: with `destination` the stored PDF is copied there; without it its bytes come
 * back. The page saves through files:saveAs and files:download, which use it.
 */
/** What became of a print: printed (with when), or cancelled by the person. A failed print is an error (PRINT_FAILED). */
export type InboxPrintResult = { outcome: 'printed'; printedAt: string } | { outcome: 'cancelled' };

export type InboxSaveResult = { kind: 'file'; path: string; bytes: number } | { kind: 'pdf'; fileName: string; bytes: number; base64: string };

export type InboxChangeReason = 'arrived' | 'updated' | 'image' | 'read' | 'unread' | 'printed' | 'deleted';

export interface InboxChange {
  accountId: string | null;
  /** Local ids of the received faxes that changed. */
  ids: string[];
  reason: InboxChangeReason;
  /** Unread faxes across all accounts (the badge). */
  unread: number;
}

// ---------------------------------------------------------------------------------------------
// Inputs

const Id = z.string().trim().min(1, 'Choose a fax.').max(100);
const AccountId = z.string().trim().min(1, 'Choose an account.').max(100);
const FaxId = z.string().trim().min(1).max(200);
const Cursor = z.string().max(500);
/** Far enough for any inbox; a skip costs a step through the index per row passed. */
const MAX_SKIP = 10_000_000;
const Time = z
  .string()
  .trim()
  .max(40)
  .refine((v) => !Number.isNaN(Date.parse(v)), 'Use a date and time such as 2026-03-01T09:00:00Z.');

export const InboxListInputSchema = z
  .object({
    accountId: AccountId.optional(),
    unreadOnly: z.boolean().default(false),
    /** Received at or after. */
    from: Time.optional(),
    /** Received at or before. */
    to: Time.optional(),
    /** The sender's number (3 or more trailing digits, or its beginning). */
    number: z.string().trim().max(40).optional(),
    /** Words to find (number, sender's station id, fax id, the note, the sender's name in the address book). */
    search: z.string().trim().max(200).optional(),
    cursor: Cursor.optional(),
    /** With `cursor`: the older rows after it (down the list), or the newer rows before it (up the list). */
    direction: z.enum(['older', 'newer']).default('older'),
    /** Rows passed over before the page starts: a jump into the list (the scroll bar dragged far) without reading its way there. */
    skip: z.number().int().min(0).max(MAX_SKIP).default(0),
    limit: z.number().int().min(1).max(200).default(50),
    /** Also say where the page starts and how many rows the list has (`position`); it costs a count, so only when needed. */
    count: z.boolean().default(false),
  })
  .strict()
  .refine((v) => v.from === undefined || v.to === undefined || Date.parse(v.from) <= Date.parse(v.to), {
    message: 'The start of the date range is after its end.',
    path: ['from'],
  })
  .refine((v) => v.direction === 'older' || v.cursor !== undefined, {
    message: 'Reading up the list (direction "newer") starts from a row: pass the `previous` of a page as the cursor.',
    path: ['direction'],
  });
export type InboxListInput = z.output<typeof InboxListInputSchema>;

/** A fax by local id, or by account and the service's fax_id (what a notification click carries). */
export const InboxFaxRefSchema = z.union([
  z.object({ id: Id }).strict(),
  z.object({ accountId: AccountId, faxId: FaxId }).strict(),
]);
export type InboxFaxRefInput = z.output<typeof InboxFaxRefSchema>;

const ById = z.object({ id: Id }).strict();

/** A note on a received fax: a few lines (migration 0150 holds the same limit). */
export const INBOX_NOTE_MAX_LENGTH = 2000;
const Note = z
  .string()
  .max(INBOX_NOTE_MAX_LENGTH, `A note can be up to ${INBOX_NOTE_MAX_LENGTH.toLocaleString('en-US')} characters long.`)
  .transform((note) => note.trim());
const Ids = z.object({ ids: z.array(Id).min(1, 'Choose at least one fax.').max(500) }).strict();


// ---------------------------------------------------------------------------------------------

export const inboxCalls = {
  'inbox:list': call(InboxListInputSchema).returns<InboxPage>(),
  'inbox:get': call(InboxFaxRefSchema).returns<InboxFaxDetail>(),
  'inbox:image': call(ById).returns<InboxImage>(),
  /** Downloads the image again now, whatever its earlier tries. */
  'inbox:retryDownload': call(ById).returns<InboxFax>(),
  'inbox:markRead': call(Ids).returns<InboxReadResult>(),
  /** Sets the person's note on the fax ('' removes it); answers the fax as it is now. */
  'inbox:setNote': call(z.object({ id: Id, note: Note }).strict()).returns<InboxFax>(),
  'inbox:markUnread': call(Ids).returns<InboxReadResult>(),
  /** Deletes on the service, then here (the row stays hidden, so sync does not bring it back). Confirm first. */
  'inbox:delete': call(z.object({ id: Id, confirm: z.literal(true, { error: 'Deleting a fax must be confirmed.' }) }).strict()).returns<InboxDeleteResult>(),
  /** Printed: the fax is marked printed. Cancelled (the person closed the print dialog): nothing is recorded. */
  'inbox:print': call(ById).returns<InboxPrintResult>(),
} as const;

export const inboxEvents = {
  'inbox:changed': event<InboxChange>(),
} as const;
