/**
 * The service's one error shape (efax-api-facts.md §6):
 *   {"errors":[{"element_name","user_message","developer_message","more_info","error_code"}],"transaction_id"}
 * error_code is a string: symbolic (BAD_REQUEST, UNAUTHORIZED, ...) or numeric ("102": image missing).
 */

export interface ErrorItem {
  element_name: string;
  user_message: string;
  developer_message: string;
  more_info: string;
  error_code: string;
}

export interface ErrorBody {
  errors: ErrorItem[];
  transaction_id: string;
}

export const ERROR_CODE_BY_STATUS: Readonly<Record<number, string>> = Object.freeze({
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
  500: 'INTERNAL_SERVER_ERROR',
  501: 'NOT_IMPLEMENTED',
  502: 'BAD_GATEWAY',
  503: 'SERVICE_UNAVAILABLE',
  504: 'GATEWAY_TIMEOUT',
});

export function errorCodeFor(status: number): string {
  return ERROR_CODE_BY_STATUS[status] ?? (status >= 500 ? 'INTERNAL_SERVER_ERROR' : 'BAD_REQUEST');
}

export interface ErrorDetail {
  element: string;
  message: string;
  /** Longer text for the integrator; defaults to `message`. */
  developerMessage?: string;
  /** Overrides the status's symbolic code (e.g. "102"). */
  code?: string;
  moreInfo?: string;
}

/** Thrown anywhere in a handler: becomes the error response. */
export class ApiError extends Error {
  readonly status: number;
  readonly details: ErrorDetail[];
  readonly headers: Record<string, string>;

  constructor(status: number, details: ErrorDetail | ErrorDetail[], headers: Record<string, string> = {}) {
    const list = Array.isArray(details) ? details : [details];
    super(list.map((d) => d.message).join(' '));
    this.status = status;
    this.details = list;
    this.headers = headers;
  }
}

export function errorBody(status: number, details: ErrorDetail[], transactionId: string): ErrorBody {
  return {
    errors: details.map((d) => ({
      element_name: d.element,
      user_message: d.message,
      developer_message: d.developerMessage ?? d.message,
      more_info: d.moreInfo ?? '',
      error_code: d.code ?? errorCodeFor(status),
    })),
    transaction_id: transactionId,
  };
}

export const badRequest = (element: string, message: string, developerMessage?: string): ApiError =>
  new ApiError(400, { element, message, developerMessage });

export const notFound = (element: string, message: string): ApiError => new ApiError(404, { element, message });
