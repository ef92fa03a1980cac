import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeIppMessage, encodeIppMessage, GroupTag, IppIncomplete, IppMalformed, ValueTag, type IppAttribute, type IppMessage } from '../../../../../src/main/printer/ipp/encoding';
import { boolean, charset, collection, dateTime, dpi, enumAttr, integer, keyword, language, nameAttr, noValue, octets, range, resolution, text, uri } from '../../../../../src/main/printer/ipp/values';

const message = (attributes: IppAttribute[], extra: Partial<IppMessage> = {}): IppMessage => ({
  version: { major: 2, minor: 0 },
  code: 0x0002,
  requestId: 7,
  groups: [{ tag: GroupTag.operation, attributes: [charset('attributes-charset', 'utf-8'), language('attributes-natural-language', 'en'), ...attributes] }],
  ...extra,
});

describe('IPP encoding', () => {
  it('round-trips every value syntax the printer uses, 1setOf values and nested collections', () => {
    const original = message([
      uri('printer-uri', 'ipp://127.0.0.1:8631/ipp/faxout'),
      nameAttr('job-name', 'Rechnung für März ✓'),
      integer('copies', [1, -5, 2147483647]),
      enumAttr('orientation-requested', 4),
      boolean('ipp-attribute-fidelity', true),
      range('page-ranges', 1, 3),
      resolution('printer-resolution', [dpi(300), { x: 120, y: 80, units: 4 }]),
      dateTime('date-time-at-creation', new Date('2026-03-04T05:06:07.800Z')),
      octets('printer-supply', new Uint8Array(Buffer.from('index=1;'))),
      noValue('printer-geo-location'),
      text('status-message', ''),
      collection('destination-uris', [
        [uri('destination-uri', 'tel:+12125550147'), text('destination-name', 'Ada')],
        [uri('destination-uri', 'tel:4055551212'), collection('destination-attributes', [[keyword('media', 'na_letter_8.5x11in')]])],
      ]),
    ]);
    original.groups.push({ tag: GroupTag.job, attributes: [keyword('sides', ['one-sided', 'two-sided-long-edge'])] });
    const bytes = encodeIppMessage(original);
    const withData = Buffer.concat([bytes, Buffer.from('%PDF-1.4')]);
    const { message: decoded, dataOffset } = decodeIppMessage(withData);
    expect(dataOffset).toBe(bytes.byteLength);
    expect(withData.subarray(dataOffset).toString()).toBe('%PDF-1.4');
    expect(decoded).toEqual(original);
  });

  it('round-trips any keywords and integers (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ name: fc.stringMatching(/^[a-z][a-z0-9-]{0,30}$/), ints: fc.array(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), { minLength: 1, maxLength: 4 }), words: fc.array(fc.stringMatching(/^[!-~]{0,40}$/), { minLength: 1, maxLength: 4 }) }), { maxLength: 8 }),
        (specs) => {
          const attributes = specs.flatMap((s, i) => [integer(`${s.name}-${i}-n`, s.ints), keyword(`${s.name}-${i}-k`, s.words)]);
          const m = message(attributes);
          expect(decodeIppMessage(encodeIppMessage(m)).message).toEqual(m);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('asks for more bytes while the attributes are cut off, at every length', () => {
    const bytes = encodeIppMessage(message([uri('printer-uri', 'ipp://127.0.0.1/ipp/print'), collection('media-col', [[integer('x-dimension', 21590)]])]));
    for (let n = 0; n < bytes.byteLength; n++) expect(() => decodeIppMessage(bytes.subarray(0, n))).toThrow(IppIncomplete);
  });

  it('refuses malformed messages with the reason', () => {
    const header = Buffer.from([2, 0, 0, 2, 0, 0, 0, 1]);
    const cases: [string, number[], RegExp][] = [
      ['a value before any group', [ValueTag.keyword, 0, 1, 0x61, 0, 1, 0x62, 3], /before any attribute group/],
      ['an additional value first', [1, ValueTag.keyword, 0, 0, 0, 1, 0x62, 3], /additional value comes before/],
      ['an integer of 3 bytes', [1, ValueTag.integer, 0, 1, 0x61, 0, 3, 0, 0, 1, 3], /needs 4/],
      ['a boolean of 2', [1, ValueTag.boolean, 0, 1, 0x61, 0, 1, 2, 3], /boolean with the value 2/],
      ['a reserved delimiter', [1, 0x08, 3], /reserved/],
      ['an end of collection outside one', [1, ValueTag.endCollection, 0, 0, 0, 0, 3], /outside a collection/],
      ['a member name without collection', [1, ValueTag.memberAttrName, 0, 0, 0, 1, 0x61, 3], /outside a collection/],
      ['text that is not UTF-8', [1, ValueTag.text, 0, 1, 0x61, 0, 2, 0xc3, 0x28, 3], /not valid UTF-8/],
      ['a keyword with control characters', [1, ValueTag.keyword, 0, 1, 0x61, 0, 1, 0x07, 3], /printable US-ASCII/],
      ['an extended tag', [1, 0x7f, 0, 1, 0x61, 0, 4, 0, 0, 0, 0, 3], /extended/],
      ['a collection without end', [1, ValueTag.begCollection, 0, 1, 0x63, 0, 0, ValueTag.memberAttrName, 0, 0, 0, 1, 0x6d, ValueTag.integer, 0, 0, 0, 4, 0, 0, 0, 1, 3], /without its end-of-collection/],
    ];
    for (const [what, body, reason] of cases) {
      expect(() => decodeIppMessage(Buffer.concat([header, Buffer.from(body)])), what).toThrow(IppMalformed);
      expect(() => decodeIppMessage(Buffer.concat([header, Buffer.from(body)])), what).toThrow(reason);
    }
  });

  it('bounds attribute counts and collection depth', () => {
    const many = message(Array.from({ length: 50 }, (_, i) => integer(`a${i}`, i)));
    expect(() => decodeIppMessage(encodeIppMessage(many), { maxAttributes: 20, maxDepth: 8 })).toThrow(/more than 20 attributes/);
    let nested: IppAttribute = integer('leaf', 1);
    for (let i = 0; i < 12; i++) nested = collection(`c${i}`, [[nested]]);
    expect(() => decodeIppMessage(encodeIppMessage(message([nested])))).toThrow(/more than 8 deep/);
  });
});
