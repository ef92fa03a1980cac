/**
 * The one domain model of faxes, whatever spelling the service used on the wire. The API client's
 * parsers (src/main/api/schemas.ts) turn every known variant of the real service's responses into these
 * shapes; everything else in Faxdesk (sync, outbox, UI) only ever sees these.
 *
 * Conventions:
 * - Every timestamp is an ISO 8601 UTC string with milliseconds (`2024-05-10T15:07:01.000Z`).
 * - A field the service did not send, or sent as "UNKNOWN"/"unavailable", is `null`, never `undefined`.
 * - Fax states are normalised to FaxState (COMPLETE and COMPLETED are the same state, and so on).
 */
import type { FaxState } from './fax-status';

export type { FaxState } from './fax-status';

/** ISO 8601 UTC with milliseconds, e.g. 2024-05-10T15:07:01.000Z. */
export type IsoUtc = string;

export type FaxDirection = 'INBOUND' | 'OUTBOUND';
export const FAX_DIRECTIONS = ['INBOUND', 'OUTBOUND'] as const satisfies readonly FaxDirection[];

export type ImageFormat = 'PDF' | 'TIFF';

/** One page of a list endpoint. Positions are 1-based, as the service counts them. */
export interface Page<T> {
  items: T[];
  /** Position of the first item (1-based); 0 when the page is empty. */
  firstRecord: number;
  /** Position of the last item; 0 when the page is empty. */
  lastRecord: number;
  /** The service sends the total only sometimes. */
  totalRecords?: number;
}

/** How a list call is paged: offset is the 1-based position of the first record wanted. */
export interface Paging {
  offset?: number;
  /** At most 100 (the service's maximum). */
  limit?: number;
}
export const MAX_PAGE_SIZE = 100;

/** Echoed back by the service exactly as submitted with the fax. */
export interface ClientData {
  clientCode?: string;
  clientId?: string;
  clientMatter?: string;
  clientName?: string;
  clientReferenceId?: string;
  billingCode?: string;
}

export interface RoutingData {
  toName: string | null;
  toCompany: string | null;
  subject: string | null;
  fromName: string | null;
  coverPageTags: string[];
}

/** The outcome part of a sent fax record (metadata, sent list). */
export interface TransmissionSummary {
  /** null when the service has not reported a transmission status yet. */
  state: FaxState | null;
  /** The status exactly as the service wrote it, for display and diagnosis. */
  rawStatus: string | null;
  billableRetries: number | null;
  /** E-code such as E53; null on success (the service's "0"/"SFAX"/empty). */
  errorCode: string | null;
  errorMessage: string | null;
}

interface FaxRecordBase {
  faxId: string;
  pages: number | null;
  /** Bytes. */
  size: number | null;
  durationSeconds: number | null;
  imageDownloaded: boolean | null;
  /** Storage status (e.g. STORED); not the transmission state. */
  faxStatus: string | null;
  completedAt: IsoUtc | null;
  /** null when the service reports UNKNOWN / unavailable. */
  originatingNumber: string | null;
  destinationNumber: string | null;
}

/** An element of GET /faxes/received. */
export interface ReceivedFax extends FaxRecordBase {
  /** Sender's TSID; null when unavailable. */
  originatingTsid: string | null;
}

/** An element of GET /faxes/sent. */
export interface SentFax extends FaxRecordBase {
  routing: RoutingData | null;
  transmission: TransmissionSummary | null;
  clientData: ClientData | null;
}

/** GET (and PATCH) /faxes/{fax_id}/metadata: the final summary of one fax, either direction. */
export interface FaxMetadata extends FaxRecordBase {
  direction: FaxDirection | null;
  originatingTsid: string | null;
  destinationCsid: string | null;
  routing: RoutingData | null;
  transmission: TransmissionSummary | null;
  clientData: ClientData | null;
}

export interface TransmissionAttempt {
  attemptNumber: number;
  state: FaxState | null;
  rawStatus: string | null;
  durationSeconds: number | null;
  startedAt: IsoUtc | null;
  endedAt: IsoUtc | null;
  errorCode: string | null;
  errorMessage: string | null;
}

/** GET /faxes/{fax_id}/transmission-details: real-time state plus every delivery attempt. */
export interface TransmissionDetail {
  faxId: string;
  direction: FaxDirection | null;
  originatingNumber: string | null;
  destinationNumber: string | null;
  state: FaxState;
  rawStatus: string;
  completedAt: IsoUtc | null;
  errorCode: string | null;
  errorMessage: string | null;
  totalPagesSent: number | null;
  totalDurationSeconds: number | null;
  attempts: TransmissionAttempt[];
}

export interface FaxImage {
  faxId: string;
  fileName: string;
  format: ImageFormat;
  data: Uint8Array;
}

export interface FaxImagePage {
  /** Zero-based; null when the service did not number it. */
  pageNumber: number | null;
  fileName: string;
  data: Uint8Array;
}

export interface FaxImagePages {
  faxId: string;
  pages: FaxImagePage[];
}

/** Outcome of one webhook delivery as the service logs it. */
export type NotificationSentStatus = 'SUCCESSFUL' | 'FAILED' | 'QUEUED';

/** An element of GET /notifications: the service's webhook delivery log. */
export interface NotificationRecord {
  notifyId: string;
  appId: string | null;
  userId: string | null;
  faxId: string | null;
  direction: FaxDirection | null;
  faxCompletedAt: IsoUtc | null;
  notifyType: string | null;
  notifyDestination: string | null;
  sentStatus: NotificationSentStatus | null;
  /** PING for test notifications, when the service says so. */
  eventType: string | null;
}

/** An element of the POST /notifications/ping response. */
export interface PingResult {
  notifyId: string;
  appId: string | null;
  notifyConfigId: string | null;
  direction: FaxDirection | null;
  notifyType: string | null;
  eventType: string | null;
}

/** One webhook destination configured for the App ID. The HMAC secret is never read back. */
export interface NotificationConfig {
  notificationId: string;
  appId: string | null;
  direction: FaxDirection;
  notifyDestination: string;
  enabled: boolean;
}

export interface HealthStatus {
  /** As the service wrote it, e.g. UP. */
  status: string;
  up: boolean;
}

export interface TokenGrant {
  accessToken: string;
  tokenType: string;
  expiresInSeconds: number;
  scope: string | null;
  jti: string | null;
}

// ---------------------------------------------------------------------------------------------
// Sending

export type ImageResolution = 'STANDARD' | 'FINE';

export interface SendDestination {
  /** Digits with country code (e.g. 15222051030), or + and digits. */
  faxNumber: string;
  toName?: string;
  toCompany?: string;
}

/**
 * One document of a send: its base64 in hand (small documents, tests), or a stored file whose base64 is
 * made as the request body is sent (every send from the outbox).
 */
export type SendDocument = {
  /** Upper-case file type, e.g. PDF, TXT. */
  documentType: string;
} & ({ contentBase64: string } | { file: { path: string; size: number } });

export interface HeaderOptions {
  line1: string[];
  line2?: string[];
}

export interface SendOptions {
  imageResolution?: ImageResolution;
  includeCoverPage?: boolean;
  coverPage?: { fromName?: string; subject?: string; message?: string };
  retries?: { billable?: number; nonBillable?: number; humanAnswer?: number };
  customCallerId?: string;
  customCsid?: string;
  header?: HeaderOptions;
}

/** What POST /faxes submits, in Faxdesk's words. */
export interface SendRequest {
  destinations: SendDestination[];
  documents: SendDocument[];
  options?: SendOptions;
  clientData?: ClientData;
}

/** POST /faxes answers one fax_id per destination. */
export interface SendResult {
  faxes: { faxId: string; destinationFaxNumber: string | null }[];
}

// ---------------------------------------------------------------------------------------------
// List filters (the service's names in comments)

export interface ReceivedFilter extends Paging {
  /** min_completed_timestamp */
  completedAfter?: IsoUtc;
  /** max_completed_timestamp */
  completedBefore?: IsoUtc;
  /** image_downloaded: false lists faxes not downloaded yet */
  imageDownloaded?: boolean;
  /** search_text */
  searchText?: string;
  originatingNumber?: string;
  destinationNumber?: string;
  minPages?: number;
  maxPages?: number;
}

export interface SentFilter extends ReceivedFilter {
  /** transmission_status */
  transmissionStatus?: FaxState;
  /** transaction_id */
  transactionId?: string;
  /** fax_status */
  faxStatus?: string;
  /** error_code, e.g. E53 */
  errorCode?: string;
}

export interface NotificationFilter {
  direction?: FaxDirection;
  sentStatus?: NotificationSentStatus;
  /** Only deliveries at or after this time. */
  after?: IsoUtc;
  /** Only deliveries before this time. */
  before?: IsoUtc;
  limit?: number;
  /** Continue after this notify_id (the service pages this log by id). */
  afterNotifyId?: string;
}

// ---------------------------------------------------------------------------------------------
// Admin API

export type AdminUserStatus = 'ACTIVE' | 'DISABLED';

/** A fax number assigned to a user; each gives the user its own Fax Services user-id. */
export interface AdminNumber {
  faxNumber: string;
  /** The user-id to use with the Fax Services API for this number. */
  userId: string | null;
  csid: string | null;
}

export interface AdminUser {
  /** The Admin API's identifier of a user. */
  customerKey: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  /** ACTIVE or DISABLED as the service says (other words kept as they are). */
  status: string | null;
  /** IANA time zone the ${DATE_TIMEn} header variables print in. */
  timeZone: string | null;
  /** Whether the custom fax header feature is on for the user. */
  customFaxHeaders: boolean | null;
  numbers: AdminNumber[];
  createdAt: IsoUtc | null;
  updatedAt: IsoUtc | null;
}

export interface AdminUserCreate {
  /** Chosen by the service when left out. */
  customerKey?: string;
  firstName: string;
  lastName: string;
  email: string;
  timeZone?: string;
  customFaxHeaders?: boolean;
  /** Digits with country code; the service allocates one when left out. */
  faxNumber?: string;
}

export interface AdminUserPatch {
  firstName?: string;
  lastName?: string;
  email?: string;
  timeZone?: string;
  customFaxHeaders?: boolean;
  status?: AdminUserStatus;
}

export interface ReleaseNumbersResult {
  released: string[];
}

// ---------------------------------------------------------------------------------------------
// Address rules (pure: no URL class in src/shared)

export interface ParsedAddress {
  scheme: string;
  host: string;
  port: number | null;
  path: string;
}

/** Splits an absolute http(s)-style address; null when it is not one. */
export function parseAddress(address: string): ParsedAddress | null {
  const match = /^([a-z][a-z0-9+.-]*):\/\/([^/?#\s]*)([^\s]*)$/i.exec(address.trim());
  if (!match) return null;
  const [, scheme, authority, rest] = match as unknown as [string, string, string, string];
  if (authority.includes('@')) return null;
  const hostPort = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/i.exec(authority);
  if (!hostPort) return null;
  const host = hostPort[1]!.toLowerCase();
  const port = hostPort[2] === undefined ? null : Number(hostPort[2]);
  if (port !== null && (port < 1 || port > 65535)) return null;
  return { scheme: scheme.toLowerCase(), host, port, path: rest };
}

export const WEBHOOK_PORTS = [443, 8443] as const;

/**
 * Why the service would never deliver to this webhook address, or null when it would:
 * HTTPS only, on the default port 443 or on 8443.
 */
export function webhookUrlProblem(url: string): string | null {
  const trimmed = url.trim();
  if (!trimmed) return 'Enter the address the service should post notifications to.';
  const parsed = parseAddress(trimmed);
  if (!parsed) return `"${trimmed.slice(0, 200)}" is not a web address. It should look like https://example.com/faxdesk/webhook.`;
  if (parsed.scheme !== 'https') return 'The service delivers notifications only over HTTPS: the address must start with https://.';
  if (parsed.port !== null && !(WEBHOOK_PORTS as readonly number[]).includes(parsed.port)) {
    return `The service delivers notifications only to port 443 (the default) or 8443, not ${parsed.port}.`;
  }
  if (!/^[a-z0-9.-]+$|^\[/i.test(parsed.host) || parsed.host.startsWith('.') || parsed.host.endsWith('.')) {
    return `"${parsed.host}" is not a valid server name.`;
  }
  return null;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Why this is not usable as a service base address (Fax Services or Admin API), or null. HTTPS is
 * required except on this computer (a local emulator), where plain http is allowed.
 */
export function serviceUrlProblem(url: string): string | null {
  const trimmed = url.trim();
  if (!trimmed) return 'Enter the address of the service, for example https://api.securedocex.com.';
  const parsed = parseAddress(trimmed);
  if (!parsed || !parsed.host) {
    return `"${trimmed.slice(0, 200)}" is not a web address. It should look like https://api.securedocex.com.`;
  }
  if (parsed.scheme !== 'https' && parsed.scheme !== 'http') {
    return `The address must start with https:// (not ${parsed.scheme}://).`;
  }
  if (parsed.scheme === 'http' && !LOOPBACK_HOSTS.has(parsed.host)) {
    return 'The address must start with https://: Faxdesk sends your API key to it, and plain http would expose it on the network.';
  }
  if (/[?#]/.test(parsed.path)) return 'The address must not contain ? or #: enter only the base address of the API.';
  return null;
}

/** A fax number as the service reports it, with its "unknown" spellings turned into null. */
export function knownNumber(raw: string | null | undefined): string | null {
  if (raw === null || raw === undefined) return null;
  const trimmed = raw.trim();
  if (!trimmed || /^(unknown|unavailable|anonymous|n\/a|none|null)$/i.test(trimmed)) return null;
  return trimmed;
}
