/**
 * What an IPC input schema (zod 4) accepts, read from the schema itself: types, required and optional
 * fields, strictness, length and range limits. The fuzzer builds its hostile inputs from this model, so
 * a channel added to the contract is fuzzed without touching the suite.
 *
 * Anything the model cannot see into (z.unknown(), a transform over unknown input, z.lazy, z.custom)
 * is `opaque`: the fuzzer still throws huge and deeply nested values at it.
 */
import type { z } from 'zod';

export type JsonKind = 'string' | 'number' | 'boolean' | 'null' | 'undefined' | 'object' | 'array';
export const JSON_KINDS: readonly JsonKind[] = ['string', 'number', 'boolean', 'null', 'undefined', 'object', 'array'];

export type Shape =
  | { kind: 'string'; min: number; max: number | null; patterns: RegExp[]; format: string | null }
  | { kind: 'number'; integer: boolean; min: number | null; max: number | null }
  | { kind: 'boolean' }
  | { kind: 'values'; values: readonly unknown[] }
  | { kind: 'object'; fields: Record<string, Shape>; strict: boolean }
  | { kind: 'array'; element: Shape; min: number; max: number | null }
  | { kind: 'optional'; inner: Shape }
  | { kind: 'nullable'; inner: Shape }
  | { kind: 'default'; inner: Shape }
  | { kind: 'union'; options: Shape[] }
  | { kind: 'void' }
  | { kind: 'null' }
  | { kind: 'opaque'; why: string };

/** Each shape keeps the zod schema it came from, so a candidate value can be checked field by field. */
export type Modelled = Shape & { schema: z.ZodType };

interface Def {
  type: string;
  checks?: { _zod: { def: Record<string, unknown> } }[];
  [key: string]: unknown;
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

export function modelOf(schema: z.ZodType): Modelled {
  const def = defOf(schema);
  const checks = (def.checks ?? []).map((c) => c._zod.def);
  const limit = (name: string, key: string) => {
    const found = checks.filter((c) => c['check'] === name).map((c) => c[key] as number);
    return found.length > 0 ? found : null;
  };
  const with_ = (shape: Shape): Modelled => ({ ...shape, schema }) as Modelled;
  switch (def.type) {
    case 'string': {
      const max = limit('max_length', 'maximum');
      const min = limit('min_length', 'minimum');
      const patterns = checks.filter((c) => c['check'] === 'string_format' && c['pattern'] instanceof RegExp).map((c) => c['pattern'] as RegExp);
      if (def['pattern'] instanceof RegExp) patterns.push(def['pattern'] as RegExp);
      return with_({
        kind: 'string',
        min: min ? Math.max(...min) : 0,
        max: max ? Math.min(...max) : null,
        patterns,
        format: typeof def['format'] === 'string' ? (def['format'] as string) : null,
      });
    }
    case 'number': {
      const low = checks.filter((c) => c['check'] === 'greater_than').map((c) => (c['value'] as number) + (c['inclusive'] ? 0 : Number.EPSILON));
      const high = checks.filter((c) => c['check'] === 'less_than').map((c) => (c['value'] as number) - (c['inclusive'] ? 0 : Number.EPSILON));
      const integer = checks.some((c) => c['check'] === 'number_format' && /int/.test(String(c['format'])));
      return with_({ kind: 'number', integer, min: low.length ? Math.max(...low) : null, max: high.length ? Math.min(...high) : null });
    }
    case 'boolean':
      return with_({ kind: 'boolean' });
    case 'literal':
      return with_({ kind: 'values', values: def['values'] as unknown[] });
    case 'enum':
      return with_({ kind: 'values', values: Object.values(def['entries'] as Record<string, unknown>) });
    case 'object': {
      const shape = def['shape'] as Record<string, z.ZodType>;
      const catchall = def['catchall'] as z.ZodType | undefined;
      const fields: Record<string, Shape> = {};
      for (const [key, inner] of Object.entries(shape)) fields[key] = modelOf(inner);
      return with_({ kind: 'object', fields, strict: !!catchall && defOf(catchall).type === 'never' });
    }
    case 'array': {
      const max = limit('max_length', 'maximum');
      const min = limit('min_length', 'minimum');
      return with_({ kind: 'array', element: modelOf(def['element'] as z.ZodType), min: min ? Math.max(...min) : 0, max: max ? Math.min(...max) : null });
    }
    case 'optional':
      return with_({ kind: 'optional', inner: modelOf(def['innerType'] as z.ZodType) });
    case 'nullable':
      return with_({ kind: 'nullable', inner: modelOf(def['innerType'] as z.ZodType) });
    case 'default':
    case 'prefault':
      return with_({ kind: 'default', inner: modelOf(def['innerType'] as z.ZodType) });
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      return modelOf(def['innerType'] as z.ZodType);
    case 'union':
      return with_({ kind: 'union', options: (def['options'] as z.ZodType[]).map(modelOf) });
    case 'pipe': {
      // What the caller must send is the pipe's input side; a transform over z.unknown() is opaque.
      const input = modelOf(def['in'] as z.ZodType);
      return input.kind === 'opaque' ? with_({ kind: 'opaque', why: 'a transform over any input' }) : { ...input, schema };
    }
    case 'void':
    case 'undefined':
      return with_({ kind: 'void' });
    case 'null':
      return with_({ kind: 'null' });
    default:
      return with_({ kind: 'opaque', why: def.type });
  }
}

/** The JSON kinds a shape accepts at all (whatever their content). */
export function kindsAccepted(shape: Shape): Set<JsonKind> {
  switch (shape.kind) {
    case 'string':
      return new Set(['string']);
    case 'number':
      return new Set(['number']);
    case 'boolean':
      return new Set(['boolean']);
    case 'values':
      return new Set(shape.values.map((v) => (v === null ? 'null' : v === undefined ? 'undefined' : (typeof v as JsonKind))));
    case 'object':
      return new Set(['object']);
    case 'array':
      return new Set(['array']);
    case 'optional':
    case 'default':
      return new Set([...kindsAccepted(shape.inner), 'undefined']);
    case 'nullable':
      return new Set([...kindsAccepted(shape.inner), 'null']);
    case 'union':
      return new Set(shape.options.flatMap((o) => [...kindsAccepted(o)]));
    case 'void':
      return new Set(['undefined']);
    case 'null':
      return new Set(['null']);
    case 'opaque':
      return new Set(JSON_KINDS);
  }
}

/** The shape without optional / nullable / default wrappers. */
export function core(shape: Shape): Shape {
  return shape.kind === 'optional' || shape.kind === 'nullable' || shape.kind === 'default' ? core(shape.inner) : shape;
}

export function acceptsMissing(shape: Shape): boolean {
  return kindsAccepted(shape).has('undefined');
}
