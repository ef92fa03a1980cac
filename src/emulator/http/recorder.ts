/**
 * The log of requests the emulated service received, for tests that check what a client really sent
 * (GET /control/requests). Secrets are masked; bodies are not kept (they can hold whole documents),
 * only their size. A ring of the most recent requests keeps memory flat under load.
 */
import type { IncomingHttpHeaders } from 'node:http';

export interface RecordedRequest {
  /** Increasing sequence number (survives the ring's wrap-around; use it to ask for newer ones). */
  seq: number;
  /** Emulator clock time the request arrived (ISO 8601 UTC). */
  time: string;
  method: string;
  /** Path and query string, as received. */
  path: string;
  area: string;
  headers: Record<string, string>;
  bodyBytes: number;
  /** Status sent; 0 when the connection was reset, cut or left hanging by a fault. */
  status: number;
  durationMs: number;
  transactionId: string;
  /** Kind and phase of the fault that hit the request, if any. */
  fault?: string;
}

const SECRET_HEADERS = new Set(['admin-password', 'x-api-key', 'cookie', 'proxy-authorization']);

export function maskHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, raw] of Object.entries(headers)) {
    if (raw === undefined) continue;
    const value = Array.isArray(raw) ? raw.join(', ') : raw;
    if (name === 'authorization') {
      const scheme = value.split(' ')[0] ?? '';
      const secret = value.slice(scheme.length + 1);
      // The last 4 characters let a test tell two tokens apart without exposing either.
      out[name] = `${scheme} ***${secret.length > 12 ? secret.slice(-4) : ''}`;
    } else if (SECRET_HEADERS.has(name)) {
      out[name] = '***';
    } else {
      out[name] = value;
    }
  }
  return out;
}

export class RequestRecorder {
  private readonly ring: RecordedRequest[] = [];
  private next = 0;
  private seq = 0;
  /** Bumped by clear(): a request that arrived before a clear (say, one held by a delay fault) is not logged after it. */
  generation = 0;

  constructor(private readonly capacity = 5000) {}

  record(entry: Omit<RecordedRequest, 'seq'>, generation = this.generation): void {
    if (generation !== this.generation) return;
    const full = { ...entry, seq: ++this.seq };
    if (this.ring.length < this.capacity) this.ring.push(full);
    else this.ring[this.next] = full;
    this.next = (this.next + 1) % this.capacity;
  }

  /** Oldest first; only those with seq greater than `since` when given. */
  list(since = 0): RecordedRequest[] {
    const ordered = this.ring.length < this.capacity ? this.ring : [...this.ring.slice(this.next), ...this.ring.slice(0, this.next)];
    return since > 0 ? ordered.filter((r) => r.seq > since) : [...ordered];
  }

  clear(): void {
    this.generation += 1;
    this.ring.length = 0;
    this.next = 0;
  }
}
