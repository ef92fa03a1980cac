/**
 * Compose (documents in, checks, send) and the Outbox (list, detail, cancel, resend, export, report).
 *
 * Sending is idempotent on `composeId`: the Compose page creates a UUID when it opens and passes it
 * with every compose:send; a repeated call (double click, retried IPC, reload) returns the jobs the
 * first made and posts nothing again. outbox:resend takes a fresh composeId for the same reason.
 * Every change to a job is announced with `outbox:changed`; the pages re-read what they show.
 */
import { z } from 'zod';
import { call, event } from '../define';
import type { DocumentProblem, PreparedDocument } from '../../domain/documents';
import { OUTBOUND_PHASES } from '../../domain/history';
import {
  ComposeDraftSchema,
  type CancelOutcome,
  type ComposeValidation,
  type OutboxDetail,
  type OutboxItem,
  type OutboxPage,
  type ReportResult,
  type SendOutcome,
  type StoredDraft,
} from '../../domain/outbox';

/**
 * outbox:exportCsv's answer. Without a destination the CSV comes back as text for the page to download
 * (nothing is written); with one it is written there (whole or not at all) and only its facts come back.
 */
export type CsvExport =
  | { kind: 'text'; fileName: string; rows: number; bytes: number; text: string }
  | { kind: 'file'; path: string; fileName: string; rows: number; bytes: number };

/** The image of a sent fax as the service delivered it (header stamped), or why there is none (yet). */
export type OutboxImage =
  | { kind: 'pdf'; jobId: string; faxId: string; fileName: string; bytes: number; base64: string }
  | {
      kind: 'unavailable';
      jobId: string;
      /** A sentence to show: why there is no image (not sent yet, still being sent, failed before transmission...). */
      message: string;
    };

export interface PreparedDocuments {
  documents: PreparedDocument[];
  /** One per file that cannot be sent, and per set-wide limit broken (25 documents, 100 MB). */
  problems: DocumentProblem[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ComposeId = z.string().regex(UUID, 'composeId must be the UUID the Compose page made when it opened (crypto.randomUUID()).');
const JobId = z.string().min(1).max(100);

/** Documents already attached: they count towards the 25-document and 100 MB limits. */
const Attached = z
  .array(z.object({ id: z.string().max(100), name: z.string().max(5000), size: z.number().int().nonnegative() }).strict())
  .max(1000)
  .default([]);

export const ComposeAddFilesInputSchema = z
  .object({
    paths: z.array(z.string().min(1).max(4096)).min(1, 'Choose at least one file.').max(200, 'Add at most 200 files at once.'),
    existing: Attached,
  })
  .strict();

export const ComposeAddBytesInputSchema = z
  .object({
    name: z.string().max(5000),
    /** The file's bytes, base64 (a browser drop or paste). */
    base64: z.string().min(1, 'The file is empty.').max(140 * 1024 * 1024, 'The file is larger than any fax can carry (100 MB once encoded).'),
    existing: Attached,
  })
  .strict();

export const ComposeSendInputSchema = ComposeDraftSchema.extend({ composeId: ComposeId });

const Phase = z.enum(OUTBOUND_PHASES);

export const OutboxListInputSchema = z
  .object({
    accountId: z.string().max(200).optional(),
    phase: Phase.optional(),
    /** Words or digits: names, company, number (any 3+ trailing digits), subject, client data, fax id. */
    search: z.string().max(500).optional(),
    cursor: z.string().max(500).nullable().optional(),
    limit: z.number().int().min(1).max(500).optional(),
  })
  .strict()
  .default({});


export const outboxCalls = {
  /** Reads, checks and stores files (content-addressed in the data folder) for a fax. */
  'compose:addFiles': call(ComposeAddFilesInputSchema).returns<PreparedDocuments>(),
  /** The same for bytes without a file (browser drop, paste). */
  'compose:addBytes': call(ComposeAddBytesInputSchema).returns<PreparedDocuments>(),
  /** Every problem of a draft, by field, with the fix; nothing is stored. */
  'compose:validate': call(z.object({ draft: ComposeDraftSchema }).strict()).returns<ComposeValidation>(),
  /**
   * Queues the fax: one job per recipient, persisted (documents already in the data folder) before
   * any network call. VALIDATION (with `field`) when anything is wrong: nothing is queued then.
   */
  'compose:send': call(ComposeSendInputSchema).returns<SendOutcome>(),
  'outbox:list': call(OutboxListInputSchema).returns<OutboxPage>(),
  /** One job with its timeline, the delivery attempts (read from the service now) and the result code explained. */
  'outbox:get': call(z.object({ jobId: JobId, refresh: z.boolean().default(true) }).strict()).returns<OutboxDetail>(),
  /** Scheduled/queued: cancelled here. At the service: asks (202 → "cancel requested"; 409 → "already completed"). */
  'outbox:cancel': call(z.object({ jobId: JobId }).strict()).returns<CancelOutcome>(),
  /** New job(s) from the stored compose: this destination ('job') or all of its compose ('compose'). */
  'outbox:resend': call(z.object({ jobId: JobId, composeId: ComposeId, scope: z.enum(['job', 'compose']).default('job') }).strict()).returns<SendOutcome>(),
  /** The stored compose as a draft, to reopen in Compose (edit a rejected fax, or a scheduled one). */
  'outbox:draft': call(z.object({ jobId: JobId, scope: z.enum(['job', 'compose']).default('compose') }).strict()).returns<StoredDraft>(),
  /** Moves the scheduled time of a scheduled compose; null sends it now. Local only. */
  'outbox:reschedule': call(z.object({ jobId: JobId, scheduledAt: z.string().max(100).nullable() }).strict()).returns<OutboxItem[]>(),
  /** Checks the service's sent list now for a job whose outcome is unknown. Never sends again. */
  'outbox:reconcile': call(z.object({ jobId: JobId }).strict()).returns<OutboxItem[]>(),
  /** The listed jobs (same filters as outbox:list) as CSV text, for the page to download (files:saveAs writes it). */
  'outbox:exportCsv': call(
    z
      .object({ accountId: z.string().max(200).optional(), phase: Phase.optional(), search: z.string().max(500).optional() })
      .strict()
      .default({}),
  ).returns<CsvExport>(),
  /**
   * The delivered image of a sent fax (GET /faxes/{id}/image?desired_format=PDF, kept in the data folder
   * once final). `unavailable` with the reason before the service has one: not accepted yet (no fax ID),
   * still being sent, or failed before any page was rendered (E07).
   */
  'outbox:image': call(z.object({ jobId: JobId }).strict()).returns<OutboxImage>(),
  /** A transmission report (PDF): job, recipient, pages, timeline, attempts, result. */
  'outbox:report': call(z.object({ jobId: JobId }).strict()).returns<ReportResult>(),
} as const;

export const outboxEvents = {
  /**
   * Jobs of one account were created or changed (by the outbox or the sync); re-read them (outbox:get /
   * outbox:list). `ids` are job ids.
   */
  'outbox:changed': event<{ accountId: string; ids: string[] }>(),
} as const;
