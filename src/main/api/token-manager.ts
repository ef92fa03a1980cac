/**
 * One bearer token per account, kept only in this object (main's memory): fetched when first needed,
 * renewed ahead of expiry, and dropped when the service rejects it. Concurrent callers that need a
 * new token share one request to POST /tokens.
 */
import type { TokenGrant } from '../../shared/domain/fax';
import { AppError } from '../errors';

export interface TokenManagerOptions {
  /** Asks the service for a new token. Runs without the caller's abort signal: other callers may share it. */
  fetchToken: () => Promise<TokenGrant>;
  now?: () => number;
  /** Renew this long before expiry; capped at a tenth of the token's lifetime. Default 5 minutes. */
  renewBeforeMs?: number;
  /** Told of every new token and the one it replaces (the log redactor learns them). */
  onToken?: (token: string, previous: string | null) => void;
}

interface HeldToken {
  value: string;
  /** When to stop using it (expiry minus the renewal margin), in ms since the epoch. */
  renewAt: number;
}

export class TokenManager {
  // True private fields: logging or serialising the manager cannot include the token.
  #held: HeldToken | null = null;
  #pending: Promise<string> | null = null;
  private generation = 0;
  private readonly now: () => number;
  private readonly renewBeforeMs: number;
  /** Tokens obtained so far (for diagnostics and tests; never the token itself). */
  refreshCount = 0;

  constructor(private readonly options: TokenManagerOptions) {
    this.now = options.now ?? Date.now;
    this.renewBeforeMs = options.renewBeforeMs ?? 5 * 60_000;
  }

  /** A token good for at least the renewal margin; fetches one if needed. */
  async get(signal?: AbortSignal): Promise<string> {
    if (this.#held && this.now() < this.#held.renewAt) return this.#held.value;
    return abortable(this.refresh(), signal);
  }

  /**
   * The service rejected `token` (401). Forgets it unless it has already been replaced, so that of
   * several calls failing with the same old token only the first causes a new request.
   */
  invalidate(token: string): void {
    if (this.#held?.value === token) this.#held = null;
  }

  /** Forgets everything (credentials changed, account removed). A request in flight is disowned. */
  clear(): void {
    this.#held = null;
    this.#pending = null;
    this.generation++;
  }

  private refresh(): Promise<string> {
    if (this.#pending) return this.#pending;
    const generation = this.generation;
    const started = this.now();
    const request = (async () => {
      try {
        const grant = await this.options.fetchToken();
        const lifetimeMs = grant.expiresInSeconds * 1000;
        const margin = Math.min(this.renewBeforeMs, lifetimeMs / 10);
        this.options.onToken?.(grant.accessToken, this.#held?.value ?? null);
        if (generation === this.generation) {
          this.#held = { value: grant.accessToken, renewAt: started + lifetimeMs - margin };
          this.refreshCount++;
        }
        return grant.accessToken;
      } finally {
        if (generation === this.generation) this.#pending = null;
      }
    })();
    this.#pending = request;
    return request;
  }
}

/** Waits for `promise`, but gives up with CANCELLED when `signal` aborts (the promise itself goes on). */
function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(new AppError('CANCELLED', 'The request was cancelled before a sign-in token was ready.'));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new AppError('CANCELLED', 'The request was cancelled before a sign-in token was ready.'));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}
