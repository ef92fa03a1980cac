import { describe, expect, it } from 'vitest';
import { TRANSMISSION_CODES, describeTransmissionCode } from '../../../../src/shared/domain/transmission-codes';

describe('TRANSMISSION_CODES', () => {
  it('holds the service table with billing and retry flags', () => {
    expect(TRANSMISSION_CODES.map((c) => [c.code, c.billable, c.retryable, c.success])).toEqual([
      ['SFAX', true, false, true],
      ['E06', true, true, false],
      ['E07', false, true, false],
      ['E41', false, true, false],
      ['E42', false, true, false],
      ['E43', true, false, false],
      ['E33', true, false, false],
      ['E44', true, true, false],
      ['E45', 'varies', false, false],
      ['E46', true, true, false],
      ['E49', false, true, false],
      ['E51', false, false, false],
      ['E52', false, false, false],
      ['E53', false, false, false],
    ]);
  });

  it('gives each code a meaning and advice as sentences', () => {
    for (const c of TRANSMISSION_CODES) {
      expect(c.known).toBe(true);
      expect(c.meaning).toMatch(/^[A-Z].*\.$/);
      expect(c.advice).toMatch(/^[A-Z].*\.$/);
    }
  });
});

describe('describeTransmissionCode', () => {
  it('describes a known code exactly', () => {
    expect(describeTransmissionCode('E53')).toEqual({
      code: 'E53',
      known: true,
      success: false,
      billable: false,
      meaning: 'Your account is not allowed to send to this destination number.',
      advice: 'Check the number; if it is right, ask your account administrator to allow this destination (for example international faxing).',
      retryable: false,
    });
    expect(describeTransmissionCode('E41')?.meaning).toBe('The destination line was busy.');
    expect(describeTransmissionCode('E43')?.meaning).toBe(describeTransmissionCode('E33')?.meaning);
  });

  it('ignores case and spaces, and accepts the number without E or with a leading zero', () => {
    expect(describeTransmissionCode(' e41 ')?.code).toBe('E41');
    expect(describeTransmissionCode('41')?.code).toBe('E41');
    expect(describeTransmissionCode('6')?.code).toBe('E06');
    expect(describeTransmissionCode('E6')?.code).toBe('E06');
    expect(describeTransmissionCode('E041')?.code).toBe('E41');
  });

  it('reads SFAX, 0, OK and SUCCESS as success', () => {
    for (const code of ['SFAX', 'sfax', '0', 'OK', 'ok', 'Success']) {
      expect(describeTransmissionCode(code)).toMatchObject({ code: 'SFAX', success: true, meaning: 'The fax was delivered.' });
    }
  });

  it('returns null when there is no code', () => {
    expect(describeTransmissionCode(null)).toBeNull();
    expect(describeTransmissionCode(undefined)).toBeNull();
    expect(describeTransmissionCode('')).toBeNull();
    expect(describeTransmissionCode('  ')).toBeNull();
  });

  it('describes an unknown code without failing', () => {
    expect(describeTransmissionCode('e99')).toEqual({
      code: 'E99',
      known: false,
      success: false,
      billable: 'varies',
      meaning: 'The fax service reported result code E99, which Faxdesk does not know.',
      advice: 'Check the number and the documents and send again; if it fails again, contact the fax service support quoting code E99.',
      retryable: false,
    });
    expect(describeTransmissionCode('100')).toMatchObject({ code: '100', known: false });
    expect(describeTransmissionCode('BAD_REQUEST')).toMatchObject({ code: 'BAD_REQUEST', known: false });
  });
});
