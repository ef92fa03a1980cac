import { describe, expect, it } from 'vitest';
import { isTrustedPageUrl } from '../../../../src/main/security/sender';

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
