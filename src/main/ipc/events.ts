import type { EventName, EventPayload } from '../../shared/ipc/contract';

export type EventListener = (event: EventName, payload: unknown) => void;

/** Typed main→renderer event stream. The Electron wiring and the bridge each subscribe once. */
export class EventBus {
  private readonly listeners = new Set<EventListener>();

  emit<E extends EventName>(event: E, payload: EventPayload<E>): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(event, payload);
      } catch {
        // A failing subscriber (a closed window or socket) must not stop the others.
      }
    }
  }

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
