import type { EventName, EventPayload } from '../../shared/ipc/contract';
import { InternalEvents } from '../platform/internal-events';

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

/**
 * Main's internal events (platform/internal-events.ts), of which the page sees the two it shows:
 * outbound changes as `outbox:changed`, received ones as `inbox:changed`. Created once, in createCore
 * (and by a module built alone in tests).
 */
export function internalEventsShownOn(bus: Pick<EventBus, 'emit'>, failed?: ConstructorParameters<typeof InternalEvents>[0]): InternalEvents {
  const changes = new InternalEvents(failed);
  changes.on('outbound:changed', (change) => bus.emit('outbox:changed', change));
  changes.on('inbound:changed', (change) => bus.emit('inbox:changed', change));
  return changes;
}
