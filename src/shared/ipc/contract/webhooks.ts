/**
 * Webhooks, both ends. An account's webhook addresses at the service (webhooks:*: where the service
 * posts, the write-only HMAC secret, the test ping and the delivery log) and instant updates:
 * Faxdesk's own webhook receiver (receiver:*, Settings > Instant updates). The receiver's
 * address, TLS, the public URL to give the service, the Sandbox's one switch, the ping round trip and
 * the recent deliveries. The TLS private key travels renderer → main only as a file path that main
 * reads into the keychain; no output carries a key, only whether one is stored.
 */
import { z } from 'zod';
import { webhookUrlProblem, type FaxDirection, type NotificationRecord, type PingResult } from '../../domain/fax';
import type { InstantUpdatesStatus } from '../../domain/sync';
import { call, event } from '../define';

export interface WebhookView {
  notificationId: string;
  direction: FaxDirection;
  /** The address as entered (without the parameter naming the desk that set it). */
  url: string;
  enabled: boolean;
  /** The Faxdesk desk that set this address, when one did: its name, and whether it is this desk. */
  setBy?: { deskName: string; thisDesk: boolean } | null;
}

export interface WebhookSettingsView {
  accountId: string;
  inbound: WebhookView | null;
  outbound: WebhookView | null;
  /** An HMAC secret was set from this computer (it is kept in the keychain; the service never returns it). */
  hasHmacSecret: boolean;
}

export interface WebhookPingReport {
  direction: FaxDirection;
  ping: PingResult[];
  /** The matching entry of the service's delivery log, when it is there yet. */
  delivery: NotificationRecord | null;
  /** A sentence saying what happened. */
  message: string;
}

export interface ReceiverAccountView {
  accountId: string;
  label: string;
  /** An HMAC key is known for this account (keychain, or the Sandbox's). Without one nothing verifies. */
  hasKey: boolean;
  /**
   * Whether its webhooks come to this receiver, read from its configuration at the service: `here`
   * (the directions that do), `elsewhere` (not using this receiver), `unknown` (could not be read or
   * not read yet), `no-key`, or `off` (the receiver is off).
   */
  delivery: { state: 'here'; directions: FaxDirection[]; message: string } | { state: 'elsewhere' | 'unknown' | 'no-key' | 'off'; message: string };
  /** Instant updates' state for this account; null when its webhooks do not come here. */
  instant: InstantUpdatesStatus | null;
  /** The last test notification that came back through the receiver. */
  lastPing: { at: string; roundTripMs: number } | null;
  /** The last verified notification of any kind. */
  lastEventAt: string | null;
}

export interface ReceiverView {
  enabled: boolean;
  host: string;
  port: number;
  /** HTTPS with the certificate and key below; otherwise plain HTTP for a reverse proxy in front. */
  tls: boolean;
  certPath: string | null;
  hasTlsKey: boolean;
  /** What to enter as the webhook address at the service (https, port 443 or 8443). */
  publicUrl: string | null;
  /** Where it listens now; null when it does not. */
  listening: { host: string; port: number } | null;
  /** Why it is not listening, when it should. */
  problem: string | null;
  sandbox: {
    enabled: boolean;
    /** The address the Sandbox posts to. */
    url: string;
    listening: boolean;
    problem: string | null;
  };
  accounts: ReceiverAccountView[];
}

export interface ReceiverTestReport {
  ok: boolean;
  /** From asking the service for a test notification to its arrival here. */
  roundTripMs: number | null;
  message: string;
}

export interface ReceiverDelivery {
  seq: number;
  at: string;
  listener: 'public' | 'sandbox';
  /** OUTBOUND, INBOUND, PING; null when the body was not read (refused before, or not verified). */
  eventType: string | null;
  accountId: string | null;
  faxId: string | null;
  verified: boolean;
  httpStatus: number;
  outcome: string;
}

// eslint-disable-next-line no-control-regex -- the point is to refuse control characters
const NO_CONTROL = /^[^\u0000-\u001f\u007f]*$/;

const Host = z
  .string()
  .trim()
  .min(1, 'Enter the address to listen on, e.g. 127.0.0.1.')
  .max(255)
  .regex(/^[A-Za-z0-9.:_-]+$/, 'Enter an IP address (127.0.0.1, 0.0.0.0, ::1) or a host name of this computer.');

const Port = z.number().int('The port is a whole number.').min(1, 'Use a port from 1 to 65535.').max(65535, 'Use a port from 1 to 65535.');

const FilePath = z
  .string()
  .trim()
  .min(1, 'Enter the full path of the file.')
  .max(4096)
  .regex(NO_CONTROL, 'The path contains control characters.')
  .refine((v) => /^(\/|[A-Za-z]:[\\/]|\\\\)/.test(v), 'Enter the full path of the file (for example /etc/faxdesk/cert.pem).');

const AccountId = z.string().trim().min(1, 'Choose an account.').max(100);
const Direction = z.enum(['INBOUND', 'OUTBOUND']);
const PRINTABLE = /^[\x20-\x7e]+$/;

/** https, port 443 or 8443: what the service delivers to. */
export const WebhookUrlSchema = z
  .string()
  .trim()
  .max(2000)
  .superRefine((value, ctx) => {
    const problem = webhookUrlProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const HmacSecret = z
  .string()
  .min(16, 'Use an HMAC secret of at least 16 characters.')
  .max(256)
  .regex(PRINTABLE, 'The HMAC secret must be plain keyboard characters.');

/** What to enter at the service as the receiver's address: the same check as an account's webhook addresses. */
const PublicUrl = WebhookUrlSchema;

export const ReceiverConfigureInputSchema = z
  .object({
    enabled: z.boolean().optional(),
    host: Host.optional(),
    port: Port.optional(),
    tls: z.boolean().optional(),
    /** null forgets it. */
    certPath: FilePath.nullable().optional(),
    /** A PEM private key file: main reads it into the keychain and keeps no path. */
    keyPath: FilePath.optional(),
    /** Deletes the stored TLS private key. */
    forgetKey: z.literal(true).optional(),
    /** null forgets it. */
    publicUrl: PublicUrl.nullable().optional(),
  })
  .strict();
export type ReceiverConfigureInput = z.output<typeof ReceiverConfigureInputSchema>;

export const webhookCalls = {
  'webhooks:get': call(z.object({ accountId: AccountId }).strict()).returns<WebhookSettingsView>(),
  /** Sets (creates or changes) the webhook address of one direction; the HMAC secret is write-only. */
  'webhooks:set': call(
    z
      .object({
        accountId: AccountId,
        direction: Direction,
        url: WebhookUrlSchema,
        hmacSecret: HmacSecret.optional(),
        /**
         * Replace an address another installation receives at (several desks on one account). Without it,
         * saving over another desk's address is refused (CONFLICT) with a message naming that desk.
         */
        replace: z.literal(true).optional(),
      })
      .strict(),
  ).returns<WebhookSettingsView>(),
  'webhooks:remove': call(z.object({ accountId: AccountId, direction: Direction, confirm: z.literal(true, { error: 'Removing a webhook must be confirmed.' }) }).strict()).returns<WebhookSettingsView>(),
  /** POST /notifications/ping, then looks for the delivery in the service's notification log. */
  'webhooks:ping': call(z.object({ accountId: AccountId, direction: Direction }).strict()).returns<WebhookPingReport>(),
  /** The service's webhook delivery log (newest as the service orders it), to follow a ping. */
  'webhooks:log': call(
    z
      .object({
        accountId: AccountId,
        direction: Direction.optional(),
        sentStatus: z.enum(['SUCCESSFUL', 'FAILED', 'QUEUED']).optional(),
        limit: z.number().int().min(1).max(100).default(20),
      })
      .strict(),
  ).returns<NotificationRecord[]>(),

  'receiver:get': call(z.void()).returns<ReceiverView>(),
  'receiver:configure': call(ReceiverConfigureInputSchema).returns<ReceiverView>(),
  /** The Sandbox's one switch: key, certificate, its own loopback listener, the Sandbox's webhook addresses. */
  'receiver:sandbox': call(z.object({ enabled: z.boolean() }).strict()).returns<ReceiverView>(),
  /** Asks the service for a test notification and waits (up to 15 s) for it to arrive here. */
  'receiver:test': call(z.object({ accountId: AccountId }).strict()).returns<ReceiverTestReport>(),
  'receiver:deliveries': call(z.object({ limit: z.number().int().min(1).max(200).default(20) }).strict()).returns<ReceiverDelivery[]>(),
} as const;

export const webhookEvents = {
  /** Settings, listening state, health or deliveries changed. */
  'receiver:changed': event<ReceiverView>(),
} as const;
