/**
 * The Compose draft: what a person is writing, saved by main as they work (debounced by the page) and
 * given back on the next start or reload, so a reload or a crash loses nothing. One draft is kept: the
 * fax being written. Its documents are already in the document store; the draft refers to them by id,
 * and the document collector keeps them while the draft does. Restoring never sends anything.
 *
 * The form is saved as the page holds it (a retries field with a typo, a number half typed), so what
 * comes back is what was left; the checks of Send apply when Send is pressed.
 */
import { z } from 'zod';
import { DOCUMENT_TYPES, MAX_DOCUMENTS } from '../../domain/documents';
import { MAX_RECIPIENTS } from '../../domain/outbox';
import { HeaderOptionsSchema } from '../../header';
import { call } from '../define';

const text = (max: number) => z.string().max(max);

export const DraftRecipientSchema = z.object({ number: text(200), name: text(5000), company: text(5000) }).strict();

export const DraftDocumentSchema = z
  .object({
    /** SHA-256 of the stored file (the document store's key). */
    id: z.string().regex(/^[0-9a-f]{64}$/, 'A document id is the 64-character SHA-256 of the stored file.'),
    name: text(1000).min(1),
    type: z.enum(DOCUMENT_TYPES),
    pages: z.number().int().nonnegative().max(100_000).nullable(),
    pagesEstimated: z.boolean().optional(),
    size: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  })
  .strict();

const CLIENT_DATA_KEYS = ['clientName', 'clientId', 'clientCode', 'clientMatter', 'clientReferenceId', 'billingCode'] as const;

export const DraftOptionsSchema = z
  .object({
    resolution: z.enum(['STANDARD', 'FINE']),
    /** As typed ('' = the service's default). */
    billableRetries: text(40),
    nonBillableRetries: text(40),
    callerId: text(200),
    csid: text(500),
    clientData: z.object(Object.fromEntries(CLIENT_DATA_KEYS.map((k) => [k, text(5000)])) as Record<(typeof CLIENT_DATA_KEYS)[number], z.ZodString>).strict(),
  })
  .strict();

export const DraftCoverSchema = z.object({ from_name: text(50_000), subject: text(50_000), message: text(200_000) }).strict();

export const SavedDraftSchema = z
  .object({
    /** The compose's id: compose:send is idempotent on it, so a restored draft can never be sent twice. */
    composeId: z.uuid(),
    accountId: text(200),
    /**
     * The rows as typed; blank rows are left out by the page. Bounded, with room over the limits Send
     * enforces (50 recipients, 25 documents): a draft over them is kept, and Send says what to remove.
     */
    recipients: z.array(DraftRecipientSchema).max(MAX_RECIPIENTS * 2),
    documents: z.array(DraftDocumentSchema).max(MAX_DOCUMENTS * 4),
    options: DraftOptionsSchema,
    coverPage: DraftCoverSchema.nullable(),
    /** header_options; null: the service's default header. */
    header: HeaderOptionsSchema.nullable(),
    /** The person chose the header (the default template no longer applies). */
    headerChosen: z.boolean(),
    sendMode: z.enum(['now', 'later']),
    /** The datetime-local value of "Send later", as typed. */
    scheduledLocal: text(40),
    /** The Outbox job this compose was reopened from, if any. */
    reopenedFrom: text(200).nullable(),
  })
  .strict();

export type SavedDraft = z.output<typeof SavedDraftSchema>;
export type SavedDraftInput = z.input<typeof SavedDraftSchema>;

export interface DraftSnapshot {
  draft: SavedDraft;
  /** ISO UTC. */
  savedAt: string;
  /** Names of the draft's documents no longer in the data folder (they come back as "add it again"). */
  missingDocuments: string[];
}

export interface DraftSaveResult {
  /** False when this compose has already been sent: a late save must not bring a sent fax back. */
  saved: boolean;
  savedAt: string | null;
}

export const draftCalls = {
  /** The saved draft, or null when there is none. */
  'drafts:get': call(z.void()).returns<DraftSnapshot | null>(),
  /** Replaces the saved draft with this one. */
  'drafts:save': call(z.object({ draft: SavedDraftSchema }).strict()).returns<DraftSaveResult>(),
  /** Forgets the saved draft (only when it is this compose's, when composeId is given). */
  'drafts:discard': call(z.object({ composeId: z.uuid().optional() }).strict()).returns<{ discarded: boolean }>(),
} as const;
