/**
 * Fails whichever end-to-end test was running when any page broke the Content-Security-Policy, in
 * every test file, whether or not it records console errors itself (vitest setupFiles of e2e).
 */
import { afterAll, afterEach, expect } from 'vitest';
import { takeCspViolations } from './csp';

afterEach(() => {
  expect(takeCspViolations(), 'Content-Security-Policy violations').toEqual([]);
});

afterAll(() => {
  expect(takeCspViolations(), 'Content-Security-Policy violations').toEqual([]);
});
