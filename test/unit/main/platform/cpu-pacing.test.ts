import { describe, expect, it } from 'vitest';
import { rateAfterPiece } from '../../../../src/main/platform/cpu-pacing';

describe('rateAfterPiece', () => {
  it('a piece that read 0 ms of CPU (a coarse clock) lets the next piece be at most twice as big', () => {
    // 256 units, target 12 ms: the next piece is rate × 12 ≤ 512 units, not 256 / 0.05 × 12 = 61,440.
    expect(rateAfterPiece(undefined, 256, 0, 12) * 12).toBe(512);
    const previous = 20; // units per ms: a 240-unit piece
    expect(rateAfterPiece(previous, 240, 0, 12) * 12).toBeLessThanOrEqual(2 * 240);
  });

  it('a slow piece lowers the rate at once; measured pieces average with the last figure', () => {
    expect(rateAfterPiece(undefined, 100, 50, 12)).toBe(2);
    expect(rateAfterPiece(10, 100, 50, 12)).toBe(6);
    expect(rateAfterPiece(10, 120, 12, 12)).toBe(10);
  });
});
