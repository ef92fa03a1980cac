/**
 * The last answer to each list request, kept with a hash of its body. An unchanged page (the usual
 * case in an idle sync cycle) is neither parsed nor checked again, and comes back as the very same
 * (frozen) object, so the sync can tell it has already applied it. A few dozen pages per account at
 * most: the oldest request is forgotten first.
 */
import { createHash } from 'node:crypto';

const KEPT_PAGES = 32;

export class PageMemo {
  private readonly pages = new Map<string, { hash: string; value: unknown }>();

  /** `parse()`'s value for this body of the request `key`: the one kept when the body is the same as last time. */
  read<T>(key: string, body: string, parse: () => T): T {
    const hash = createHash('sha256').update(body).digest('base64');
    const kept = this.pages.get(key);
    this.pages.delete(key);
    if (kept && kept.hash === hash) {
      this.pages.set(key, kept);
      return kept.value as T;
    }
    const value = deepFreeze(parse());
    this.pages.set(key, { hash, value });
    if (this.pages.size > KEPT_PAGES) this.pages.delete(this.pages.keys().next().value!);
    return value;
  }
}

/** Shared between calls, a kept page must not change: frozen, a change throws instead of leaking. */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
