/**
 * Webhook notifications (spec "Events"): per-application configurations, one per direction
 * (INBOUND / OUTBOUND), each with a URL and an optional HMAC secret; deliveries and their log.
 *
 * Delivery rules, as the spec states them:
 * - only https on the default port (443) or :8443 is delivered; any other URL is not delivered and the
 *   notification is recorded FAILED with the reason (a switch allows http and any port on loopback,
 *   for local tests; off by default);
 * - the body is JSON; with a secret, `X-HMAC-Signature` carries the hex HMAC-SHA256 of the exact body;
 * - each attempt waits at most 10 seconds for an answer (real time);
 * - 2xx = SUCCESSFUL; 5xx = retried, up to 5 attempts in total, 5 minutes apart by the emulator's clock;
 *   any other answer, a timeout or a connection failure = FAILED at once (the spec retries only 5xx);
 * - while retries remain the notification is QUEUED.
 *
 * Delivery routes (in-process only: the app's Sandbox and tests): `routeDeliveries('https://localhost:8443',
 * { port, ca })` makes posts to that origin connect to 127.0.0.1:<port> instead, still over TLS, with the
 * URL's host as the server name and `ca` as the only trusted root. The configured URL keeps its
 * 443/8443 port (the spec's rule is checked as before); the route is what a hosts file and a port
 * forward would be on a real network, so many receivers on ephemeral loopback ports (parallel tests)
 * can each be "https://<name>:8443/…". Nothing else trusts that `ca`; TLS checks stay on.
 */
import { createHmac } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import type { Scheduler } from '../clock';
import type { Direction, FaxRecord, NotificationRecord, WebhookConfigRecord } from '../state/model';
import type { Store } from '../state/store';
import { newId, webhookTimestamp } from '../util';

export const WEBHOOK_MAX_ATTEMPTS = 5;
export const WEBHOOK_RETRY_MS = 5 * 60 * 1000;
export const WEBHOOK_TIMEOUT_MS = 10_000;

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/** Where posts to one https origin really connect (see the header). */
export interface DeliveryRoute {
  /** A port on 127.0.0.1. */
  port: number;
  /** PEM certificate(s) trusted for this route only; the system roots otherwise. */
  ca?: string;
}

export interface WebhookOptions {
  allowHttpOnLoopback: boolean;
  timeoutMs: number;
  log: (message: string, details?: Record<string, unknown>) => void;
}

export function signBody(body: string, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

export class Webhooks {
  private readonly inFlight = new Set<{ destroy(): void }>();
  private readonly routes = new Map<string, DeliveryRoute>();
  private stopped = false;

  constructor(
    private readonly store: Store,
    private readonly scheduler: Scheduler,
    private readonly options: WebhookOptions,
  ) {}

  /** Why a URL would not be delivered to, or null when it would. */
  destinationProblem(destination: string): string | null {
    let url: URL;
    try {
      url = new URL(destination);
    } catch {
      return `"${destination}" is not a URL.`;
    }
    const loopback = LOOPBACK_HOSTS.has(url.hostname);
    if (this.options.allowHttpOnLoopback && loopback && (url.protocol === 'http:' || url.protocol === 'https:')) return null;
    if (url.protocol !== 'https:') return 'Webhook URLs must use https.';
    if (url.port !== '' && url.port !== '8443') return `Webhook URLs must use the default https port (443) or 8443, not ${url.port}.`;
    return null;
  }

  /** Routes posts to `origin` (https://host[:port]) to a loopback port; null removes the route. */
  routeDeliveries(origin: string, route: DeliveryRoute | null): void {
    const key = originKey(origin);
    if (!key) throw new Error(`"${origin}" is not an https origin.`);
    if (route === null) this.routes.delete(key);
    else {
      if (!Number.isInteger(route.port) || route.port < 1 || route.port > 65535) throw new Error(`A route needs a port from 1 to 65535, not ${route.port}.`);
      this.routes.set(key, { ...route });
    }
  }

  configs(appId: string, direction?: Direction): WebhookConfigRecord[] {
    return [...this.store.webhooks.values()]
      .filter((c) => c.appId === appId && (direction === undefined || c.direction === direction))
      .sort((a, b) => a.createdAt - b.createdAt);
  }

  /** The outbound disposition of a sent fax (status COMPLETE or ERROR). */
  notifyOutbound(fax: FaxRecord): void {
    const failed = fax.status !== 'COMPLETED';
    const payload: Record<string, unknown> = {
      app_id: fax.appId,
      user_id: fax.userId,
      fax_id: fax.faxId,
      direction: 'OUTBOUND',
      completed_timestamp: webhookTimestamp(fax.completedAt ?? this.scheduler.now()),
      duration: failed ? 0 : fax.duration,
      pages: failed ? 0 : fax.pages,
      destination_fax_number: fax.destinationFaxNumber,
      status: failed ? 'ERROR' : 'COMPLETE',
      billable_retries: fax.billableRetriesUsed,
      ...(failed ? { error: fax.errorCode ?? 'E06', error_reason: fax.errorMessage ?? '' } : {}),
      client_data: fax.clientData,
    };
    this.enqueue(fax.appId, fax.userId, fax.faxId, 'OUTBOUND', 'FAX', fax.completedAt ?? this.scheduler.now(), payload);
  }

  /**
   * A received fax is available: its metadata, as the received list has it, so the receiver can
   * fetch the image (GET /faxes/{id}/image) asynchronously (spec, delivery rule 6: acknowledge at
   * once, then download "the fax or metadata"). The shape is not public; see README "Webhooks".
   */
  notifyInbound(fax: FaxRecord): void {
    const payload: Record<string, unknown> = {
      app_id: fax.appId,
      user_id: fax.userId,
      fax_id: fax.faxId,
      direction: 'INBOUND',
      completed_timestamp: webhookTimestamp(fax.completedAt ?? this.scheduler.now()),
      duration: fax.duration,
      pages: fax.pages,
      size: fax.image ? (this.store.getBlob(fax.image)?.byteLength ?? null) : null,
      originating_fax_number: fax.originatingFaxNumber,
      originating_fax_tsid: fax.originatingFaxTsid,
      destination_fax_number: fax.destinationFaxNumber,
      fax_status: 'STORED',
      image_downloaded: false,
    };
    this.enqueue(fax.appId, fax.userId, fax.faxId, 'INBOUND', 'FAX', fax.completedAt ?? this.scheduler.now(), payload);
  }

  /** POST /notifications/ping: one PING per enabled configuration of that direction. */
  ping(appId: string, userId: string, direction: Direction): NotificationRecord[] {
    const out: NotificationRecord[] = [];
    for (const config of this.configs(appId, direction)) {
      if (!config.enabled) continue;
      const notifyId = newId();
      out.push(
        this.create(config, notifyId, userId, '', 'PING', this.scheduler.now(), {
          app_id: appId,
          notification_id: notifyId,
          direction,
          event_type: 'PING',
          notification_config_id: config.notificationId,
        }),
      );
    }
    return out;
  }

  private enqueue(appId: string, userId: string, faxId: string, direction: Direction, eventType: 'FAX', completedAt: number, payload: Record<string, unknown>): void {
    for (const config of this.configs(appId, direction)) {
      if (!config.enabled) continue;
      const notifyId = newId();
      // notification_id goes first, as in the service's examples.
      this.create(config, notifyId, userId, faxId, eventType, completedAt, { notification_id: notifyId, ...payload });
    }
  }

  private create(
    config: WebhookConfigRecord,
    notifyId: string,
    userId: string,
    faxId: string,
    eventType: 'FAX' | 'PING',
    completedAt: number,
    payload: Record<string, unknown>,
  ): NotificationRecord {
    const body = JSON.stringify(payload);
    const now = this.scheduler.now();
    const record: NotificationRecord = {
      notifyId,
      appId: config.appId,
      userId,
      faxId,
      direction: config.direction,
      eventType,
      notifyConfigId: config.notificationId,
      destination: config.destination,
      body,
      signature: config.hmacSecret ? signBody(body, config.hmacSecret) : '',
      status: 'QUEUED',
      attempts: [],
      nextAttemptAt: now,
      faxCompletedAt: completedAt,
      createdAt: now,
      failureReason: null,
    };
    this.store.addNotification(record);
    const problem = this.destinationProblem(config.destination);
    if (problem) {
      record.status = 'FAILED';
      record.nextAttemptAt = null;
      record.failureReason = `Not delivered: ${problem}`;
      this.store.saveNotification(record);
    } else {
      this.scheduler.track(this.attempt(record.notifyId, now), `webhook ${notifyId}`);
    }
    return record;
  }

  /** Abandons deliveries on the wire (the emulator is stopping; they stay QUEUED for the next start). */
  stop(): void {
    this.stopped = true;
    for (const req of this.inFlight) req.destroy();
    this.inFlight.clear();
  }

  /** Re-arms deliveries that were waiting when the emulator stopped. */
  resume(): void {
    for (const n of this.store.notifications.values()) {
      if (n.status !== 'QUEUED') continue;
      const at = n.nextAttemptAt ?? this.scheduler.now();
      this.scheduler.schedule(at, `webhook retry ${n.notifyId}`, (dueAt) => this.attempt(n.notifyId, dueAt));
    }
  }

  private async attempt(notifyId: string, at: number): Promise<void> {
    const record = this.store.notifications.get(notifyId);
    if (!record || record.status !== 'QUEUED') return;
    record.nextAttemptAt = null;
    const attemptNumber = record.attempts.length + 1;
    const started = performance.now();
    const outcome = await this.post(record);
    // Stopped or reset while the request was out: nothing to record (a stopped one stays QUEUED).
    if (this.stopped || this.store.notifications.get(notifyId) !== record) return;
    record.attempts.push({
      attemptNumber,
      at,
      httpStatus: outcome.status,
      error: outcome.error,
      elapsedMs: Math.round(performance.now() - started),
    });
    const status = outcome.status;
    if (status !== null && status >= 200 && status < 300) {
      record.status = 'SUCCESSFUL';
      record.failureReason = null;
    } else if (status !== null && status >= 500 && attemptNumber < WEBHOOK_MAX_ATTEMPTS) {
      record.nextAttemptAt = at + WEBHOOK_RETRY_MS;
      this.scheduler.schedule(record.nextAttemptAt, `webhook retry ${notifyId}`, (dueAt) => this.attempt(notifyId, dueAt));
    } else {
      record.status = 'FAILED';
      record.failureReason =
        status === null
          ? `No answer: ${outcome.error}`
          : status >= 500
            ? `Answered ${status} on all ${WEBHOOK_MAX_ATTEMPTS} attempts.`
            : `Answered ${status}; only 5xx answers are retried.`;
    }
    this.store.saveNotification(record);
  }

  private post(record: NotificationRecord): Promise<{ status: number | null; error: string | null }> {
    let url: URL;
    try {
      url = new URL(record.destination);
    } catch {
      return Promise.resolve({ status: null, error: 'invalid URL' });
    }
    return new Promise((resolve) => {
      let settled = false;
      // Only ever called from I/O callbacks, after `timer` below is set.
      const done = (status: number | null, error: string | null) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ status, error });
      };
      const body = Buffer.from(record.body);
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        'content-length': String(body.length),
        'user-agent': 'Faxdesk-Sandbox-Webhooks/1.0',
      };
      if (record.signature) headers['x-hmac-signature'] = record.signature;
      const route = url.protocol === 'https:' ? this.routes.get(originKey(url.origin) ?? '') : undefined;
      // A routed post connects to the loopback port but checks the certificate against the URL's host.
      const target = route
        ? { hostname: '127.0.0.1', port: route.port, ...(isIP(url.hostname) ? {} : { servername: url.hostname }), ...(route.ca ? { ca: route.ca } : {}) }
        : {};
      if (route) headers['host'] = url.host;
      const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
      const req = send(url, { method: 'POST', headers, agent: false, ...target }, (res) => {
        // The answer's status decides; its body is read and dropped.
        done(res.statusCode ?? null, null);
        res.resume();
      });
      const timer = setTimeout(() => {
        done(null, `timed out after ${this.options.timeoutMs / 1000} seconds`);
        req.destroy();
      }, this.options.timeoutMs);
      timer.unref();
      this.inFlight.add(req);
      req.on('close', () => this.inFlight.delete(req));
      req.on('error', (error) => done(null, error.message));
      req.end(body);
    });
  }
}

/** `host:port` of an https origin (port 443 when the URL gives none), or null for anything else. */
function originKey(origin: string): string | null {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:') return null;
  return `${url.hostname.toLowerCase()}:${url.port || '443'}`;
}
