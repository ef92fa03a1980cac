/**
 * zod schemas for every answer of the Fax Services and Admin APIs, tolerant of every variant the
 * research found for the real service (../shared/research/efax-api-facts.md) and strict about
 * everything else. Each schema turns the wire form into the one domain model of src/shared/domain/fax.ts:
 * - status spellings COMPLETE/COMPLETED, CANCELED/CANCELLED, IN PROGRESS/INPROGRESS/INPROGESS → FaxState;
 * - timestamps 2024-05-10T15:07:01.000Z, 2024-11-26T20:09:13+00:00, 2024-05-21T04:27:56.000+0000 → ISO UTC;
 * - nested objects sent as objects or as one-element arrays;
 * - fax numbers "UNKNOWN"/"unavailable" → null;
 * - optional total_records; bare arrays where an envelope was expected.
 * A value that fits none of these fails with a zod issue at its path (see parseAnswerBody).
 */
import { z } from 'zod';
import { normalizeFaxState } from '../../shared/domain/fax-status';
import {
  knownNumber,
  type AdminUser,
  type ClientData,
  type FaxDirection,
  type FaxImage,
  type FaxImagePages,
  type FaxMetadata,
  type HealthStatus,
  type NotificationConfig,
  type NotificationRecord,
  type NotificationSentStatus,
  type Page,
  type PingResult,
  type ReceivedFax,
  type RoutingData,
  type SendResult,
  type SentFax,
  type TokenGrant,
  type TransmissionAttempt,
  type TransmissionDetail,
  type TransmissionSummary,
} from '../../shared/domain/fax';

// ---------------------------------------------------------------------------------------------
// Tolerant primitives

/** Any of the three observed timestamp spellings (and the same without milliseconds or zone) → ISO UTC. */
export function normalizeTimestamp(raw: string): string | null {
  const match =
    /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i.exec(raw.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi, s, frac, zone] = match;
  const ms = frac ? Math.round(Number(`0.${frac}`) * 1000) : 0;
  let utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? '0'), 0);
  const check = new Date(utc);
  // Date.UTC rolls 2024-02-31 over into March: refuse instead.
  if (check.getUTCMonth() !== Number(mo) - 1 || check.getUTCDate() !== Number(d) || Number(h) > 23 || Number(mi) > 59 || Number(s ?? '0') > 59) {
    return null;
  }
  utc += Math.min(ms, 999);
  if (zone && zone.toUpperCase() !== 'Z') {
    const zm = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone)!;
    const offset = (Number(zm[2]) * 60 + Number(zm[3] ?? '0')) * (zm[1] === '-' ? -1 : 1);
    utc -= offset * 60_000;
  }
  return new Date(utc).toISOString();
}

const text = z.union([z.string(), z.number()]).transform((v) => String(v));

/** A string that may be missing, null or empty (all → null). Numbers are accepted as their text. */
const optText = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => {
    if (v === null || v === undefined) return null;
    const s = String(v).trim();
    return s === '' ? null : s;
  });

/** An identifier: non-empty text. */
const id = text.pipe(z.string().trim().min(1, 'is empty; an identifier was expected'));

/** An integer, also when sent as text ("3"); missing/null/empty → null. */
const optInt = z
  .union([z.number(), z.string()])
  .nullish()
  .transform((v, ctx) => {
    if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) return null;
    const n = typeof v === 'number' ? v : Number(v.trim());
    if (!Number.isFinite(n) || !Number.isInteger(n)) {
      ctx.addIssue({ code: 'custom', message: `expected a whole number, got ${JSON.stringify(v).slice(0, 40)}` });
      return z.NEVER;
    }
    return n;
  });

const int = optInt.transform((v, ctx) => {
  if (v === null) {
    ctx.addIssue({ code: 'custom', message: 'a whole number is required here but the field is missing' });
    return z.NEVER;
  }
  return v;
});

/** true/false, also as text. */
const optBool = z
  .union([z.boolean(), z.string()])
  .nullish()
  .transform((v, ctx) => {
    if (v === null || v === undefined || v === '') return null;
    if (typeof v === 'boolean') return v;
    const t = v.trim().toLowerCase();
    if (t === 'true') return true;
    if (t === 'false') return false;
    ctx.addIssue({ code: 'custom', message: `expected true or false, got ${JSON.stringify(v).slice(0, 40)}` });
    return z.NEVER;
  });

/** A timestamp in any known spelling; missing/null/empty → null; anything else is an issue. */
const optTimestamp = z
  .string()
  .nullish()
  .transform((v, ctx) => {
    if (v === null || v === undefined || v.trim() === '') return null;
    const iso = normalizeTimestamp(v);
    if (iso === null) {
      ctx.addIssue({ code: 'custom', message: `expected a timestamp such as 2024-05-10T15:07:01.000Z, got ${JSON.stringify(v).slice(0, 60)}` });
      return z.NEVER;
    }
    return iso;
  });

/** A fax number or TSID, with UNKNOWN / unavailable → null. */
const optNumber = optText.transform((v) => knownNumber(v));

/** Error codes meaning "no error": "0", SFAX (successful fax), OK. */
const optErrorCode = optText.transform((v) => (v === null || /^(0|sfax|ok|none)$/i.test(v) ? null : v.toUpperCase()));
const optErrorMessage = optText.transform((v) => (v === null || /^ok$/i.test(v) ? null : v));

function stateFrom(raw: string | null, ctx: z.RefinementCtx, required: boolean) {
  if (raw === null) {
    if (required) ctx.addIssue({ code: 'custom', message: 'the transmission status is missing' });
    return null;
  }
  const state = normalizeFaxState(raw);
  if (state === null) {
    ctx.addIssue({ code: 'custom', message: `unknown fax status ${JSON.stringify(raw).slice(0, 40)}` });
    return z.NEVER;
  }
  return state;
}

const optState = optText.transform((raw, ctx) => ({ raw, state: stateFrom(raw, ctx, false) }));

function directionFrom(v: string | number, ctx: z.RefinementCtx): FaxDirection {
  const up = String(v).trim().toUpperCase();
  if (up === 'INBOUND' || up === 'OUTBOUND') return up;
  ctx.addIssue({ code: 'custom', message: `expected INBOUND or OUTBOUND, got ${JSON.stringify(v).slice(0, 40)}` });
  return z.NEVER;
}
const optDirection = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v, ctx): FaxDirection | null => (v === null || v === undefined || String(v).trim() === '' ? null : directionFrom(v, ctx)));

/** An object sent as itself or as a one-element array (both seen in real clients); absent/empty → null. */
function objectOrFirst<T extends z.ZodType>(schema: T) {
  return z
    .unknown()
    .optional()
    .transform((v, ctx) => {
      if (v === null || v === undefined) return null;
      if (Array.isArray(v)) {
        if (v.length === 0) return null;
        if (v.length > 1) {
          ctx.addIssue({ code: 'custom', message: `expected one object (or a list of one), got a list of ${v.length}` });
          return z.NEVER;
        }
        return v[0] as unknown;
      }
      return v;
    })
    .pipe(z.union([z.null(), schema]));
}

// ---------------------------------------------------------------------------------------------
// Fax records

const RoutingWire = z
  .object({
    to_name: optText,
    to_company: optText,
    subject: optText,
    from_name: optText,
    cover_page_tags: z.union([z.string(), z.array(z.union([z.string(), z.object({ tag: z.string() })]))]).nullish(),
  })
  .transform(
    (r): RoutingData => ({
      toName: r.to_name,
      toCompany: r.to_company,
      subject: r.subject,
      fromName: r.from_name,
      coverPageTags:
        r.cover_page_tags === null || r.cover_page_tags === undefined
          ? []
          : typeof r.cover_page_tags === 'string'
            ? r.cover_page_tags.trim()
              ? [r.cover_page_tags]
              : []
            : r.cover_page_tags.map((t) => (typeof t === 'string' ? t : t.tag)),
    }),
  );

const TransmissionWire = z
  .object({
    transmission_status: optState,
    billable_retries: optInt,
    error_code: optErrorCode,
    error_message: optErrorMessage,
  })
  .transform(
    (t): TransmissionSummary => ({
      state: t.transmission_status.state,
      rawStatus: t.transmission_status.raw,
      billableRetries: t.billable_retries,
      errorCode: t.error_code,
      errorMessage: t.error_message,
    }),
  );

const ClientDataWire = z
  .object({
    client_code: optText,
    client_id: optText,
    client_matter: optText,
    client_name: optText,
    client_reference_id: optText,
    billing_code: optText,
  })
  .transform((c): ClientData => {
    const out: ClientData = {};
    if (c.client_code !== null) out.clientCode = c.client_code;
    if (c.client_id !== null) out.clientId = c.client_id;
    if (c.client_matter !== null) out.clientMatter = c.client_matter;
    if (c.client_name !== null) out.clientName = c.client_name;
    if (c.client_reference_id !== null) out.clientReferenceId = c.client_reference_id;
    if (c.billing_code !== null) out.billingCode = c.billing_code;
    return out;
  });

const baseFields = {
  fax_id: id,
  pages: optInt,
  size: optInt,
  duration: optInt,
  image_downloaded: optBool,
  fax_status: optText,
  completed_timestamp: optTimestamp,
  originating_fax_number: optNumber,
  destination_fax_number: optNumber,
};

type BaseWire = {
  fax_id: string;
  pages: number | null;
  size: number | null;
  duration: number | null;
  image_downloaded: boolean | null;
  fax_status: string | null;
  completed_timestamp: string | null;
  originating_fax_number: string | null;
  destination_fax_number: string | null;
};

function baseOf(w: BaseWire) {
  return {
    faxId: w.fax_id,
    pages: w.pages,
    size: w.size,
    durationSeconds: w.duration,
    imageDownloaded: w.image_downloaded,
    faxStatus: w.fax_status,
    completedAt: w.completed_timestamp,
    originatingNumber: w.originating_fax_number,
    destinationNumber: w.destination_fax_number,
  };
}

export const ReceivedFaxSchema = z
  .object({ ...baseFields, originating_fax_tsid: optNumber })
  .transform((w): ReceivedFax => ({ ...baseOf(w), originatingTsid: w.originating_fax_tsid }));

const outboundParts = {
  routing_data: objectOrFirst(RoutingWire),
  transmission_data: objectOrFirst(TransmissionWire),
  client_tracking_data: objectOrFirst(ClientDataWire),
};

export const SentFaxSchema = z.object({ ...baseFields, ...outboundParts }).transform(
  (w): SentFax => ({
    ...baseOf(w),
    routing: w.routing_data,
    transmission: w.transmission_data,
    clientData: w.client_tracking_data,
  }),
);

export const FaxMetadataSchema = z
  .object({
    ...baseFields,
    ...outboundParts,
    direction: optDirection,
    originating_fax_tsid: optNumber,
    destination_fax_csid: optNumber,
  })
  .transform(
    (w): FaxMetadata => ({
      ...baseOf(w),
      direction: w.direction,
      originatingTsid: w.originating_fax_tsid,
      destinationCsid: w.destination_fax_csid,
      routing: w.routing_data,
      transmission: w.transmission_data,
      clientData: w.client_tracking_data,
    }),
  );

/** The list envelope `{first_record, last_record, total_records?, faxes}`; a bare array is accepted too. */
function pageOf<T extends z.ZodType>(item: T) {
  const envelope = z
    .object({
      first_record: optInt,
      last_record: optInt,
      total_records: optInt,
      faxes: z.array(item).nullish(),
    })
    .transform((e, ctx): Page<z.output<T>> => {
      const items = (e.faxes ?? []) as z.output<T>[];
      if ((e.faxes === null || e.faxes === undefined) && (e.last_record ?? 0) > 0) {
        ctx.addIssue({ code: 'custom', path: ['faxes'], message: `the list of faxes is missing although last_record is ${e.last_record}` });
        return z.NEVER;
      }
      const firstRecord = e.first_record ?? (items.length ? 1 : 0);
      const lastRecord = e.last_record ?? (items.length ? firstRecord + items.length - 1 : 0);
      const page: Page<z.output<T>> = { items, firstRecord, lastRecord };
      if (e.total_records !== null) page.totalRecords = e.total_records;
      return page;
    });
  const bare = z.array(item).transform((items): Page<z.output<T>> => ({ items: items as z.output<T>[], firstRecord: items.length ? 1 : 0, lastRecord: items.length }));
  return z.union([bare, envelope]);
}

export const ReceivedPageSchema = pageOf(ReceivedFaxSchema);
export const SentPageSchema = pageOf(SentFaxSchema);

// ---------------------------------------------------------------------------------------------
// Transmission detail

const AttemptWire = z
  .object({
    attempt_number: int,
    attempt_status: optState,
    status: optState,
    duration: optInt,
    start_timestamp: optTimestamp,
    started_timestamp: optTimestamp,
    end_timestamp: optTimestamp,
    completed_timestamp: optTimestamp,
    error_code: optErrorCode,
    error_message: optErrorMessage,
  })
  .transform((a): TransmissionAttempt => {
    const st = a.attempt_status.raw !== null ? a.attempt_status : a.status;
    return {
      attemptNumber: a.attempt_number,
      state: st.state,
      rawStatus: st.raw,
      durationSeconds: a.duration,
      startedAt: a.start_timestamp ?? a.started_timestamp,
      endedAt: a.end_timestamp ?? a.completed_timestamp,
      errorCode: a.error_code,
      errorMessage: a.error_message,
    };
  });

const DetailTransmissionWire = z.object({
  transmission_status: optText,
  completed_timestamp: optTimestamp,
  error_code: optErrorCode,
  error_message: optErrorMessage,
  total_pages_sent: optInt,
  total_duration: optInt,
});

export const TransmissionDetailSchema = z
  .object({
    fax_id: id,
    direction: optDirection,
    originating_fax_number: optNumber,
    destination_fax_number: optNumber,
    /** Some spellings put the summary at the top level instead of in transmission_data. */
    transmission_status: optText,
    status: optText,
    completed_timestamp: optTimestamp,
    transmission_data: objectOrFirst(DetailTransmissionWire),
    attempts: z.array(AttemptWire).nullish(),
  })
  .transform((w, ctx): TransmissionDetail => {
    const t = w.transmission_data;
    const rawStatus = t?.transmission_status ?? w.transmission_status ?? w.status;
    if (rawStatus === null) {
      ctx.addIssue({ code: 'custom', path: ['transmission_data', 'transmission_status'], message: 'the transmission status is missing' });
      return z.NEVER;
    }
    const state = normalizeFaxState(rawStatus);
    if (state === null) {
      ctx.addIssue({
        code: 'custom',
        path: t?.transmission_status ? ['transmission_data', 'transmission_status'] : ['transmission_status'],
        message: `unknown fax status ${JSON.stringify(rawStatus).slice(0, 40)}`,
      });
      return z.NEVER;
    }
    return {
      faxId: w.fax_id,
      direction: w.direction,
      originatingNumber: w.originating_fax_number,
      destinationNumber: w.destination_fax_number,
      state,
      rawStatus,
      completedAt: t?.completed_timestamp ?? w.completed_timestamp,
      errorCode: t?.error_code ?? null,
      errorMessage: t?.error_message ?? null,
      totalPagesSent: t?.total_pages_sent ?? null,
      totalDurationSeconds: t?.total_duration ?? null,
      attempts: [...(w.attempts ?? [])].sort((a, b) => a.attemptNumber - b.attemptNumber),
    };
  });

// ---------------------------------------------------------------------------------------------
// Images

const base64 = z.string().transform((v, ctx) => {
  const clean = v.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(clean)) {
    ctx.addIssue({ code: 'custom', message: 'the image is not valid base64 data' });
    return z.NEVER;
  }
  return new Uint8Array(Buffer.from(clean, 'base64'));
});

export function faxImageSchema(format: FaxImage['format']) {
  return z
    .object({ fax_id: id, file_name: optText, image: base64 })
    .transform((w): FaxImage => ({ faxId: w.fax_id, fileName: w.file_name ?? `${w.fax_id}.${format.toLowerCase()}`, format, data: w.image }));
}

export const FaxImagePagesSchema = z
  .object({
    fax_id: id,
    pages: z.array(z.object({ page_number: optInt, file_name: optText, image: base64 })),
  })
  .transform(
    (w): FaxImagePages => ({
      faxId: w.fax_id,
      pages: w.pages.map((p, i) => ({ pageNumber: p.page_number, fileName: p.file_name ?? `${w.fax_id}-P-${p.page_number ?? i}.tiff`, data: p.image })),
    }),
  );

// ---------------------------------------------------------------------------------------------
// Tokens, sending

export const TokenSchema = z
  .object({
    access_token: z.string().min(1, 'the access token is empty'),
    token_type: optText,
    expires_in: optInt,
    scope: optText,
    jti: optText,
  })
  .transform((w, ctx): TokenGrant => {
    if (w.token_type !== null && w.token_type.toLowerCase() !== 'bearer') {
      ctx.addIssue({ code: 'custom', path: ['token_type'], message: `expected a bearer token, got type ${JSON.stringify(w.token_type).slice(0, 30)}` });
      return z.NEVER;
    }
    return {
      accessToken: w.access_token,
      tokenType: 'bearer',
      // The documented lifetime when the service leaves it out.
      expiresInSeconds: w.expires_in !== null && w.expires_in > 0 ? w.expires_in : 86_399,
      scope: w.scope,
      jti: w.jti,
    };
  });

const SentEntry = z.object({ fax_id: id, destination_fax_number: optNumber });

/** POST /faxes: an array (one entry per destination), a single object, or `{faxes:[…]}`. */
export const SendResultSchema = z
  .union([z.array(SentEntry), z.object({ faxes: z.array(SentEntry) }), SentEntry])
  .transform((w, ctx): SendResult => {
    const list = Array.isArray(w) ? w : 'faxes' in w ? w.faxes : [w];
    if (list.length === 0) {
      ctx.addIssue({ code: 'custom', message: 'the service accepted the fax but returned no fax_id' });
      return z.NEVER;
    }
    return { faxes: list.map((e) => ({ faxId: e.fax_id, destinationFaxNumber: e.destination_fax_number })) };
  });

// ---------------------------------------------------------------------------------------------
// Notifications

function sentStatusFrom(raw: string | null, ctx: z.RefinementCtx): NotificationSentStatus | null {
  if (raw === null) return null;
  const key = raw.toUpperCase().replace(/[\s_-]/g, '');
  if (['SUCCESSFUL', 'SUCCESS', 'SUCCEEDED', 'SENT', 'DELIVERED', 'OK'].includes(key)) return 'SUCCESSFUL';
  if (['FAILED', 'FAILURE', 'FAIL', 'ERROR'].includes(key)) return 'FAILED';
  if (['QUEUED', 'PENDING', 'RETRYING', 'INPROGRESS'].includes(key)) return 'QUEUED';
  ctx.addIssue({ code: 'custom', message: `unknown delivery status ${JSON.stringify(raw).slice(0, 40)}` });
  return z.NEVER;
}

export const NotificationRecordSchema = z
  .object({
    notify_id: optText,
    notification_id: optText,
    app_id: optText,
    user_id: optText,
    fax_id: optText,
    fax_direction: optDirection,
    direction: optDirection,
    fax_completed_timestamp: optTimestamp,
    completed_timestamp: optTimestamp,
    notify_type: optText,
    notify_destination: optText,
    sent_status: optText,
    event_type: optText,
  })
  .transform((w, ctx): NotificationRecord => {
    const notifyId = w.notify_id ?? w.notification_id;
    if (notifyId === null) {
      ctx.addIssue({ code: 'custom', path: ['notify_id'], message: 'the notification has no notify_id' });
      return z.NEVER;
    }
    return {
      notifyId,
      appId: w.app_id,
      userId: w.user_id,
      faxId: w.fax_id,
      direction: w.fax_direction ?? w.direction,
      faxCompletedAt: w.fax_completed_timestamp ?? w.completed_timestamp,
      notifyType: w.notify_type,
      notifyDestination: w.notify_destination,
      sentStatus: sentStatusFrom(w.sent_status, ctx),
      eventType: w.event_type,
    };
  });

/** GET /notifications: a bare array (documented), or an envelope holding one. */
export const NotificationListSchema = z.union([
  z.array(NotificationRecordSchema),
  z.object({ notifications: z.array(NotificationRecordSchema) }).transform((w) => w.notifications),
]);

const PingEntry = z
  .object({
    notify_id: optText,
    notification_id: optText,
    app_id: optText,
    notify_config_id: optText,
    notification_config_id: optText,
    fax_direction: optDirection,
    direction: optDirection,
    notify_type: optText,
    event_type: optText,
  })
  .transform((w, ctx): PingResult => {
    const notifyId = w.notify_id ?? w.notification_id;
    if (notifyId === null) {
      ctx.addIssue({ code: 'custom', path: ['notify_id'], message: 'the ping answer has no notify_id' });
      return z.NEVER;
    }
    return {
      notifyId,
      appId: w.app_id,
      notifyConfigId: w.notify_config_id ?? w.notification_config_id,
      direction: w.fax_direction ?? w.direction,
      notifyType: w.notify_type,
      eventType: w.event_type,
    };
  });

export const PingResultSchema = z.union([z.array(PingEntry), PingEntry.transform((p) => [p])]);

export const NotificationConfigSchema = z
  .object({
    notification_id: optText,
    notify_config_id: optText,
    id: optText,
    app_id: optText,
    direction: optDirection,
    fax_direction: optDirection,
    notify_destination: optText,
    enabled: optBool,
  })
  .transform((w, ctx): NotificationConfig => {
    const notificationId = w.notification_id ?? w.notify_config_id ?? w.id;
    const dir = w.direction ?? w.fax_direction;
    if (notificationId === null) {
      ctx.addIssue({ code: 'custom', path: ['notification_id'], message: 'the webhook setting has no notification_id' });
      return z.NEVER;
    }
    if (dir === null) {
      ctx.addIssue({ code: 'custom', path: ['direction'], message: 'the webhook setting has no direction' });
      return z.NEVER;
    }
    if (w.notify_destination === null) {
      ctx.addIssue({ code: 'custom', path: ['notify_destination'], message: 'the webhook setting has no destination address' });
      return z.NEVER;
    }
    return { notificationId, appId: w.app_id, direction: dir, notifyDestination: w.notify_destination, enabled: w.enabled ?? true };
  });

export const NotificationConfigListSchema = z.union([
  z.array(NotificationConfigSchema),
  z.object({ notifications: z.array(NotificationConfigSchema) }).transform((w) => w.notifications),
]);

export const HealthSchema = z
  .object({ status: text })
  .transform((w): HealthStatus => ({ status: w.status, up: w.status.trim().toUpperCase() === 'UP' }));

// ---------------------------------------------------------------------------------------------
// Admin API

const AdminNumberWire = z.union([
  text.transform((faxNumber) => ({ faxNumber, userId: null as string | null, csid: null as string | null })),
  z.object({ fax_number: text, user_id: optText, csid: optText }).transform((n) => ({ faxNumber: n.fax_number, userId: n.user_id, csid: n.csid })),
]);

export const AdminUserSchema = z
  .object({
    customer_key: optText,
    customerKey: optText,
    first_name: optText,
    last_name: optText,
    email: optText,
    status: optText,
    time_zone: optText,
    custom_fax_headers: optBool,
    fax_numbers: z.array(AdminNumberWire).nullish(),
    numbers: z.array(AdminNumberWire).nullish(),
    created_timestamp: optTimestamp,
    updated_timestamp: optTimestamp,
  })
  .transform((w, ctx): AdminUser => {
    const customerKey = w.customer_key ?? w.customerKey;
    if (customerKey === null) {
      ctx.addIssue({ code: 'custom', path: ['customer_key'], message: 'the user has no customer key' });
      return z.NEVER;
    }
    return {
      customerKey,
      firstName: w.first_name,
      lastName: w.last_name,
      email: w.email,
      status: w.status === null ? null : w.status.toUpperCase(),
      timeZone: w.time_zone,
      customFaxHeaders: w.custom_fax_headers,
      numbers: w.fax_numbers ?? w.numbers ?? [],
      createdAt: w.created_timestamp,
      updatedAt: w.updated_timestamp,
    };
  });

export const AdminUserListSchema = z.union([
  z.array(AdminUserSchema),
  z.object({ users: z.array(AdminUserSchema) }).transform((w) => w.users),
]);
