import { describe, expect, it } from 'vitest';
import { isTrustedPageUrl } from '../../../../src/main/security/sender';
import { metaPolicy } from '../../../../scripts/vite-csp';
import { contentSecurityPolicy, devServerContentSecurityPolicy } from '../../../../src/main/security/csp';

describe('isTrustedPageUrl', () => {
  it('trusts only the app origin, or the dev server when one is given', () => {
    expect(isTrustedPageUrl('app://faxdesk/index.html')).toBe(true);
    expect(isTrustedPageUrl('app://faxdesk.evil/index.html')).toBe(false);
    expect(isTrustedPageUrl('app://evil/faxdesk')).toBe(false);
    expect(isTrustedPageUrl('https://faxdesk/index.html')).toBe(false);
    expect(isTrustedPageUrl('file:///tmp/index.html')).toBe(false);
    expect(isTrustedPageUrl('http://localhost:5173/')).toBe(false);
    expect(isTrustedPageUrl('http://localhost:5173/', 'http://localhost:5173')).toBe(true);
    expect(isTrustedPageUrl('http://localhost:5173.evil.com/', 'http://localhost:5173')).toBe(false);
    expect(isTrustedPageUrl(undefined)).toBe(false);
    expect(isTrustedPageUrl('not a url')).toBe(false);
  });
});

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
