/**
 * Setup file of the unit, integration and end-to-end tiers: a test fails when the code under test made a
 * request Electron's net.fetch would refuse (test/electron-model/net-fetch-rules.ts), even if that code
 * caught the error and carried on (a send that fails this way ends "Outcome unknown", not in a crash).
 */
import { afterEach, expect } from 'vitest';
import { takeNetFetchViolations } from '../electron-model/net-fetch-rules';

afterEach(() => {
  expect(takeNetFetchViolations(), 'requests that net.fetch refuses in Electron').toEqual([]);
});
