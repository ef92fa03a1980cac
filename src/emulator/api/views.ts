/**
 * Wire shapes of the Fax Services responses, built from the emulator's records. Shapes follow the
 * best evidence in efax-api-facts.md (the white-label copy of the service's reference, "MS"):
 * - metadata and sent-list items: fax_id, size, duration, pages, image_downloaded, fax_status,
 *   completed_timestamp, direction, originating/destination numbers, TSID/CSID, routing_data,
 *   transmission_data, client_tracking_data (objects, not arrays);
 * - transmission_status in metadata and lists: COMPLETE / ERROR / CANCELED when final (the spelling of
 *   MS and the webhook), NEW / IN PROGRESS / PENDING RETRY before;
 * - transmission-detail: the D-out vocabulary (NEW, IN PROGRESS, PENDING RETRY, COMPLETED, ERROR,
 *   CANCELED), error_code "0" / error_message "OK" on success, one entry per attempt;
 * - fax timestamps as `2024-05-21T04:27:56.000+0000`; null while a fax is not final.
 * Extra fields beyond the evidence (created_timestamp, transaction_id, page_count, attempt timestamps)
 * are additions a tolerant client ignores.
 */
import type { FaxRecord, FaxState, NotificationRecord, UserRecord, NumberRecord, WebhookConfigRecord } from '../state/model';
import { faxTimestamp, isoTimestamp } from '../util';

export function summaryStatus(status: FaxState): string {
  switch (status) {
    case 'COMPLETED':
      return 'COMPLETE';
    default:
      return status;
  }
}

function transmissionData(fax: FaxRecord) {
  const final = fax.completedAt !== null;
  return {
    transmission_status: summaryStatus(fax.status),
    billable_retries: fax.direction === 'OUTBOUND' ? fax.billableRetriesUsed : null,
    error_code: !final ? null : fax.status === 'COMPLETED' ? '0' : fax.errorCode,
    error_message: !final ? null : fax.status === 'COMPLETED' ? 'OK' : fax.errorMessage,
  };
}

/** GET /faxes/{id}/metadata, PATCH .../metadata, and the items of GET /faxes/sent. */
export function metadataView(fax: FaxRecord) {
  const outbound = fax.direction === 'OUTBOUND';
  return {
    fax_id: fax.faxId,
    direction: fax.direction,
    size: fax.imageBytes,
    duration: fax.duration,
    pages: fax.pages,
    image_downloaded: fax.imageDownloaded,
    fax_status: 'STORED',
    completed_timestamp: fax.completedAt === null ? null : faxTimestamp(fax.completedAt),
    created_timestamp: faxTimestamp(fax.createdAt),
    originating_fax_number: fax.originatingFaxNumber,
    originating_fax_tsid: fax.originatingFaxTsid,
    destination_fax_number: fax.destinationFaxNumber,
    destination_fax_csid: fax.destinationFaxCsid,
    routing_data: {
      to_name: fax.toName,
      to_company: fax.toCompany,
      subject: fax.options?.coverPage.subject ?? '',
      from_name: fax.options?.coverPage.fromName ?? '',
      cover_page_tags: fax.options?.coverPage.tags ?? [],
    },
    transmission_data: transmissionData(fax),
    client_tracking_data: {
      client_code: fax.clientData.client_code ?? '',
      client_id: fax.clientData.client_id ?? '',
      client_matter: fax.clientData.client_matter ?? '',
      client_name: fax.clientData.client_name ?? '',
      client_reference_id: fax.clientData.client_reference_id ?? '',
      billing_code: fax.clientData.billing_code ?? '',
    },
    ...(outbound ? { transaction_id: fax.transactionId, page_count: fax.imagePages } : {}),
  };
}

/** Items of GET /faxes/received (spec: the received fax list item). */
export function receivedItemView(fax: FaxRecord) {
  return {
    fax_id: fax.faxId,
    pages: fax.pages,
    image_downloaded: fax.imageDownloaded,
    fax_status: 'STORED',
    completed_timestamp: faxTimestamp(fax.completedAt ?? fax.createdAt),
    originating_fax_number: fax.originatingFaxNumber,
    originating_fax_tsid: fax.originatingFaxTsid,
    destination_fax_number: fax.destinationFaxNumber,
    size: fax.imageBytes,
    duration: fax.duration,
    direction: 'INBOUND',
  };
}

/** GET /faxes/{id}/transmission-detail(s). */
export function transmissionDetailView(fax: FaxRecord) {
  const final = fax.completedAt !== null;
  const inbound = fax.direction === 'INBOUND';
  const attempts = inbound
    ? [{ attempt_number: 1, attempt_status: 'COMPLETED', duration: fax.duration, start_timestamp: faxTimestamp(fax.createdAt), end_timestamp: faxTimestamp(fax.createdAt), error_code: '0', error_message: 'OK', pages_sent: fax.pages }]
    : fax.attempts.map((a) => ({
        attempt_number: a.attemptNumber,
        attempt_status: a.status,
        duration: a.duration,
        start_timestamp: faxTimestamp(a.startedAt),
        end_timestamp: a.endedAt === null ? null : faxTimestamp(a.endedAt),
        error_code: a.status === 'COMPLETED' ? '0' : a.errorCode,
        error_message: a.status === 'COMPLETED' ? 'OK' : a.errorMessage,
        pages_sent: a.pagesSent,
      }));
  return {
    fax_id: fax.faxId,
    direction: fax.direction,
    originating_fax_number: fax.originatingFaxNumber,
    destination_fax_number: fax.destinationFaxNumber,
    transmission_data: {
      transmission_status: fax.status,
      completed_timestamp: final ? faxTimestamp(fax.completedAt!) : null,
      error_code: !final ? null : fax.status === 'COMPLETED' ? '0' : fax.errorCode,
      error_message: !final ? null : fax.status === 'COMPLETED' ? 'OK' : fax.errorMessage,
      total_pages_sent: fax.pages,
      total_duration: inbound ? fax.duration : fax.attempts.reduce((s, a) => s + a.duration, 0),
      billable_retries: inbound ? null : fax.billableRetriesUsed,
    },
    attempts,
  };
}

/** GET /notifications items (spec: notification record). */
export function notificationView(n: NotificationRecord) {
  const last = n.attempts[n.attempts.length - 1];
  return {
    app_id: n.appId,
    user_id: n.userId,
    fax_id: n.faxId,
    notify_id: n.notifyId,
    fax_direction: n.direction,
    fax_completed_timestamp: isoTimestamp(n.faxCompletedAt),
    notify_type: 'WEBHOOK',
    notify_destination: n.destination,
    sent_status: n.status,
    event_type: n.eventType,
    attempts: n.attempts.length,
    last_attempt_timestamp: last ? isoTimestamp(last.at) : null,
    last_response_status: last?.httpStatus ?? null,
    next_attempt_timestamp: n.nextAttemptAt === null || n.status !== 'QUEUED' ? null : isoTimestamp(n.nextAttemptAt),
    failure_reason: n.failureReason,
  };
}

/** Control surface: a delivery with everything sent, for tests that check the bytes and signature. */
export function deliveryView(n: NotificationRecord) {
  return {
    ...notificationView(n),
    notify_config_id: n.notifyConfigId,
    created_timestamp: isoTimestamp(n.createdAt),
    body: n.body,
    signature: n.signature || null,
    attempt_log: n.attempts.map((a) => ({
      attempt_number: a.attemptNumber,
      at: isoTimestamp(a.at),
      http_status: a.httpStatus,
      error: a.error,
      elapsed_ms: a.elapsedMs,
    })),
  };
}

export function webhookConfigView(c: WebhookConfigRecord) {
  return {
    notification_id: c.notificationId,
    app_id: c.appId,
    direction: c.direction,
    type: 'WEBHOOK',
    notify_destination: c.destination,
    enabled: c.enabled,
    hmac_enabled: c.hmacSecret !== '',
    created_timestamp: isoTimestamp(c.createdAt),
    updated_timestamp: isoTimestamp(c.updatedAt),
  };
}

/** Admin API user. */
export function userView(u: UserRecord, numbers: NumberRecord[], appId: string) {
  return {
    customer_key: u.customerKey,
    first_name: u.firstName,
    last_name: u.lastName,
    email: u.email,
    status: u.status,
    time_zone: u.timeZone,
    custom_fax_headers: u.customFaxHeaders,
    app_id: appId,
    fax_numbers: numbers.map(numberView),
    created_timestamp: isoTimestamp(u.createdAt),
    updated_timestamp: isoTimestamp(u.updatedAt),
  };
}

export function numberView(n: NumberRecord) {
  return { fax_number: n.faxNumber, user_id: n.userId, customer_key: n.customerKey, csid: n.csid, assigned_timestamp: isoTimestamp(n.assignedAt) };
}
