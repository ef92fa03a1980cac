/**
 * How a compose lives in the outbound table, and back: one row per destination, each carrying the whole
 * compose's options (so any row can rebuild the draft), the document list and the client data as sent.
 * Also builds the POST /faxes request for the rows of one compose from the stored documents.
 */
import { z } from 'zod';
import { DOCUMENT_TYPES, SERVICE_DOCUMENT_TYPE, type DocumentType } from '../../shared/domain/documents';
import type { ClientData, SendRequest } from '../../shared/domain/fax';
import { ClientDataSchema, type JsonObject, type NewOutboundJob, type OutboundDocument, type OutboundJob } from '../../shared/domain/history';
import { formatMarker, MARKER_FIELDS, withMarker, type DeskSender } from '../../shared/domain/desk-marker';
import type { ComposeDraft, NormalizedCompose, NormalizedOptions } from '../../shared/domain/outbox';
import { AppError } from '../errors';
import type { DocumentStore } from '../documents/document-store';

/** The options column of a composed job. Versioned: a later Faxdesk may add fields. */
const StoredOptionsSchema = z.object({
  v: z.literal(1),
  resolution: z.enum(['STANDARD', 'FINE']),
  billableRetries: z.number().int().nullable(),
  nonBillableRetries: z.number().int().nullable(),
  callerId: z.string().nullable(),
  csid: z.string().nullable(),
  /** What the person typed (without Faxdesk's reconciliation marker). */
  clientData: ClientDataSchema,
  coverPage: z.object({ fromName: z.string(), subject: z.string(), message: z.string() }).nullable(),
  header: z.object({ line_1: z.array(z.string()), line_2: z.array(z.string()).optional() }).nullable(),
  /** The client_data value sent with the fax that reconciliation recognises it by in the sent list. */
  reference: z.string(),
  /**
   * True when the reference is Faxdesk's marker (unique to the installation and the compose, since
   * desk-marker.ts; unique to the compose before); false for jobs an older Faxdesk stored with the
   * person's own client reference as the only key.
   */
  referenceOwned: z.boolean(),
  /** The client_data field the reference is in; absent (jobs stored before several-desk support): client_reference_id. */
  referenceField: z.enum(MARKER_FIELDS as unknown as [keyof ClientData, ...(keyof ClientData)[]]).optional(),
  recipientCount: z.number().int(),
});
export type StoredOptions = z.infer<typeof StoredOptionsSchema>;

export function readStoredOptions(job: Pick<OutboundJob, 'options'>): StoredOptions | null {
  const parsed = StoredOptionsSchema.safeParse(job.options);
  return parsed.success ? parsed.data : null;
}

export function normalizedOptionsOf(stored: StoredOptions): NormalizedOptions {
  return {
    resolution: stored.resolution,
    billableRetries: stored.billableRetries,
    nonBillableRetries: stored.nonBillableRetries,
    callerId: stored.callerId,
    csid: stored.csid,
    clientData: stored.clientData,
    coverPage: stored.coverPage,
    header: stored.header,
  };
}

/** Pages the fax will have: documents plus one for the cover page; null when a document's count is unknown. */
export function pageCountOf(compose: Pick<NormalizedCompose, 'documents' | 'options'>): number | null {
  let pages = compose.options.coverPage ? 1 : 0;
  for (const d of compose.documents) {
    if (d.pages === null) return null;
    pages += d.pages;
  }
  return pages;
}

/**
 * The rows for a checked compose, all QUEUED (or SCHEDULED), in recipient order. Every row carries
 * Faxdesk's marker for this installation and compose in a client_data field the person left empty
 * (desk-marker.ts); the person's own values are sent unchanged.
 */
export function rowsFor(compose: NormalizedCompose, composeId: string, sender: DeskSender): NewOutboundJob[] {
  const reference = formatMarker(composeId, sender);
  const placed = withMarker(compose.options.clientData, reference);
  if (!placed) {
    // The compose check refuses this first; here only as the last guard before anything is stored.
    throw new AppError('VALIDATION', 'All six client data fields are filled; leave one empty so Faxdesk can mark the fax as sent from this desk.', { field: 'options.clientData' });
  }
  const stored: StoredOptions = {
    v: 1,
    ...compose.options,
    reference,
    referenceOwned: true,
    referenceField: placed.field,
    recipientCount: compose.recipients.length,
  };
  const clientData: ClientData = placed.clientData;
  const documents: OutboundDocument[] = compose.documents.map((d) => ({
    sha256: d.id,
    name: d.name,
    type: SERVICE_DOCUMENT_TYPE[d.type],
    size: d.size,
    pages: d.pages,
  }));
  const pageCount = pageCountOf(compose);
  return compose.recipients.map((r, index) => ({
    accountId: compose.accountId,
    composeId,
    destinationIndex: index,
    state: compose.scheduledAt ? 'SCHEDULED' : 'QUEUED',
    destination: r.number,
    toName: r.name,
    toCompany: r.company,
    subject: compose.options.coverPage?.subject ?? '',
    options: stored as unknown as JsonObject,
    documents,
    pageCount,
    clientData,
    scheduledAt: compose.scheduledAt,
  }));
}

function documentTypeOf(type: string): DocumentType | null {
  const upper = type.toUpperCase();
  return (DOCUMENT_TYPES as readonly string[]).includes(upper) ? (upper as DocumentType) : null;
}

/** The draft that reproduces these jobs (same account, recipients, documents and options; sent now). */
export function draftFromJobs(jobs: readonly OutboundJob[]): ComposeDraft | null {
  const first = jobs[0];
  if (!first) return null;
  const stored = readStoredOptions(first);
  if (!stored) return null;
  return {
    accountId: first.accountId,
    recipients: jobs.map((j) => ({ number: j.destination, name: j.toName, company: j.toCompany })),
    documents: first.documents.map((d) => ({ id: d.sha256, type: documentTypeOf(d.type) ?? d.type, name: d.name, pages: d.pages, size: d.size })),
    options: {
      resolution: stored.resolution,
      billableRetries: stored.billableRetries,
      nonBillableRetries: stored.nonBillableRetries,
      callerId: stored.callerId,
      csid: stored.csid,
      clientData: { ...stored.clientData },
      coverPage: stored.coverPage ? { ...stored.coverPage } : null,
      header: stored.header,
    },
    scheduledAt: null,
  };
}

/**
 * The POST /faxes request for these rows of one compose: the stored documents are named, not read (the
 * API client streams their base64 into the request body). Throws NOT_FOUND when a document is no longer
 * stored: nothing can be sent then.
 */
export async function sendRequestFor(jobs: readonly OutboundJob[], store: DocumentStore): Promise<SendRequest> {
  const first = jobs[0];
  if (!first) throw new Error('no jobs to send');
  const stored = readStoredOptions(first);
  if (!stored) throw new Error(`job ${first.id} has no stored compose options`);
  const documents = [];
  for (const d of first.documents) {
    const type = documentTypeOf(d.type);
    documents.push({ documentType: type ? SERVICE_DOCUMENT_TYPE[type] : d.type, file: { path: store.path(d.sha256), size: await store.size(d.sha256) } });
  }
  const request: SendRequest = {
    destinations: jobs.map((j) => ({ faxNumber: j.destination, toName: j.toName, toCompany: j.toCompany })),
    documents,
    options: { imageResolution: stored.resolution },
    clientData: first.clientData,
  };
  const options = request.options!;
  if (stored.coverPage) {
    options.includeCoverPage = true;
    options.coverPage = { ...stored.coverPage };
  }
  if (stored.billableRetries !== null || stored.nonBillableRetries !== null) {
    options.retries = {};
    if (stored.billableRetries !== null) options.retries.billable = stored.billableRetries;
    if (stored.nonBillableRetries !== null) options.retries.nonBillable = stored.nonBillableRetries;
  }
  if (stored.callerId) options.customCallerId = stored.callerId;
  if (stored.csid) options.customCsid = stored.csid;
  // null = the service's default header: header_options is left out of the request entirely.
  if (stored.header) options.header = stored.header.line_2 ? { line1: stored.header.line_1, line2: stored.header.line_2 } : { line1: stored.header.line_1 };
  return request;
}
