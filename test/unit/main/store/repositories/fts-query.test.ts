import { describe, expect, it } from 'vitest';
import { toFtsQuery } from '../../../../../src/main/store/repositories/fts-query';

describe('toFtsQuery', () => {
  it('quotes every word as a prefix term', () => {
    expect(toFtsQuery('acme  lab')).toBe('"acme"* "lab"*');
    expect(toFtsQuery('Zoë')).toBe('"Zoë"*');
  });

  it('escapes quotes and leaves operators as plain words', () => {
    expect(toFtsQuery('say "hi"')).toBe('"say"* """hi"""*');
    expect(toFtsQuery('a OR b NOT c')).toBe('"a"* "OR"* "b"* "NOT"* "c"*');
    expect(toFtsQuery('name:ada NEAR(x')).toBe('"name:ada"* "NEAR(x"*');
  });

  it('joins a phone number typed with separators into one run of digits', () => {
    expect(toFtsQuery('+1 (555) 123-4567')).toBe('"+15551234567"*');
    expect(toFtsQuery('555.123.4567 smith')).toBe('"5551234567"* "smith"*');
    expect(toFtsQuery('20 / 7946')).toBe('"207946"*');
  });

  it('gives null when nothing searchable is left', () => {
    expect(toFtsQuery('')).toBeNull();
    expect(toFtsQuery('  - * " ')).toBeNull();
  });

  it('caps the number of terms', () => {
    expect(toFtsQuery(Array.from({ length: 40 }, (_, i) => `w${i}`).join(' '))!.split(' ')).toHaveLength(16);
  });
});
