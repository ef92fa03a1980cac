import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ipcFuzz } from '../../verify/parts/ipc-fuzz';
import { materialize, mutationArbitrary } from '../../verify/ipc-fuzz/mutations';
import { modelOf } from '../../verify/ipc-fuzz/shape';
import fc from 'fast-check';
import { misses, runCiPart } from './support';

describe('IPC fuzz (CI size: 20 inputs per channel)', () => {
  it('refuses every hostile input naming the field, with no escaping exception, state change or crash', async () => {
    const rows = await runCiPart(ipcFuzz);
    expect(rows.length).toBeGreaterThanOrEqual(8);
    expect(misses(rows)).toEqual([]);
  });

  it('can fail: against a loose schema (not strict, no limits) its inputs are accepted', () => {
    const loose = z.object({ name: z.string(), tags: z.array(z.string()), note: z.unknown().optional() });
    const generated = mutationArbitrary(modelOf(loose))!;
    const inputs = fc.sample(generated.arbitrary, { numRuns: 300, seed: 1 }).map((m) => ({ m, input: materialize(generated.base, m) }));
    const acceptedKinds = new Set(inputs.filter(({ input }) => loose.safeParse(input).success).map(({ m }) => m.kind));
    expect([...acceptedKinds].sort()).toEqual(expect.arrayContaining(['extra-field', 'huge-array', 'huge-string']));
  });
});
