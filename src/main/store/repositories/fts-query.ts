/**
 * Turns what a person typed into an FTS5 MATCH expression that can never be a syntax error nor use
 * FTS operators by accident: every token becomes a quoted prefix term ("acme"*), and all must match
 * (implicit AND). Tokens are split where the index's tokenizer (unicode61) splits them, at anything
 * but a letter or a digit, so "M-2291" is "m"* and "2291"*: the search tables keep no word positions
 * (0080), so a term is one token, never a phrase. A phone number typed with separators, e.g.
 * +1 (555) 123-4567, is joined into one run of digits first, so that it matches the digit suffixes the
 * search index holds.
 */
const MAX_TERMS = 16;

export function toFtsQuery(text: string): string | null {
  const joined = text
    .normalize('NFKC')
    // digits separated by spaces, dots, dashes, slashes or brackets are one number
    .replace(/(\d)[\s().\-/]+(?=\d)/g, '$1');
  const tokens = joined.split(/[^\p{L}\p{N}\p{M}]+/u).filter((token) => /[\p{L}\p{N}]/u.test(token));
  if (tokens.length === 0) return null;
  return tokens
    .slice(0, MAX_TERMS)
    .map((token) => `"${token}"*`)
    .join(' ');
}
