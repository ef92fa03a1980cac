/**
 * Main's own events: what one service tells the others it did, typed, and never seen by the page.
 * The renderer's bus (ipc/events.ts) carries what the page shows; a service that must react to
 * another's work listens here instead of reading the page's events and casting their payloads.
 */
import type { InboxFax } from '../../shared/domain/history';
import type { InboxChange } from '../../shared/ipc/contract/inbox';
import type { AppError } from '../errors';

export interface InternalEventMap {
  /** Outbound jobs of an account were created, changed or imported (local job ids). */
  'outbound:changed': { accountId: string; ids: string[] };
  /** Received faxes changed (arrived, image stored, read…), with the unread count after. */
  'inbound:changed': InboxChange;
  /** A job was handed to the service or cancelled there: its state changes soon (sync looks now, and polls fast). */
  'outbound:active': { accountId: string };
  /** A reconciliation decided about a job: the account's sent list holds the answer (sync reads it now). */
  'outbound:decided': { accountId: string };
  /** The image downloader's news for the inbox (a fax's image stored, failed, gone; downloads held back or free again). */
  'images:stored': InboxFax;
  'images:failed': { fax: InboxFax; error: AppError; willRetry: boolean };
  'images:problem': { error: AppError | null };
  'images:gone': InboxFax;
  /** The folder of received faxes had been deleted and was made again. */
  'inbox:folder-recreated': { folder: string };
  /** Downloads or the unread count changed: the sync status the page shows is out of date. */
  'sync:status-stale': Record<string, never>;
}

export type InternalEventName = keyof InternalEventMap;
type Listener<E extends InternalEventName> = (payload: InternalEventMap[E]) => void;

export class InternalEvents {
  private readonly listeners = new Map<InternalEventName, Set<(payload: never) => void>>();

  /** `failed`: a listener threw (createCore logs it); the other listeners still hear the event. */
  constructor(private readonly failed: (event: InternalEventName, error: unknown) => void = () => {}) {}

  on<E extends InternalEventName>(event: E, listener: Listener<E>): () => void {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener as (payload: never) => void);
    return () => set.delete(listener as (payload: never) => void);
  }

  emit<E extends InternalEventName>(event: E, payload: InternalEventMap[E]): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) {
      try {
        (listener as Listener<E>)(payload);
      } catch (error) {
        // One listener failing must not keep the others from hearing it.
        this.failed(event, error);
      }
    }
  }
}
