/**
 * The emulator's records. These are its own storage shapes (camelCase, epoch milliseconds); the wire
 * shapes the service answers with are built from them in src/emulator/api/views.ts.
 *
 * Account model (efax-api-facts.md §0 and §7, D-adm): a corporate account (Admin ID, username,
 * password) has exactly one API application (App ID + API Key). Its users ("customers", identified in
 * the Admin API by a customer key) each have fax numbers; every assigned number gets its own API
 * `user-id`, which is what Fax Services calls name in the `user-id` header. A fax belongs to the
 * user-id (number) that sent or received it.
 */

export interface AccountRecord {
  adminId: string;
  adminUsername: string;
  adminPassword: string;
  appId: string;
  apiKey: string;
  createdAt: number;
}

export type UserStatus = 'ACTIVE' | 'DISABLED';

export interface UserRecord {
  customerKey: string;
  adminId: string;
  firstName: string;
  lastName: string;
  email: string;
  /** IANA zone the ${DATE_TIMEn} header variables print in. */
  timeZone: string;
  status: UserStatus;
  /** The custom fax header feature (spec: enabled per account by the account manager). */
  customFaxHeaders: boolean;
  createdAt: number;
  updatedAt: number;
}

export interface NumberRecord {
  /** Digits only, with the country code. */
  faxNumber: string;
  /** The API user-id this number gives its user. */
  userId: string;
  customerKey: string;
  adminId: string;
  /** CSID a fax machine on this number announces. */
  csid: string;
  assignedAt: number;
}

export interface TokenRecord {
  accessToken: string;
  jti: string;
  appId: string;
  issuedAt: number;
  expiresAt: number;
  revoked: boolean;
}

export type Direction = 'INBOUND' | 'OUTBOUND';

/** Transmission states in the transmission-detail vocabulary (D-out). */
export type FaxState = 'NEW' | 'IN PROGRESS' | 'PENDING RETRY' | 'COMPLETED' | 'ERROR' | 'CANCELED';
export const FINAL_STATES: ReadonlySet<FaxState> = new Set(['COMPLETED', 'ERROR', 'CANCELED']);

export type AttemptState = 'IN PROGRESS' | 'COMPLETED' | 'ERROR' | 'CANCELED';

export interface AttemptRecord {
  attemptNumber: number;
  status: AttemptState;
  startedAt: number;
  endedAt: number | null;
  /** Seconds. */
  duration: number;
  errorCode: string | null;
  errorMessage: string | null;
  pagesSent: number;
}

export interface StoredDocument {
  /** Upper case, as the request named it (TXT, PDF, ...). */
  type: string;
  /** sha256 of the decoded bytes: the blob's key. */
  blob: string;
  bytes: number;
}

export interface CoverPage {
  fromName: string;
  subject: string;
  message: string;
  tags: string[];
}

export interface SendOptions {
  imageResolution: 'STANDARD' | 'FINE';
  includeCoverPage: boolean;
  coverPage: CoverPage;
  billableRetries: number;
  nonBillableRetries: number;
  humanAnswerAttempts: number;
  /** As submitted ('' when none). */
  callerId: string;
  /** As submitted, cut to 20 characters ('' when none). */
  csid: string;
  /** Validated header_options; null = the default header (none given, or the feature is off). */
  header: { line_1: string[]; line_2?: string[] } | null;
}

export type ClientData = Partial<
  Record<'client_code' | 'client_id' | 'client_matter' | 'client_name' | 'client_reference_id' | 'billing_code', string>
>;

/** The carrier's next step for a fax that is not final. */
export interface NextStep {
  kind: 'start-attempt' | 'end-attempt' | 'apply-cancel';
  at: number;
}

export interface FaxRecord {
  faxId: string;
  direction: Direction;
  /** The user-id (number) the fax belongs to. */
  userId: string;
  appId: string;
  createdAt: number;
  /** transaction-id of the request that created it (sent faxes). */
  transactionId: string;
  originatingFaxNumber: string;
  originatingFaxTsid: string;
  destinationFaxNumber: string;
  destinationFaxCsid: string;
  status: FaxState;
  completedAt: number | null;
  /** Pages delivered (0 until completed, and for a failed send). */
  pages: number;
  /** Pages of the image (known once it is rendered). */
  imagePages: number;
  /** Seconds of the delivering attempt (0 for a failed send). */
  duration: number;
  imageDownloaded: boolean;
  /** Blob key of the fax image (PDF); null until rendered. */
  image: string | null;
  imageBytes: number;
  errorCode: string | null;
  errorMessage: string | null;
  // Sent faxes only:
  toName: string;
  toCompany: string;
  options: SendOptions | null;
  clientData: ClientData;
  documents: StoredDocument[];
  /** Destination rule id (DESTINATION_RULES), or -1 for a Sandbox-owned number (loop back). */
  ruleId: number;
  attempts: AttemptRecord[];
  billableRetriesUsed: number;
  nonBillableRetriesUsed: number;
  humanAnswersUsed: number;
  next: NextStep | null;
  cancelRequestedAt: number | null;
  /** Set by the control surface: the fax completes before a pending cancel takes effect. */
  forcedComplete: boolean;
  /** Time the header's ${DATE_TIMEn} print (the first attempt's start). */
  headerDate: number | null;
}

export type NotificationStatus = 'QUEUED' | 'SUCCESSFUL' | 'FAILED';

export interface DeliveryAttempt {
  attemptNumber: number;
  /** Emulator clock. */
  at: number;
  /** HTTP status received; null when there was no response. */
  httpStatus: number | null;
  /** Why the attempt failed, when it did. */
  error: string | null;
  /** Real milliseconds the attempt took. */
  elapsedMs: number;
}

export interface NotificationRecord {
  notifyId: string;
  appId: string;
  userId: string;
  faxId: string;
  direction: Direction;
  eventType: 'FAX' | 'PING';
  notifyConfigId: string;
  destination: string;
  /** The exact JSON body posted (the same bytes on every attempt). */
  body: string;
  /** X-HMAC-Signature sent, '' when the configuration has no secret. */
  signature: string;
  status: NotificationStatus;
  attempts: DeliveryAttempt[];
  nextAttemptAt: number | null;
  faxCompletedAt: number;
  createdAt: number;
  failureReason: string | null;
}

export interface WebhookConfigRecord {
  notificationId: string;
  appId: string;
  direction: Direction;
  destination: string;
  hmacSecret: string;
  enabled: boolean;
  createdAt: number;
  updatedAt: number;
}

export interface MetaRecord {
  /** adminId of the demo account. */
  demoAdminId: string;
  /** Last emulator clock time seen (a manual clock never goes back across restarts). */
  clockNow: number;
  /** Counter for allocating Sandbox fax numbers. */
  nextNumber: number;
  /** Counter for picking sample documents for arrivals. */
  arrivals: number;
  /** Secret that signs access tokens. */
  tokenSecret: string;
}
