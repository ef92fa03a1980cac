/**
 * Checking `header_options` the way the service does, and saying what it would silently crop.
 *
 * Errors (the service rejects the request, or it cannot be printed as meant):
 * - not an object, or a field other than line_1 / line_2;
 * - line_1 missing, not an array, empty, or over 6 items (LINE1_MAX_ITEMS); an item that is not a string;
 * - line_2 present (null counts as absent) but not an array of strings;
 * - any `${...}` that is not an allowed variable, in either line: unknown name (lower case included),
 *   `${}`, or `${` without `}` (see parse.ts). The message names it and lists the allowed ones;
 * - a known variable in line_2: the spec lists the allowed variables for line_1 only and line_2 holds
 *   open text, so a variable there is outside the allowed lists;
 * - a control character (line break, tab, ...) in an item: a header item prints on one line.
 *
 * Warnings (the service accepts the request and crops silently, or prints something unexpected):
 * - 'line2-field' / 'line2-total': line_2 fields over 50 characters, or over 100 together;
 * - 'variable': a value over its variable's limit. Without a context: only what is known in advance,
 *   i.e. the 12-hour date formats, which reach 22 characters (12/31/2024 11:59:59 PM) against a limit
 *   of 20. With a context (one page of one fax): also every value actually cut;
 * - 'total-235': without a context, when the variables of line_1 can expand to more than 235
 *   characters together; with one, each variable actually cut by that budget;
 * - 'literal-variable': `$TO_NUMBER` or `{TO_NUMBER}` in line_1, which is printed as written.
 */
import { DATE_TIME_FORMATS, formatDateTime } from './date-format';
import { cropLine2, expandHeader } from './expand';
import { HEADER_LINE_CHARS, checkLineFit, longestHeaderContext } from './fit';
import { parseHeaderItem, type HeaderToken } from './parse';
import type { CroppedText, HeaderContext, HeaderError, HeaderOptions, HeaderValidation, HeaderWarning } from './types';
import {
  ALLOWED_VARIABLES_TEXT,
  HEADER_TOTAL_LIMIT,
  LINE1_MAX_ITEMS,
  LINE2_FIELD_LIMIT,
  LINE2_TOTAL_LIMIT,
  getHeaderVariable,
  isHeaderVariableName,
  type DateTimeCode,
  type HeaderVariableName,
} from './variables';

const KNOWN_FIELDS = new Set(['line_1', 'line_2']);

/** The 24-hour twin of each 12-hour date code, suggested when the 12-hour one gets cropped. */
const TWENTY_FOUR_HOUR_TWIN: Partial<Record<DateTimeCode, DateTimeCode>> = { 2: 3, 6: 4, 7: 5 };

/** The longest each date format prints: December 31st at 11 PM has the most digits in every field. */
const LONGEST_DATE = new Date(Date.UTC(2024, 11, 31, 23, 59, 59));

function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function suggestionFor(name: string): string | null {
  const guess = name.trim().toUpperCase();
  return isHeaderVariableName(guess) ? `\${${guess}}` : null;
}

function invalidTokenMessage(token: Extract<HeaderToken, { kind: 'invalid' }>, path: string): string {
  const suggestion = suggestionFor(token.name);
  const allowed = `Allowed: ${ALLOWED_VARIABLES_TEXT}.`;
  switch (token.problem) {
    case 'unknown':
      return suggestion
        ? `Unknown header variable ${token.raw} in ${path}; did you mean ${suggestion}? ${allowed}`
        : `Unknown header variable ${token.raw} in ${path}. ${allowed}`;
    case 'empty':
      return `Empty header variable \${} in ${path}: put a variable name between the braces or remove it. ${allowed}`;
    case 'unclosed':
      return `Unclosed header variable ${token.raw} in ${path}: end it with "}"${suggestion ? `, as in ${suggestion}` : ''}. ${allowed}`;
  }
}

function controlCharacterMessage(item: string, path: string): string | null {
  const char = [...item].find((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
  if (char === undefined) return null;
  const what =
    char === '\n' || char === '\r'
      ? 'a line break'
      : char === '\t'
        ? 'a tab'
        : `the control character U+${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
  return `${path} contains ${what}; a header item prints on one line. Remove it.`;
}

const LITERAL_VARIABLE = /\$([A-Za-z][A-Za-z0-9_]*)|\{([A-Za-z][A-Za-z0-9_]*)\}/g;

function literalVariableWarnings(tokens: HeaderToken[], path: string): HeaderWarning[] {
  const warnings: HeaderWarning[] = [];
  for (const token of tokens) {
    if (token.kind !== 'text') continue;
    for (const match of token.text.matchAll(LITERAL_VARIABLE)) {
      const name = (match[1] ?? match[2] ?? '').toUpperCase();
      if (!isHeaderVariableName(name)) continue;
      warnings.push({
        path,
        kind: 'literal-variable',
        message: `${path} contains ${match[0]}, which is printed as written. To insert the value, write \${${name}}.`,
      });
    }
  }
  return warnings;
}

function cropAdvice(name: HeaderVariableName): string {
  const code = getHeaderVariable(name)?.dateTimeCode;
  if (code !== undefined) {
    const twin = TWENTY_FOUR_HOUR_TWIN[code];
    return twin ? `Use \${DATE_TIME${twin}} (${DATE_TIME_FORMATS[twin - 1]!.name}) to print the whole time.` : '';
  }
  switch (name) {
    case 'TO_NUMBER':
      return 'Check the destination number: a fax number has at most 15 digits.';
    case 'FROM_NUMBER':
      return 'Shorten the caller ID to 15 digits.';
    case 'CSID':
      return 'Shorten the CSID to 20 characters.';
    case 'FAX_ID':
      return 'Nothing to do: the first 32 characters still identify the fax.';
    default:
      return 'Pages past 999 print only their first three digits; split the fax into smaller ones.';
  }
}

function staticDateWarnings(tokens: HeaderToken[], path: string): HeaderWarning[] {
  const warnings: HeaderWarning[] = [];
  for (const token of tokens) {
    if (token.kind !== 'variable') continue;
    const variable = getHeaderVariable(token.name)!;
    if (variable.dateTimeCode === undefined) continue;
    const longest = formatDateTime(variable.dateTimeCode, LONGEST_DATE, 'UTC');
    if (longest.length <= variable.maxLength) continue;
    warnings.push({
      path,
      kind: 'variable',
      message:
        `${token.raw} in ${path} prints up to ${longest.length} characters (${longest}) but the service keeps only ` +
        `${variable.maxLength}, so the end (AM/PM) can be cut off. ${cropAdvice(token.name)}`,
    });
  }
  return warnings;
}

function cropWarning(crop: CroppedText): HeaderWarning {
  switch (crop.reason) {
    case 'variable': {
      const name = crop.variable!.slice(2, -1) as HeaderVariableName;
      return {
        path: crop.path,
        kind: 'variable',
        message:
          `${crop.variable} in ${crop.path} is ${crop.from} characters here; the service prints only the first ${crop.to}. ` +
          cropAdvice(name),
      };
    }
    case 'total-235':
      return {
        path: crop.path,
        kind: 'total-235',
        message:
          `The variables of line_1 expand to more than ${HEADER_TOTAL_LIMIT} characters together, so the service cuts ` +
          `${crop.variable} in ${crop.path} from ${crop.from} to ${crop.to} characters. Remove some variables.`,
      };
    case 'line2-field':
      return {
        path: crop.path,
        kind: 'line2-field',
        message:
          `${crop.path} is ${crop.from} characters; the service prints only the first ${LINE2_FIELD_LIMIT} of each line_2 field. ` +
          `Shorten it to ${LINE2_FIELD_LIMIT} characters.`,
      };
    case 'line2-total':
      return {
        path: crop.path,
        kind: 'line2-total',
        message:
          `The line_2 fields add up to more than ${LINE2_TOTAL_LIMIT} characters; the service prints only ${LINE2_TOTAL_LIMIT}, so ` +
          `${crop.path} is cut from ${crop.from} to ${crop.to} characters. Shorten the line_2 fields.`,
      };
  }
}

function characters(n: number): string {
  return `${n} ${n === 1 ? 'character' : 'characters'}`;
}

/** Overflow and overlap warnings for one printed line (fit.ts), items already expanded and cropped. */
function fitWarnings(items: readonly string[], line: 'line_1' | 'line_2', forThisFax: boolean): HeaderWarning[] {
  if (items.length === 0) return [];
  const fit = checkLineFit(items, HEADER_LINE_CHARS);
  const at = (i: number) => `${line}[${i}]`;
  if (fit.cut.length > 0) {
    const lost = fit.cut.map((c) => (c.printed === 0 ? `${at(c.index)} is not printed at all` : `${at(c.index)} is cut after ${c.printed} of its ${characters(c.length)}`));
    return [
      {
        path: line,
        kind: 'line-overflow',
        message:
          `${line} needs ${characters(fit.needed)}${forThisFax ? '' : ' for the longest values'} but a printed header line holds ${fit.width}, ` +
          `so the service loses the end of it: ${lost.join('; ')}. Shorten the text${line === 'line_1' ? ', or move some of it to line_2' : ''}.`,
      },
    ];
  }
  return fit.overlaps.map(({ first, second }) => ({
    path: at(second),
    kind: 'overlap' as const,
    message:
      `${at(first)} and ${at(second)} run into each other on the printed line${forThisFax ? '' : ' with the longest values'}: ` +
      `at the places the layout gives them there is not room for both, so the service may print one over the other. ` +
      `Shorten one of them, or use fewer slots.`,
  }));
}

/**
 * Checks `input` as `fax_options.header_options`. Paths in errors and warnings are relative to it
 * (`line_1[2]`); prefix them when reporting a whole request. Pass `ctx` (one page of one fax) to also
 * get the crops that really happen to its values. The emulator rejects the request when ok is false.
 */
export function validateHeaderOptions(input: unknown, ctx?: HeaderContext): HeaderValidation {
  const errors: HeaderError[] = [];
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return {
      ok: false,
      errors: [
        {
          path: '',
          message: `header_options must be an object with line_1 (and optionally line_2), e.g. {"line_1": ["\${DATE_TIME}", "\${FAX_ID}"]}; got ${describeType(input)}.`,
        },
      ],
    };
  }
  const record = input as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (!KNOWN_FIELDS.has(key)) {
      errors.push({ path: key, message: `Unknown field ${key} in header_options: only line_1 and line_2 are allowed. Remove it.` });
    }
  }

  const line1 = record.line_1;
  if (line1 === undefined) {
    errors.push({ path: 'line_1', message: 'line_1 is required: give 1 to 6 items, e.g. ["${DATE_TIME}"]; use [""] for a blank header.' });
  } else if (!Array.isArray(line1)) {
    errors.push({ path: 'line_1', message: `line_1 must be an array of 1 to 6 strings; got ${describeType(line1)}.` });
  } else if (line1.length === 0) {
    errors.push({ path: 'line_1', message: 'line_1 is empty: give 1 to 6 items; use [""] for a blank header.' });
  } else if (line1.length > LINE1_MAX_ITEMS) {
    errors.push({
      path: 'line_1',
      message: `line_1 has ${line1.length} items; the service allows at most ${LINE1_MAX_ITEMS}. Combine items or remove some.`,
    });
  }

  const line2 = record.line_2 ?? undefined;
  if (line2 !== undefined && !Array.isArray(line2)) {
    errors.push({ path: 'line_2', message: `line_2 must be an array of strings, or left out; got ${describeType(line2)}.` });
  }

  const warnings: HeaderWarning[] = [];
  const checkItems = (items: unknown[], line: 'line_1' | 'line_2'): void => {
    items.forEach((item, index) => {
      const path = `${line}[${index}]`;
      if (typeof item !== 'string') {
        errors.push({ path, message: `${path} must be a string; got ${describeType(item)}.` });
        return;
      }
      const control = controlCharacterMessage(item, path);
      if (control) errors.push({ path, message: control });
      const tokens = parseHeaderItem(item);
      for (const token of tokens) {
        if (token.kind === 'invalid') errors.push({ path, message: invalidTokenMessage(token, path) });
        else if (token.kind === 'variable' && line === 'line_2') {
          errors.push({
            path,
            message: `Header variable ${token.raw} in ${path} is not allowed: variables work only in line_1, and line_2 is plain text. Move it to line_1 or remove it.`,
          });
        }
      }
      if (line === 'line_1') warnings.push(...literalVariableWarnings(tokens, path), ...staticDateWarnings(tokens, path));
    });
  };
  if (Array.isArray(line1)) checkItems(line1, 'line_1');
  if (Array.isArray(line2)) checkItems(line2, 'line_2');
  if (errors.length > 0) return { ok: false, errors };

  const value: HeaderOptions = { line_1: [...(line1 as string[])] };
  if (line2 !== undefined) value.line_2 = [...(line2 as string[])];

  if (ctx) {
    const expanded = expandHeader(value, ctx);
    for (const crop of expanded.cropped) {
      const isDate = crop.variable !== undefined && getHeaderVariable(crop.variable.slice(2, -1))?.dateTimeCode !== undefined;
      // Date crops are already warned about above, whatever this page's date happens to be.
      if (crop.reason === 'total-235' || (crop.reason === 'variable' && !isDate)) warnings.push(cropWarning(crop));
    }
  } else {
    const worstCase = value.line_1.reduce(
      (sum, item) =>
        sum +
        parseHeaderItem(item).reduce((s, t) => s + (t.kind === 'variable' ? getHeaderVariable(t.name)!.maxLength : 0), 0),
      0,
    );
    if (worstCase > HEADER_TOTAL_LIMIT) {
      warnings.push({
        path: 'line_1',
        kind: 'total-235',
        message:
          `The variables of line_1 can expand to ${worstCase} characters together; the service prints at most ` +
          `${HEADER_TOTAL_LIMIT} of them and crops the rest. Remove some variables.`,
      });
    }
  }

  const line2Crops: CroppedText[] = [];
  cropLine2(value.line_2 ?? [], line2Crops);
  for (const crop of line2Crops) warnings.push(cropWarning(crop));

  // What prints, placed at its printed width: for this fax's values, or the longest any fax can have.
  const printed = expandHeader(value, ctx ?? longestHeaderContext());
  warnings.push(...fitWarnings(printed.line1, 'line_1', ctx !== undefined), ...fitWarnings(printed.line2, 'line_2', ctx !== undefined));

  return { ok: true, value, warnings };
}
