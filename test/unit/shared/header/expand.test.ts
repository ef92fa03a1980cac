import { describe, expect, it } from 'vitest';
import { expandHeader, headerVariableValue, type HeaderContext } from '../../../../src/shared/header';

const ctx: HeaderContext = {
  toNumber: '15551234567',
  fromNumber: '15559876543',
  csid: 'ACME FAX',
  faxId: '723d3c03-ff3e-53b3-e053-5601b00a420d',
  currentPage: 2,
  totalPage: 5,
  date: new Date('2024-05-09T15:07:01Z'),
  timeZone: 'America/Chicago',
};

describe('headerVariableValue', () => {
  it('takes each value from the context, uncropped', () => {
    expect(headerVariableValue('TO_NUMBER', ctx)).toBe('15551234567');
    expect(headerVariableValue('FROM_NUMBER', ctx)).toBe('15559876543');
    expect(headerVariableValue('CSID', ctx)).toBe('ACME FAX');
    expect(headerVariableValue('FAX_ID', ctx)).toBe('723d3c03-ff3e-53b3-e053-5601b00a420d');
    expect(headerVariableValue('CURRENT_PAGE', ctx)).toBe('2');
    expect(headerVariableValue('TOTAL_PAGE', ctx)).toBe('5');
  });

  it('formats the dates in the context time zone; DATE_TIME is DATE_TIME1', () => {
    expect(headerVariableValue('DATE_TIME', ctx)).toBe('2024-05-09 10:07:01');
    expect(headerVariableValue('DATE_TIME1', ctx)).toBe('2024-05-09 10:07:01');
    expect(headerVariableValue('DATE_TIME2', ctx)).toBe('5/9/2024 10:07:01 AM');
    expect(headerVariableValue('DATE_TIME3', ctx)).toBe('5/9/2024 10:07:01');
    expect(headerVariableValue('DATE_TIME4', ctx)).toBe('09/05/2024 10:07:01');
    expect(headerVariableValue('DATE_TIME5', ctx)).toBe('2024/05/09 10:07:01');
    expect(headerVariableValue('DATE_TIME6', ctx)).toBe('09/05/2024 10:07:01 AM');
    expect(headerVariableValue('DATE_TIME7', ctx)).toBe('2024/05/09 10:07:01 AM');
  });
});

describe('expandHeader: line_1', () => {
  it('substitutes variables inside text and keeps spacers', () => {
    expect(
      expandHeader({ line_1: ['${DATE_TIME}', '', 'To: ${TO_NUMBER} From: ${CSID}', 'Page ${CURRENT_PAGE}/${TOTAL_PAGE}'] }, ctx),
    ).toEqual({
      line1: ['2024-05-09 10:07:01', '', 'To: 15551234567 From: ACME FAX', 'Page 2/5'],
      line2: [],
      cropped: [],
    });
  });

  it('crops each variable at its own limit', () => {
    const long: HeaderContext = {
      ...ctx,
      toNumber: '+12345678901234567', // 18
      fromNumber: '1234567890123456', // 16
      csid: 'ABCDEFGHIJKLMNOPQRSTU', // 21
      currentPage: 1000,
      totalPage: 12345,
      date: new Date('2024-12-31T23:59:59Z'),
      timeZone: 'UTC',
    };
    const result = expandHeader(
      { line_1: ['${TO_NUMBER}', '${FROM_NUMBER}', '${CSID}', '${FAX_ID}', '${CURRENT_PAGE}/${TOTAL_PAGE}', '${DATE_TIME2}|${DATE_TIME}'] },
      long,
    );
    expect(result.line1).toEqual([
      '+123456789012345',
      '123456789012345',
      'ABCDEFGHIJKLMNOPQRST',
      '723d3c03-ff3e-53b3-e053-5601b00a',
      '100/123',
      '12/31/2024 11:59:59 |2024-12-31 23:59:59',
    ]);
    expect(result.cropped).toEqual([
      { path: 'line_1[0]', variable: '${TO_NUMBER}', from: 18, to: 16, reason: 'variable' },
      { path: 'line_1[1]', variable: '${FROM_NUMBER}', from: 16, to: 15, reason: 'variable' },
      { path: 'line_1[2]', variable: '${CSID}', from: 21, to: 20, reason: 'variable' },
      { path: 'line_1[3]', variable: '${FAX_ID}', from: 36, to: 32, reason: 'variable' },
      { path: 'line_1[4]', variable: '${CURRENT_PAGE}', from: 4, to: 3, reason: 'variable' },
      { path: 'line_1[4]', variable: '${TOTAL_PAGE}', from: 5, to: 3, reason: 'variable' },
      { path: 'line_1[5]', variable: '${DATE_TIME2}', from: 22, to: 20, reason: 'variable' },
    ]);
  });

  it('does not crop values exactly at their limit', () => {
    const exact: HeaderContext = { ...ctx, toNumber: '1234567890123456', fromNumber: '123456789012345', csid: 'C'.repeat(20), faxId: 'f'.repeat(32), currentPage: 999 };
    const result = expandHeader({ line_1: ['${TO_NUMBER}${FROM_NUMBER}${CSID}${FAX_ID}${CURRENT_PAGE}'] }, exact);
    expect(result.line1).toEqual(['1234567890123456123456789012345' + 'C'.repeat(20) + 'f'.repeat(32) + '999']);
    expect(result.cropped).toEqual([]);
  });

  it('crops variable characters beyond 235 in total, left to right across items', () => {
    const id32 = { ...ctx, faxId: '0123456789abcdef0123456789abcdef' };
    const result = expandHeader(
      { line_1: ['${FAX_ID}${FAX_ID}${FAX_ID}${FAX_ID}', '${FAX_ID}${FAX_ID}${FAX_ID}', 'id ${FAX_ID} to ${TO_NUMBER}', 'p${CURRENT_PAGE}'] },
      id32,
    );
    expect(result.line1[0]).toBe(id32.faxId.repeat(4));
    expect(result.line1[1]).toBe(id32.faxId.repeat(3));
    expect(result.line1[2]).toBe('id 0123456789a to ');
    expect(result.line1[3]).toBe('p');
    expect(result.cropped).toEqual([
      { path: 'line_1[2]', variable: '${FAX_ID}', from: 32, to: 11, reason: 'total-235' },
      { path: 'line_1[2]', variable: '${TO_NUMBER}', from: 11, to: 0, reason: 'total-235' },
      { path: 'line_1[3]', variable: '${CURRENT_PAGE}', from: 1, to: 0, reason: 'total-235' },
    ]);
    const variableChars = result.line1.join('').length - 'id  to p'.length;
    expect(variableChars).toBe(235);
  });

  it('counts the budget after each variable is cropped to its own limit', () => {
    // A 36-character fax id counts as 32: 7 x 32 = 224, leaving 11 for the eighth.
    const result = expandHeader({ line_1: ['${FAX_ID}'.repeat(8)] }, ctx);
    expect(result.line1[0]!.length).toBe(235);
    expect(result.line1[0]!.endsWith('723d3c03-ff')).toBe(true);
    expect(result.cropped.filter((c) => c.reason === 'variable')).toHaveLength(8);
    expect(result.cropped.filter((c) => c.reason === 'total-235')).toEqual([
      { path: 'line_1[0]', variable: '${FAX_ID}', from: 32, to: 11, reason: 'total-235' },
    ]);
  });

  it('does not count literal text against the 235 budget', () => {
    const text = 'x'.repeat(300);
    const result = expandHeader({ line_1: [text, '${TO_NUMBER}'] }, ctx);
    expect(result.line1).toEqual([text, '15551234567']);
    expect(result.cropped).toEqual([]);
  });

  it('prints invalid tokens as written (the service would refuse them)', () => {
    expect(expandHeader({ line_1: ['${FOO} ${CSID'] }, ctx).line1).toEqual(['${FOO} ${CSID']);
  });

  it('prints empty values for an empty caller ID and CSID', () => {
    expect(expandHeader({ line_1: ['[${FROM_NUMBER}][${CSID}]'] }, { ...ctx, fromNumber: '', csid: '' }).line1).toEqual(['[][]']);
  });
});

describe('expandHeader: line_2', () => {
  it('passes short fields through and does not expand variables there', () => {
    expect(expandHeader({ line_1: [''], line_2: ['To: Billing', 'Attn ${TO_NUMBER}'] }, ctx)).toEqual({
      line1: [''],
      line2: ['To: Billing', 'Attn ${TO_NUMBER}'],
      cropped: [],
    });
  });

  it('crops each field to 50', () => {
    const result = expandHeader({ line_1: [''], line_2: ['a'.repeat(50), 'b'.repeat(51)] }, ctx);
    expect(result.line2).toEqual(['a'.repeat(50), 'b'.repeat(50)]);
    expect(result.cropped).toEqual([{ path: 'line_2[1]', from: 51, to: 50, reason: 'line2-field' }]);
  });

  it('crops the fields to 100 in total, left to right, after the per-field crop', () => {
    const result = expandHeader({ line_1: [''], line_2: ['a'.repeat(70), 'b'.repeat(45), 'c'.repeat(20), 'd'] }, ctx);
    expect(result.line2).toEqual(['a'.repeat(50), 'b'.repeat(45), 'c'.repeat(5), '']);
    expect(result.cropped).toEqual([
      { path: 'line_2[0]', from: 70, to: 50, reason: 'line2-field' },
      { path: 'line_2[2]', from: 20, to: 5, reason: 'line2-total' },
      { path: 'line_2[3]', from: 1, to: 0, reason: 'line2-total' },
    ]);
    expect(result.line2.join('').length).toBe(100);
  });

  it('leaves exactly 100 in total alone', () => {
    expect(expandHeader({ line_1: [''], line_2: ['a'.repeat(50), 'b'.repeat(50)] }, ctx).cropped).toEqual([]);
  });
});
