/**
 * Filling a header's variables for one page, with the service's silent crops:
 * 1. each variable's value is cut to its own maxLength (HEADER_VARIABLES);
 * 2. the characters produced by variables count against one budget of 235 (HEADER_TOTAL_LIMIT) across
 *    line_1, spent left to right (item by item, variable by variable); once it is spent, later variables
 *    print only what is left, then nothing. Literal text does not count against the budget;
 * 3. each line_2 field is cut to 50 characters, then the fields are cut, left to right, so that
 *    together they hold at most 100.
 * line_2 is plain text: a `${...}` there is printed as written (validateHeaderOptions refuses it first).
 * Invalid tokens in line_1 are printed as written too, so a preview shows the mistake; the service
 * would have refused the request.
 */
import { formatDateTime } from './date-format';
import { parseHeaderItem } from './parse';
import type { CroppedText, ExpandedHeader, HeaderContext, HeaderOptions } from './types';
import {
  HEADER_TOTAL_LIMIT,
  LINE2_FIELD_LIMIT,
  LINE2_TOTAL_LIMIT,
  getHeaderVariable,
  type HeaderVariableName,
} from './variables';

/** The full (uncropped) value of a variable for this context. */
export function headerVariableValue(name: HeaderVariableName, ctx: HeaderContext): string {
  switch (name) {
    case 'TO_NUMBER':
      return ctx.toNumber;
    case 'FROM_NUMBER':
      return ctx.fromNumber;
    case 'CSID':
      return ctx.csid;
    case 'FAX_ID':
      return ctx.faxId;
    case 'CURRENT_PAGE':
      return String(ctx.currentPage);
    case 'TOTAL_PAGE':
      return String(ctx.totalPage);
    default: {
      const code = getHeaderVariable(name)?.dateTimeCode;
      if (code === undefined) throw new RangeError(`No value for header variable ${name}`);
      return formatDateTime(code, ctx.date, ctx.timeZone);
    }
  }
}

/** Rule 3 of the module comment: per-field then total crop of line_2; appends what it cut to `cropped`. */
export function cropLine2(fields: readonly string[], cropped: CroppedText[]): string[] {
  let room = LINE2_TOTAL_LIMIT;
  return fields.map((field, index) => {
    const path = `line_2[${index}]`;
    let out = field;
    if (out.length > LINE2_FIELD_LIMIT) {
      cropped.push({ path, from: out.length, to: LINE2_FIELD_LIMIT, reason: 'line2-field' });
      out = out.slice(0, LINE2_FIELD_LIMIT);
    }
    if (out.length > room) {
      cropped.push({ path, from: out.length, to: room, reason: 'line2-total' });
      out = out.slice(0, room);
    }
    room -= out.length;
    return out;
  });
}

export function expandHeader(options: HeaderOptions, ctx: HeaderContext): ExpandedHeader {
  const cropped: CroppedText[] = [];
  let budget = HEADER_TOTAL_LIMIT;

  const line1 = options.line_1.map((item, index) => {
    const path = `line_1[${index}]`;
    let out = '';
    for (const token of parseHeaderItem(item)) {
      if (token.kind === 'text') {
        out += token.text;
      } else if (token.kind === 'invalid') {
        out += token.raw;
      } else {
        const variable = token.raw;
        const limit = getHeaderVariable(token.name)!.maxLength;
        let value = headerVariableValue(token.name, ctx);
        if (value.length > limit) {
          cropped.push({ path, variable, from: value.length, to: limit, reason: 'variable' });
          value = value.slice(0, limit);
        }
        if (value.length > budget) {
          cropped.push({ path, variable, from: value.length, to: budget, reason: 'total-235' });
          value = value.slice(0, budget);
        }
        budget -= value.length;
        out += value;
      }
    }
    return out;
  });

  const line2 = cropLine2(options.line_2 ?? [], cropped);

  return { line1, line2, cropped };
}
