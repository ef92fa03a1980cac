import { describe, expect, it } from 'vitest';
import { readDestinations, telUriNumber } from '../../../../src/main/printer/destinations';
import { collection, text, uri } from './fixtures/ipp-values';

describe('FaxOut destinations', () => {
  it('reads the number of a tel: URI (RFC 3966), without separators, pauses or what is dialled after them', () => {
    expect(telUriNumber('tel:+1-212-555-0147')).toEqual({ ok: true, number: '+12125550147' });
    expect(telUriNumber('TEL:4055551212')).toEqual({ ok: true, number: '4055551212' });
    expect(telUriNumber('tel:(212)%20555.0147')).toEqual({ ok: true, number: '2125550147' });
    expect(telUriNumber('tel:2125550147p123')).toEqual({ ok: true, number: '2125550147' });
    expect(telUriNumber('tel:+442079460000;isub=12')).toEqual({ ok: true, number: '+442079460000' });
  });

  it('refuses what holds no number, saying why, and leaves judging a number to Compose', () => {
    expect(telUriNumber('mailto:a@b.c')).toMatchObject({ ok: false, reason: expect.stringMatching(/not a tel: address/) });
    expect(telUriNumber('tel:call-me')).toMatchObject({ ok: false, reason: expect.stringMatching(/does not hold a fax number/) });
    expect(telUriNumber('tel:%E0%A4%A')).toMatchObject({ ok: false });
    // Too short, or local: Compose says why (the same rules as for a typed number).
    expect(telUriNumber('tel:+1')).toEqual({ ok: true, number: '+1' });
    expect(telUriNumber('tel:7042;phone-context=example.com')).toEqual({ ok: true, number: '7042' });
  });

  it('takes names from the destination, else cover-sheet-info.to-name for a single one', () => {
    expect(
      readDestinations([collection('destination-uris', [[uri('destination-uri', 'tel:+12125550147'), text('destination-name', ' Ada ')], [uri('destination-uri', 'tel:4055551212')], [uri('destination-uri', 'ipp://x/ipp/print')]])]),
    ).toEqual({ recipients: [{ number: '+12125550147', name: 'Ada' }, { number: '4055551212' }], problems: ['"ipp://x/ipp/print" is not a tel: address'] });
    expect(readDestinations([collection('destination-uris', [[uri('destination-uri', 'tel:4055551212')]]), collection('cover-sheet-info', [[text('to-name', 'Accounts payable')]])]).recipients).toEqual([
      { number: '4055551212', name: 'Accounts payable' },
    ]);
    expect(() => readDestinations([collection('destination-uris', [[text('destination-name', 'no uri')]])])).toThrow(/destination-uri/);
  });
});
