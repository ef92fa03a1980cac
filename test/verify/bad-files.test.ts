import { describe, expect, it } from 'vitest';
import { badFiles } from '../../verify/parts/bad-files';
import { misses, runCiPart } from './support';

describe('bad files (CI size)', () => {
  it('refuses every file of the corpus before anything is queued, naming it, and keeps the good file', async () => {
    const rows = await runCiPart(badFiles);
    expect(rows.length).toBe(7);
    expect(misses(rows)).toEqual([]);
  });
});
