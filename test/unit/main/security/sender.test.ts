import { describe, expect, it } from 'vitest';
import { isTrustedPageUrl } from '../../../../src/main/security/sender';
import { contentSecurityPolicy } from '../../../../src/main/security/csp';

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
  it('allows no remote origin, no eval and no inline script', () => {
    const csp = contentSecurityPolicy();
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/unsafe-eval|https?:|\*/);
    expect(csp.split(';').find((d) => d.trim().startsWith('script-src'))).not.toContain('unsafe-inline');
  });
});
