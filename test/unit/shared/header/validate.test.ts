import { describe, expect, it } from 'vitest';
import {
  HeaderOptionsSchema,
  findUnknownVariables,
  parseHeaderItem,
  validateHeaderOptions,
  type HeaderContext,
} from '../../../../src/shared/header';

const ALLOWED =
  'Allowed: ${DATE_TIME}, ${DATE_TIME1}, ${DATE_TIME2}, ${DATE_TIME3}, ${DATE_TIME4}, ${DATE_TIME5}, ${DATE_TIME6}, ' +
  '${DATE_TIME7}, ${TO_NUMBER}, ${FROM_NUMBER}, ${CSID}, ${FAX_ID}, ${CURRENT_PAGE}, ${TOTAL_PAGE}.';

function errorsOf(input: unknown): { path: string; message: string }[] {
  const result = validateHeaderOptions(input);
  if (result.ok) throw new Error(`expected errors, got ok: ${JSON.stringify(result)}`);
  return result.errors;
}

function allWarningsOf(input: unknown, ctx?: HeaderContext) {
  const result = validateHeaderOptions(input, ctx);
  if (!result.ok) throw new Error(`expected ok, got ${JSON.stringify(result.errors)}`);
  return result.warnings;
}

/** The warnings about values (crops, literal variables); the printed-line checks have their own tests below. */
function warningsOf(input: unknown, ctx?: HeaderContext) {
  return allWarningsOf(input, ctx).filter((w) => w.kind !== 'line-overflow' && w.kind !== 'overlap');
}

describe('parseHeaderItem', () => {
  it('splits text and variables with their positions', () => {
    expect(parseHeaderItem('Page ${CURRENT_PAGE} of ${TOTAL_PAGE}')).toEqual([
      { kind: 'text', text: 'Page ', start: 0 },
      { kind: 'variable', name: 'CURRENT_PAGE', raw: '${CURRENT_PAGE}', start: 5 },
      { kind: 'text', text: ' of ', start: 20 },
      { kind: 'variable', name: 'TOTAL_PAGE', raw: '${TOTAL_PAGE}', start: 24 },
    ]);
  });

  it('returns nothing for an empty item and one text token for plain text', () => {
    expect(parseHeaderItem('')).toEqual([]);
    expect(parseHeaderItem('ACME Corp')).toEqual([{ kind: 'text', text: 'ACME Corp', start: 0 }]);
  });

  it('handles adjacent variables', () => {
    expect(parseHeaderItem('${CSID}${FAX_ID}').map((t) => t.kind)).toEqual(['variable', 'variable']);
  });

  it('keeps a lone $, { or } as text', () => {
    expect(parseHeaderItem('$5 {x} }')).toEqual([{ kind: 'text', text: '$5 {x} }', start: 0 }]);
    expect(parseHeaderItem('$${CSID}')).toEqual([
      { kind: 'text', text: '$', start: 0 },
      { kind: 'variable', name: 'CSID', raw: '${CSID}', start: 1 },
    ]);
  });

  it('marks unknown, lower-case, spaced, empty and unclosed variables as invalid', () => {
    expect(parseHeaderItem('${FOO}')).toEqual([{ kind: 'invalid', raw: '${FOO}', name: 'FOO', problem: 'unknown', start: 0 }]);
    expect(parseHeaderItem('${to_number}')[0]).toMatchObject({ kind: 'invalid', problem: 'unknown', name: 'to_number' });
    expect(parseHeaderItem('${ CSID }')[0]).toMatchObject({ kind: 'invalid', problem: 'unknown', name: ' CSID ' });
    expect(parseHeaderItem('a${}b')).toEqual([
      { kind: 'text', text: 'a', start: 0 },
      { kind: 'invalid', raw: '${}', name: '', problem: 'empty', start: 1 },
      { kind: 'text', text: 'b', start: 4 },
    ]);
    expect(parseHeaderItem('To ${TO_NUMBER')).toEqual([
      { kind: 'text', text: 'To ', start: 0 },
      { kind: 'invalid', raw: '${TO_NUMBER', name: 'TO_NUMBER', problem: 'unclosed', start: 3 },
    ]);
    expect(parseHeaderItem('${DATE_TIME8}')[0]).toMatchObject({ kind: 'invalid', problem: 'unknown' });
  });

  it('treats a nested opener as part of an unknown name', () => {
    expect(parseHeaderItem('${A${CSID}}')).toEqual([
      { kind: 'invalid', raw: '${A${CSID}', name: 'A${CSID', problem: 'unknown', start: 0 },
      { kind: 'text', text: '}', start: 10 },
    ]);
  });
});

describe('findUnknownVariables', () => {
  it('lists invalid tokens of both lines in order, once each', () => {
    expect(
      findUnknownVariables({ line_1: ['${FOO} ${CSID}', '${to_number}', '${FOO}'], line_2: ['${BAR}', '${TO_NUMBER}', 'x ${'] }),
    ).toEqual(['${FOO}', '${to_number}', '${BAR}', '${']);
  });

  it('is empty for a valid header and tolerates missing lines and non-strings', () => {
    expect(findUnknownVariables({ line_1: ['${DATE_TIME}', '', 'Page ${CURRENT_PAGE}'] })).toEqual([]);
    expect(findUnknownVariables({})).toEqual([]);
    expect(findUnknownVariables({ line_1: [42 as unknown as string, '${X}'] })).toEqual(['${X}']);
  });
});

describe('validateHeaderOptions: accepted shapes', () => {
  it('accepts 1 to 6 line_1 items and returns a copy', () => {
    for (let n = 1; n <= 6; n++) {
      const input = { line_1: Array.from({ length: n }, (_, i) => `item ${i}`) };
      const result = validateHeaderOptions(input);
      expect(result).toEqual({ ok: true, value: { line_1: input.line_1 }, warnings: [] });
      if (result.ok) expect(result.value.line_1).not.toBe(input.line_1);
    }
  });

  it('accepts every allowed variable in line_1, and the spacer idioms', () => {
    const all =
      '${DATE_TIME}${DATE_TIME1}${DATE_TIME3}${DATE_TIME4}${DATE_TIME5}${TO_NUMBER}${FROM_NUMBER}${CSID}${FAX_ID}${CURRENT_PAGE}${TOTAL_PAGE}';
    // 184 characters at their longest: accepted, with the warning that a printed line holds 106.
    expect(validateHeaderOptions({ line_1: [all] })).toMatchObject({ ok: true, value: { line_1: [all] }, warnings: [{ kind: 'line-overflow' }] });
    expect(validateHeaderOptions({ line_1: [''] }).ok).toBe(true);
    expect(validateHeaderOptions({ line_1: ['', '${FAX_ID}', ''] }).ok).toBe(true);
    expect(validateHeaderOptions({ line_1: ['', '${FAX_ID}'] }).ok).toBe(true);
  });

  it('accepts line_2 as plain text, keeps an empty line_2, and drops a null one', () => {
    expect(validateHeaderOptions({ line_1: ['x'], line_2: ['To: Billing', 'Attn: J. Smith'] })).toEqual({
      ok: true,
      value: { line_1: ['x'], line_2: ['To: Billing', 'Attn: J. Smith'] },
      warnings: [],
    });
    expect(validateHeaderOptions({ line_1: ['x'], line_2: [] })).toEqual({ ok: true, value: { line_1: ['x'], line_2: [] }, warnings: [] });
    expect(validateHeaderOptions({ line_1: ['x'], line_2: null })).toEqual({ ok: true, value: { line_1: ['x'] }, warnings: [] });
  });

  it('accepts a $ that is not a variable, e.g. a price', () => {
    expect(validateHeaderOptions({ line_1: ['Invoice $250 due'] })).toEqual({ ok: true, value: { line_1: ['Invoice $250 due'] }, warnings: [] });
  });
});

describe('validateHeaderOptions: errors', () => {
  it('refuses a non-object', () => {
    const message = (got: string) =>
      `header_options must be an object with line_1 (and optionally line_2), e.g. {"line_1": ["\${DATE_TIME}", "\${FAX_ID}"]}; got ${got}.`;
    expect(errorsOf(null)).toEqual([{ path: '', message: message('null') }]);
    expect(errorsOf(['x'])).toEqual([{ path: '', message: message('an array') }]);
    expect(errorsOf('x')).toEqual([{ path: '', message: message('a string') }]);
    expect(errorsOf(undefined)).toEqual([{ path: '', message: message('a undefined') }]);
  });

  it('requires line_1 as an array of 1 to 6 items', () => {
    expect(errorsOf({})).toEqual([
      { path: 'line_1', message: 'line_1 is required: give 1 to 6 items, e.g. ["${DATE_TIME}"]; use [""] for a blank header.' },
    ]);
    expect(errorsOf({ line_1: 'x' })).toEqual([{ path: 'line_1', message: 'line_1 must be an array of 1 to 6 strings; got a string.' }]);
    expect(errorsOf({ line_1: [] })).toEqual([{ path: 'line_1', message: 'line_1 is empty: give 1 to 6 items; use [""] for a blank header.' }]);
    expect(errorsOf({ line_1: ['1', '2', '3', '4', '5', '6', '7'] })).toEqual([
      { path: 'line_1', message: 'line_1 has 7 items; the service allows at most 6. Combine items or remove some.' },
    ]);
  });

  it('refuses non-string items in either line', () => {
    expect(errorsOf({ line_1: ['ok', 5, null], line_2: [{}] })).toEqual([
      { path: 'line_1[1]', message: 'line_1[1] must be a string; got a number.' },
      { path: 'line_1[2]', message: 'line_1[2] must be a string; got null.' },
      { path: 'line_2[0]', message: 'line_2[0] must be a string; got an object.' },
    ]);
  });

  it('refuses a line_2 that is not an array', () => {
    expect(errorsOf({ line_1: ['x'], line_2: 'To: Bob' })).toEqual([
      { path: 'line_2', message: 'line_2 must be an array of strings, or left out; got a string.' },
    ]);
  });

  it('refuses unknown fields', () => {
    expect(errorsOf({ line_1: ['x'], line_3: ['y'] })).toEqual([
      { path: 'line_3', message: 'Unknown field line_3 in header_options: only line_1 and line_2 are allowed. Remove it.' },
    ]);
  });

  it('refuses an unknown variable, naming it and listing the allowed ones', () => {
    expect(errorsOf({ line_1: ['a', 'b', 'x ${FOO} y'] })).toEqual([
      { path: 'line_1[2]', message: `Unknown header variable \${FOO} in line_1[2]. ${ALLOWED}` },
    ]);
    expect(errorsOf({ line_1: ['${DATE_TIME8}'] })).toEqual([
      { path: 'line_1[0]', message: `Unknown header variable \${DATE_TIME8} in line_1[0]. ${ALLOWED}` },
    ]);
  });

  it('suggests the upper-case name for lower-case or spaced variables', () => {
    expect(errorsOf({ line_1: ['${to_number}', '${ Fax_Id }'] })).toEqual([
      { path: 'line_1[0]', message: `Unknown header variable \${to_number} in line_1[0]; did you mean \${TO_NUMBER}? ${ALLOWED}` },
      { path: 'line_1[1]', message: `Unknown header variable \${ Fax_Id } in line_1[1]; did you mean \${FAX_ID}? ${ALLOWED}` },
    ]);
  });

  it('refuses an empty and an unclosed variable', () => {
    expect(errorsOf({ line_1: ['${}', 'To ${TO_NUMBER', 'x ${'] })).toEqual([
      { path: 'line_1[0]', message: `Empty header variable \${} in line_1[0]: put a variable name between the braces or remove it. ${ALLOWED}` },
      { path: 'line_1[1]', message: `Unclosed header variable \${TO_NUMBER in line_1[1]: end it with "}", as in \${TO_NUMBER}. ${ALLOWED}` },
      { path: 'line_1[2]', message: `Unclosed header variable \${ in line_1[2]: end it with "}". ${ALLOWED}` },
    ]);
  });

  it('refuses variables in line_2, known or not', () => {
    expect(errorsOf({ line_1: ['x'], line_2: ['To ${TO_NUMBER}', '${NOPE}'] })).toEqual([
      {
        path: 'line_2[0]',
        message:
          'Header variable ${TO_NUMBER} in line_2[0] is not allowed: variables work only in line_1, and line_2 is plain text. Move it to line_1 or remove it.',
      },
      { path: 'line_2[1]', message: `Unknown header variable \${NOPE} in line_2[1]. ${ALLOWED}` },
    ]);
  });

  it('refuses line breaks, tabs and other control characters', () => {
    expect(errorsOf({ line_1: ['a\nb', 'a\tb', 'a\u0007b'], line_2: ['x\r'] })).toEqual([
      { path: 'line_1[0]', message: 'line_1[0] contains a line break; a header item prints on one line. Remove it.' },
      { path: 'line_1[1]', message: 'line_1[1] contains a tab; a header item prints on one line. Remove it.' },
      { path: 'line_1[2]', message: 'line_1[2] contains the control character U+0007; a header item prints on one line. Remove it.' },
      { path: 'line_2[0]', message: 'line_2[0] contains a line break; a header item prints on one line. Remove it.' },
    ]);
  });

  it('reports every problem at once', () => {
    expect(errorsOf({ line_1: ['${A}', '${B}', '3', '4', '5', '6', '7'], extra: 1 }).map((e) => e.path)).toEqual([
      'extra',
      'line_1',
      'line_1[0]',
      'line_1[1]',
    ]);
  });
});

describe('validateHeaderOptions: warnings without a context', () => {
  it('warns that the 12-hour date formats can lose AM/PM, suggesting the 24-hour twin', () => {
    expect(warningsOf({ line_1: ['${DATE_TIME2}', '${DATE_TIME6}', 'Sent ${DATE_TIME7}'] })).toEqual([
      {
        path: 'line_1[0]',
        kind: 'variable',
        message:
          '${DATE_TIME2} in line_1[0] prints up to 22 characters (12/31/2024 11:59:59 PM) but the service keeps only 20, so the end (AM/PM) can be cut off. Use ${DATE_TIME3} (US 24 hour) to print the whole time.',
      },
      {
        path: 'line_1[1]',
        kind: 'variable',
        message:
          '${DATE_TIME6} in line_1[1] prints up to 22 characters (31/12/2024 11:59:59 PM) but the service keeps only 20, so the end (AM/PM) can be cut off. Use ${DATE_TIME4} (GB 24 hour) to print the whole time.',
      },
      {
        path: 'line_1[2]',
        kind: 'variable',
        message:
          '${DATE_TIME7} in line_1[2] prints up to 22 characters (2024/12/31 11:59:59 PM) but the service keeps only 20, so the end (AM/PM) can be cut off. Use ${DATE_TIME5} (JP 24 hour) to print the whole time.',
      },
    ]);
  });

  it('warns when the variables can exceed 235 characters together', () => {
    const eight = '${FAX_ID}'.repeat(4);
    expect(warningsOf({ line_1: [eight, eight] })).toEqual([
      {
        path: 'line_1',
        kind: 'total-235',
        message:
          'The variables of line_1 can expand to 256 characters together; the service prints at most 235 of them and crops the rest. Remove some variables.',
      },
    ]);
    // 6 x 32 + 20 + 20 + 3 = 235: exactly at the limit is fine; 3 more is not.
    const exact = '${FAX_ID}'.repeat(6) + '${CSID}${DATE_TIME}${CURRENT_PAGE}';
    expect(warningsOf({ line_1: [exact] })).toEqual([]);
    expect(warningsOf({ line_1: [exact + '${TOTAL_PAGE}'] })[0]?.message).toBe(
      'The variables of line_1 can expand to 238 characters together; the service prints at most 235 of them and crops the rest. Remove some variables.',
    );
  });

  it('warns about line_2 fields over 50 and a line_2 over 100 in total', () => {
    const warnings = warningsOf({ line_1: [''], line_2: ['a'.repeat(51), 'b'.repeat(50), 'c'.repeat(10)] });
    expect(warnings).toEqual([
      {
        path: 'line_2[0]',
        kind: 'line2-field',
        message: 'line_2[0] is 51 characters; the service prints only the first 50 of each line_2 field. Shorten it to 50 characters.',
      },
      {
        path: 'line_2[2]',
        kind: 'line2-total',
        message:
          'The line_2 fields add up to more than 100 characters; the service prints only 100, so line_2[2] is cut from 10 to 0 characters. Shorten the line_2 fields.',
      },
    ]);
    expect(warningsOf({ line_1: [''], line_2: ['a'.repeat(50), 'b'.repeat(50)] })).toEqual([]);
  });

  it('warns about a variable written without ${...}, which prints literally', () => {
    expect(warningsOf({ line_1: ['To $TO_NUMBER', 'Page {current_page}', '$TOTAL', '{FOO}'] })).toEqual([
      {
        path: 'line_1[0]',
        kind: 'literal-variable',
        message: 'line_1[0] contains $TO_NUMBER, which is printed as written. To insert the value, write ${TO_NUMBER}.',
      },
      {
        path: 'line_1[1]',
        kind: 'literal-variable',
        message: 'line_1[1] contains {current_page}, which is printed as written. To insert the value, write ${CURRENT_PAGE}.',
      },
    ]);
  });
});

describe('validateHeaderOptions: warnings with a context', () => {
  const ctx: HeaderContext = {
    toNumber: '15551234567',
    fromNumber: '1555987654321098',
    csid: 'ACME LEGAL DEPARTMENT NY',
    faxId: '723d3c03-ff3e-53b3-e053-5601b00a420d',
    currentPage: 1,
    totalPage: 1000,
    date: new Date('2024-05-09T08:00:00Z'),
    timeZone: 'UTC',
  };

  it('reports each value actually cut, with advice', () => {
    expect(warningsOf({ line_1: ['${TO_NUMBER}', '${FROM_NUMBER}', '${CSID}', '${FAX_ID}', '${TOTAL_PAGE}'] }, ctx)).toEqual([
      {
        path: 'line_1[1]',
        kind: 'variable',
        message: '${FROM_NUMBER} in line_1[1] is 16 characters here; the service prints only the first 15. Shorten the caller ID to 15 digits.',
      },
      {
        path: 'line_1[2]',
        kind: 'variable',
        message: '${CSID} in line_1[2] is 24 characters here; the service prints only the first 20. Shorten the CSID to 20 characters.',
      },
      {
        path: 'line_1[3]',
        kind: 'variable',
        message:
          '${FAX_ID} in line_1[3] is 36 characters here; the service prints only the first 32. Nothing to do: the first 32 characters still identify the fax.',
      },
      {
        path: 'line_1[4]',
        kind: 'variable',
        message:
          '${TOTAL_PAGE} in line_1[4] is 4 characters here; the service prints only the first 3. Pages past 999 print only their first three digits; split the fax into smaller ones.',
      },
    ]);
  });

  it('keeps the date warning whatever the date (it changes every page)', () => {
    expect(warningsOf({ line_1: ['${DATE_TIME2}'] }, ctx).map((w) => w.kind)).toEqual(['variable']);
  });

  it('reports the variables cut by the 235 budget instead of the worst case', () => {
    const item = '${FAX_ID}'.repeat(4);
    const warnings = warningsOf({ line_1: [item, item] }, { ...ctx, faxId: 'f'.repeat(32) });
    expect(warnings).toEqual([
      {
        path: 'line_1[1]',
        kind: 'total-235',
        message:
          'The variables of line_1 expand to more than 235 characters together, so the service cuts ${FAX_ID} in line_1[1] from 32 to 11 characters. Remove some variables.',
      },
    ]);
  });

  it('reports a TO_NUMBER over 16 characters', () => {
    expect(warningsOf({ line_1: ['${TO_NUMBER}'] }, { ...ctx, toNumber: '+12345678901234567' })).toEqual([
      {
        path: 'line_1[0]',
        kind: 'variable',
        message:
          '${TO_NUMBER} in line_1[0] is 18 characters here; the service prints only the first 16. Check the destination number: a fax number has at most 15 digits.',
      },
    ]);
  });
});

describe('HeaderOptionsSchema', () => {
  it('parses valid options to their value', () => {
    expect(HeaderOptionsSchema.parse({ line_1: ['${FAX_ID}'] })).toEqual({ line_1: ['${FAX_ID}'] });
  });

  it('reports the same messages with zod paths', () => {
    const result = HeaderOptionsSchema.safeParse({ line_1: ['ok', '${FOO}'] });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(result.error.issues.map((i) => [i.path, i.message])).toEqual([
        [['line_1', 1], `Unknown header variable \${FOO} in line_1[1]. ${ALLOWED}`],
      ]);
    }
  });
});

describe('validateHeaderOptions: the printed line (shared fit rules)', () => {
  const ctx: HeaderContext = {
    toNumber: '12125550147',
    fromNumber: '15550000000',
    csid: 'ACME',
    faxId: '3f2b9c1e-7a4d-4e8b-9c2f-1a2b3c4d5e6f',
    currentPage: 1,
    totalPage: 3,
    date: new Date(Date.UTC(2026, 10, 25, 14, 5, 9)),
    timeZone: 'UTC',
  };

  it('says which items a too-long line loses: a 356-character text leaves no room for the To number and the page', () => {
    const warnings = allWarningsOf({ line_1: ['x'.repeat(356), 'To ${TO_NUMBER}', 'Page ${CURRENT_PAGE}/${TOTAL_PAGE}'] }, ctx);
    expect(warnings).toEqual([
      {
        path: 'line_1',
        kind: 'line-overflow',
        message:
          'line_1 needs 380 characters but a printed header line holds 106, so the service loses the end of it: ' +
          'line_1[0] is cut after 106 of its 356 characters; line_1[1] is not printed at all; line_1[2] is not printed at all. ' +
          'Shorten the text, or move some of it to line_2.',
      },
    ]);
  });

  it('warns when two items run into each other where the layout places them, for this fax and for the longest values', () => {
    // Slot 1 (left) is 60 characters; slot 2 is centred (3 items), so it starts near column 47.
    const header = { line_1: ['y'.repeat(60), 'To ${TO_NUMBER}', '${CURRENT_PAGE}'] };
    expect(allWarningsOf(header, ctx)).toEqual([
      {
        path: 'line_1[1]',
        kind: 'overlap',
        message:
          'line_1[0] and line_1[1] run into each other on the printed line: at the places the layout gives them there is not room ' +
          'for both, so the service may print one over the other. Shorten one of them, or use fewer slots.',
      },
    ]);
    expect(allWarningsOf(header).map((w) => [w.kind, w.path])).toEqual([['overlap', 'line_1[1]']]);
    // The same items as 2 (left and right) have room.
    expect(allWarningsOf({ line_1: ['y'.repeat(60), 'To ${TO_NUMBER}'] }, ctx)).toEqual([]);
  });

  it('checks line 2 the same way', () => {
    const warnings = allWarningsOf({ line_1: [''], line_2: ['a'.repeat(50), 'b'.repeat(40), 'c'] });
    expect(warnings.map((w) => [w.kind, w.path])).toEqual([['overlap', 'line_2[1]']]);
    expect(warnings[0]?.message).not.toContain('move some of it to line_2');
  });

  it('finds nothing wrong with the usual headers', () => {
    for (const line_1 of [['${DATE_TIME1}', 'To ${TO_NUMBER}', 'Page ${CURRENT_PAGE}/${TOTAL_PAGE}'], ['${DATE_TIME3}', 'FROM: ${FROM_NUMBER}', 'TO: ${TO_NUMBER}', 'P. ${CURRENT_PAGE}/${TOTAL_PAGE}'], ['']]) {
      expect(allWarningsOf({ line_1 }, ctx)).toEqual([]);
      expect(allWarningsOf({ line_1 })).toEqual([]);
    }
  });
});
