/** The outcome of opening one file format: what was learned, or why it cannot be sent (a short reason phrase). */
export type FormatCheck<T> =
  | { ok: true; info: T }
  | { ok: false; code: 'CORRUPT' | 'ENCRYPTED' | 'EMPTY' | 'UNSUPPORTED' | 'ACTIVE'; reason: string };

export function damaged(reason: string): { ok: false; code: 'CORRUPT'; reason: string } {
  return { ok: false, code: 'CORRUPT', reason };
}
