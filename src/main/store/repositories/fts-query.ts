/**
 * Turns what a person typed into an FTS5 MATCH expression that can never be a syntax error nor use
 * FTS operators by accident: every word becomes a quoted prefix term ("acme"*), and all words must
 * match (implicit AND). A phone number typed with separators, e.g. +1 (555) 123-4567, is joined into
 * one run of digits first, so that it matches the digit suffixes the search index holds.
 */
const MAX_TERMS = 16;

export function toFtsQuery(text: string): string | null {
  const joined = text
    .normalize('NFKC')
    // digits separated by spaces, dots, dashes, slashes or brackets are one number
    .replace(/(\d)[\s().\-/]+(?=\d)/g, '$1');
  const words = joined.split(/\s+/u).filter((word) => /[\p{L}\p{N}]/u.test(word));
  if (words.length === 0) return null;
  return words
    .slice(0, MAX_TERMS)
    .map((word) => `"${word.replaceAll('"', '""')}"*`)
    .join(' ');
}
