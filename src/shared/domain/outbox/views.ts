/** What the Outbox's calls answer (IPC outputs). */
import type { TransmissionAttempt } from '../fax';
import type { FaxEvent, OutboundDocument, OutboundJob, OutboundPhase, OutboundState } from '../history';
import type { TransmissionCodeInfo } from '../transmission-codes';
import { formatFaxNumber } from '../../fax-number';
import type { ComposeDraft, NormalizedOptions, ComposeProblem } from './draft';
import type { OutboxStatus } from './statuses';

/** A job as the Outbox lists it. */
export interface OutboxItem {
  id: string;
  composeId: string | null;
  accountId: string;
  destinationIndex: number;
  origin: 'local' | 'service';
  faxId: string | null;
  state: OutboundState;
  phase: OutboundPhase;
  status: OutboxStatus;
  statusLabel: string;
  /** One or two sentences: what is happening and, when something is wrong, what to do. */
  statusDetail: string;
  destination: string;
  destinationDisplay: string;
  toName: string;
  toCompany: string;
  subject: string;
  documentCount: number;
  /** Pages counted before sending (documents + cover page); null when unknown. */
  pageCount: number | null;
  /** Pages the service reports as sent. */
  pages: number | null;
  durationSeconds: number | null;
  scheduledAt: string | null;
  submittedAt: string | null;
  completedAt: string | null;
  createdAt: string;
  updatedAt: string;
  errorCode: string | null;
  errorReason: string | null;
  rejection: string | null;
  /** Why a queued job is waiting (sign-in refused, rate limited, offline) and when Faxdesk tries again. */
  hold: { reason: string; retryAt: string } | null;
  /**
   * For a fax found on the service (origin 'service'): who sent it, when another Faxdesk desk did and its
   * marker says ("Front desk (maria)"); null for faxes sent here, and for faxes sent by other software.
   */
  sentBy: string | null;
  canCancel: boolean;
  /** A new job from the stored compose (outbox:resend). */
  canResend: boolean;
  /** The stored compose can be reopened in Compose (outbox:draft). */
  canEdit: boolean;
  /** outbox:reconcile applies (UNKNOWN, or "not sent"). */
  canReconcile: boolean;
  /** outbox:reschedule applies. */
  canReschedule: boolean;
}

export interface OutboxPage {
  items: OutboxItem[];
  /** Pass back as `cursor` for the next page; null when this is the last. */
  next: string | null;
}

export interface OutboxDetail {
  job: OutboxItem;
  /** Every source's events for this fax, oldest first. */
  timeline: FaxEvent[];
  /** Delivery attempts from the transmission detail; null when not available (not accepted yet, or unreachable). */
  attempts: TransmissionAttempt[] | null;
  /** Why attempts are missing, when they are. */
  attemptsNote: string | null;
  /** The result code explained (E-code table); null when there is none. */
  code: TransmissionCodeInfo | null;
  documents: OutboundDocument[];
  /** The send options as stored (null for faxes found on the service). */
  options: NormalizedOptions | null;
  /** The other destinations of the same compose. */
  siblings: { id: string; destination: string; destinationDisplay: string; status: OutboxStatus; statusLabel: string }[];
  /** A cancel was asked (202) but the fax was delivered first. */
  cancelTooLate: boolean;
}

export interface ComposeValidation {
  problems: ComposeProblem[];
  warnings: ComposeProblem[];
  ok: boolean;
  summary: {
    destinations: number;
    documents: number;
    /** Pages of the documents (plus the cover page); null when a document's count is unknown. */
    pages: number | null;
    /** Estimated POST body size, base64 included. */
    payloadBytes: number;
  };
}

export interface SendOutcome {
  composeId: string;
  /** False when this compose was already queued (a repeated send): nothing new was created or posted. */
  created: boolean;
  jobs: OutboxItem[];
}

export type CancelOutcomeKind = 'canceled-locally' | 'cancel-requested' | 'already-completed';

export interface CancelOutcome {
  outcome: CancelOutcomeKind;
  message: string;
  job: OutboxItem;
}

/** A stored compose reopened for editing or resending. */
export interface StoredDraft {
  /** The compose it came from. */
  sourceComposeId: string | null;
  draft: ComposeDraft;
  /** Documents no longer in the data folder (remove and add them again). */
  missingDocuments: string[];
}

export interface ExportResult {
  file: string;
  rows: number;
  bytes: number;
}

export interface ReportResult {
  file: string;
  bytes: number;
  /** The PDF itself, for the browser harness (a report is a few KB). */
  base64: string;
  /** Characters no bundled font has: printed as U+FFFD placeholders (the page says which). */
  missingCharacters: string[];
}

/** For the UI's list: the display form of a destination. */
export function displayDestination(number: string): string {
  return formatFaxNumber(number);
}

export type { OutboundJob };
