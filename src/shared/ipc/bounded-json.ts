/**
 * A schema for a free-form JSON value that crosses the IPC boundary before its own rules look at it
 * (a header design in a compose draft: the compose rules report its problems field by field). Free
 * form is not unbounded: the value is walked iteratively (no recursion, so no stack to exhaust) and
 * refused at the first place that is nested too deep, too long, too wide or not JSON at all.
 */
import { z } from 'zod';

export interface JsonBounds {
  maxDepth: number;
  maxStringLength: number;
  maxItems: number;
  maxKeys: number;
  /** Values in all. */
  maxNodes: number;
}

export const DEFAULT_JSON_BOUNDS: JsonBounds = { maxDepth: 16, maxStringLength: 10_000, maxItems: 1_000, maxKeys: 100, maxNodes: 10_000 };

/** The first place `value` breaks the bounds: its path and what is wrong; null when it keeps them. */
export function jsonBoundsProblem(value: unknown, bounds: JsonBounds = DEFAULT_JSON_BOUNDS): { path: (string | number)[]; message: string } | null {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  let nodes = 0;
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    nodes += 1;
    if (nodes > bounds.maxNodes) return { path: [], message: `It holds more than ${bounds.maxNodes} values.` };
    if (path.length > bounds.maxDepth) return { path, message: `It is nested more than ${bounds.maxDepth} levels deep.` };
    if (current === null || typeof current === 'boolean') continue;
    if (typeof current === 'number') {
      if (!Number.isFinite(current)) return { path, message: 'Numbers must be finite.' };
      continue;
    }
    if (typeof current === 'string') {
      if (current.length > bounds.maxStringLength) return { path, message: `Use at most ${bounds.maxStringLength} characters.` };
      continue;
    }
    if (Array.isArray(current)) {
      if (current.length > bounds.maxItems) return { path, message: `Use at most ${bounds.maxItems} items.` };
      for (let i = current.length - 1; i >= 0; i--) stack.push({ value: current[i], path: [...path, i] });
      continue;
    }
    if (typeof current === 'object' && Object.getPrototypeOf(current) === Object.prototype) {
      const keys = Object.keys(current);
      if (keys.length > bounds.maxKeys) return { path, message: `Use at most ${bounds.maxKeys} fields.` };
      for (const key of keys.reverse()) stack.push({ value: (current as Record<string, unknown>)[key], path: [...path, key] });
      continue;
    }
    return { path, message: `Expected JSON data, not ${current === undefined ? 'nothing' : typeof current}.` };
  }
  return null;
}

/** Any JSON value within `bounds`; the issue names the offending place inside it. */
export function boundedJson(bounds: JsonBounds = DEFAULT_JSON_BOUNDS) {
  return z.unknown().superRefine((value, ctx) => {
    const problem = jsonBoundsProblem(value, bounds);
    if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: problem.path, input: value });
  });
}
