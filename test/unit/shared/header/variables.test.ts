import { describe, expect, it } from 'vitest';
import {
  HEADER_TOTAL_LIMIT,
  HEADER_VARIABLES,
  LINE1_MAX_ITEMS,
  LINE2_FIELD_LIMIT,
  LINE2_TOTAL_LIMIT,
  getHeaderVariable,
  isHeaderVariableName,
} from '../../../../src/shared/header';

describe('header limits', () => {
  it('are the spec values', () => {
    expect([HEADER_TOTAL_LIMIT, LINE2_FIELD_LIMIT, LINE2_TOTAL_LIMIT, LINE1_MAX_ITEMS]).toEqual([235, 50, 100, 6]);
  });
});

describe('HEADER_VARIABLES', () => {
  it('lists exactly the spec variables with their tokens, limits and charsets', () => {
    expect(HEADER_VARIABLES.map((v) => [v.name, v.token, v.maxLength, v.charset, v.dateTimeCode ?? null])).toEqual([
      ['DATE_TIME', '${DATE_TIME}', 20, 'alphanumeric', 1],
      ['DATE_TIME1', '${DATE_TIME1}', 20, 'alphanumeric', 1],
      ['DATE_TIME2', '${DATE_TIME2}', 20, 'alphanumeric', 2],
      ['DATE_TIME3', '${DATE_TIME3}', 20, 'alphanumeric', 3],
      ['DATE_TIME4', '${DATE_TIME4}', 20, 'alphanumeric', 4],
      ['DATE_TIME5', '${DATE_TIME5}', 20, 'alphanumeric', 5],
      ['DATE_TIME6', '${DATE_TIME6}', 20, 'alphanumeric', 6],
      ['DATE_TIME7', '${DATE_TIME7}', 20, 'alphanumeric', 7],
      ['TO_NUMBER', '${TO_NUMBER}', 16, 'numeric', null],
      ['FROM_NUMBER', '${FROM_NUMBER}', 15, 'numeric', null],
      ['CSID', '${CSID}', 20, 'alphanumeric', null],
      ['FAX_ID', '${FAX_ID}', 32, 'alpha', null],
      ['CURRENT_PAGE', '${CURRENT_PAGE}', 3, 'numeric', null],
      ['TOTAL_PAGE', '${TOTAL_PAGE}', 3, 'numeric', null],
    ]);
  });

  it('gives every variable a label and a description', () => {
    for (const v of HEADER_VARIABLES) {
      expect(v.label.length).toBeGreaterThan(0);
      expect(v.description).toMatch(/\.$/);
    }
    expect(getHeaderVariable('DATE_TIME')?.description).toBe(
      "Date and time of sending in the account's time zone; the same as ${DATE_TIME1}, e.g. 2024-05-10 15:07:01.",
    );
    expect(getHeaderVariable('DATE_TIME6')?.label).toBe('Date and time (GB 12 hour)');
  });

  it('is frozen', () => {
    expect(Object.isFrozen(HEADER_VARIABLES)).toBe(true);
  });

  it('looks names up exactly (upper case, no braces)', () => {
    expect(isHeaderVariableName('TO_NUMBER')).toBe(true);
    expect(isHeaderVariableName('to_number')).toBe(false);
    expect(isHeaderVariableName('${TO_NUMBER}')).toBe(false);
    expect(isHeaderVariableName('DATE_TIME8')).toBe(false);
    expect(getHeaderVariable('FAX_ID')?.maxLength).toBe(32);
    expect(getHeaderVariable('NOPE')).toBeUndefined();
  });
});
