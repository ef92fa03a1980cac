import { describe, expect, it } from 'vitest';
import { Retention } from '../../../../src/main/desktop/retention';

describe('Retention (shown notifications kept referenced)', () => {
  it('keeps each item until released, and lets the oldest go past its bound', () => {
    const kept = new Retention<object>(2);
    const [a, b, c] = [{}, {}, {}];
    kept.keep(a);
    kept.keep(b);
    expect([kept.has(a), kept.has(b), kept.size]).toEqual([true, true, 2]);
    kept.release(a);
    expect(kept.has(a)).toBe(false);
    kept.keep(a);
    kept.keep(c); // over the bound: b, the oldest, goes
    expect([kept.has(a), kept.has(b), kept.has(c)]).toEqual([true, false, true]);
    kept.release({}); // unknown: nothing happens
    expect(kept.size).toBe(2);
  });
});
