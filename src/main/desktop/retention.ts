/**
 * Keeps objects referenced until they are done with, up to a bound. Electron's Notification is
 * garbage-collected when nothing references it, and its click handler goes with it: a click on the
 * notification then does nothing (electron/electron#12690, #16922). The notifier keeps each shown
 * notification here until its `click` or `close`; since `close` is not guaranteed on every platform
 * (https://www.electronjs.org/docs/latest/api/notification#event-close), the oldest are let go past
 * `limit` instead of growing forever.
 */
export class Retention<T> {
  private readonly held = new Set<T>();

  constructor(private readonly limit: number) {}

  keep(item: T): void {
    this.held.delete(item);
    this.held.add(item);
    while (this.held.size > this.limit) {
      const oldest = this.held.values().next().value as T;
      this.held.delete(oldest);
    }
  }

  release(item: T): void {
    this.held.delete(item);
  }

  has(item: T): boolean {
    return this.held.has(item);
  }

  get size(): number {
    return this.held.size;
  }
}
