/** The emulator's public types: what startEmulator takes and returns, and the control operations. */
import type { DemoAccount } from './accounts';
import type { ClockMode } from './clock';
import type { Fault, FaultSpec } from './http/faults';
import type { RecordedRequest } from './http/recorder';
import type { InboundInput } from './inbound';
import type { deliveryView } from './api/views';
import type { DestinationRule } from './carrier/destination-rules';
import type { DeliveryRoute } from './webhooks/webhooks';

export type { DemoAccount } from './accounts';
export type { ClockMode } from './clock';
export type { Fault, FaultKind, FaultPhase, FaultSpec } from './http/faults';
export type { RecordedRequest } from './http/recorder';
export type { InboundInput } from './inbound';
export type { DestinationRule } from './carrier/destination-rules';
export type { DeliveryRoute } from './webhooks/webhooks';

export interface EmulatorOptions {
  /** 0 = a free port (default). */
  port?: number;
  /** Keep state in this SQLite file across restarts (the app's Sandbox always does). */
  stateFile?: string;
  /** 'real' (default) or 'manual' (time moves only through control.advance). */
  clock?: ClockMode;
  /** Deliver webhooks over http, to any port, on 127.0.0.1 / localhost / ::1 (for local tests). Off by default. */
  allowHttpWebhooksOnLoopback?: boolean;
  /** Make a fax arrive for the demo user every N seconds of emulator time. Off by default. */
  inboundEverySeconds?: number;
  /** No log lines. */
  quiet?: boolean;
  /** Seconds a webhook attempt waits for an answer (default 10, the service's). For tests of timeouts. */
  webhookTimeoutSeconds?: number;
  /** Folder of sample PDFs for arrivals (default: resources/sandbox of this checkout). */
  samplesDir?: string;
  /** Where log lines go (default: stderr). */
  log?: (line: string) => void;
}

export type WebhookDelivery = ReturnType<typeof deliveryView>;

/** The same operations as the HTTP control surface (under controlUrl), in-process. */
export interface EmulatorControl {
  /** Forgets every fax, token, notification, webhook configuration, fault and recorded request; the demo account stays (same credentials). */
  reset(): Promise<void>;
  clock(): { now: string; mode: ClockMode };
  /** Manual clock only: moves time on by `ms`, running every carrier and webhook event due on the way, in order. */
  advance(ms: number): Promise<{ now: string }>;
  /** Makes a fax arrive (default: for the demo user, from UNKNOWN, pages of the next sample document). */
  inbound(input?: InboundInput): Promise<{ fax_id: string }>;
  /**
   * Gives a user (default: the demo user) a history of `sent` finished sent faxes at once, completed over
   * the year before now, without images: large-history tests and benchmarks. Only for a user with no sent
   * fax yet (409 otherwise), so list order stays creation order.
   */
  history(input: { userId?: string; sent: number }): { added: number };
  /**
   * Gives a user (default: the demo user) with no fax yet a history of `received` and `sent` faxes at
   * once, completed evenly over the `spanDays` (default 1095, three years) before now; the received
   * ones share one image, the sent ones have none. `--seed-faxes`, large-history tests, benchmarks.
   */
  seedHistory(input: SeedHistoryInput): Promise<{ received: number; sent: number }>;
  addFault(spec: FaultSpec): { id: string };
  faults(): Fault[];
  clearFaults(): { removed: number };
  removeFault(id: string): boolean;
  /** Requests received by the emulated service (oldest first), secrets masked; only those after `since` (a seq) when given. */
  requests(since?: number): RecordedRequest[];
  clearRequests(): void;
  /** Revokes one access token, or every token when none is given. */
  revokeTokens(accessToken?: string): { revoked: number };
  /** The fax completes now, before a pending cancel takes effect (forces the cancel race). */
  forceComplete(faxId: string): Promise<{ fax_id: string; status: string }>;
  webhookDeliveries(): WebhookDelivery[];
  /**
   * In-process only: posts to this https origin (e.g. https://localhost:8443) connect to 127.0.0.1:port
   * instead, trusting `ca` for that route alone (a hosts entry plus a port forward); null removes it.
   */
  routeWebhooks(origin: string, route: DeliveryRoute | null): void;
  /** A new, separate account (own app, admin and user), e.g. for tests that need isolation; `fixed` sets chosen credentials (tests that look for a known secret). */
  createAccount(fixed?: Partial<Pick<DemoAccount, 'apiKey' | 'adminPassword' | 'adminUsername'>>): DemoAccount;
  demo(): DemoAccount;
  /** Waits until no webhook delivery, image rendering or other background work is running. */
  idle(): Promise<void>;
  rules(): readonly DestinationRule[];
}

export interface RunningEmulator {
  /** http://127.0.0.1:N/api: Fax Services paths (/tokens, /faxes, ...) go under it. */
  baseUrl: string;
  /** http://127.0.0.1:N/admin */
  adminBaseUrl: string;
  /** http://127.0.0.1:N/control */
  controlUrl: string;
  port: number;
  demo: DemoAccount;
  control: EmulatorControl;
  stop(): Promise<void>;
}

export interface SeedHistoryInput {
  userId?: string;
  received: number;
  sent: number;
  spanDays?: number;
}
