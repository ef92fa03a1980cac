/**
 * Splitting a header item into literal text and `${NAME}` variables.
 *
 * Grammar: `${` opens a variable and the next `}` closes it; the name between must be exactly one of
 * HEADER_VARIABLES (upper case, no spaces). Everything else is literal text, including a lone `$`, `{`
 * or `}`. Anything that opens with `${` but is not an allowed variable is an 'invalid' token:
 * - 'unknown': a name that is not in the list (also lower case `${to_number}` or `${ TO_NUMBER }`,
 *   since the service names are upper case and it rejects a variable outside its list);
 * - 'empty': `${}`;
 * - 'unclosed': `${` with no `}` after it (the token runs to the end of the item).
 * There is no escape for a literal `${`: the service has none either.
 */
import type { HeaderOptions } from './types';
import { isHeaderVariableName, type HeaderVariableName } from './variables';

export type HeaderToken =
  | { kind: 'text'; text: string; start: number }
  | { kind: 'variable'; name: HeaderVariableName; raw: string; start: number }
  | { kind: 'invalid'; raw: string; name: string; problem: 'unknown' | 'empty' | 'unclosed'; start: number };

export function parseHeaderItem(item: string): HeaderToken[] {
  const tokens: HeaderToken[] = [];
  let textStart = 0;
  let i = 0;
  const flushText = (end: number): void => {
    if (end > textStart) tokens.push({ kind: 'text', text: item.slice(textStart, end), start: textStart });
  };
  while (i < item.length) {
    const open = item.indexOf('${', i);
    if (open < 0) break;
    flushText(open);
    const close = item.indexOf('}', open + 2);
    if (close < 0) {
      tokens.push({ kind: 'invalid', raw: item.slice(open), name: item.slice(open + 2), problem: 'unclosed', start: open });
      textStart = item.length;
      break;
    }
    const raw = item.slice(open, close + 1);
    const name = item.slice(open + 2, close);
    if (isHeaderVariableName(name)) tokens.push({ kind: 'variable', name, raw, start: open });
    else tokens.push({ kind: 'invalid', raw, name, problem: name === '' ? 'empty' : 'unknown', start: open });
    textStart = i = close + 1;
  }
  flushText(item.length);
  return tokens;
}

/**
 * Every `${...}` in line_1 and line_2 that is not an allowed variable (unknown, empty or unclosed), as
 * written, in order of appearance, without repeats. Known variables in line_2 are not listed here
 * (they are a different mistake, reported by validateHeaderOptions). Non-string items are skipped.
 */
export function findUnknownVariables(options: Partial<HeaderOptions>): string[] {
  const found: string[] = [];
  for (const line of [options.line_1, options.line_2]) {
    if (!Array.isArray(line)) continue;
    for (const item of line) {
      if (typeof item !== 'string') continue;
      for (const token of parseHeaderItem(item)) {
        if (token.kind === 'invalid' && !found.includes(token.raw)) found.push(token.raw);
      }
    }
  }
  return found;
}
