/**
 * The fax history as the app keeps it locally: outbound jobs, their timelines, received faxes, the
 * webhook delivery log, contacts and header templates. Pure data shapes (no Node, no DOM), shared by
 * main (which stores them) and the renderer (which shows them). All timestamps are ISO-8601 UTC
 * strings in one spelling, `YYYY-MM-DDTHH:mm:ss.sssZ`, so that text order is time order.
 */
import { z } from 'zod';
import type { ClientData, FaxDirection, IsoUtc, NotificationSentStatus } from './fax';
import { FAX_STATES, type FaxState } from './fax-status';

export type { ClientData, FaxDirection, IsoUtc } from './fax';

// ---------------------------------------------------------------------------------------------
// Outbound jobs

/** States only this app knows: a job before the service has it, or while we are unsure it does. */
export const LOCAL_OUTBOUND_STATES = [
  /** Persisted, waiting for its turn to be submitted. */
  'QUEUED',
  /** Persisted, to be submitted at scheduled_at. */
  'SCHEDULED',
  /** POST /faxes is (or was, before a crash) in flight. */
  'SUBMITTING',
  /** The service accepted it (fax_id known) and has not reported a state yet. */
  'SUBMITTED',
  /** The POST may or may not have reached the service; reconciled from the sent list, never re-posted. */
  'UNKNOWN',
  /** The service refused the request (4xx); final until the person edits and resends. */
  'REJECTED',
  /** Cancel was asked (202); waiting for the service to say CANCELED or a final state. */
  'CANCEL_REQUESTED',
] as const;
export type LocalOutboundState = (typeof LOCAL_OUTBOUND_STATES)[number];

export type OutboundState = LocalOutboundState | FaxState;
export const OUTBOUND_STATES: readonly OutboundState[] = [...LOCAL_OUTBOUND_STATES, ...FAX_STATES];

/**
 * The tab a job belongs in. Derived from the state by the database (a generated, indexed column), so
 * every tab is an indexed, paged query. CANCEL_REQUESTED stays active until the service answers.
 */
export const OUTBOUND_PHASES = ['active', 'completed', 'failed', 'canceled'] as const;
export type OutboundPhase = (typeof OUTBOUND_PHASES)[number];

export function outboundPhaseOf(state: OutboundState): OutboundPhase {
  switch (state) {
    case 'COMPLETED':
      return 'completed';
    case 'ERROR':
    case 'REJECTED':
      return 'failed';
    case 'CANCELED':
      return 'canceled';
    default:
      return 'active';
  }
}

/** Where an outbound row came from: composed here, or found on the service (sent from elsewhere). */
export type OutboundOrigin = 'local' | 'service';

/** One document of a job: a content-addressed file in the data folder (documents/<sha256>). */
export const OutboundDocumentSchema = z.object({
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** The name the person gave it (shown, never used as a path). */
  name: z.string(),
  /** document_type as sent to the service, e.g. PDF, TXT. */
  type: z.string(),
  size: z.number().int().nonnegative(),
  /** Page count when known (PDF, TIFF); null for formats the service rasterises. */
  pages: z.number().int().nonnegative().nullable(),
});
export type OutboundDocument = z.infer<typeof OutboundDocumentSchema>;

/** client_data of the send request (fax.ts ClientData), as stored: checked when read back. */
export const ClientDataSchema: z.ZodType<ClientData> = z
  .object({
    clientCode: z.string(),
    clientId: z.string(),
    clientMatter: z.string(),
    clientName: z.string(),
    clientReferenceId: z.string(),
    billingCode: z.string(),
  })
  .partial();

/** A JSON object whose shape its owner validates (send options, header options). */
export type JsonObject = { [key: string]: JsonValue };
export type JsonValue = string | number | boolean | null | JsonValue[] | JsonObject;
export const JsonObjectSchema: z.ZodType<JsonObject> = z.record(z.string(), z.json()) as z.ZodType<JsonObject>;

export interface OutboundJob {
  /** Local id (uuid). */
  id: string;
  accountId: string;
  /** Groups the destinations of one compose; also its idempotency key. Null for faxes found on the service. */
  composeId: string | null;
  /** Position of this destination within its compose (0-based). */
  destinationIndex: number;
  origin: OutboundOrigin;
  /** The service's fax_id; null until accepted. */
  faxId: string | null;
  state: OutboundState;
  phase: OutboundPhase;
  /** Destination fax number as submitted (digits). */
  destination: string;
  toName: string;
  toCompany: string;
  /** Cover page subject ('' when none). */
  subject: string;
  /** fax_options as the outbox will send them (the outbox validates their shape). */
  options: JsonObject;
  documents: OutboundDocument[];
  /** Pages we counted locally before sending (null when unknown). */
  pageCount: number | null;
  clientData: ClientData;
  scheduledAt: string | null;
  submittedAt: string | null;
  completedAt: string | null;
  /** Result fields reported by the service. */
  durationSeconds: number | null;
  pages: number | null;
  errorCode: string | null;
  errorReason: string | null;
  billableRetries: number | null;
  /** Why the service refused the request (REJECTED), in words a person can act on. */
  rejection: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A job without its stored JSON (send options, documents, client data): what watching its state needs. */
export type ActiveOutboundJob = Omit<OutboundJob, 'options' | 'documents' | 'clientData'>;

/**
 * A job as a list shows it: no stored JSON, only how many documents it has and, for a fax found on the
 * service, the Faxdesk marker of its client data (who sent it: desk-marker.ts). get() has the whole job.
 */
export type OutboundJobSummary = ActiveOutboundJob & { documentCount: number; marker: string | null };

/** What a job carries besides its addressing and state: given when persisted, patchable after. */
export interface OutboundJobContent {
  toName?: string;
  toCompany?: string;
  subject?: string;
  options?: JsonObject;
  documents?: OutboundDocument[];
  pageCount?: number | null;
  clientData?: ClientData;
  scheduledAt?: string | null;
}

/** What the outbox persists for one destination of a compose, before any network call. */
export interface NewOutboundJob extends OutboundJobContent {
  /** Generated when absent. */
  id?: string;
  accountId: string;
  composeId: string;
  destinationIndex: number;
  state?: 'QUEUED' | 'SCHEDULED';
  destination: string;
}

/** How a fax ended, as a source reports it: null or absent = not said (a known value is kept). */
export interface OutboundResultFields {
  completedAt?: IsoUtc | null;
  durationSeconds?: number | null;
  pages?: number | null;
  errorCode?: string | null;
  errorReason?: string | null;
  billableRetries?: number | null;
}

/** A fax found in the sent list that no local job matches (sent from another client). */
export interface ServiceOutboundFax extends OutboundResultFields {
  accountId: string;
  faxId: string;
  /** Already normalised (and merged, if the caller knew an earlier state). */
  state: OutboundState;
  destination: string;
  toName?: string | null;
  toCompany?: string | null;
  subject?: string | null;
  clientData?: ClientData | null;
}

/** Fields of a job that may change after it is persisted. Absent = leave as is. */
export interface OutboundPatch extends OutboundResultFields, OutboundJobContent {
  faxId?: string | null;
  state?: OutboundState;
  destination?: string;
  submittedAt?: string | null;
  rejection?: string | null;
}

// ---------------------------------------------------------------------------------------------
// Timeline

export const FAX_EVENT_SOURCES = ['local', 'detail', 'metadata', 'sent-list', 'received-list', 'notification', 'webhook'] as const;
export type FaxEventSource = (typeof FAX_EVENT_SOURCES)[number];

/** Which fax a timeline belongs to: a local outbound job, or a received fax (local ids). */
export type FaxRef = { direction: 'OUTBOUND'; outboundId: string } | { direction: 'INBOUND'; receivedId: string };

export interface FaxEvent {
  id: number;
  ref: FaxRef;
  /** When it happened (the source's time when it gives one, else when we saw it). */
  at: string;
  source: FaxEventSource;
  /** A normalised state name (OutboundState) or an inbound milestone (RECEIVED, IMAGE_STORED, READ...). */
  status: string;
  /** Source-specific facts worth showing (attempt number, error code, message...). */
  detail: JsonObject;
  recordedAt: string;
}

export interface NewFaxEvent {
  ref: FaxRef;
  at: string;
  source: FaxEventSource;
  status: string;
  detail?: JsonObject;
}

// ---------------------------------------------------------------------------------------------
// Received faxes

/** 'remote': kept on the service, downloaded when the fax is opened, printed or saved (imported history). */
export const IMAGE_STATES = ['pending', 'downloading', 'stored', 'failed', 'remote'] as const;
export type ImageState = (typeof IMAGE_STATES)[number];

export interface InboxFax {
  /** Local id (uuid). */
  id: string;
  accountId: string;
  faxId: string;
  pages: number | null;
  /** fax_status as the service reports it (e.g. STORED). */
  faxStatus: string | null;
  completedAt: IsoUtc;
  /** null when the service does not know it. */
  originatingNumber: string | null;
  /** The account's number that received it, when the service says. */
  destinationNumber: string | null;
  tsid: string | null;
  imagePath: string | null;
  imageState: ImageState;
  imageError: string | null;
  imageAttempts: number;
  downloadedAt: IsoUtc | null;
  readAt: IsoUtc | null;
  printedAt: IsoUtc | null;
  /** Hidden locally; the row stays so that sync does not bring it back. */
  deletedAt: IsoUtc | null;
  firstSeenAt: IsoUtc;
  updatedAt: IsoUtc;
  /** The person's note on the fax; '' when there is none. */
  note: string;
  noteUpdatedAt: IsoUtc | null;
  /** The address book's name for the sender's number (name, else company), when it has one; null otherwise. */
  senderName: string | null;
  /** The service said it no longer has this fax (deleted there by another desk or in the web portal) before its image was stored here. */
  goneAt: IsoUtc | null;
}

/**
 * What the service says about a received fax. fax.ts ReceivedFax and FaxMetadata fit as they are.
 * null means "not said": a known value is never replaced by null. completedAt null is stored as the
 * time the fax was first seen (the inbox is ordered by it).
 */
export interface ReceivedFacts {
  faxId: string;
  completedAt: IsoUtc | null;
  pages?: number | null;
  faxStatus?: string | null;
  originatingNumber?: string | null;
  destinationNumber?: string | null;
  originatingTsid?: string | null;
}

// ---------------------------------------------------------------------------------------------
// Webhook delivery log (GET /notifications)

/**
 * One element of GET /notifications as the service reports it. fax.ts NotificationRecord fits as it
 * is. completedAt null is stored as the time the record was first seen (the log is ordered by it).
 */
export interface NotificationFacts {
  notifyId: string;
  faxId: string | null;
  direction: FaxDirection | null;
  faxCompletedAt: IsoUtc | null;
  notifyType: string | null;
  notifyDestination: string | null;
  sentStatus: NotificationSentStatus | string | null;
}

export interface LoggedNotification {
  accountId: string;
  notifyId: string;
  faxId: string | null;
  direction: FaxDirection | null;
  /** fax_completed_timestamp, or when first seen if the service gave none. */
  completedAt: IsoUtc;
  notifyType: string | null;
  destination: string | null;
  sentStatus: string | null;
  firstSeenAt: IsoUtc;
  updatedAt: IsoUtc;
}

// ---------------------------------------------------------------------------------------------
// Sync cursors

/** Feeds the sync engine polls per account (names are free text in the table; these are the known ones). */
export type SyncFeed = 'received' | 'sent' | 'notifications' | 'active';

export interface SyncCursor {
  accountId: string;
  feed: SyncFeed;
  /** Opaque to the store: usually the newest completed timestamp seen (the next window starts before it). */
  cursor: string | null;
  /** When this feed last made progress or recovered (an idle cycle does not write it). */
  lastOkAt: string | null;
  lastError: string | null;
  lastErrorAt: string | null;
}

// ---------------------------------------------------------------------------------------------
// Contacts, distribution lists, header templates

export interface Contact {
  id: string;
  name: string;
  company: string;
  /** Normalised fax number (digits). */
  faxNumber: string;
  notes: string;
  lastUsedAt: string | null;
  useCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface NewContact {
  id?: string;
  name?: string;
  company?: string;
  faxNumber: string;
  notes?: string;
}

export type ContactPatch = Partial<Pick<Contact, 'name' | 'company' | 'faxNumber' | 'notes'>>;

export interface DistributionList {
  id: string;
  name: string;
  memberCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface HeaderTemplate {
  id: string;
  name: string;
  /** header_options and related choices; the header module validates the shape. */
  options: JsonObject;
  isDefault: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface NewHeaderTemplate {
  id?: string;
  name: string;
  options: JsonObject;
  isDefault?: boolean;
}

// ---------------------------------------------------------------------------------------------
// Paging

/**
 * Keyset position of the last item of a page: its sort key (a timestamp for newest-first lists, the
 * sort name for contacts) and its row sequence number. The next page starts strictly after it.
 */
export interface PageCursor {
  key: string;
  seq: number;
}

export interface KeysetPage<T> {
  items: T[];
  /** Pass back to get the next page; null when this page is the last. */
  next: PageCursor | null;
}

/** Search results come newest-first by arrival in the history; the cursor is the row sequence. */
export interface SearchPage<T> {
  items: T[];
  next: number | null;
}

/**
 * A page of a list read in either direction: `next` is the position of its last row (the older rows
 * follow it), `previous` that of its first row (the newer rows precede it); null at either end.
 */
export interface ListPage<T, C> {
  items: T[];
  next: C | null;
  previous: C | null;
}

/** The outcome of a write that compares before writing: nothing is written when nothing differs. */
export interface UpsertResult {
  id: string;
  created: boolean;
  changed: boolean;
}
