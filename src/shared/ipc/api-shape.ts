/**
 * The shape of window.faxdesk, derived from the contract's names: `area:verb` becomes
 * `faxdesk.area.verb(input)`. Pure and dependency-free so the sandboxed preload and the bridge shim
 * can both build the object from a list of names and a transport.
 */
import type { Result } from '../result';
import type { CallInput, CallName, CallOutput, EventName, EventPayload } from './contract';

type AreaOf<N> = N extends `${infer A}:${string}` ? A : never;
type VerbOf<N, A extends string> = N extends `${A}:${infer V}` ? V : never;

type CallFn<N extends CallName> = undefined extends CallInput<N>
  ? (input?: CallInput<N>) => Promise<Result<CallOutput<N>>>
  : (input: CallInput<N>) => Promise<Result<CallOutput<N>>>;

export type FaxdeskApi = {
  readonly [A in AreaOf<CallName>]: {
    readonly [N in CallName as VerbOf<N, A>]: CallFn<N>;
  };
} & {
  /** Subscribe to a main→renderer event; returns the unsubscribe function. */
  readonly on: <E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void) => () => void;
};

export interface ApiTransport {
  invoke(channel: string, input: unknown): Promise<unknown>;
  /** Calls back with (event name, payload) for every event; returns an unsubscribe function. */
  subscribe(listener: (event: string, payload: unknown) => void): () => void;
}

/** Builds the object of named functions. Only names in `callNames` exist; nothing generic leaks out. */
export function buildApi(callNames: readonly string[], eventNames: readonly string[], transport: ApiTransport): FaxdeskApi {
  const api: Record<string, Record<string, (input?: unknown) => Promise<unknown>>> = {};
  for (const name of callNames) {
    const [area, verb] = name.split(':') as [string, string];
    const group = (api[area] ??= {});
    group[verb] = (input?: unknown) => transport.invoke(name, input);
  }
  for (const group of Object.values(api)) Object.freeze(group);
  const known = new Set(eventNames);
  const on = (event: string, listener: (payload: unknown) => void): (() => void) => {
    if (!known.has(event)) throw new Error(`Unknown Faxdesk event "${event}"`);
    return transport.subscribe((name, payload) => {
      if (name === event) listener(payload);
    });
  };
  return Object.freeze({ ...api, on }) as unknown as FaxdeskApi;
}
