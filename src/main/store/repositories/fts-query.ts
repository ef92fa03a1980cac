/**
 * Turns what a person typed into an FTS5 MATCH expression that can never be a syntax error nor use
 * FTS operators by accident: every token becomes a quoted prefix term ("acme"*), and all must match
 * (implicit AND). Tokens are split where the index's tokenizer (unicode61) splits them, at anything
 * but a letter or a digit, so "M-2291" is "m"* and "2291"*: the search tables keep no word positions
 * (0080), so a term is one token, never a phrase.
 *
 * A phone number typed with separators, e.g. +1 (555) 123-4567, is joined into one run of digits
 * first, so that it matches the digit suffixes the search index holds. Only digits are joined, and
 * only across words made of digits alone: a word that has a letter in it is an identifier, not a
 * number. A fax id such as 5b669318-5e4f-4796-9385-2068f591a807 is indexed as its five hyphenated parts
 * (the fax_id column goes through the tokenizer, not the number rule), so it must be searched as those
 * parts; joining its all-digit parts 4796 and 9385 into 47969385 asked for a word no row has, and
 * the whole id found nothing while either end of it did (issue 22).
 */
const MAX_TERMS = 16;

/**
 * A word typed as an identifier, whose digits stay where they are: it has a letter in it
 * (5b669318-5e4f-…, M-2291), or it has the shape of a UUID even without one (a fax id of digits only).
 */
const IDENTIFIER = /\p{L}|^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/iu;

/** Digits separated by spaces, dots, dashes, slashes or brackets: one number. */
const NUMBER_SEPARATORS = /(\d)[\s().\-/]+(?=\d)/g;

export function toFtsQuery(text: string): string | null {
  const parts: string[] = [];
  let run: string[] = [];
  const endRun = () => {
    if (run.length) parts.push(run.join(' ').replace(NUMBER_SEPARATORS, '$1'));
    run = [];
  };
  for (const word of text.normalize('NFKC').split(/\s+/u)) {
    if (IDENTIFIER.test(word)) {
      endRun();
      parts.push(word);
    } else run.push(word);
  }
  endRun();
  const tokens = parts
    .join(' ')
    .split(/[^\p{L}\p{N}\p{M}]+/u)
    .filter((token) => /[\p{L}\p{N}]/u.test(token));
  if (tokens.length === 0) return null;
  return tokens
    .slice(0, MAX_TERMS)
    .map((token) => `"${token}"*`)
    .join(' ');
}
