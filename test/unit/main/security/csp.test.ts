/** src/main/security/csp.ts: the one Content-Security-Policy, as header and as the built page's meta tag. */
import { describe, expect, it } from 'vitest';
import { metaPolicy } from '../../../../scripts/vite-csp';
import { contentSecurityPolicy, devServerContentSecurityPolicy } from '../../../../src/main/security/csp';

describe('contentSecurityPolicy', () => {
  it('allows no remote origin, no eval, no inline script and no inline style', () => {
    const csp = contentSecurityPolicy();
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).not.toMatch(/unsafe-eval|unsafe-inline|https?:|\*/);
  });

  it("relaxes only the dev server's page, for Vite's injected styles and React Refresh's preamble", () => {
    const dev = devServerContentSecurityPolicy();
    expect(dev).toContain("script-src 'self' 'unsafe-inline'");
    expect(dev).toContain("style-src 'self' 'unsafe-inline'");
    expect(dev.replaceAll(" 'unsafe-inline'", '')).toBe(contentSecurityPolicy());
  });

  it('is written into the page without the directives a meta tag cannot carry', () => {
    const meta = metaPolicy(contentSecurityPolicy());
    expect(meta).not.toContain('frame-ancestors');
    expect(meta.split('; ')).toEqual(contentSecurityPolicy().split('; ').filter((d) => !d.startsWith('frame-ancestors')));
  });
});
