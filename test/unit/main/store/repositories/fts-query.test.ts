import { describe, expect, it } from 'vitest';
import { toFtsQuery } from '../../../../../src/main/store/repositories/fts-query';

describe('toFtsQuery', () => {
  it('quotes every word as a prefix term', () => {
    expect(toFtsQuery('acme  lab')).toBe('"acme"* "lab"*');
    expect(toFtsQuery('Zoë')).toBe('"Zoë"*');
    expect(toFtsQuery('Zoe\u0308')).toBe('"Zo\u00eb"*'); // a combining mark is composed with its letter, not split off
  });

  it('splits a word where the index splits it (at anything but a letter or digit): one token per term', () => {
    expect(toFtsQuery('M-2291')).toBe('"M"* "2291"*');
    expect(toFtsQuery("O'Brien & Co.")).toBe('"O"* "Brien"* "Co"*');
    expect(toFtsQuery('王小明 Дмитрий')).toBe('"王小明"* "Дмитрий"*');
  });

  it('leaves quotes and operators no way in: they are separators or plain words', () => {
    expect(toFtsQuery('say "hi"')).toBe('"say"* "hi"*');
    expect(toFtsQuery('a OR b NOT c')).toBe('"a"* "OR"* "b"* "NOT"* "c"*');
    expect(toFtsQuery('name:ada NEAR(x')).toBe('"name"* "ada"* "NEAR"* "x"*');
    expect(toFtsQuery('^x* -y "')).toBe('"x"* "y"*');
  });

  it('joins a phone number typed with separators into one run of digits', () => {
    expect(toFtsQuery('+1 (555) 123-4567')).toBe('"15551234567"*');
    expect(toFtsQuery('555.123.4567 smith')).toBe('"5551234567"* "smith"*');
    expect(toFtsQuery('20 / 7946')).toBe('"207946"*');
  });

  it('keeps a fax id as the parts the index holds: its all-digit parts are not joined like a phone number', () => {
    expect(toFtsQuery('5b669318-5e4f-4796-9385-2068f591a807')).toBe('"5b669318"* "5e4f"* "4796"* "9385"* "2068f591a807"*');
    expect(toFtsQuery('12345678-1234-4234-9234-123456789012')).toBe('"12345678"* "1234"* "4234"* "9234"* "123456789012"*');
    // A number typed beside it is still one number.
    expect(toFtsQuery('555 0100 5b669318-5e4f')).toBe('"5550100"* "5b669318"* "5e4f"*');
    expect(toFtsQuery('ref 4796-9385')).toBe('"ref"* "47969385"*');
  });

  it('gives null when nothing searchable is left', () => {
    expect(toFtsQuery('')).toBeNull();
    expect(toFtsQuery('  - * " ')).toBeNull();
  });

  it('caps the number of terms', () => {
    expect(toFtsQuery(Array.from({ length: 40 }, (_, i) => `w${i}`).join(' '))!.split(' ')).toHaveLength(16);
  });
});
