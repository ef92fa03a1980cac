/**
 * Fault injection per route, for reliability tests of clients. A fault names a route pattern
 * ("POST /faxes", "GET /faxes/x/metadata" with `*` wildcards, "* /faxes/*" for any method), a kind and
 * when it hits:
 * - phase 'before' (default): the request is not processed; the fault is the whole answer;
 * - phase 'after': the request is processed and its effects committed, THEN the fault replaces or
 *   corrupts the response. This is how a test makes an ambiguous send (the fax exists, the client saw
 *   a 500, a reset or a broken body).
 * 'echo-headers' answers `status` (default 500) with an error body that repeats the request's headers,
 * credentials included, as misconfigured gateways and debug pages do: a client must not pass such a body
 * on (to its log, its UI) with the credentials in it.
 * It fires `count` times (default 1, or unlimited when only a probability is given), each time with
 * `probability` (default 1). The control surface is never subject to faults.
 */
import { badRequest } from './errors';
import { isPlainObject, newId } from '../util';

export const FAULT_KINDS = ['status', 'delay', 'reset', 'truncate', 'malformed', 'rate-limit', 'hang', 'echo-headers'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];
export type FaultPhase = 'before' | 'after';

export interface FaultSpec {
  /** "METHOD /path" relative to the API base (e.g. "POST /faxes"), or a full path ("GET /admin/users/*"). */
  route: string;
  kind: FaultKind;
  phase?: FaultPhase;
  /** For 'status' and 'echo-headers' (default 500). */
  status?: number;
  /** For 'delay' (default 1000 ms, real time). */
  delayMs?: number;
  /** For 'rate-limit' (default 1). */
  retryAfterSeconds?: number;
  count?: number;
  probability?: number;
  /**
   * Answer like the API gateway in front of the real service instead of with the service's error
   * shape: `{"message":"..."}` for 'status', plain text `Too Many Requests.` for 'rate-limit'.
   */
  gatewayStyle?: boolean;
}

export interface Fault extends Required<Pick<FaultSpec, 'route' | 'kind' | 'phase'>> {
  id: string;
  status: number;
  delayMs: number;
  retryAfterSeconds: number;
  probability: number;
  gatewayStyle: boolean;
  /** Firings left; null = unlimited. */
  remaining: number | null;
  fired: number;
}

interface CompiledFault extends Fault {
  method: string;
  pattern: RegExp;
}

export function parseFaultSpec(input: unknown): FaultSpec {
  if (!isPlainObject(input)) throw badRequest('body', 'A fault is a JSON object such as {"route":"POST /faxes","kind":"status","status":500}.');
  const spec = input as Record<string, unknown>;
  const known = ['route', 'kind', 'phase', 'status', 'delayMs', 'retryAfterSeconds', 'count', 'probability', 'gatewayStyle'];
  const unknown = Object.keys(spec).filter((k) => !known.includes(k));
  if (unknown.length > 0) throw badRequest(unknown[0]!, `Unknown field ${unknown.join(', ')}; a fault has ${known.join(', ')}.`);
  if (typeof spec.route !== 'string' || spec.route.trim() === '') {
    throw badRequest('route', 'route is required: a method and path pattern such as "POST /faxes" or "GET /faxes/*/metadata".');
  }
  if (typeof spec.kind !== 'string' || !(FAULT_KINDS as readonly string[]).includes(spec.kind)) {
    throw badRequest('kind', `kind must be one of ${FAULT_KINDS.join(', ')}.`);
  }
  if (spec.phase !== undefined && spec.phase !== 'before' && spec.phase !== 'after') {
    throw badRequest('phase', 'phase must be "before" (the request is not processed) or "after" (processed, then the fault hits the response).');
  }
  const number = (name: string, min: number, max: number, integer: boolean): number | undefined => {
    const value = spec[name];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max || (integer && !Number.isInteger(value))) {
      throw badRequest(name, `${name} must be ${integer ? 'a whole number' : 'a number'} from ${min} to ${max}.`);
    }
    return value;
  };
  if (spec.gatewayStyle !== undefined && typeof spec.gatewayStyle !== 'boolean') throw badRequest('gatewayStyle', 'gatewayStyle must be true or false.');
  return {
    route: spec.route.trim(),
    kind: spec.kind as FaultKind,
    phase: spec.phase as FaultPhase | undefined,
    status: number('status', 100, 599, true),
    delayMs: number('delayMs', 0, 600_000, true),
    retryAfterSeconds: number('retryAfterSeconds', 0, 86_400, true),
    count: number('count', 1, 1_000_000_000, true),
    probability: number('probability', 0, 1, false),
    gatewayStyle: spec.gatewayStyle as boolean | undefined,
  };
}

function compilePattern(route: string): { method: string; pattern: RegExp } {
  const parts = route.split(/\s+/);
  const [method, path] = parts.length >= 2 ? [parts[0]!.toUpperCase(), parts.slice(1).join('')] : ['*', parts[0]!];
  const body = path
    .replace(/\/+$/, '')
    .split('*')
    .map((piece) => piece.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return { method, pattern: new RegExp(`^${body}/?$`) };
}

export class FaultRegistry {
  private faults: CompiledFault[] = [];

  add(spec: FaultSpec): Fault {
    const { method, pattern } = compilePattern(spec.route);
    const remaining = spec.count ?? (spec.probability !== undefined ? null : 1);
    const fault: CompiledFault = {
      id: newId(),
      route: spec.route,
      kind: spec.kind,
      phase: spec.phase ?? 'before',
      status: spec.status ?? (spec.kind === 'rate-limit' ? 429 : 500),
      delayMs: spec.delayMs ?? 1000,
      retryAfterSeconds: spec.retryAfterSeconds ?? 1,
      probability: spec.probability ?? 1,
      gatewayStyle: spec.gatewayStyle ?? false,
      remaining,
      fired: 0,
      method,
      pattern,
    };
    this.faults.push(fault);
    return publicFault(fault);
  }

  list(): Fault[] {
    return this.faults.map(publicFault);
  }

  remove(id: string): boolean {
    const before = this.faults.length;
    this.faults = this.faults.filter((f) => f.id !== id);
    return this.faults.length < before;
  }

  clear(): number {
    const n = this.faults.length;
    this.faults = [];
    return n;
  }

  /**
   * The fault that hits this request, if any (the first matching one whose dice roll passes), with
   * its count used up. `paths` are the spellings the route may be written against (area path, full path).
   */
  take(method: string, paths: string[]): Fault | null {
    if (this.faults.length === 0) return null;
    for (const fault of this.faults) {
      if (fault.remaining === 0) continue;
      if (fault.method !== '*' && fault.method !== method) continue;
      if (!paths.some((p) => fault.pattern.test(p))) continue;
      if (fault.probability < 1 && Math.random() >= fault.probability) continue;
      if (fault.remaining !== null) fault.remaining -= 1;
      fault.fired += 1;
      const hit = publicFault(fault);
      if (fault.remaining === 0) this.faults = this.faults.filter((f) => f !== fault);
      return hit;
    }
    return null;
  }
}

function publicFault(f: CompiledFault): Fault {
  return {
    id: f.id,
    route: f.route,
    kind: f.kind,
    phase: f.phase,
    status: f.status,
    delayMs: f.delayMs,
    retryAfterSeconds: f.retryAfterSeconds,
    probability: f.probability,
    gatewayStyle: f.gatewayStyle,
    remaining: f.remaining,
    fired: f.fired,
  };
}
