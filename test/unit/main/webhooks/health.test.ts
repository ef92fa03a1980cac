/** The receiver's health policy. */
import { describe, expect, it } from 'vitest';
import { EVENT_GRACE_MS, HEALTH_WINDOW_MS, RELAXED_POLL_MS, fellBack, instantStatus, isHealthy, newHealth, pingSucceeded } from '../../../../src/main/webhooks/health';

describe('health', () => {
  it('is healthy only after a recent round trip and until something says otherwise', () => {
    let h = newHealth();
    expect(isHealthy(h, 0)).toBe(false);
    expect(instantStatus(h, 0, 60)).toMatchObject({ state: 'checking', pollSeconds: 60 });
    h = pingSucceeded(h, 1000, 42);
    expect(isHealthy(h, 1000 + HEALTH_WINDOW_MS)).toBe(true);
    expect(isHealthy(h, 1001 + HEALTH_WINDOW_MS)).toBe(false);
    expect(instantStatus(h, 2000, 60)).toMatchObject({ state: 'active', pollSeconds: RELAXED_POLL_MS / 1000 });
    h = fellBack(h, 'the test notification did not arrive within 15 s.', 3000);
    expect(isHealthy(h, 3000)).toBe(false);
    expect(instantStatus(h, 3000, 60)).toMatchObject({ state: 'fallback', message: expect.stringContaining('did not arrive'), pollSeconds: 60 });
    expect(isHealthy(pingSucceeded(h, 4000, 10), 4000)).toBe(true);
    expect(EVENT_GRACE_MS).toBeLessThan(RELAXED_POLL_MS);
  });
});
