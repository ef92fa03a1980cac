/**
 * Hostile inputs for one channel: its valid base with exactly one thing broken, chosen by fast-check
 * from what the schema model says is there. Each mutation is a small descriptor (where, what kind);
 * the value is built only when it is sent, so a 140 MB string exists one at a time.
 *
 * Every mutation is invalid by construction, by the contract's own rules: a field of the wrong type, a
 * required field missing, a field the object does not declare (objects are strict: an extra field is
 * refused, not silently dropped), a string or list one past its limit (or absurdly long where the schema
 * sets none), a number out of range or not finite, a value outside an enum, prototype-pollution keys,
 * nesting 100,000 deep. The gate must refuse it with INVALID_INPUT and name the field (`expect`).
 */
import fc from 'fast-check';
import { validBase } from './base';
import { acceptsMissing, core, kindsAccepted, type JsonKind, type Modelled } from './shape';

export type Path = (string | number)[];

export interface Site {
  path: Path;
  shape: Modelled;
  present: boolean;
  /** The field an error about this site must name (or lie under): the site, or the union it is an option of. */
  expect: Path;
  /** The value at the site in the base (for list elements to repeat). */
  value: unknown;
}

export type MutationKind =
  | 'wrong-type'
  | 'missing'
  | 'extra-field'
  | 'prototype-key'
  | 'huge-string'
  | 'huge-array'
  | 'non-finite'
  | 'out-of-range'
  | 'bad-value'
  | 'deep-nesting';

export interface Mutation {
  kind: MutationKind;
  site: Site;
  /** Kind-specific choice (the wrong type, the extra key, which non-finite number...). */
  pick: string | number;
}

/** Without a limit in the schema, a string this long (16 Mi characters) must still be refused. */
export const UNBOUNDED_STRING = 16 * 1024 * 1024;
/** ...and a list this long. */
export const UNBOUNDED_ARRAY = 200_000;
export const NESTING_DEPTH = 100_000;
export const POLLUTION_MARK = 'faxdeskFuzzPolluted';

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every place in the base a mutation can hit, with what the schema says about it. */
export function sitesOf(model: Modelled, base: unknown): Site[] {
  const sites: Site[] = [];
  const walk = (shape: Modelled, value: unknown, path: Path, union: Path | null) => {
    sites.push({ path, shape, present: value !== undefined, expect: union ?? path, value });
    const inner = core(shape) as Modelled;
    if (inner.kind === 'object' && isPlainObject(value)) {
      for (const [key, field] of Object.entries(inner.fields) as [string, Modelled][]) walk(field, value[key], [...path, key], union);
    } else if (inner.kind === 'array' && Array.isArray(value)) {
      value.slice(0, 2).forEach((item, i) => walk(inner.element as Modelled, item, [...path, i], union));
    } else if (inner.kind === 'union' && value !== undefined) {
      const option = (inner.options as Modelled[]).find((o) => o.schema.safeParse(value).success);
      const optionCore = option ? (core(option) as Modelled) : null;
      if (optionCore?.kind === 'object' && isPlainObject(value)) {
        for (const [key, field] of Object.entries(optionCore.fields) as [string, Modelled][]) walk(field, value[key], [...path, key], union ?? path);
      }
    }
  };
  walk(model, base, [], null);
  return sites;
}

const WRONG_VALUES: Record<Exclude<JsonKind, 'undefined'>, unknown[]> = {
  string: ['', 'text', '0'],
  number: [0, -1, 3.5],
  boolean: [true, false],
  null: [null],
  object: [{}, { value: 1 }],
  array: [[], [1, 'two']],
};
const EXTRA_KEYS = ['unexpected', 'isAdmin', 'toString', 'hasOwnProperty', 'then', 'x-field'];
const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype'];

/** The kinds that apply to a site, each as an arbitrary of mutations. */
function mutationsAt(site: Site, isRoot: boolean, rootAcceptsMissing: boolean): fc.Arbitrary<Mutation>[] {
  const out: fc.Arbitrary<Mutation>[] = [];
  const make = (kind: MutationKind, picks: readonly (string | number)[]) => {
    if (picks.length > 0) out.push(fc.constantFrom(...picks).map((pick) => ({ kind, site, pick })));
  };
  const accepted = kindsAccepted(site.shape);
  const inner = core(site.shape);
  // The gate reads a null input as "no input", so null is not a wrong type where no input is fine.
  const wrong = (Object.keys(WRONG_VALUES) as Exclude<JsonKind, 'undefined'>[]).filter((k) => !accepted.has(k) && !(isRoot && k === 'null' && rootAcceptsMissing));
  make('wrong-type', wrong);
  if (site.present && site.path.length > 0 && typeof site.path[site.path.length - 1] === 'string' && !acceptsMissing(site.shape)) make('missing', ['missing']);
  if (inner.kind === 'object' && isPlainObject(site.value)) {
    make('extra-field', EXTRA_KEYS);
    make('prototype-key', PROTOTYPE_KEYS);
  }
  if (inner.kind === 'string' || inner.kind === 'opaque') make('huge-string', ['huge']);
  if (inner.kind === 'array') make('huge-array', ['huge']);
  if (inner.kind === 'number') {
    make('non-finite', ['NaN', 'Infinity', '-Infinity']);
    const ranges: string[] = [];
    if (inner.min !== null) ranges.push('below');
    if (inner.max !== null) ranges.push('above');
    if (inner.integer) ranges.push('fraction');
    make('out-of-range', ranges);
  }
  if (inner.kind === 'values') make('bad-value', ['other']);
  make('deep-nesting', ['object', 'array']);
  return out;
}

/** Mutations for one channel, or null when no valid base could be built from its schema. */
export function mutationArbitrary(model: Modelled, options: { samples?: readonly string[] } = {}): { base: unknown; sites: Site[]; arbitrary: fc.Arbitrary<Mutation> } | null {
  const found = validBase(model, options.samples);
  if (!found) return null;
  const sites = sitesOf(model, found.value);
  const rootAcceptsMissing = acceptsMissing(model);
  const perSite = sites.map((site) => mutationsAt(site, site.path.length === 0, rootAcceptsMissing)).filter((list) => list.length > 0);
  // A site first, then a kind at it: every field gets its share whatever the number of kinds.
  const arbitrary = fc.constantFrom(...perSite).chain((list) => fc.oneof(...list));
  return { base: found.value, sites, arbitrary };
}

function nested(kind: string, depth: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = kind === 'array' ? [value] : { nested: value };
  return value;
}

function hugeString(shape: Modelled): string {
  const inner = core(shape);
  const length = inner.kind === 'string' && inner.max !== null ? inner.max + 1 : UNBOUNDED_STRING;
  return 'a'.repeat(length);
}

/** The value that replaces the site's (undefined: remove it). */
function replacement(mutation: Mutation): { remove: true } | { value: unknown } | { extraKey: string; value: unknown } {
  const { site, pick } = mutation;
  const inner = core(site.shape);
  switch (mutation.kind) {
    case 'wrong-type': {
      const values = WRONG_VALUES[pick as Exclude<JsonKind, 'undefined'>];
      return { value: structuredClone(values[site.path.length % values.length]) };
    }
    case 'missing':
      return { remove: true };
    case 'extra-field':
      return { extraKey: String(pick), value: 'surplus' };
    case 'prototype-key':
      return { extraKey: String(pick), value: pick === 'constructor' ? { prototype: { [POLLUTION_MARK]: true } } : { [POLLUTION_MARK]: true } };
    case 'huge-string':
      return { value: hugeString(site.shape) };
    case 'huge-array': {
      if (inner.kind !== 'array') return { value: [] };
      const length = inner.max !== null ? inner.max + 1 : UNBOUNDED_ARRAY;
      const element = Array.isArray(site.value) && site.value.length > 0 ? site.value[0] : (validBase(inner.element as Modelled)?.value ?? 0);
      return { value: Array.from({ length }, () => structuredClone(element)) };
    }
    case 'non-finite':
      return { value: pick === 'NaN' ? Number.NaN : pick === 'Infinity' ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY };
    case 'out-of-range': {
      if (inner.kind !== 'number') return { value: Number.NaN };
      if (pick === 'below') return { value: (inner.min ?? 0) - 1 };
      if (pick === 'above') return { value: (inner.max ?? 0) + 1 };
      return { value: (inner.min ?? 0) + 0.5 };
    }
    case 'bad-value': {
      const values = inner.kind === 'values' ? inner.values : [];
      return { value: values.every((v) => typeof v === 'boolean') ? !values[0] : 'NOT_ONE_OF_THE_CHOICES' };
    }
    case 'deep-nesting':
      return { value: nested(String(pick), NESTING_DEPTH) };
  }
}

function setOwn(target: Record<string, unknown> | unknown[], key: string | number, value: unknown): void {
  // defineProperty, not assignment: `o.__proto__ = x` would change the prototype instead of adding a key.
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** The hostile input: a copy of the base with the mutation applied. */
export function materialize(base: unknown, mutation: Mutation): unknown {
  const change = replacement(mutation);
  const path = mutation.site.path;
  const root = { value: structuredClone(base) } as Record<string, unknown>;
  let parent: Record<string, unknown> | unknown[] = root;
  let key: string | number = 'value';
  for (const step of path) {
    parent = (parent as Record<string, unknown>)[key as string] as Record<string, unknown> | unknown[];
    key = step;
  }
  if ('remove' in change) {
    delete (parent as Record<string, unknown>)[key as string];
  } else if ('extraKey' in change) {
    const target = (parent as Record<string, unknown>)[key as string] as Record<string, unknown>;
    setOwn(target, change.extraKey, change.value);
  } else {
    setOwn(parent, key, change.value);
  }
  return root['value'];
}

/** The dotted name the gate reports for a path ("draft.recipients.0.number"). */
export function fieldName(path: Path): string {
  return path.map(String).join('.');
}

/** Whether the error's field names the site (or lies under it). At the top level any field, or none, will do. */
export function namesField(field: string | undefined, expect: Path): boolean {
  const wanted = fieldName(expect);
  if (wanted === '') return true;
  return field === wanted || (field ?? '').startsWith(`${wanted}.`);
}

export function describeMutation(mutation: Mutation): string {
  return `${mutation.kind}(${mutation.pick}) at ${fieldName(mutation.site.path) || '(input)'}`;
}
