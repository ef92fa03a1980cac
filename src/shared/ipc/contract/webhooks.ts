/**
 * Instant updates: Faxdesk's own webhook receiver (Settings > Instant updates). The receiver's
 * address, TLS, the public URL to give the service, the Sandbox's one switch, the ping round trip and
 * the recent deliveries. The TLS private key travels renderer → main only as a file path that main
 * reads into the keychain; no output carries a key, only whether one is stored.
 */
import { z } from 'zod';
import { webhookUrlProblem, type FaxDirection } from '../../domain/fax';
import type { InstantUpdatesStatus } from '../../domain/sync';
import { call, event } from '../define';

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

/** https, port 443 or 8443: what the service delivers to (the same check as the accounts' webhook addresses). */
const PublicUrl = z
  .string()
  .trim()
  .max(2000)
  .superRefine((value, ctx) => {
    const problem = webhookUrlProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

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
  'receiver:get': call(z.void()).returns<ReceiverView>(),
  'receiver:configure': call(ReceiverConfigureInputSchema).returns<ReceiverView>(),
  /** The Sandbox's one switch: key, certificate, its own loopback listener, the Sandbox's webhook addresses. */
  'receiver:sandbox': call(z.object({ enabled: z.boolean() }).strict()).returns<ReceiverView>(),
  /** Asks the service for a test notification and waits (up to 15 s) for it to arrive here. */
  'receiver:test': call(z.object({ accountId: z.string().trim().min(1, 'Choose an account.').max(100) }).strict()).returns<ReceiverTestReport>(),
  'receiver:deliveries': call(z.object({ limit: z.number().int().min(1).max(200).default(20) }).strict()).returns<ReceiverDelivery[]>(),
} as const;

export const webhookEvents = {
  /** Settings, listening state, health or deliveries changed. */
  'receiver:changed': event<ReceiverView>(),
} as const;
