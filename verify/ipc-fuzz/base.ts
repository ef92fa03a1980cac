/**
 * A valid input for each channel, built from its schema: the hostile inputs are this base with exactly
 * one thing broken, so the error must name that one field. Candidates for each field are tried against
 * the field's own schema (so refinements such as URL or date rules are honoured without knowing them);
 * the assembled value is then checked against the whole schema (cross-field rules).
 */
import fc from 'fast-check';
import { z } from 'zod';
import { core, type Modelled } from './shape';

/** Values that satisfy common refinements (URLs, e-mail, dates, UUIDs, fax numbers, paths). */
const STRING_SAMPLES = [
  'sample',
  'https://api.example.com',
  'https://hooks.example.com/faxdesk',
  'person@example.com',
  '2026-03-01T09:00:00Z',
  '3f2b8c1e-4d5a-4b6c-8e9f-0a1b2c3d4e5f',
  '15222051030',
  '/tmp/faxdesk-fuzz/missing.csv',
  'Europe/London',
  'A',
];
const OPAQUE_SAMPLES: unknown[] = [null, {}, [], 'sample', 0, true];

function accepts(schema: z.ZodType, value: unknown): boolean {
  return schema.safeParse(value).success;
}

/** Candidate values for a shape, most plausible first; each is checked by the caller. */
function* candidates(shape: Modelled, depth: number, samples: readonly string[]): Generator<unknown> {
  const examples = (z.globalRegistry.get(shape.schema) as { examples?: unknown[] } | undefined)?.examples;
  if (Array.isArray(examples)) yield* examples;
  const inner = core(shape) as Modelled;
  switch (inner.kind) {
    case 'string': {
      const fits = (s: string) => s.length >= inner.min && (inner.max === null || s.length <= inner.max);
      for (const s of [...samples, ...STRING_SAMPLES]) if (fits(s)) yield s;
      for (const pattern of inner.patterns) {
        for (const s of fc.sample(fc.stringMatching(pattern), { numRuns: 30, seed: 7 })) if (fits(s)) yield s;
      }
      yield 'x'.repeat(Math.max(1, inner.min));
      break;
    }
    case 'number': {
      const low = inner.min ?? 0;
      const high = inner.max ?? low + 10;
      yield inner.integer ? Math.ceil(low) : low;
      yield inner.integer ? Math.floor((low + high) / 2) : (low + high) / 2;
      break;
    }
    case 'boolean':
      yield true;
      yield false;
      break;
    case 'values':
      yield* inner.values;
      break;
    case 'object':
      yield* objectCandidates(inner as Modelled & { kind: 'object' }, depth, samples);
      break;
    case 'array': {
      if (inner.min === 0) yield [];
      const element = firstValid(inner.element as Modelled, depth + 1, samples);
      if (element.found) yield Array.from({ length: Math.max(1, inner.min) }, () => element.value);
      break;
    }
    case 'union':
      for (const option of inner.options) yield* candidates(option as Modelled, depth + 1, samples);
      break;
    case 'void':
      yield undefined;
      break;
    case 'null':
      yield null;
      break;
    case 'opaque':
      yield* OPAQUE_SAMPLES;
      break;
    default:
      break;
  }
  // The wrappers' own values last: they make fewer paths to break.
  if (shape.kind === 'nullable') yield null;
  if (shape.kind === 'optional' || shape.kind === 'default') yield undefined;
}

/** Every field present first (more paths to break), then only the required ones. */
function* objectCandidates(shape: Modelled & { kind: 'object' }, depth: number, samples: readonly string[]): Generator<unknown> {
  if (depth > 6) return;
  for (const withOptional of [true, false]) {
    const value: Record<string, unknown> = {};
    let complete = true;
    for (const [key, field] of Object.entries(shape.fields) as [string, Modelled][]) {
      const optional = field.kind === 'optional' || field.kind === 'default';
      if (optional && !withOptional) continue;
      const found = firstValid(field, depth + 1, samples, optional);
      if (!found.found) {
        complete = false;
        break;
      }
      if (found.value !== undefined) value[key] = found.value;
    }
    if (complete) yield value;
  }
}

function firstValid(shape: Modelled, depth: number, samples: readonly string[], preferPresent = false): { found: true; value: unknown } | { found: false } {
  let fallback: { found: true; value: unknown } | null = null;
  for (const candidate of candidates(shape, depth, samples)) {
    if (!accepts(shape.schema, candidate)) continue;
    if (preferPresent && candidate === undefined) {
      fallback ??= { found: true, value: undefined };
      continue;
    }
    return { found: true, value: candidate };
  }
  return fallback ?? { found: false };
}

/**
 * A valid input for the whole schema, or null when none of the candidates passes it. `samples` are
 * strings to try first (the fuzzer passes a path inside its own folder, so a call that wrongly goes
 * through writes there, where the state check sees it).
 */
export function validBase(model: Modelled, samples: readonly string[] = []): { value: unknown } | null {
  for (const candidate of candidates(model, 0, samples)) {
    if (accepts(model.schema, candidate)) return { value: candidate };
  }
  return null;
}

