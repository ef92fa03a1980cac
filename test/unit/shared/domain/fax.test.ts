import { describe, expect, it } from 'vitest';
import { knownNumber, parseAddress, serviceUrlProblem, webhookUrlProblem } from '../../../../src/shared/domain/fax';

describe('webhook addresses the service delivers to', () => {
  it.each(['https://hooks.example.com/fax', 'https://hooks.example.com:443/fax', 'https://hooks.example.com:8443/fax?x=1', 'https://[2001:db8::1]/in', 'HTTPS://Hooks.Example.com'])(
    'accepts %s',
    (url) => expect(webhookUrlProblem(url)).toBeNull(),
  );

  it.each([
    ['http://hooks.example.com/fax', /only over HTTPS/],
    ['https://hooks.example.com:8080/fax', /443 .* or 8443, not 8080/],
    ['https://hooks.example.com:80/fax', /not 80/],
    ['ftp://hooks.example.com', /HTTPS/],
    ['hooks.example.com/fax', /not a web address/],
    ['https://user:pw@hooks.example.com/', /not a web address/],
    ['https://hooks..example.com./', /not a valid server name|not a web address/],
    ['', /Enter the address/],
  ])('refuses %s', (url, message) => {
    expect(webhookUrlProblem(url)).toMatch(message);
  });
});

describe('service base addresses', () => {
  it('wants https, except on this computer', () => {
    expect(serviceUrlProblem('https://api.securedocex.com')).toBeNull();
    expect(serviceUrlProblem('https://api.test.securedocex.com/opc/v1')).toBeNull();
    expect(serviceUrlProblem('http://127.0.0.1:4010/api')).toBeNull();
    expect(serviceUrlProblem('http://localhost:4010/api')).toBeNull();
    expect(serviceUrlProblem('http://api.securedocex.com')).toMatch(/https/);
    expect(serviceUrlProblem('https://api.securedocex.com/#x')).toMatch(/\?/);
    expect(serviceUrlProblem('securedocex')).toMatch(/not a web address/);
    expect(serviceUrlProblem('https://host:99999')).toMatch(/not a web address/);
  });

  it('parses the parts it needs', () => {
    expect(parseAddress('https://Example.com:8443/a?b')).toEqual({ scheme: 'https', host: 'example.com', port: 8443, path: '/a?b' });
    expect(parseAddress('nope')).toBeNull();
  });
});

describe('fax numbers the service does not know', () => {
  it.each(['UNKNOWN', 'unavailable', 'Anonymous', '', '  ', null, undefined])('%j → null', (raw) => expect(knownNumber(raw)).toBeNull());
  it('keeps real numbers', () => expect(knownNumber(' 12125550100 ')).toBe('12125550100'));
});
