/**
 * Validation of the POST /faxes body (spec "Send request"; efax-api-facts.md §4). Every problem found
 * is reported (not only the first), each naming its element as a path such as
 * `destinations[2].fax_number` or `fax_options.header_options.line_1[0]`.
 *
 * Rules:
 * - destinations: 1 or more; only the first 50 are used (the rest are ignored without a word, as the
 *   service does); fax_number required, a service fax number (digits with country code, optional '+');
 *   to_name / to_company optional strings;
 * - documents: 1 to 25; document_type one of DOCUMENT_TYPES (any case); document_content non-empty
 *   standard base64 (line breaks allowed) decoding to at least one byte. The 100 MB payload limit
 *   (base64 included) is the route's body limit (413);
 * - fax_options: image_resolution STANDARD | FINE (default FINE); include_cover_page boolean or
 *   "true"/"false"; retries as integers or integer text: billable 1-10 (default 2), non-billable 1-10
 *   (default 5), human_answer 1-3 (default 1), given as retry_options {billable, non_billable,
 *   human_answer} or as the older billable_retries / non_billable_retries; custom_CallerID digits
 *   (optional '+', 1-20 digits); custom_CSID a string (cut to 20 characters silently);
 *   cover_page_options {from_name, subject, message, tags} strings; header_options through the shared
 *   header module (unknown variables rejected; over-long values cropped when printed);
 * - client_data: the six known keys, strings (other keys are ignored).
 */
import { isValidServiceFaxNumber } from '../../shared/fax-number';
import { validateHeaderOptions } from '../../shared/header';
import type { ErrorDetail } from '../http/errors';
import type { ClientData, SendOptions } from '../state/model';
import { describeType, isPlainObject } from '../util';

export const MAX_DESTINATIONS = 50;
export const MAX_DOCUMENTS = 25;
/** 100 MB including base64 (D-sys). */
export const MAX_PAYLOAD_BYTES = 100 * 1024 * 1024;

export const DOCUMENT_TYPES = [
  'PDF', 'TXT', 'TEXT', 'CSV', 'DOC', 'DOCX', 'RTF', 'XLS', 'XLSX', 'PPT', 'PPTX', 'HTML', 'HTM',
  'TIF', 'TIFF', 'JPG', 'JPEG', 'PNG', 'GIF', 'BMP', 'WPD', 'WP5', 'WP6', 'ODT',
] as const;
const KNOWN_TYPES = new Set<string>(DOCUMENT_TYPES);

const CLIENT_DATA_KEYS = ['client_code', 'client_id', 'client_matter', 'client_name', 'client_reference_id', 'billing_code'] as const;
const CLIENT_DATA_MAX = 255;
const NAME_MAX = 200;
const COVER_MAX = { from_name: 200, subject: 500, message: 10_000 } as const;

export interface ParsedDestination {
  faxNumber: string;
  toName: string;
  toCompany: string;
}

export interface ParsedSend {
  destinations: ParsedDestination[];
  documents: { type: string; bytes: Buffer }[];
  options: SendOptions;
  clientData: ClientData;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Strict base64 (standard alphabet, padding optional), ignoring line breaks; null when invalid. */
export function decodeBase64(text: string): Buffer | null {
  const compact = /[\r\n\t ]/.test(text) ? text.replace(/[\r\n\t ]+/g, '') : text;
  if (compact.length === 0 || !BASE64.test(compact) || compact.length % 4 === 1) return null;
  const unpadded = compact.replace(/=+$/, '');
  if (compact.length % 4 !== 0 && compact.length !== unpadded.length) return null;
  return Buffer.from(compact, 'base64');
}

function integerOption(value: unknown, path: string, min: number, max: number, errors: ErrorDetail[]): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(n) || n < min || n > max) {
    errors.push({ element: path, message: `${path} must be a whole number from ${min} to ${max} (as a number or as text); got ${JSON.stringify(value)}.` });
    return undefined;
  }
  return n;
}

function optionalString(value: unknown, path: string, max: number, errors: ErrorDetail[]): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') {
    errors.push({ element: path, message: `${path} must be a string; got ${describeType(value)}.` });
    return '';
  }
  if (value.length > max) {
    errors.push({ element: path, message: `${path} is ${value.length} characters; at most ${max} are accepted.` });
    return '';
  }
  return value;
}

// validateHeaderOptions is pure but spends most of a send's validation time (it formats sample dates
// to warn about crops); clients send the same few headers again and again.
const headerCache = new Map<string, ReturnType<typeof validateHeaderOptions>>();
function validateHeaderCached(input: unknown): ReturnType<typeof validateHeaderOptions> {
  const key = JSON.stringify(input);
  const hit = headerCache.get(key);
  if (hit) return hit;
  const result = validateHeaderOptions(input);
  if (headerCache.size >= 256) headerCache.delete(headerCache.keys().next().value!);
  headerCache.set(key, result);
  return result;
}

export interface SendValidationContext {
  /** The account's custom fax header feature: when off, header_options is ignored (spec). */
  customHeadersEnabled: boolean;
}

export function parseSendRequest(body: unknown, context: SendValidationContext): { ok: true; value: ParsedSend } | { ok: false; errors: ErrorDetail[] } {
  const errors: ErrorDetail[] = [];
  if (!isPlainObject(body)) {
    return { ok: false, errors: [{ element: 'body', message: `The request body must be a JSON object with destinations and documents; got ${describeType(body)}.` }] };
  }

  // destinations ---------------------------------------------------------------------------------
  const destinations: ParsedDestination[] = [];
  if (body.destinations === undefined) {
    errors.push({ element: 'destinations', message: 'destinations is required: an array of {fax_number, to_name, to_company}.' });
  } else if (!Array.isArray(body.destinations)) {
    errors.push({ element: 'destinations', message: `destinations must be an array; got ${describeType(body.destinations)}.` });
  } else if (body.destinations.length === 0) {
    errors.push({ element: 'destinations', message: 'destinations is empty: give at least one destination.' });
  } else {
    body.destinations.slice(0, MAX_DESTINATIONS).forEach((d: unknown, i: number) => {
      const path = `destinations[${i}]`;
      if (!isPlainObject(d)) {
        errors.push({ element: path, message: `${path} must be an object with fax_number; got ${describeType(d)}.` });
        return;
      }
      const number = d.fax_number;
      if (number === undefined || number === null || number === '') {
        errors.push({ element: `${path}.fax_number`, message: `${path}.fax_number is required.` });
      } else if (typeof number !== 'string') {
        errors.push({ element: `${path}.fax_number`, message: `${path}.fax_number must be a string of digits; got ${describeType(number)}.` });
      } else if (!isValidServiceFaxNumber(number)) {
        errors.push({
          element: `${path}.fax_number`,
          message: `${path}.fax_number "${number}" is not a valid fax number: digits only, with the country code (e.g. 12125550100), at most 15 digits; a North American number has 11.`,
        });
      }
      const toName = optionalString(d.to_name, `${path}.to_name`, NAME_MAX, errors);
      const toCompany = optionalString(d.to_company, `${path}.to_company`, NAME_MAX, errors);
      if (typeof number === 'string') destinations.push({ faxNumber: number, toName, toCompany });
    });
  }

  // documents ------------------------------------------------------------------------------------
  const documents: { type: string; bytes: Buffer }[] = [];
  if (body.documents === undefined) {
    errors.push({ element: 'documents', message: 'documents is required: an array of {document_type, document_content (base64)}.' });
  } else if (!Array.isArray(body.documents)) {
    errors.push({ element: 'documents', message: `documents must be an array; got ${describeType(body.documents)}.` });
  } else if (body.documents.length === 0) {
    errors.push({ element: 'documents', message: 'documents is empty: attach at least one document.' });
  } else if (body.documents.length > MAX_DOCUMENTS) {
    errors.push({ element: 'documents', message: `${body.documents.length} documents were attached; at most ${MAX_DOCUMENTS} are allowed per fax.` });
  } else {
    body.documents.forEach((doc: unknown, i: number) => {
      const path = `documents[${i}]`;
      if (!isPlainObject(doc)) {
        errors.push({ element: path, message: `${path} must be an object with document_type and document_content; got ${describeType(doc)}.` });
        return;
      }
      let type: string | null = null;
      if (typeof doc.document_type !== 'string' || doc.document_type.trim() === '') {
        errors.push({ element: `${path}.document_type`, message: `${path}.document_type is required: a file type such as PDF or TXT.` });
      } else {
        type = doc.document_type.trim().toUpperCase().replace(/^\./, '');
        if (!KNOWN_TYPES.has(type)) {
          errors.push({ element: `${path}.document_type`, message: `${path}.document_type "${doc.document_type}" is not supported. Use one of ${DOCUMENT_TYPES.join(', ')}.` });
          type = null;
        }
      }
      let bytes: Buffer | null = null;
      if (typeof doc.document_content !== 'string' || doc.document_content === '') {
        errors.push({ element: `${path}.document_content`, message: `${path}.document_content is required: the document's bytes in base64.` });
      } else {
        bytes = decodeBase64(doc.document_content);
        if (!bytes || bytes.length === 0) {
          errors.push({ element: `${path}.document_content`, message: `${path}.document_content is not valid base64 (standard alphabet A-Z a-z 0-9 + /, with = padding).` });
          bytes = null;
        }
      }
      if (type && bytes) documents.push({ type, bytes });
    });
  }

  // fax_options ----------------------------------------------------------------------------------
  const options: SendOptions = {
    imageResolution: 'FINE',
    includeCoverPage: false,
    coverPage: { fromName: '', subject: '', message: '', tags: [] },
    billableRetries: 2,
    nonBillableRetries: 5,
    humanAnswerAttempts: 1,
    callerId: '',
    csid: '',
    header: null,
  };
  const fo = body.fax_options;
  if (fo !== undefined && fo !== null && !isPlainObject(fo)) {
    errors.push({ element: 'fax_options', message: `fax_options must be an object; got ${describeType(fo)}.` });
  } else if (isPlainObject(fo)) {
    if (fo.image_resolution !== undefined && fo.image_resolution !== null) {
      if (fo.image_resolution === 'STANDARD' || fo.image_resolution === 'FINE') options.imageResolution = fo.image_resolution;
      else errors.push({ element: 'fax_options.image_resolution', message: `fax_options.image_resolution must be STANDARD or FINE; got ${JSON.stringify(fo.image_resolution)}.` });
    }
    const cover = fo.include_cover_page;
    if (cover === true || cover === 'true') options.includeCoverPage = true;
    else if (cover === false || cover === 'false' || cover === undefined || cover === null) options.includeCoverPage = false;
    else errors.push({ element: 'fax_options.include_cover_page', message: `fax_options.include_cover_page must be true or false; got ${JSON.stringify(cover)}.` });

    const retry = fo.retry_options;
    if (retry !== undefined && retry !== null && !isPlainObject(retry)) {
      errors.push({ element: 'fax_options.retry_options', message: `fax_options.retry_options must be an object; got ${describeType(retry)}.` });
    }
    const r = isPlainObject(retry) ? retry : {};
    options.billableRetries =
      integerOption(r.billable, 'fax_options.retry_options.billable', 1, 10, errors) ??
      integerOption(fo.billable_retries, 'fax_options.billable_retries', 1, 10, errors) ??
      2;
    options.nonBillableRetries =
      integerOption(r.non_billable, 'fax_options.retry_options.non_billable', 1, 10, errors) ??
      integerOption(fo.non_billable_retries, 'fax_options.non_billable_retries', 1, 10, errors) ??
      5;
    options.humanAnswerAttempts = integerOption(r.human_answer, 'fax_options.retry_options.human_answer', 1, 3, errors) ?? 1;

    if (fo.custom_CallerID !== undefined && fo.custom_CallerID !== null && fo.custom_CallerID !== '') {
      if (typeof fo.custom_CallerID !== 'string' || !/^\+?\d{1,20}$/.test(fo.custom_CallerID)) {
        errors.push({ element: 'fax_options.custom_CallerID', message: `fax_options.custom_CallerID must be digits (a fax number with country code); got ${JSON.stringify(fo.custom_CallerID)}.` });
      } else options.callerId = fo.custom_CallerID;
    }
    if (fo.custom_CSID !== undefined && fo.custom_CSID !== null) {
      if (typeof fo.custom_CSID !== 'string') {
        errors.push({ element: 'fax_options.custom_CSID', message: `fax_options.custom_CSID must be a string; got ${describeType(fo.custom_CSID)}.` });
      } else options.csid = fo.custom_CSID.slice(0, 20);
    }

    const cpo = fo.cover_page_options;
    if (cpo !== undefined && cpo !== null && !isPlainObject(cpo)) {
      errors.push({ element: 'fax_options.cover_page_options', message: `fax_options.cover_page_options must be an object; got ${describeType(cpo)}.` });
    } else if (isPlainObject(cpo)) {
      const p = 'fax_options.cover_page_options';
      options.coverPage.fromName = optionalString(cpo.from_name, `${p}.from_name`, COVER_MAX.from_name, errors);
      options.coverPage.subject = optionalString(cpo.subject, `${p}.subject`, COVER_MAX.subject, errors);
      options.coverPage.message = optionalString(cpo.message, `${p}.message`, COVER_MAX.message, errors);
      if (cpo.tags !== undefined && cpo.tags !== null) {
        if (!Array.isArray(cpo.tags) || cpo.tags.length > 20) {
          errors.push({ element: `${p}.tags`, message: `${p}.tags must be an array of at most 20 strings or {tag} objects.` });
        } else {
          cpo.tags.forEach((t: unknown, i: number) => {
            const text = typeof t === 'string' ? t : isPlainObject(t) && typeof t.tag === 'string' ? t.tag : null;
            if (text === null || text.length > 200) errors.push({ element: `${p}.tags[${i}]`, message: `${p}.tags[${i}] must be a string (or {"tag": string}) of at most 200 characters.` });
            else options.coverPage.tags.push(text);
          });
        }
      }
    }

    if (fo.header_options !== undefined && fo.header_options !== null && context.customHeadersEnabled) {
      const header = validateHeaderCached(fo.header_options);
      if (header.ok) options.header = header.value;
      else {
        for (const e of header.errors) {
          errors.push({ element: e.path ? `fax_options.header_options.${e.path}` : 'fax_options.header_options', message: e.message });
        }
      }
    }
  }

  // client_data ----------------------------------------------------------------------------------
  const clientData: ClientData = {};
  const cd = body.client_data;
  if (cd !== undefined && cd !== null && !isPlainObject(cd)) {
    errors.push({ element: 'client_data', message: `client_data must be an object; got ${describeType(cd)}.` });
  } else if (isPlainObject(cd)) {
    for (const key of CLIENT_DATA_KEYS) {
      const v = cd[key];
      if (v === undefined || v === null) continue;
      if (typeof v !== 'string') errors.push({ element: `client_data.${key}`, message: `client_data.${key} must be a string; got ${describeType(v)}.` });
      else if (v.length > CLIENT_DATA_MAX) errors.push({ element: `client_data.${key}`, message: `client_data.${key} is ${v.length} characters; at most ${CLIENT_DATA_MAX}.` });
      else clientData[key] = v;
    }
  }

  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, value: { destinations, documents, options, clientData } };
}
