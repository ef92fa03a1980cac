/**
 * A small router: routes are `METHOD /path/:param` templates, compiled once to regular expressions.
 * Handlers return an HttpResult instead of writing the response, so the server can record it and a
 * fault can corrupt it after the work is done (the "after" phase).
 */
import type { IncomingMessage } from 'node:http';
import { ApiError } from './errors';

export type Area = 'api' | 'admin' | 'control' | 'root';

export interface RequestContext {
  req: IncomingMessage;
  method: string;
  /** Full decoded path, e.g. /api/faxes/abc/metadata. */
  path: string;
  /** Path inside its area, e.g. /faxes/abc/metadata. */
  areaPath: string;
  area: Area;
  query: URLSearchParams;
  params: Record<string, string>;
  /** Echo of the request's `transaction-id` header, or a new id. */
  transactionId: string;
  body: Buffer;
}

export interface HttpResult {
  status: number;
  headers?: Record<string, string>;
  /** JSON-serialisable value, JSON text already made (JsonText), a Buffer (sent as is), or undefined (no body). */
  body?: unknown;
}

/** A body already serialised as JSON, in pieces written one after the other (sent with the JSON content type). */
export class JsonText {
  constructor(readonly parts: readonly Buffer[]) {}
}

export type Handler = (ctx: RequestContext) => HttpResult | Promise<HttpResult>;

export interface RouteOptions {
  /** Largest body accepted, in bytes (default 1 MiB). */
  bodyLimit?: number;
}

export interface Route extends RouteOptions {
  method: string;
  template: string;
  area: Area;
  handler: Handler;
}

interface CompiledRoute extends Route {
  regex: RegExp;
  names: string[];
}

export interface RouteMatch {
  route: Route;
  params: Record<string, string>;
}

export class Router {
  private readonly routes: CompiledRoute[] = [];

  add(area: Area, method: string, template: string, handler: Handler, options: RouteOptions = {}): void {
    const names: string[] = [];
    const source = template
      .split('/')
      .map((segment) => {
        if (segment.startsWith(':')) {
          names.push(segment.slice(1));
          return '([^/]+)';
        }
        return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      })
      .join('/');
    this.routes.push({ area, method, template, handler, ...options, regex: new RegExp(`^${source}/?$`), names });
  }

  /**
   * The route for (method, areaPath). A path that exists under another method throws 405 with an Allow
   * header; an unknown path returns null.
   */
  match(area: Area, method: string, areaPath: string): RouteMatch | null {
    let allowed: string[] | null = null;
    for (const route of this.routes) {
      if (route.area !== area) continue;
      const m = route.regex.exec(areaPath);
      if (!m) continue;
      if (route.method !== method) {
        (allowed ??= []).push(route.method);
        continue;
      }
      const params: Record<string, string> = {};
      route.names.forEach((name, i) => {
        params[name] = safeDecode(m[i + 1]!);
      });
      return { route, params };
    }
    if (allowed) {
      throw new ApiError(
        405,
        { element: 'method', message: `${method} is not allowed on ${areaPath}; use ${allowed.join(' or ')}.` },
        { Allow: allowed.join(', ') },
      );
    }
    return null;
  }
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
