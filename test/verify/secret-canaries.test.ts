import { describe, expect, it } from 'vitest';
import { secretCanaries } from '../../verify/parts/secret-canaries';
import { misses, runCiPart } from './support';

describe('secret canaries (CI size: one round)', () => {
  it('finds no secret in any encoding in the database, logs, diagnostics, IPC or crash output', async () => {
    const rows = await runCiPart(secretCanaries);
    expect(rows.length).toBe(3);
    expect(misses(rows)).toEqual([]);
  });
});
