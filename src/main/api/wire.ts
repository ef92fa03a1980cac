/**
 * Faxdesk's request shapes → the service's wire names (snake_case bodies, query parameters).
 * The answers go the other way through schemas.ts.
 */
import type { ClientData, SendRequest, SentFilter } from '../../shared/domain/fax';
import type { FaxState } from '../../shared/domain/fax-status';
import type { QueryValue } from './http-types';

/** How the service spells each state in the transmission_status filter (records use upper case). */
const STATE_FILTER: Record<FaxState, string> = {
  NEW: 'NEW',
  IN_PROGRESS: 'IN PROGRESS',
  PENDING_RETRY: 'PENDING RETRY',
  COMPLETED: 'COMPLETE',
  ERROR: 'ERROR',
  CANCELED: 'CANCELED',
};

export function sentFilterToQuery(filter: SentFilter): Record<string, QueryValue> {
  return {
    min_completed_timestamp: filter.completedAfter,
    max_completed_timestamp: filter.completedBefore,
    image_downloaded: filter.imageDownloaded,
    search_text: filter.searchText,
    originating_fax_number: filter.originatingNumber,
    destination_fax_number: filter.destinationNumber,
    min_pages: filter.minPages,
    max_pages: filter.maxPages,
    transmission_status: filter.transmissionStatus ? STATE_FILTER[filter.transmissionStatus] : undefined,
    transaction_id: filter.transactionId,
    fax_status: filter.faxStatus,
    error_code: filter.errorCode,
  };
}

export function clientDataToWire(data: ClientData | undefined): Record<string, string> | undefined {
  if (!data) return undefined;
  const out: Record<string, string> = {};
  if (data.clientCode !== undefined) out.client_code = data.clientCode;
  if (data.clientId !== undefined) out.client_id = data.clientId;
  if (data.clientMatter !== undefined) out.client_matter = data.clientMatter;
  if (data.clientName !== undefined) out.client_name = data.clientName;
  if (data.clientReferenceId !== undefined) out.client_reference_id = data.clientReferenceId;
  if (data.billingCode !== undefined) out.billing_code = data.billingCode;
  return Object.keys(out).length ? out : undefined;
}

/**
 * The POST /faxes body without its documents (fax-request-body.ts streams them after it). Optional
 * parts the request leaves out are left out on the wire too.
 */
export function sendEnvelopeToWire(request: SendRequest): Record<string, unknown> {
  const o = request.options ?? {};
  const faxOptions: Record<string, unknown> = {};
  if (o.imageResolution) faxOptions.image_resolution = o.imageResolution;
  if (o.includeCoverPage !== undefined) faxOptions.include_cover_page = o.includeCoverPage;
  if (o.coverPage) {
    const cover: Record<string, string> = {};
    if (o.coverPage.fromName !== undefined) cover.from_name = o.coverPage.fromName;
    if (o.coverPage.subject !== undefined) cover.subject = o.coverPage.subject;
    if (o.coverPage.message !== undefined) cover.message = o.coverPage.message;
    faxOptions.cover_page_options = cover;
  }
  if (o.retries) {
    const retry: Record<string, number> = {};
    if (o.retries.nonBillable !== undefined) retry.non_billable = o.retries.nonBillable;
    if (o.retries.billable !== undefined) retry.billable = o.retries.billable;
    if (o.retries.humanAnswer !== undefined) retry.human_answer = o.retries.humanAnswer;
    faxOptions.retry_options = retry;
  }
  if (o.customCallerId !== undefined) faxOptions.custom_CallerID = o.customCallerId;
  if (o.customCsid !== undefined) faxOptions.custom_CSID = o.customCsid;
  if (o.header) {
    faxOptions.header_options = o.header.line2 ? { line_1: o.header.line1, line_2: o.header.line2 } : { line_1: o.header.line1 };
  }
  const body: Record<string, unknown> = {
    destinations: request.destinations.map((d) => ({ fax_number: d.faxNumber, to_name: d.toName ?? '', to_company: d.toCompany ?? '' })),
    fax_options: faxOptions,
  };
  const clientData = clientDataToWire(request.clientData);
  if (clientData) body.client_data = clientData;
  return body;
}
