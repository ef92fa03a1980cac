/**
 * The emulator's state: maps of records in memory (the truth while running), with indexes for the
 * queries the API needs, and an optional SQLite file behind them. The fax lists are indexed so that a
 * page of a large history costs what the page holds, not what the history holds (FaxList).
 *
 * Consistency rule: handlers validate everything first and then change records in one synchronous
 * stretch (no await in between), so no request or event ever leaves state half-changed. Changed
 * records are marked dirty and written to the file in one transaction at the end of the current turn
 * of the event loop (setImmediate), which batches the changes of a burst of requests.
 */
import { sha256Hex } from '../util';
import type {
  AccountRecord,
  FaxRecord,
  MetaRecord,
  NotificationRecord,
  NumberRecord,
  TokenRecord,
  UserRecord,
  WebhookConfigRecord,
} from './model';
import { StateFileError, type ChangeBatch, type SqlitePersistence } from './persistence';

type Kind = 'account' | 'user' | 'number' | 'token' | 'fax' | 'notification' | 'webhook' | 'meta';

class ChangeLog {
  upserts = new Map<string, { kind: Kind; id: string; record: unknown }>();
  deletes = new Map<string, { kind: Kind; id: string }>();
  blobs = new Map<string, Uint8Array>();
  blobDeletes = new Set<string>();
  constructor(private readonly onChange: () => void) {}

  upsert(kind: Kind, id: string, record: unknown): void {
    const key = `${kind}\u0000${id}`;
    this.deletes.delete(key);
    this.upserts.set(key, { kind, id, record });
    this.onChange();
  }

  delete(kind: Kind, id: string): void {
    const key = `${kind}\u0000${id}`;
    this.upserts.delete(key);
    this.deletes.set(key, { kind, id });
    this.onChange();
  }

  take(): ChangeBatch {
    const batch: ChangeBatch = {
      // Serialised now, at flush time: the record holds every change made to it this turn.
      upserts: [...this.upserts.values()].map((u) => ({ kind: u.kind, id: u.id, json: JSON.stringify(u.record) })),
      deletes: [...this.deletes.values()],
      blobs: [...this.blobs].map(([hash, data]) => ({ hash, data })),
      blobDeletes: [...this.blobDeletes],
    };
    this.upserts.clear();
    this.deletes.clear();
    this.blobs.clear();
    this.blobDeletes.clear();
    return batch;
  }

  get empty(): boolean {
    return this.upserts.size === 0 && this.deletes.size === 0 && this.blobs.size === 0 && this.blobDeletes.size === 0;
  }

  clear(): void {
    this.take();
  }
}

export class Table<T> {
  private readonly map = new Map<string, T>();
  constructor(
    readonly kind: Kind,
    private readonly keyOf: (record: T) => string,
    private readonly changes: ChangeLog | null,
  ) {}

  get size(): number {
    return this.map.size;
  }
  get(id: string): T | undefined {
    return this.map.get(id);
  }
  has(id: string): boolean {
    return this.map.has(id);
  }
  values(): IterableIterator<T> {
    return this.map.values();
  }
  /** Adds or replaces the record, or marks an in-place change for saving. */
  put(record: T): T {
    const id = this.keyOf(record);
    this.map.set(id, record);
    this.changes?.upsert(this.kind, id, record);
    return record;
  }
  delete(id: string): boolean {
    const had = this.map.delete(id);
    if (had) this.changes?.delete(this.kind, id);
    return had;
  }
  /** Loads a record from the file (not a change). */
  load(record: T): void {
    this.map.set(this.keyOf(record), record);
  }
  clear(): void {
    this.map.clear();
  }
}

/** Index of the first item of `sorted` (ascending by `key`) whose key is at least `value`. */
function lowerBound<T>(sorted: readonly T[], value: number, key: (item: T) => number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (key(sorted[mid]!) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const completedAtOf = (fax: FaxRecord): number => fax.completedAt!;

/**
 * The faxes of one user in one direction, in the order they were added (the lists page newest first),
 * with what the list calls filter on most indexed: those not completed yet (few at any time) and the
 * completed ones by completion time, so a "completed since" window (what a client's sync asks every
 * minute) is found by binary search.
 */
export class FaxList {
  /** Oldest first, in the order added. */
  readonly all: FaxRecord[] = [];
  /** Position of each fax in the order added (larger is newer); stable across deletes. */
  private readonly order = new Map<FaxRecord, number>();
  private next = 0;
  private readonly open = new Set<FaxRecord>();
  /** Completed faxes, ascending by completedAt. */
  private readonly done: FaxRecord[] = [];

  add(fax: FaxRecord): void {
    this.all.push(fax);
    this.order.set(fax, this.next++);
    if (fax.completedAt === null) this.open.add(fax);
    else this.insertDone(fax);
  }

  /** After an in-place change: a fax that has just completed moves to the completed index. */
  changed(fax: FaxRecord): void {
    if (fax.completedAt !== null && this.open.delete(fax)) this.insertDone(fax);
  }

  remove(fax: FaxRecord): void {
    const i = this.all.indexOf(fax);
    if (i >= 0) this.all.splice(i, 1);
    this.order.delete(fax);
    if (!this.open.delete(fax)) {
      const at = this.done.indexOf(fax, lowerBound(this.done, fax.completedAt!, completedAtOf));
      if (at >= 0) this.done.splice(at, 1);
    }
  }

  /** Faxes completed at `from` or later, or not completed and created at `from` or later; newest first. */
  since(from: number): FaxRecord[] {
    // Newest completion first: faxes complete roughly in the order they were sent, so this is nearly the
    // order wanted, and the sort (which takes runs already in order) has little left to do.
    const found = this.done.slice(lowerBound(this.done, from, completedAtOf)).reverse();
    for (const fax of this.open) if (fax.createdAt >= from) found.push(fax);
    // Creation time is the order added, except among faxes added in the same millisecond.
    return found.sort((a, b) => b.createdAt - a.createdAt || this.order.get(b)! - this.order.get(a)!);
  }

  private insertDone(fax: FaxRecord): void {
    // Completions nearly always come in time order: an append.
    const last = this.done[this.done.length - 1];
    if (!last || last.completedAt! <= fax.completedAt!) this.done.push(fax);
    else this.done.splice(lowerBound(this.done, fax.completedAt! + 1, completedAtOf), 0, fax);
  }
}

export class Store {
  readonly accounts: Table<AccountRecord>;
  readonly users: Table<UserRecord>;
  readonly numbers: Table<NumberRecord>;
  readonly tokens: Table<TokenRecord>;
  readonly faxes: Table<FaxRecord>;
  readonly notifications: Table<NotificationRecord>;
  readonly webhooks: Table<WebhookConfigRecord>;
  meta: MetaRecord;

  /** user-id -> number record. */
  private readonly numbersByUserId = new Map<string, NumberRecord>();
  /** user-id + direction -> that user's faxes (FaxList). */
  private readonly faxesByUser = new Map<string, FaxList>();
  /** appId -> account. */
  private readonly accountsByApp = new Map<string, AccountRecord>();
  /** user-id -> notifications, oldest first. */
  private readonly notificationsByUser = new Map<string, NotificationRecord[]>();

  private readonly memoryBlobs = new Map<string, Uint8Array>();
  private readonly faxJsonKept = new WeakMap<FaxRecord, Map<(fax: FaxRecord) => unknown, Buffer>>();
  private readonly changes: ChangeLog | null;
  private flushScheduled = false;
  private closed = false;
  /** Called when writing to the state file fails (disk full, ...): the server keeps running. */
  onWriteError: (error: unknown) => void = () => {};

  constructor(
    private readonly persistence: SqlitePersistence | null,
    initialMeta: MetaRecord,
  ) {
    this.changes = persistence ? new ChangeLog(() => this.scheduleFlush()) : null;
    this.accounts = new Table('account', (r) => r.adminId, this.changes);
    this.users = new Table('user', (r) => r.customerKey, this.changes);
    this.numbers = new Table('number', (r) => r.faxNumber, this.changes);
    this.tokens = new Table('token', (r) => r.accessToken, this.changes);
    this.faxes = new Table('fax', (r) => r.faxId, this.changes);
    this.notifications = new Table('notification', (r) => r.notifyId, this.changes);
    this.webhooks = new Table('webhook', (r) => r.notificationId, this.changes);
    this.meta = initialMeta;
    if (persistence) this.loadFrom(persistence);
  }

  get persistent(): boolean {
    return this.persistence !== null;
  }

  private loadFrom(persistence: SqlitePersistence): void {
    const tables: Record<string, Table<unknown>> = {
      account: this.accounts,
      user: this.users,
      number: this.numbers,
      token: this.tokens,
      fax: this.faxes,
      notification: this.notifications,
      webhook: this.webhooks,
    } as Record<string, Table<unknown>>;
    for (const row of persistence.loadRecords()) {
      let record: unknown;
      try {
        record = JSON.parse(row.json);
      } catch {
        throw new StateFileError(
          `The emulator state file ${persistence.file} has a damaged ${row.kind} record (${row.id}). Move the file away to start fresh.`,
        );
      }
      if (row.kind === 'meta') this.meta = { ...this.meta, ...(record as MetaRecord) };
      else tables[row.kind]?.load(record);
    }
    for (const n of this.numbers.values()) this.numbersByUserId.set(n.userId, n);
    for (const a of this.accounts.values()) this.accountsByApp.set(a.appId, a);
    const faxes = [...this.faxes.values()].sort((a, b) => a.createdAt - b.createdAt);
    for (const f of faxes) this.faxList(f.userId, f.direction).add(f);
    const notes = [...this.notifications.values()].sort((a, b) => a.createdAt - b.createdAt);
    for (const n of notes) this.listFor(this.notificationsByUser, n.userId).push(n);
  }

  private listFor<T>(map: Map<string, T[]>, key: string): T[] {
    let list = map.get(key);
    if (!list) map.set(key, (list = []));
    return list;
  }

  saveMeta(): void {
    this.changes?.upsert('meta', 'meta', this.meta);
  }

  // Accounts, numbers ------------------------------------------------------------------------

  addAccount(account: AccountRecord): void {
    this.accounts.put(account);
    this.accountsByApp.set(account.appId, account);
  }

  accountByApp(appId: string): AccountRecord | undefined {
    return this.accountsByApp.get(appId);
  }

  addNumber(number: NumberRecord): void {
    this.numbers.put(number);
    this.numbersByUserId.set(number.userId, number);
  }

  numberByUserId(userId: string): NumberRecord | undefined {
    return this.numbersByUserId.get(userId);
  }

  removeNumber(faxNumber: string): void {
    const n = this.numbers.get(faxNumber);
    if (!n) return;
    this.numbers.delete(faxNumber);
    this.numbersByUserId.delete(n.userId);
  }

  numbersOf(customerKey: string): NumberRecord[] {
    return [...this.numbers.values()].filter((n) => n.customerKey === customerKey).sort((a, b) => a.assignedAt - b.assignedAt);
  }

  // Faxes ------------------------------------------------------------------------------------

  addFax(fax: FaxRecord): void {
    this.faxes.put(fax);
    this.faxList(fax.userId, fax.direction).add(fax);
  }

  /** Marks an in-place change to a fax for saving (and for the list indexes and the JSON kept of it). */
  saveFax(fax: FaxRecord): void {
    if (this.faxes.get(fax.faxId) !== fax) return;
    this.faxes.put(fax);
    this.faxList(fax.userId, fax.direction).changed(fax);
    this.faxJsonKept.delete(fax);
  }

  /**
   * JSON.stringify(view(fax)) as UTF-8, kept until the fax changes (saveFax): a list page of finished
   * faxes then costs no serialising. `view` must depend on the record only.
   */
  faxJson(fax: FaxRecord, view: (fax: FaxRecord) => unknown): Buffer {
    let kept = this.faxJsonKept.get(fax);
    if (!kept) this.faxJsonKept.set(fax, (kept = new Map()));
    let json = kept.get(view);
    if (json === undefined) kept.set(view, (json = Buffer.from(JSON.stringify(view(fax)))));
    return json;
  }

  /** A user's sent (OUTBOUND) or received (INBOUND) faxes. */
  faxList(userId: string, direction: FaxRecord['direction']): FaxList {
    const key = `${userId}\u0000${direction}`;
    let list = this.faxesByUser.get(key);
    if (!list) this.faxesByUser.set(key, (list = new FaxList()));
    return list;
  }

  deleteFax(faxId: string): FaxRecord | undefined {
    const fax = this.faxes.get(faxId);
    if (!fax) return undefined;
    this.faxes.delete(faxId);
    this.faxesByUser.get(`${fax.userId}\u0000${fax.direction}`)?.remove(fax);
    const referenced = new Set<string>();
    for (const f of this.faxes.values()) {
      if (f.image) referenced.add(f.image);
      for (const d of f.documents) referenced.add(d.blob);
    }
    for (const hash of [fax.image, ...fax.documents.map((d) => d.blob)]) {
      if (hash && !referenced.has(hash)) this.deleteBlob(hash);
    }
    return fax;
  }

  // Notifications ----------------------------------------------------------------------------

  addNotification(n: NotificationRecord): void {
    this.notifications.put(n);
    this.listFor(this.notificationsByUser, n.userId).push(n);
  }

  saveNotification(n: NotificationRecord): void {
    if (this.notifications.get(n.notifyId) === n) this.notifications.put(n);
  }

  notificationsOf(userId: string): readonly NotificationRecord[] {
    return this.notificationsByUser.get(userId) ?? [];
  }

  // Blobs --------------------------------------------------------------------------------------

  /** Stores bytes under their sha256 and returns the key (the same bytes are stored once). */
  putBlob(data: Uint8Array): string {
    const hash = sha256Hex(data);
    if (!this.memoryBlobs.has(hash)) {
      this.memoryBlobs.set(hash, data);
      this.changes?.blobs.set(hash, data);
      this.changes?.blobDeletes.delete(hash);
      if (this.changes) this.scheduleFlush();
    }
    return hash;
  }

  getBlob(hash: string): Uint8Array | undefined {
    const inMemory = this.memoryBlobs.get(hash);
    if (inMemory) return inMemory;
    const stored = this.persistence?.readBlob(hash);
    return stored ? new Uint8Array(stored.buffer, stored.byteOffset, stored.byteLength) : undefined;
  }

  private deleteBlob(hash: string): void {
    this.memoryBlobs.delete(hash);
    if (this.changes) {
      this.changes.blobs.delete(hash);
      this.changes.blobDeletes.add(hash);
      this.scheduleFlush();
    }
  }

  // Lifecycle ------------------------------------------------------------------------------------

  /** Forgets everything (control reset); the caller recreates what must exist. */
  clear(): void {
    for (const t of [this.accounts, this.users, this.numbers, this.tokens, this.faxes, this.notifications, this.webhooks] as Table<unknown>[]) {
      t.clear();
    }
    this.numbersByUserId.clear();
    this.faxesByUser.clear();
    this.accountsByApp.clear();
    this.notificationsByUser.clear();
    this.memoryBlobs.clear();
    this.changes?.clear();
    this.persistence?.clear();
  }

  private scheduleFlush(): void {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(() => this.flush());
  }

  /** Writes pending changes now (one transaction). */
  flush(): void {
    this.flushScheduled = false;
    if (this.closed || !this.persistence || !this.changes || this.changes.empty) return;
    const batch = this.changes.take();
    try {
      this.persistence.write(batch);
      // Blobs now live in the file; memory keeps only what is still unwritten.
      for (const b of batch.blobs) this.memoryBlobs.delete(b.hash);
    } catch (error) {
      this.onWriteError(error);
    }
  }

  close(): void {
    this.flush();
    this.closed = true;
    this.persistence?.close();
  }
}
