/**
 * What a person fills in to send a fax: the limits, the draft as it crosses IPC (shapes loose on
 * purpose: check.ts gives the field-level messages), and the checked compose.
 *
 * Limits (research/efax-api-facts.md §4 and the emulator, which enforces the same numbers): at most 50
 * recipients, 25 documents and 100 MB of payload including base64; billable and non-billable retries
 * 1-10 each; CSID at most 20 characters; client data fields at most 255 characters; names and company
 * at most 200; cover page from 200, subject 500, message 10 000.
 */
import { z } from 'zod';
import { boundedJson } from '../../ipc/bounded-json';
import type { DocumentType } from '../documents';
import type { ClientData, IsoUtc } from '../fax';
import type { HeaderOptions } from '../../header';

export const MAX_RECIPIENTS = 50;
export const RETRIES_MIN = 1;
export const RETRIES_MAX = 10;
export const CSID_MAX = 20;
export const CLIENT_DATA_MAX = 255;
export const NAME_MAX = 200;
export const COVER_LIMITS = { fromName: 200, subject: 500, message: 10_000 } as const;
/** A send later than this is refused as a probable typo. */
export const MAX_SCHEDULE_AHEAD_MS = 366 * 24 * 60 * 60 * 1000;
/** A scheduled time at most this far in the past means "now" (the form sat open for a moment). */
export const SCHEDULE_PAST_GRACE_MS = 60_000;

/**
 * error_code Faxdesk stores on a job whose POST was ambiguous and that the service still did not list
 * after the settle window: the job is REJECTED (phase 'failed'), shown as "Not sent", and can be sent
 * again deliberately. Never a service code (those start with E).
 */
export const NOT_SENT_CODE = 'NOT_SENT';

// ---------------------------------------------------------------------------------------------
// The draft (IPC input). Shapes are loose on purpose: the rules below give the field-level messages.

const loose = (max: number) => z.string().max(max);

export const ClientDataInputSchema = z
  .object({
    clientCode: loose(5000).optional(),
    clientId: loose(5000).optional(),
    clientMatter: loose(5000).optional(),
    clientName: loose(5000).optional(),
    clientReferenceId: loose(5000).optional(),
    billingCode: loose(5000).optional(),
  })
  .strict();

export const ComposeRecipientSchema = z
  .object({
    number: loose(200),
    name: loose(5000).default(''),
    company: loose(5000).default(''),
  })
  .strict();
export type ComposeRecipient = z.output<typeof ComposeRecipientSchema>;

export const ComposeDocumentSchema = z
  .object({
    /** SHA-256 from compose:addFiles / compose:addBytes. */
    id: loose(200),
    type: loose(40),
    name: loose(5000),
    pages: z.number().int().nonnegative().nullable().default(null),
    /** Informational; main uses the stored file's size. */
    size: z.number().int().nonnegative().optional(),
  })
  .strict();
export type ComposeDocument = z.output<typeof ComposeDocumentSchema>;

export const CoverPageSchema = z
  .object({
    fromName: loose(50_000).default(''),
    subject: loose(50_000).default(''),
    message: loose(200_000).default(''),
  })
  .strict();

export const ComposeOptionsSchema = z
  .object({
    resolution: loose(40).default('FINE'),
    /** null: the service default (2). */
    billableRetries: z.number().nullable().default(null),
    /** null: the service default (5). */
    nonBillableRetries: z.number().nullable().default(null),
    /** Sender number shown to the recipient (${FROM_NUMBER}); null or '': the account's own. */
    callerId: loose(200).nullable().default(null),
    /** Station id (${CSID}); null or '': the account's own. */
    csid: loose(500).nullable().default(null),
    clientData: ClientDataInputSchema.default({}),
    /** null: no cover page. */
    coverPage: CoverPageSchema.nullable().default(null),
    /**
     * header_options as the service takes it; null: the service's default header (left out of the request).
     * Free-form here (the rules below report its problems by field) but bounded in size and depth.
     */
    header: boundedJson().nullable().default(null),
  })
  .strict();
export type ComposeOptions = z.output<typeof ComposeOptionsSchema>;

const DEFAULT_OPTIONS: ComposeOptions = {
  resolution: 'FINE',
  billableRetries: null,
  nonBillableRetries: null,
  callerId: null,
  csid: null,
  clientData: {},
  coverPage: null,
  header: null,
};

export const ComposeDraftSchema = z
  .object({
    accountId: loose(200).default(''),
    recipients: z.array(ComposeRecipientSchema).max(1000).default([]),
    documents: z.array(ComposeDocumentSchema).max(1000).default([]),
    options: ComposeOptionsSchema.default(DEFAULT_OPTIONS),
    /** ISO 8601 with an offset; null/absent: send now. */
    scheduledAt: loose(100).nullable().optional(),
  })
  .strict();
export type ComposeDraft = z.output<typeof ComposeDraftSchema>;
export type ComposeDraftInput = z.input<typeof ComposeDraftSchema>;

// ---------------------------------------------------------------------------------------------
// The checked compose

export interface NormalizedRecipient {
  /** Digits with country code. */
  number: string;
  name: string;
  company: string;
}

export interface NormalizedDocument {
  id: string;
  type: DocumentType;
  name: string;
  pages: number | null;
  size: number;
}

export interface NormalizedOptions {
  resolution: 'STANDARD' | 'FINE';
  billableRetries: number | null;
  nonBillableRetries: number | null;
  callerId: string | null;
  csid: string | null;
  /** Only the fields the person filled, trimmed. */
  clientData: ClientData;
  coverPage: { fromName: string; subject: string; message: string } | null;
  header: HeaderOptions | null;
}

export interface NormalizedCompose {
  accountId: string;
  recipients: NormalizedRecipient[];
  documents: NormalizedDocument[];
  options: NormalizedOptions;
  /** ISO UTC, or null to send now. */
  scheduledAt: IsoUtc | null;
}

/** One thing wrong (or worth knowing) about a draft. */
export interface ComposeProblem {
  /** Dotted path into the draft: `recipients.3.number`, `options.header.line_1.2`, `documents`. */
  field: string;
  /** Names the problem and the fix. */
  message: string;
}

export interface ComposeCheck {
  problems: ComposeProblem[];
  warnings: ComposeProblem[];
  /** Present only when there is no problem. */
  value?: NormalizedCompose;
}

export interface ComposeCheckContext {
  now: Date;
  /** Stored sizes by document id (main); when absent the draft's own `size` is used. */
  documentSizes?: ReadonlyMap<string, number>;
}
