import { describe, expect, it } from 'vitest';
import { sameFaxNumber } from '../../../../src/main/sync/fax-number-match';

describe('windows and states', () => {
  it('matches fax numbers with or without the country code', () => {
    expect(sameFaxNumber('12125550100', '+1 (212) 555-0100')).toBe(true);
    expect(sameFaxNumber('2125550100', '12125550100')).toBe(true);
    expect(sameFaxNumber('12125550100', '12125550101')).toBe(false);
    expect(sameFaxNumber(null, '12125550100')).toBe(false);
  });
});
