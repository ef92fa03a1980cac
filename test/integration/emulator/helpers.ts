/**
 * Shared helpers for the emulator conformance suite: an emulator on the manual clock, a small HTTP
 * client that speaks to it like any client would (fetch, JSON, headers), and a webhook receiver.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../../src/emulator';

export async function startTestEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  return startEmulator({ clock: 'manual', quiet: true, allowHttpWebhooksOnLoopback: true, ...options });
}

/** Response bodies as tests read them: shapes are checked by the assertions themselves. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export type Json = any;

export interface ApiResponse<T = Json> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface Credentials {
  appId: string;
  apiKey: string;
  userId: string;
}

export async function call<T = Json>(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown; rawBody?: string | Buffer } = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...init.headers };
  let body: string | Buffer | undefined;
  if (init.rawBody !== undefined) body = init.rawBody;
  else if (init.body !== undefined) {
    body = JSON.stringify(init.body);
    headers['content-type'] ??= 'application/json';
  }
  const res = await fetch(url, { method: init.method ?? 'GET', headers, ...(body === undefined ? {} : { body: typeof body === 'string' ? body : new Uint8Array(body) }) });
  const text = await res.text();
  let parsed: unknown = undefined;
  if (text !== '') {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
  }
  return { status: res.status, headers: res.headers, body: parsed as T, text };
}

export function basic(appId: string, apiKey: string): string {
  return `Basic ${Buffer.from(`${appId}:${apiKey}`).toString('base64')}`;
}

export async function getToken(baseUrl: string, creds: { appId: string; apiKey: string }): Promise<string> {
  const res = await call(`${baseUrl}/tokens`, {
    method: 'POST',
    headers: { authorization: basic(creds.appId, creds.apiKey), 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
    rawBody: 'grant_type=client_credentials',
  });
  if (res.status !== 200) throw new Error(`token request failed: ${res.status} ${res.text}`);
  return res.body.access_token as string;
}

/** A client bound to one user: `api.get('/faxes/sent')`, `api.post('/faxes', body)`. */
export class ApiClient {
  constructor(
    readonly baseUrl: string,
    readonly token: string,
    readonly userId: string,
  ) {}

  static async for(emu: RunningEmulator, creds: Credentials = emu.demo): Promise<ApiClient> {
    return new ApiClient(emu.baseUrl, await getToken(emu.baseUrl, creds), creds.userId);
  }

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    return { authorization: `Bearer ${this.token}`, 'user-id': this.userId, ...extra };
  }

  get<T = Json>(path: string, headers?: Record<string, string>) {
    return call<T>(`${this.baseUrl}${path}`, { headers: this.headers(headers) });
  }
  post<T = Json>(path: string, body?: unknown, headers?: Record<string, string>) {
    return call<T>(`${this.baseUrl}${path}`, { method: 'POST', body, headers: this.headers(headers) });
  }
  patch<T = Json>(path: string, body?: unknown, headers?: Record<string, string>) {
    return call<T>(`${this.baseUrl}${path}`, { method: 'PATCH', body, headers: this.headers(headers) });
  }
  delete<T = Json>(path: string, headers?: Record<string, string>) {
    return call<T>(`${this.baseUrl}${path}`, { method: 'DELETE', headers: this.headers(headers) });
  }
  raw<T = Json>(method: string, path: string, rawBody: string | Buffer, headers?: Record<string, string>) {
    return call<T>(`${this.baseUrl}${path}`, { method, rawBody, headers: this.headers(headers) });
  }
}

export const b64 = (text: string | Buffer): string => Buffer.from(text).toString('base64');

export function txt(text = 'Hello from the conformance suite.'): { document_type: string; document_content: string } {
  return { document_type: 'TXT', document_content: b64(text) };
}

export function sendBody(numbers: string[] | string, extra: Record<string, unknown> = {}) {
  const list = Array.isArray(numbers) ? numbers : [numbers];
  return { destinations: list.map((fax_number) => ({ fax_number, to_name: 'Test', to_company: 'Acme' })), documents: [txt()], ...extra };
}

/** Sends one fax and returns its fax_id. */
export async function sendOne(api: ApiClient, number: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await api.post('/faxes', sendBody(number, extra));
  if (res.status !== 201) throw new Error(`send failed: ${res.status} ${res.text}`);
  return res.body[0].fax_id as string;
}

export async function statusOf(api: ApiClient, faxId: string): Promise<string> {
  const res = await api.get(`/faxes/${faxId}/transmission-detail`);
  return res.body.transmission_data.transmission_status as string;
}

export function expectErrorShape(body: Json): void {
  if (!body || !Array.isArray(body.errors) || body.errors.length === 0 || typeof body.transaction_id !== 'string') {
    throw new Error(`not the error shape: ${JSON.stringify(body)}`);
  }
  for (const e of body.errors) {
    for (const k of ['element_name', 'user_message', 'developer_message', 'more_info', 'error_code']) {
      if (typeof e[k] !== 'string') throw new Error(`error item lacks ${k}: ${JSON.stringify(e)}`);
    }
  }
}

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: Buffer;
  json: Json;
}

/** A local webhook receiver answering with the statuses given in turn (the last one repeats). */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  private server: Server;
  statuses: number[] = [200];
  /** When true, never answers (for timeout tests). */
  hang = false;
  private count = 0;

  constructor() {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks);
        let json: unknown;
        try {
          json = JSON.parse(body.toString('utf8'));
        } catch {
          json = undefined;
        }
        this.received.push({ headers: req.headers, body, json });
        if (this.hang) return;
        const status = this.statuses[Math.min(this.count, this.statuses.length - 1)]!;
        this.count++;
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ status: status < 300 ? 'received' : 'error' }));
      });
    });
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** Configures a webhook for the demo app and returns the configuration. */
export async function configureWebhook(api: ApiClient, appId: string, direction: 'INBOUND' | 'OUTBOUND', url: string, secret = 'test-secret') {
  const res = await api.post(`/applications/${appId}/notifications`, { direction, type: 'WEBHOOK', notify_destination: url, hmac_secret: secret });
  if (res.status !== 201) throw new Error(`webhook config failed: ${res.status} ${res.text}`);
  // The answer is the text CREATED (as the reference shows): the configuration is read back.
  const list = await api.get(`/applications/${appId}/notifications`);
  return (list.body as Json[]).find((c) => c.direction === direction);
}

/** pdfjs text of each page (items joined per page). */
export async function pdfPageTexts(pdf: Uint8Array): Promise<string[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({ data: new Uint8Array(pdf), verbosity: 0 });
  const doc = await task.promise;
  const out: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const page = await doc.getPage(i);
    const content = await page.getTextContent();
    out.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join(''));
  }
  await task.destroy();
  return out;
}

export const MINUTE = 60_000;

export interface TextItem {
  str: string;
  x: number;
  y: number;
}

/** pdfjs text items of each page with their positions (points from the bottom-left). */
export async function pdfPageItems(pdf: Uint8Array): Promise<TextItem[][]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({ data: new Uint8Array(pdf), verbosity: 0 });
  const doc = await task.promise;
  const out: TextItem[][] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const page = await doc.getPage(i);
    const content = await page.getTextContent();
    out.push(
      content.items.flatMap((item) => ('str' in item && item.str.trim() !== '' ? [{ str: item.str, x: item.transform[4] as number, y: item.transform[5] as number }] : [])),
    );
  }
  await task.destroy();
  return out;
}
