/**
 * Building blocks of the IPC contract. A call is a zod input schema plus an output type that exists
 * only at compile time; an event is a payload type. Main parses every input with the schema; the
 * preload and the bridge shim only need the names, so zod never has to reach them.
 */
import type { z } from 'zod';

export interface CallSpec<I extends z.ZodType, O> {
  readonly input: I;
  /** Phantom: carries the output type; never set at run time. */
  readonly output?: O;
}

export interface EventSpec<P> {
  /** Phantom: carries the payload type; never set at run time. */
  readonly payload?: P;
}

export function call<I extends z.ZodType>(input: I): { returns<O>(): CallSpec<I, O> } {
  return { returns: <O>() => ({ input }) as CallSpec<I, O> };
}

export function event<P>(): EventSpec<P> {
  return {};
}
