/**
 * A typed client for every Fax Services API endpoint, for one account. Calls carry the bearer token
 * (from the account's TokenManager) and the user-id header; a 401 drops the token, fetches a new one
 * and repeats the call once. Every answer goes through its tolerant schema into the domain model.
 */
import type { z } from 'zod';
import {
  MAX_PAGE_SIZE,
  type FaxDirection,
  type FaxImage,
  type FaxImagePages,
  type FaxMetadata,
  type HealthStatus,
  type ImageFormat,
  type NotificationConfig,
  type NotificationFilter,
  type NotificationRecord,
  type Page,
  type Paging,
  type PingResult,
  type ReceivedFax,
  type ReceivedFilter,
  type SendRequest,
  type SendResult,
  type SentFax,
  type SentFilter,
  type TokenGrant,
  type TransmissionDetail,
} from '../../shared/domain/fax';
import { AppError, isAppError } from '../errors';
import type { HttpClient, HttpResponse, QueryValue, RequestSpec, ServiceTarget } from './http';
import {
  FaxImagePagesSchema,
  FaxMetadataSchema,
  HealthSchema,
  NotificationConfigListSchema,
  NotificationConfigSchema,
  NotificationListSchema,
  PingResultSchema,
  ReceivedPageSchema,
  SendResultSchema,
  SentPageSchema,
  TokenSchema,
  TransmissionDetailSchema,
  faxImageSchema,
} from './schemas';
import { capitalise, parseJsonAnswer, readWriteAnswer, who, type Explain } from './service-errors';
import { addressKey } from './webhook-address';
import { PageMemo } from './page-memo';
import { TokenManager } from './token-manager';
import { faxRequestBody } from './fax-request-body';
import { sentFilterToQuery } from './wire';

export interface FaxServiceCredentials {
  /** The account's label: error messages name it. */
  label: string;
  baseUrl: string;
  appId: string;
  apiKey: string;
  userId: string;
}

export interface CallOptions {
  signal?: AbortSignal;
  /** Overrides the client's default timeout for this call. */
  timeoutMs?: number;
}

export interface FaxServiceClientOptions {
  now?: () => number;
  /** Renew tokens this long before they expire. */
  renewTokenBeforeMs?: number;
  /** Timeout for image downloads, which can be large. Default 120 s. */
  imageTimeoutMs?: number;
  /** Told of every new token and the one it replaces (the log redactor learns them). */
  onToken?: (token: string, previous: string | null) => void;
}

type Spec = Omit<RequestSpec, 'signal' | 'timeoutMs'>;
type DetailPath = 'transmission-details' | 'transmission-detail';

/** Sends of a new webhook setting at most, each after a read-back showed the one before did not land. */
const CREATE_ATTEMPTS = 2;

export class FaxServiceClient {
  readonly tokens: TokenManager;
  private readonly target: ServiceTarget;
  private readonly account: Omit<FaxServiceCredentials, 'apiKey'>;
  /** A true private field: logging or serialising the client cannot include it. */
  readonly #apiKey: string;
  /** The spelling of the transmission-detail route this account's service answers (see getTransmissionDetail). */
  private detailPath: DetailPath = 'transmission-details';
  /** The service answered `detailPath` with data at least once: then a 404 with an error body is about the fax. */
  private detailPathConfirmed = false;
  private readonly pages = new PageMemo();

  constructor(
    credentials: FaxServiceCredentials,
    private readonly http: HttpClient,
    private readonly options: FaxServiceClientOptions = {},
  ) {
    const { apiKey, ...account } = credentials;
    this.account = account;
    this.#apiKey = apiKey;
    this.target = { service: 'Fax Services API', baseUrl: account.baseUrl, accountLabel: account.label, appId: account.appId };
    this.tokens = new TokenManager({
      fetchToken: () => this.requestToken(),
      ...(options.now ? { now: options.now } : {}),
      ...(options.renewTokenBeforeMs !== undefined ? { renewBeforeMs: options.renewTokenBeforeMs } : {}),
      ...(options.onToken ? { onToken: options.onToken } : {}),
    });
  }

  get label(): string {
    return this.account.label;
  }

  get baseUrl(): string {
    return this.account.baseUrl;
  }

  // -------------------------------------------------------------------------------------------
  // Tokens

  /** POST /tokens with the App ID and API key. Normally called by the token manager only. */
  async requestToken(options: CallOptions = {}): Promise<TokenGrant> {
    const basic = Buffer.from(`${this.account.appId}:${this.#apiKey}`, 'utf8').toString('base64');
    const operation = 'obtain a sign-in token';
    return this.http.send(
      this.target,
      {
        method: 'POST',
        path: '/tokens',
        headers: { authorization: `Basic ${basic}` },
        form: { grant_type: 'client_credentials' },
        operation,
        idempotent: true,
        explain: this.explainToken,
        ...callOptions(options),
      },
      (response) => parseJsonAnswer(this.target, operation, response, TokenSchema, { echoValues: false }),
    );
  }

  private readonly explainToken: Explain = (f) => {
    const saying = f.serviceMessage ? `: "${f.serviceMessage}"` : '';
    if (f.status === 401 || f.status === 403 || (f.status === 400 && !f.isWebPage)) {
      return {
        code: 'AUTH',
        message:
          `The service rejected the API key for App ID "${this.account.appId}" (account "${this.account.label}", HTTP ${f.status}${saying}). ` +
          "Check the App ID and API key in Settings > Accounts: the API key is the password of the App ID's API instance in the admin portal.",
      };
    }
    if (f.status === 404 || f.status === 405) {
      return {
        code: 'NOT_FOUND',
        message: `There is no fax service sign-in at ${this.account.baseUrl.replace(/\/+$/, '')}/tokens (HTTP ${f.status}). Check the base URL in Settings > Accounts, for example https://api.securedocex.com.`,
      };
    }
    return undefined;
  };

  // -------------------------------------------------------------------------------------------
  // Faxes

  listReceived(filter: ReceivedFilter = {}, options: CallOptions = {}): Promise<Page<ReceivedFax>> {
    return this.callPage(
      { method: 'GET', path: '/faxes/received', query: sentFilterToQuery(filter), headers: pagingHeaders(filter), operation: 'read the list of received faxes', idempotent: true },
      ReceivedPageSchema,
      options,
    );
  }

  listSent(filter: SentFilter = {}, options: CallOptions = {}): Promise<Page<SentFax>> {
    return this.callPage(
      { method: 'GET', path: '/faxes/sent', query: sentFilterToQuery(filter), headers: pagingHeaders(filter), operation: 'read the list of sent faxes', idempotent: true },
      SentPageSchema,
      options,
    );
  }

  /**
   * POST /faxes. Never retried here (except once after a 401, which proves the service did not take
   * it): a timeout or a lost answer may mean the fax was accepted. Such errors carry
   * detail.maybeDelivered = true; the outbox reconciles them from the sent list.
   */
  send(request: SendRequest, options: CallOptions = {}): Promise<SendResult> {
    return this.call(
      { method: 'POST', path: '/faxes', body: () => faxRequestBody(request), operation: 'send a fax', idempotent: false },
      SendResultSchema,
      options,
    );
  }

  /** POST /faxes/{id}/cancel. 202 only means "asked": read the outcome from metadata or detail. */
  async cancel(faxId: string, options: CallOptions = {}): Promise<{ accepted: true }> {
    const operation = `cancel fax ${faxId}`;
    await this.authed(
      {
        method: 'POST',
        path: `/faxes/${encodeURIComponent(faxId)}/cancel`,
        operation,
        // Asking twice asks the same thing.
        idempotent: true,
        explain: (f) => {
          if (f.status === 409) {
            return {
              code: 'CONFLICT',
              message: `Fax ${faxId} has already finished (delivered or failed), so it can no longer be cancelled.${f.serviceMessage ? ` The service said: "${f.serviceMessage}".` : ''}`,
            };
          }
          if (f.status === 404) return { code: 'NOT_FOUND', message: this.notFound(faxId) };
          return undefined;
        },
      },
      () => undefined,
      options,
    );
    return { accepted: true };
  }

  /** DELETE /faxes/{id}. Not retried: a repeated delete would report the fax as missing. */
  async deleteFax(faxId: string, options: CallOptions = {}): Promise<void> {
    await this.authed(
      {
        method: 'DELETE',
        path: `/faxes/${encodeURIComponent(faxId)}`,
        operation: `delete fax ${faxId}`,
        idempotent: false,
        explain: this.explainMissingFax(faxId),
      },
      () => undefined,
      options,
    );
  }

  getMetadata(faxId: string, options: CallOptions = {}): Promise<FaxMetadata> {
    return this.call(
      { method: 'GET', path: `/faxes/${encodeURIComponent(faxId)}/metadata`, operation: `read the details of fax ${faxId}`, idempotent: true, explain: this.explainMissingFax(faxId) },
      FaxMetadataSchema,
      options,
    );
  }

  /** PATCH /faxes/{id}/metadata {image_downloaded}: the only field the service lets a client change. */
  async setImageDownloaded(faxId: string, imageDownloaded: boolean, options: CallOptions = {}): Promise<FaxMetadata> {
    const operation = `mark fax ${faxId} as ${imageDownloaded ? 'downloaded' : 'not downloaded'}`;
    const answer = await this.authed(
      {
        method: 'PATCH',
        path: `/faxes/${encodeURIComponent(faxId)}/metadata`,
        json: { image_downloaded: imageDownloaded },
        operation,
        idempotent: true,
        explain: this.explainMissingFax(faxId),
      },
      (response) => readWriteAnswer(this.target, operation, response, FaxMetadataSchema),
      options,
    );
    return answer ?? this.getMetadata(faxId, options);
  }

  /**
   * GET /faxes/{id}/transmission-details. The official guide spells the path -detail, the reference and
   * every adapter -details, and the service may serve only one. An unknown route comes back as a 404
   * (with or without the reference's error body) or, from an API gateway, as 403 without an error code
   * ({"message":"Missing Authentication Token"}). Either is tried once with the other spelling; the one
   * that answers is kept for the account (this client), and the first refusal is never shown as a
   * sign-in problem. Once a spelling has answered, a 404 with an error body is about the fax itself.
   */
  async getTransmissionDetail(faxId: string, options: CallOptions = {}): Promise<TransmissionDetail> {
    const spec = (path: DetailPath): Spec => ({
      method: 'GET',
      path: `/faxes/${encodeURIComponent(faxId)}/${path}`,
      operation: `read the transmission status of fax ${faxId}`,
      idempotent: true,
      explain: this.explainMissingFax(faxId),
    });
    const first = this.detailPath;
    try {
      const detail = await this.call(spec(first), TransmissionDetailSchema, options);
      if (this.detailPath === first) this.detailPathConfirmed = true;
      return detail;
    } catch (error) {
      const refusal = routeRefusal(error);
      if (!refusal || (this.detailPathConfirmed && refusal === 'not-found-said')) throw error;
      const other: DetailPath = first === 'transmission-details' ? 'transmission-detail' : 'transmission-details';
      try {
        const detail = await this.call(spec(other), TransmissionDetailSchema, options);
        this.detailPath = other;
        this.detailPathConfirmed = true;
        return detail;
      } catch (second) {
        const secondRefusal = routeRefusal(second);
        if (!secondRefusal) throw second;
        // The service's own "no such fax" on either spelling says what happened; so does none.
        if (secondRefusal === 'not-found-said') throw second;
        if (refusal === 'not-found-said') throw error;
        throw new AppError(
          'NOT_FOUND',
          `${capitalise(who(this.target))} answers neither /faxes/{fax_id}/transmission-details nor /faxes/{fax_id}/transmission-detail ` +
            `(HTTP ${(error as AppError).httpStatus} and ${(second as AppError).httpStatus}), so Faxdesk cannot read the delivery attempts of fax ${faxId}. ` +
            'Check the base URL in Settings > Accounts; the fax list and its states still work.',
          { httpStatus: (second as AppError).httpStatus ?? 404, cause: second },
        );
      }
    }
  }

  /** GET /faxes/{id}/image?desired_format=PDF|TIFF: the whole fax as one file. */
  getImage(faxId: string, format: ImageFormat = 'PDF', options: CallOptions = {}): Promise<FaxImage> {
    return this.call(
      {
        method: 'GET',
        path: `/faxes/${encodeURIComponent(faxId)}/image`,
        query: { desired_format: format },
        operation: `download the image of fax ${faxId}`,
        idempotent: true,
        explain: (f) => {
          if (f.status === 404) return { code: 'NOT_FOUND', message: `The service has no image for fax ${faxId} (yet). If the fax is still being received or sent, try again shortly.` };
          // Not implemented: asking again will not help (and a 5xx would be retried).
          if (f.status === 501) return { code: 'VALIDATION', message: `The fax service cannot give fax ${faxId} as ${format} (HTTP 501${f.serviceMessage ? `: "${f.serviceMessage}"` : ''}).` };
          return undefined;
        },
      },
      faxImageSchema(format),
      { timeoutMs: this.options.imageTimeoutMs ?? 120_000, ...options },
    );
  }

  /** GET /faxes/{id}/image/pages: TIFF pages, zero-based. */
  getImagePages(faxId: string, range: { startPage?: number; numPages?: number } = {}, options: CallOptions = {}): Promise<FaxImagePages> {
    return this.call(
      {
        method: 'GET',
        path: `/faxes/${encodeURIComponent(faxId)}/image/pages`,
        query: { start_page: range.startPage ?? 0, num_pages: range.numPages },
        operation: `download the pages of fax ${faxId}`,
        idempotent: true,
        explain: this.explainMissingFax(faxId),
      },
      FaxImagePagesSchema,
      { timeoutMs: this.options.imageTimeoutMs ?? 120_000, ...options },
    );
  }

  // -------------------------------------------------------------------------------------------
  // Notifications

  /** GET /notifications: the service's log of webhook deliveries (successful, failed, queued). */
  listNotifications(filter: NotificationFilter = {}, options: CallOptions = {}): Promise<NotificationRecord[]> {
    const headers: Record<string, string> = {};
    if (filter.limit !== undefined) headers['pagination-limit'] = String(clampLimit(filter.limit));
    if (filter.afterNotifyId) headers['pagination-offset-id'] = filter.afterNotifyId;
    return this.callPage(
      {
        method: 'GET',
        path: '/notifications',
        query: {
          fax_direction: filter.direction,
          sent_status: filter.sentStatus,
          after: filter.after,
          before: filter.before,
        },
        headers,
        operation: 'read the webhook delivery log',
        idempotent: true,
      },
      NotificationListSchema,
      options,
    );
  }

  /** POST /notifications/ping: asks the service to post a PING to the configured webhook. Not retried. */
  ping(direction: FaxDirection, options: CallOptions = {}): Promise<PingResult[]> {
    return this.call(
      {
        method: 'POST',
        path: '/notifications/ping',
        json: { fax_direction: direction },
        operation: `send a test ${direction.toLowerCase()} webhook`,
        idempotent: false,
        explain: (f) =>
          f.status === 404 || f.status === 400
            ? {
                code: f.status === 404 ? 'NOT_FOUND' : 'VALIDATION',
                message: `The service could not send a test ${direction.toLowerCase()} webhook${f.serviceMessage ? ` ("${f.serviceMessage}")` : ''}. Set an ${direction.toLowerCase()} webhook address first.`,
              }
            : undefined,
      },
      PingResultSchema,
      options,
    );
  }

  private configPath(notificationId?: string): string {
    const base = `/applications/${encodeURIComponent(this.account.appId)}/notifications`;
    return notificationId ? `${base}/${encodeURIComponent(notificationId)}` : base;
  }

  /** GET /applications/{app_id}/notifications: the webhook destinations of this App ID. */
  listNotificationConfigs(options: CallOptions = {}): Promise<NotificationConfig[]> {
    return this.call(
      { method: 'GET', path: this.configPath(), operation: 'read the webhook settings', idempotent: true },
      NotificationConfigListSchema,
      options,
    );
  }

  /**
   * POST /applications/{app_id}/notifications, and the new setting as the service lists it. The
   * reference answers 201 with the text CREATED, not the setting, so the list is read back for it (a
   * JSON answer that is a setting is used as it is). Never sent twice blindly: after an ambiguous
   * failure (no answer, a timeout, a 5xx) the list is read first, and the create is sent once more only
   * when the setting is not there; a 409 is answered by the list too (an earlier attempt got through).
   * The address must already be checked (webhookUrlProblem).
   */
  async createNotificationConfig(input: { direction: FaxDirection; url: string; hmacSecret?: string }, options: CallOptions = {}): Promise<NotificationConfig> {
    const body: Record<string, unknown> = { direction: input.direction, type: 'WEBHOOK', notify_destination: input.url };
    if (input.hmacSecret) body.hmac_secret = input.hmacSecret;
    const operation = `set the ${input.direction.toLowerCase()} webhook address`;
    const readBack = async () => findSetting(await this.listNotificationConfigs(options), input.direction, input.url);
    for (let attempt = 1; ; attempt++) {
      let answer: NotificationConfig | null;
      try {
        answer = await this.authed(
          { method: 'POST', path: this.configPath(), json: body, operation, idempotent: false },
          (response) => readWriteAnswer(this.target, operation, response, NotificationConfigSchema),
          options,
        );
      } catch (error) {
        if (!isAppError(error)) throw error;
        if (error.code === 'CONFLICT') {
          const configs = await this.listNotificationConfigs(options);
          const existing = findSetting(configs, input.direction, input.url);
          if (existing) return this.withSecret(existing, input.hmacSecret, options);
          const other = configs.find((c) => c.direction === input.direction);
          throw new AppError(
            'CONFLICT',
            `The service already has an ${input.direction.toLowerCase()} webhook address for App ID "${this.account.appId}"` +
              `${other ? ` (${other.notifyDestination})` : ''}, set from somewhere else a moment ago. Open the webhook settings again and save to replace it.`,
            { ...(error.httpStatus !== undefined ? { httpStatus: error.httpStatus } : {}), cause: error },
          );
        }
        if (!error.detail.maybeDelivered || error.code === 'CANCELLED') throw error;
        // It may have been created: look before creating again.
        const landed = await readBack();
        if (landed) return this.withSecret(landed, input.hmacSecret, options);
        if (attempt >= CREATE_ATTEMPTS) throw error;
        continue;
      }
      if (answer && addressKey(answer.notifyDestination) === addressKey(input.url)) return answer;
      const created = await readBack();
      if (created) return created;
      throw new AppError(
        'BAD_RESPONSE',
        `${capitalise(who(this.target))} said it set the ${input.direction.toLowerCase()} webhook address, but its list of webhook settings does not show it. ` +
          'Open Settings > Accounts > Webhooks again in a moment to see what the service has.',
        { maybeDelivered: true },
      );
    }
  }

  /**
   * A setting found by reading back after an ambiguous create: the secret is set again (PATCH is
   * idempotent), since the setting may be another attempt's and a wrong secret would refuse every delivery.
   */
  private async withSecret(config: NotificationConfig, hmacSecret: string | undefined, options: CallOptions): Promise<NotificationConfig> {
    return hmacSecret ? this.updateNotificationConfig(config.notificationId, { hmacSecret }, options) : config;
  }

  /**
   * PATCH /applications/{app_id}/notifications/{id}, and the setting as the service then lists it. The
   * reference answers 200 with the text OK: any 2xx is success, and the list is read back (a JSON answer
   * that is the setting is used as it is).
   */
  async updateNotificationConfig(
    notificationId: string,
    input: { url?: string; hmacSecret?: string; enabled?: boolean },
    options: CallOptions = {},
  ): Promise<NotificationConfig> {
    const body: Record<string, unknown> = {};
    if (input.url !== undefined) body.notify_destination = input.url;
    if (input.hmacSecret !== undefined) body.hmac_secret = input.hmacSecret;
    if (input.enabled !== undefined) body.enabled = input.enabled;
    const operation = 'change the webhook settings';
    const answer = await this.authed(
      { method: 'PATCH', path: this.configPath(notificationId), json: body, operation, idempotent: true },
      (response) => readWriteAnswer(this.target, operation, response, NotificationConfigSchema),
      options,
    );
    if (answer?.notificationId === notificationId) return answer;
    const listed = (await this.listNotificationConfigs(options)).find((c) => c.notificationId === notificationId);
    if (listed) return listed;
    throw new AppError(
      'NOT_FOUND',
      `${capitalise(who(this.target))} accepted the change to webhook setting ${notificationId}, but no longer lists it: it may have been removed meanwhile. ` +
        'Open Settings > Accounts > Webhooks again to see what the service has.',
    );
  }

  /** DELETE /applications/{app_id}/notifications/{id}. */
  async deleteNotificationConfig(notificationId: string, options: CallOptions = {}): Promise<void> {
    await this.authed({ method: 'DELETE', path: this.configPath(notificationId), operation: 'remove a webhook address', idempotent: false }, () => undefined, options);
  }

  /** GET /health: no sign-in needed. */
  health(options: CallOptions = {}): Promise<HealthStatus> {
    const operation = 'check whether the service is up';
    return this.http.send(this.target, { method: 'GET', path: '/health', operation, idempotent: true, ...callOptions(options) }, (response) =>
      parseJsonAnswer(this.target, operation, response, HealthSchema),
    );
  }

  // -------------------------------------------------------------------------------------------

  private call<S extends z.ZodType>(spec: Spec, schema: S, options: CallOptions): Promise<z.output<S>> {
    return this.authed(spec, (response) => parseJsonAnswer(this.target, spec.operation, response, schema as z.ZodType<z.output<S>>), options);
  }

  /**
   * A list read: an answer whose body is the same as last time for the same request comes back as the
   * same frozen object, not parsed again (PageMemo). Callers must treat list pages as read-only.
   */
  private callPage<S extends z.ZodType>(spec: Spec, schema: S, options: CallOptions): Promise<z.output<S>> {
    const key = `${spec.path}|${JSON.stringify(spec.query ?? {})}|${JSON.stringify(spec.headers ?? {})}`;
    return this.authed(
      spec,
      (response) => this.pages.read(key, response.text, () => parseJsonAnswer(this.target, spec.operation, response, schema as z.ZodType<z.output<S>>)),
      options,
    );
  }

  /** Runs a call with the bearer token; on 401 renews the token and runs it once more. */
  private async authed<T>(spec: Spec, read: (response: HttpResponse) => T, options: CallOptions): Promise<T> {
    const run = (token: string) =>
      this.http.send(
        this.target,
        {
          ...spec,
          headers: { ...spec.headers, authorization: `Bearer ${token}`, 'user-id': this.account.userId },
          explain: spec.explain ?? this.explainAccess,
          ...callOptions(options),
        },
        read,
      );
    const token = await this.tokens.get(options.signal);
    try {
      return await run(token);
    } catch (error) {
      if (!isAppError(error) || error.httpStatus !== 401) throw error;
      this.tokens.invalidate(token);
    }
    const fresh = await this.tokens.get(options.signal);
    try {
      return await run(fresh);
    } catch (error) {
      if (isAppError(error) && error.httpStatus === 401) {
        throw new AppError(
          'AUTH',
          `${capitalise(who(this.target))} refused a freshly issued sign-in token while Faxdesk tried to ${spec.operation}. ` +
            `Check that user-id "${this.account.userId}" belongs to App ID "${this.account.appId}" in Settings > Accounts.`,
          { httpStatus: 401, ...(error.detail.serviceErrors ? { serviceErrors: error.detail.serviceErrors } : {}), cause: error },
        );
      }
      throw error;
    }
  }

  private readonly explainAccess: Explain = (f) => {
    if (f.status !== 403) return undefined;
    return {
      code: 'AUTH',
      message:
        `The service refused user-id "${this.account.userId}" for App ID "${this.account.appId}" (account "${this.account.label}", HTTP 403` +
        `${f.serviceMessage ? `: "${f.serviceMessage}"` : ''}). Each fax number has its own user-id, shown in the admin portal under Advanced Settings > API Details; check it in Settings > Accounts.`,
    };
  };

  private notFound(faxId: string): string {
    return `The service has no fax ${faxId} for user-id "${this.account.userId}" of account "${this.account.label}". It may have been deleted, or belong to another user-id.`;
  }

  private explainMissingFax(faxId: string): Explain {
    return (f) => (f.status === 404 && !f.isWebPage ? { code: 'NOT_FOUND', message: this.notFound(faxId) } : this.explainAccess(f));
  }
}

/**
 * How a failed transmission-detail read says its route may be the wrong spelling: 'not-found-said' for
 * a 404 with the service's error body (the reference's shape: an unknown route, or an unknown fax),
 * 'route' for a bare 404 or a 403 without an error code (an API gateway's unknown route), null otherwise.
 */
function routeRefusal(error: unknown): 'not-found-said' | 'route' | null {
  if (!isAppError(error)) return null;
  const items = error.detail.serviceErrors ?? [];
  if (error.httpStatus === 404) return items.length > 0 ? 'not-found-said' : 'route';
  if (error.httpStatus === 403 && !items.some((item) => item.errorCode)) return 'route';
  return null;
}

/** The newest setting of that direction at that address (as the service would reach it). */
function findSetting(configs: readonly NotificationConfig[], direction: FaxDirection, url: string): NotificationConfig | null {
  const key = addressKey(url);
  return configs.findLast((c) => c.direction === direction && (addressKey(c.notifyDestination) ?? c.notifyDestination) === (key ?? url)) ?? null;
}

function callOptions(options: CallOptions): Pick<RequestSpec, 'signal' | 'timeoutMs'> {
  const out: Pick<RequestSpec, 'signal' | 'timeoutMs'> = {};
  if (options.signal) out.signal = options.signal;
  if (options.timeoutMs !== undefined) out.timeoutMs = options.timeoutMs;
  return out;
}

function clampLimit(limit: number): number {
  return Math.max(1, Math.min(MAX_PAGE_SIZE, Math.floor(limit)));
}

/** The service pages lists with request headers, not query parameters. */
function pagingHeaders(paging: Paging): Record<string, string> {
  const headers: Record<string, string> = {};
  if (paging.offset !== undefined) headers['pagination-offset'] = String(Math.max(1, Math.floor(paging.offset)));
  if (paging.limit !== undefined) headers['pagination-limit'] = String(clampLimit(paging.limit));
  return headers;
}

export type { QueryValue };
