/**
 * The Fax Services API under {base_url} (= http://127.0.0.1:N/api): tokens, sending, reading, images,
 * cancel, delete, notifications and their configuration. See src/emulator/README.md for every choice
 * made where the research lists variants.
 */
import { TOKEN_LIFETIME_SECONDS, type Identity } from '../accounts';
import { LOOPBACK_RULE, ruleForNumber } from '../carrier/destination-rules';
import type { Core } from '../core';
import { ApiError, badRequest } from '../http/errors';
import type { HttpResult, RequestContext, Router } from '../http/router';
import { TiffUnavailableError } from '../images/tiff';
import { FINAL_STATES, type Direction, type FaxRecord, type FaxState, type WebhookConfigRecord } from '../state/model';
import { newFaxRecord } from '../state/fax-record';
import { describeType, digitsOf, isPlainObject, newId } from '../util';
import { QueryReader, envelopeJson, jsonBody, newestFirst, paging } from './request-helpers';
import { MAX_PAYLOAD_BYTES, parseSendRequest } from './send-request';
import { metadataView, notificationView, receivedItemView, transmissionDetailView, webhookConfigView } from './views';

const STATE_SPELLINGS: Record<string, FaxState> = {
  NEW: 'NEW',
  INPROGRESS: 'IN PROGRESS',
  INPROGESS: 'IN PROGRESS',
  PENDINGRETRY: 'PENDING RETRY',
  COMPLETE: 'COMPLETED',
  COMPLETED: 'COMPLETED',
  SUCCESS: 'COMPLETED',
  ERROR: 'ERROR',
  FAILED: 'ERROR',
  CANCELED: 'CANCELED',
  CANCELLED: 'CANCELED',
};

const NOTIFICATION_STATUSES: Record<string, 'SUCCESSFUL' | 'FAILED' | 'QUEUED'> = {
  SUCCESSFUL: 'SUCCESSFUL',
  SUCCESS: 'SUCCESSFUL',
  SUCCEEDED: 'SUCCESSFUL',
  FAILED: 'FAILED',
  FAILURE: 'FAILED',
  QUEUED: 'QUEUED',
};

export function registerFaxServices(router: Router, core: Core): void {
  const { accounts, store, scheduler } = core;
  const api = (method: string, template: string, handler: Parameters<Router['add']>[3], options?: Parameters<Router['add']>[4]) =>
    router.add('api', method, template, handler, options);

  /** The fax `faxId` of the calling user, or 404 (another user's fax is as unknown as a missing one). */
  const ownFax = (who: Identity, faxId: string): FaxRecord => {
    const fax = store.faxes.get(faxId);
    if (!fax || fax.userId !== who.number.userId) {
      throw new ApiError(404, { element: 'fax_id', message: `No fax with fax_id ${faxId} for this user.` });
    }
    return fax;
  };

  /** The calls that name a user by header (either spelling) rather than only by token. */
  const hasUserId = (ctx: RequestContext): boolean => ctx.req.headers['user-id'] !== undefined || ctx.req.headers['user_id'] !== undefined;

  /** Every notification of an application's users, oldest first (GET /notifications without user-id). */
  const notificationsOfApp = (appId: string) =>
    [...store.notifications.values()].filter((n) => n.appId === appId).sort((a, b) => a.createdAt - b.createdAt);

  api('GET', '/health', () => ({ status: 200, body: { status: 'UP' } }));

  // Tokens ------------------------------------------------------------------------------------------
  api('POST', '/tokens', (ctx) => {
    const type = String(ctx.req.headers['content-type'] ?? '');
    if (!/^application\/x-www-form-urlencoded\b/i.test(type)) {
      throw badRequest('Content-Type', `Send the token request as application/x-www-form-urlencoded;charset=UTF-8${type ? `, not ${type}` : ''}.`);
    }
    const form = new URLSearchParams(ctx.body.toString('utf8'));
    const grant = form.get('grant_type');
    if (grant !== 'client_credentials') {
      throw badRequest('grant_type', `grant_type must be client_credentials${grant === null ? ' (it is missing)' : `, not "${grant}"`}.`);
    }
    const token = accounts.issueToken(ctx.req.headers.authorization);
    return {
      status: 200,
      headers: { 'content-type': 'application/json;charset=UTF-8' },
      body: { access_token: token.accessToken, token_type: 'bearer', expires_in: TOKEN_LIFETIME_SECONDS, scope: 'read write', jti: token.jti },
    };
  });

  // Sending -----------------------------------------------------------------------------------------
  api(
    'POST',
    '/faxes',
    (ctx) => {
      const who = accounts.identify(ctx.req.headers);
      const parsed = parseSendRequest(jsonBody(ctx), { customHeadersEnabled: who.user.customFaxHeaders });
      if (!parsed.ok) throw new ApiError(400, parsed.errors);
      const { destinations, documents, options, clientData } = parsed.value;
      // Everything is valid: commit in one synchronous stretch.
      const now = scheduler.now();
      const stored = documents.map((d) => ({ type: d.type, blob: store.putBlob(d.bytes), bytes: d.bytes.length }));
      const created = destinations.map((d) => {
        const digits = digitsOf(d.faxNumber);
        const ruleId = store.numbers.has(digits) ? LOOPBACK_RULE.id : ruleForNumber(digits).id;
        const fax = newFaxRecord({
          faxId: newId(),
          direction: 'OUTBOUND',
          userId: who.number.userId,
          appId: who.account.appId,
          createdAt: now,
          transactionId: ctx.transactionId,
          originatingFaxNumber: options.callerId.replace(/^\+/, '') || who.number.faxNumber,
          originatingFaxTsid: options.csid || who.number.csid,
          destinationFaxNumber: d.faxNumber,
          toName: d.toName,
          toCompany: d.toCompany,
          options,
          clientData,
          documents: stored,
          ruleId,
        });
        store.addFax(fax);
        core.carrier.submit(fax);
        return fax;
      });
      return { status: 201, body: created.map((f) => ({ fax_id: f.faxId, destination_fax_number: f.destinationFaxNumber })) };
    },
    // The service's limit is 100 MB including base64; the JSON around the documents gets a little room.
    { bodyLimit: MAX_PAYLOAD_BYTES + 64 * 1024 },
  );

  // Lists -------------------------------------------------------------------------------------------
  /** The filters of GET /faxes/sent and /faxes/received, read and checked once per request. */
  const readFilters = (q: QueryReader) => {
    const status = q.string('transmission_status');
    let wantedState: FaxState | undefined;
    if (status !== undefined) {
      wantedState = STATE_SPELLINGS[status.toUpperCase().replace(/[\s_-]/g, '')];
      if (!wantedState) {
        throw badRequest('transmission_status', `transmission_status must be one of NEW, IN PROGRESS, PENDING RETRY, COMPLETE, ERROR, CANCELED; got "${status}".`);
      }
    }
    const faxStatus = q.string('fax_status')?.toUpperCase();
    const transactionId = q.string('transaction_id');
    const imageDownloaded = q.boolean('image_downloaded');
    const from = q.string('originating_fax_number');
    const to = q.string('destination_fax_number');
    const errorCode = q.string('error_code')?.toUpperCase();
    const minPages = q.integer('min_pages');
    const maxPages = q.integer('max_pages');
    const search = q.string('search_text')?.toLowerCase();
    const after = q.timestamp('min_completed_timestamp', 'after');
    const before = q.timestamp('max_completed_timestamp', 'before');
    const fromDigits = from === undefined ? undefined : from.toUpperCase() === 'UNKNOWN' ? 'UNKNOWN' : digitsOf(from);
    const toDigits = to === undefined ? undefined : digitsOf(to);
    const others = [wantedState, faxStatus, transactionId, imageDownloaded, fromDigits, toDigits, errorCode, minPages, maxPages, search, before].every((v) => v === undefined);
    const none = others && after === undefined;
    /** Only a completion window: the index answers it exactly, nothing to check one by one. */
    const windowOnly = others && after !== undefined;
    const matches = (f: FaxRecord): boolean => {
      if (wantedState && f.status !== wantedState) return false;
      if (faxStatus !== undefined && faxStatus !== 'STORED') return false;
      if (transactionId !== undefined && f.transactionId !== transactionId) return false;
      if (imageDownloaded !== undefined && f.imageDownloaded !== imageDownloaded) return false;
      if (fromDigits !== undefined && (fromDigits === 'UNKNOWN' ? f.originatingFaxNumber !== 'UNKNOWN' : digitsOf(f.originatingFaxNumber) !== fromDigits)) return false;
      if (toDigits !== undefined && digitsOf(f.destinationFaxNumber) !== toDigits) return false;
      if (errorCode !== undefined && (f.status === 'COMPLETED' ? '0' : (f.errorCode ?? '')) !== errorCode) return false;
      if (minPages !== undefined && f.pages < minPages) return false;
      if (maxPages !== undefined && f.pages > maxPages) return false;
      // Time windows apply to the completion time, or the submission time of a fax not final yet.
      const t = f.completedAt ?? f.createdAt;
      if (after !== undefined && t < after) return false;
      if (before !== undefined && t > before) return false;
      if (search !== undefined) {
        const haystack = [
          f.faxId,
          f.toName,
          f.toCompany,
          f.originatingFaxNumber,
          f.originatingFaxTsid,
          f.destinationFaxNumber,
          f.options?.coverPage.subject ?? '',
          f.options?.coverPage.fromName ?? '',
          ...Object.values(f.clientData),
        ]
          .join('\u0000')
          .toLowerCase();
        if (!haystack.includes(search)) return false;
      }
      return true;
    };
    return { none, windowOnly, after, matches };
  };

  /**
   * One page of a user's list, newest first. Costs the page, not the history, when there is no filter
   * or a completion window (the indexed cases); other filters scan the user's faxes.
   */
  const listPage = (ctx: RequestContext, direction: Direction, view: (fax: FaxRecord) => unknown) => {
    const who = accounts.identify(ctx.req.headers);
    const page = paging(ctx);
    const filters = readFilters(new QueryReader(ctx.query));
    const list = store.faxList(who.number.userId, direction);
    const json = (fax: FaxRecord) => store.faxJson(fax, view);
    if (filters.none) return envelopeJson(newestFirst(list.all, page), list.all.length, page, json);
    const candidates = filters.after !== undefined ? list.since(filters.after) : [...list.all].reverse();
    const found = filters.windowOnly ? candidates : candidates.filter(filters.matches);
    return envelopeJson(found.slice(page.start, page.start + page.limit), found.length, page, json);
  };

  api('GET', '/faxes/sent', (ctx) => ({ status: 200, body: listPage(ctx, 'OUTBOUND', metadataView) }));
  api('GET', '/faxes/received', (ctx) => ({ status: 200, body: listPage(ctx, 'INBOUND', receivedItemView) }));

  api('POST', '/faxes/metadata', (ctx) => {
    const who = accounts.identify(ctx.req.headers);
    const body = jsonBody(ctx);
    if (!isPlainObject(body) || !Array.isArray(body.fax_ids) || body.fax_ids.some((id) => typeof id !== 'string')) {
      throw badRequest('fax_ids', 'The body must be {"fax_ids": ["<fax_id>", ...]}.');
    }
    if (body.fax_ids.length > 100) throw badRequest('fax_ids', `At most 100 fax_ids per call; got ${body.fax_ids.length}.`);
    return { status: 200, body: (body.fax_ids as string[]).map((id) => metadataView(ownFax(who, id))) };
  });

  // One fax -----------------------------------------------------------------------------------------
  api('GET', '/faxes/:faxId/metadata', (ctx) => {
    const who = accounts.identify(ctx.req.headers);
    return { status: 200, body: metadataView(ownFax(who, ctx.params.faxId!)) };
  });

  api('PATCH', '/faxes/:faxId/metadata', (ctx) => {
    const who = accounts.identify(ctx.req.headers);
    const fax = ownFax(who, ctx.params.faxId!);
    const body = jsonBody(ctx);
    if (!isPlainObject(body)) throw badRequest('body', `The body must be {"image_downloaded": true|false}; got ${describeType(body)}.`);
    const others = Object.keys(body).filter((k) => k !== 'image_downloaded');
    if (others.length > 0) throw badRequest(others[0]!, `Only image_downloaded can be changed; remove ${others.join(', ')}.`);
    if (typeof body.image_downloaded !== 'boolean') {
      throw badRequest('image_downloaded', `image_downloaded must be true or false; got ${JSON.stringify(body.image_downloaded) ?? 'nothing'}.`);
    }
    fax.imageDownloaded = body.image_downloaded;
    store.saveFax(fax);
    return { status: 200, body: metadataView(fax) };
  });

  const detail = (ctx: RequestContext) => {
    const who = accounts.identify(ctx.req.headers);
    return { status: 200, body: transmissionDetailView(ownFax(who, ctx.params.faxId!)) };
  };
  api('GET', '/faxes/:faxId/transmission-detail', detail);
  api('GET', '/faxes/:faxId/transmission-details', detail);

  const imageMissing = (faxId: string) =>
    new ApiError(404, {
      element: 'image_fax',
      message: 'Cannot get fax image',
      developerMessage: `Cannot retrieve fax tiff for fax_id: ${faxId}`,
      code: '102',
    });

  const desiredFormat = (ctx: RequestContext): 'PDF' | 'TIFF' =>
    new QueryReader(ctx.query).oneOf('desired_format', ['PDF', 'TIFF'] as const, (s) => {
      const u = s.toUpperCase();
      return u === 'TIF' ? 'TIFF' : u;
    }) ?? 'TIFF';

  const resolutionOf = (fax: FaxRecord) => fax.options?.imageResolution ?? 'FINE';

  const tiffOrThrow = async (make: () => Promise<Buffer>): Promise<Buffer> => {
    try {
      return await make();
    } catch (error) {
      if (error instanceof TiffUnavailableError) throw new ApiError(501, { element: 'desired_format', message: `${error.message} Ask for desired_format=PDF.` });
      throw error;
    }
  };

  api('GET', '/faxes/:faxId/image', async (ctx) => {
    const who = accounts.identify(ctx.req.headers);
    const fax = ownFax(who, ctx.params.faxId!);
    const format = desiredFormat(ctx);
    if (!fax.image) throw imageMissing(fax.faxId);
    const hash = fax.image;
    const bytes = format === 'PDF' ? core.images.pdf(hash) : await tiffOrThrow(() => core.images.tiff(hash, resolutionOf(fax)));
    if (!bytes) throw imageMissing(fax.faxId);
    if (store.faxes.get(fax.faxId) === fax && !fax.imageDownloaded) {
      fax.imageDownloaded = true;
      store.saveFax(fax);
    }
    return {
      status: 200,
      body: {
        fax_id: fax.faxId,
        file_name: `${fax.faxId}.${format === 'PDF' ? 'pdf' : 'tiff'}`,
        image: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64'),
      },
    };
  });

  api('GET', '/faxes/:faxId/image/pages', async (ctx) => {
    const who = accounts.identify(ctx.req.headers);
    const fax = ownFax(who, ctx.params.faxId!);
    const format = desiredFormat(ctx);
    const q = new QueryReader(ctx.query);
    const start = q.integer('start_page') ?? 0;
    const count = q.integer('num_pages', 1);
    if (!fax.image) throw imageMissing(fax.faxId);
    const total = fax.imagePages;
    if (start >= total) {
      throw badRequest('start_page', `start_page ${start} is past the last page: pages are numbered from 0 and this fax has ${total}.`);
    }
    const hash = fax.image;
    const end = Math.min(total, count === undefined ? total : start + count);
    const pages = [];
    for (let index = start; index < end; index++) {
      const bytes = format === 'PDF' ? await core.images.pdfPage(hash, index) : await tiffOrThrow(() => core.images.tiffPage(hash, resolutionOf(fax), index));
      pages.push({
        page_number: index,
        file_name: `${fax.faxId}-P-${index}.${format === 'PDF' ? 'pdf' : 'tiff'}`,
        image: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64'),
      });
    }
    if (store.faxes.get(fax.faxId) === fax && !fax.imageDownloaded) {
      fax.imageDownloaded = true;
      store.saveFax(fax);
    }
    return { status: 200, body: { fax_id: fax.faxId, total_pages: total, pages } };
  });

  api('POST', '/faxes/:faxId/cancel', (ctx) => {
    const who = accounts.identify(ctx.req.headers);
    const fax = ownFax(who, ctx.params.faxId!);
    if (fax.direction === 'INBOUND' || FINAL_STATES.has(fax.status)) {
      throw new ApiError(409, {
        element: 'fax_id',
        message: `Fax ${fax.faxId} has already completed messaging and cannot be cancelled.`,
        developerMessage: `Fax ${fax.faxId} has already completed messaging (status ${fax.status}); cancel applies only to faxes not yet final.`,
      });
    }
    core.carrier.requestCancel(fax);
    // The reference's answer is the text ACCEPTED (README: "Cancel").
    return textAnswer(202, 'ACCEPTED');
  });

  api('DELETE', '/faxes/:faxId', (ctx) => {
    const who = accounts.identify(ctx.req.headers);
    const fax = ownFax(who, ctx.params.faxId!);
    store.deleteFax(fax.faxId);
    return { status: 204 };
  });

  // Notifications -----------------------------------------------------------------------------------
  api('GET', '/notifications', (ctx) => {
    // The reference documents this call without user-id: then it is the application's whole log.
    const who = hasUserId(ctx) ? accounts.identify(ctx.req.headers) : null;
    const appId = who ? who.account.appId : accounts.bearer(ctx.req.headers).account.appId;
    const q = new QueryReader(ctx.query);
    const statusText = q.string('sent_status');
    let status: string | undefined;
    if (statusText !== undefined) {
      status = NOTIFICATION_STATUSES[statusText.toUpperCase()];
      if (!status) throw badRequest('sent_status', `sent_status must be SUCCESSFUL, FAILED or QUEUED (any case); got "${statusText}".`);
    }
    const direction = q.oneOf('fax_direction', ['INBOUND', 'OUTBOUND'] as const);
    const after = q.timestamp('after', 'min_completed_timestamp', 'start_time');
    const before = q.timestamp('before', 'max_completed_timestamp', 'end_time');
    const page = paging(ctx);
    const afterId = String(ctx.req.headers['pagination-offset-id'] ?? '').trim();
    let list = (who ? store.notificationsOf(who.number.userId) : notificationsOfApp(appId)).filter(
      (n) =>
        (status === undefined || n.status === status) &&
        (direction === undefined || n.direction === direction) &&
        (after === undefined || n.faxCompletedAt >= after) &&
        (before === undefined || n.faxCompletedAt <= before),
    );
    if (afterId) {
      const at = list.findIndex((n) => n.notifyId === afterId);
      if (at < 0) throw badRequest('pagination-offset-id', `No notification ${afterId} in this listing.`);
      list = list.slice(at + 1);
    }
    return { status: 200, body: list.slice(page.start, page.start + page.limit).map(notificationView) };
  });

  api('POST', '/notifications/ping', (ctx) => {
    const who = accounts.identify(ctx.req.headers);
    const body = jsonBody(ctx);
    if (!isPlainObject(body)) throw badRequest('body', 'The body must be {"fax_direction": "OUTBOUND" | "INBOUND"}.');
    const raw = body.fax_direction;
    const direction = typeof raw === 'string' ? raw.toUpperCase() : '';
    if (direction !== 'INBOUND' && direction !== 'OUTBOUND') {
      throw badRequest('fax_direction', `fax_direction must be OUTBOUND or INBOUND; got ${JSON.stringify(raw) ?? 'nothing'}.`);
    }
    const sent = core.webhooks.ping(who.account.appId, who.number.userId, direction);
    if (sent.length === 0) {
      throw new ApiError(404, {
        element: 'fax_direction',
        message: `No enabled ${direction} webhook is configured for this application: add one with POST /applications/${who.account.appId}/notifications.`,
      });
    }
    return {
      status: 200,
      body: sent.map((n) => ({
        app_id: n.appId,
        notify_id: n.notifyId,
        notify_config_id: n.notifyConfigId,
        fax_direction: n.direction,
        notify_type: 'WEBHOOK',
        event_type: 'PING',
      })),
    };
  });

  // Notification configuration (efax-api-facts.md §5, MS) -------------------------------------------
  const appOf = (ctx: RequestContext) => {
    const { account } = accounts.bearer(ctx.req.headers);
    // user-id (or user_id, as MS spells it here) is optional on these per-application calls; checked when sent.
    if (hasUserId(ctx)) accounts.identify(ctx.req.headers);
    if (ctx.params.appId !== account.appId) {
      throw new ApiError(403, { element: 'application-id', message: `The access token is for application ${account.appId}, not ${ctx.params.appId}.` });
    }
    return account;
  };

  const configOf = (ctx: RequestContext): WebhookConfigRecord => {
    const account = appOf(ctx);
    const config = store.webhooks.get(ctx.params.notificationId!);
    if (!config || config.appId !== account.appId) {
      throw new ApiError(404, { element: 'notification-id', message: `No notification configuration ${ctx.params.notificationId}.` });
    }
    return config;
  };

  const checkDestination = (value: unknown): string => {
    if (typeof value !== 'string' || value.trim() === '') throw badRequest('notify_destination', 'notify_destination is required: the https URL to post to.');
    let url: URL;
    try {
      url = new URL(value.trim());
    } catch {
      throw badRequest('notify_destination', `notify_destination "${value}" is not a URL.`);
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw badRequest('notify_destination', 'notify_destination must be an https URL.');
    // Kept exactly as sent (not url.href, which adds a trailing slash to a bare host): clients compare it with what they set.
    return value;
  };

  const checkSecret = (value: unknown): string => {
    if (value === undefined || value === null) return '';
    if (typeof value !== 'string' || value.length > 512) throw badRequest('hmac_secret', 'hmac_secret must be a string of at most 512 characters.');
    return value;
  };

  api('GET', '/applications/:appId/notifications', (ctx) => {
    const account = appOf(ctx);
    return { status: 200, body: core.webhooks.configs(account.appId).map(webhookConfigView) };
  });

  api('POST', '/applications/:appId/notifications', (ctx) => {
    const account = appOf(ctx);
    const body = jsonBody(ctx);
    if (!isPlainObject(body)) throw badRequest('body', 'The body must be {"direction", "type": "WEBHOOK", "notify_destination", "hmac_secret"}.');
    const direction = typeof body.direction === 'string' ? body.direction.toUpperCase() : '';
    if (direction !== 'INBOUND' && direction !== 'OUTBOUND') throw badRequest('direction', 'direction must be INBOUND or OUTBOUND.');
    if (body.type !== undefined && (typeof body.type !== 'string' || body.type.toUpperCase() !== 'WEBHOOK')) {
      throw badRequest('type', 'type must be WEBHOOK (the only notification type).');
    }
    if (body.enabled !== undefined && typeof body.enabled !== 'boolean') throw badRequest('enabled', 'enabled must be true or false.');
    const destination = checkDestination(body.notify_destination);
    const secret = checkSecret(body.hmac_secret);
    if (core.webhooks.configs(account.appId, direction).length > 0) {
      throw new ApiError(409, {
        element: 'direction',
        message: `This application already has an ${direction} webhook; change it with PATCH /applications/${account.appId}/notifications/{notification-id}.`,
      });
    }
    const now = scheduler.now();
    const config: WebhookConfigRecord = {
      notificationId: newId(),
      appId: account.appId,
      direction,
      destination,
      hmacSecret: secret,
      enabled: body.enabled ?? true,
      createdAt: now,
      updatedAt: now,
    };
    store.webhooks.put(config);
    // The reference's answer is the text CREATED, not the configuration: a client reads the list back for its id.
    return textAnswer(201, 'CREATED');
  });

  api('GET', '/applications/:appId/notifications/:notificationId', (ctx) => ({ status: 200, body: webhookConfigView(configOf(ctx)) }));

  api('PATCH', '/applications/:appId/notifications/:notificationId', (ctx) => {
    const config = configOf(ctx);
    const body = jsonBody(ctx);
    if (!isPlainObject(body)) throw badRequest('body', 'The body must be an object with notify_destination, hmac_secret and/or enabled.');
    const unknown = Object.keys(body).filter((k) => !['notify_destination', 'hmac_secret', 'enabled'].includes(k));
    if (unknown.length > 0) throw badRequest(unknown[0]!, `Only notify_destination, hmac_secret and enabled can be changed; remove ${unknown.join(', ')}.`);
    if (body.enabled !== undefined && typeof body.enabled !== 'boolean') throw badRequest('enabled', 'enabled must be true or false.');
    const destination = body.notify_destination === undefined ? config.destination : checkDestination(body.notify_destination);
    const secret = body.hmac_secret === undefined ? config.hmacSecret : checkSecret(body.hmac_secret);
    config.destination = destination;
    config.hmacSecret = secret;
    if (typeof body.enabled === 'boolean') config.enabled = body.enabled;
    config.updatedAt = scheduler.now();
    store.webhooks.put(config);
    // The reference's answer is the text OK.
    return textAnswer(200, 'OK');
  });

  api('DELETE', '/applications/:appId/notifications/:notificationId', (ctx) => {
    const config = configOf(ctx);
    store.webhooks.delete(config.notificationId);
    return { status: 204 };
  });
}

/** A plain-text answer, as the reference shows for some writes (CREATED, OK, ACCEPTED). */
function textAnswer(status: number, text: string): HttpResult {
  return { status, headers: { 'content-type': 'text/plain;charset=UTF-8' }, body: Buffer.from(text) };
}
