import { describe, expect, it } from 'vitest';
import { ALLOWED_VARIABLES_TEXT, HEADER_VARIABLES } from '../../../../../src/shared/header';
import {
  LINE2_MAX_FIELDS,
  STARTER_LINE1,
  appendToken,
  dateCodeInUse,
  dateFormatCanCrop,
  describeItem,
  draftFromOptions,
  humanizePaths,
  insertItem,
  moveItem,
  optionsFromDraft,
  paletteVariables,
  placeName,
  removeItem,
  switchDateCode,
  withoutAllowedList,
} from '../../../../../src/renderer/src/features/header-designer/draft';

const ids = () => {
  let n = 0;
  return () => `id${++n}`;
};

describe('draft <-> header_options', () => {
  it('round-trips, giving each item an id', () => {
    const draft = draftFromOptions({ line_1: ['${FAX_ID}', ''], line_2: ['To: A'] }, ids());
    expect(draft).toEqual({
      line1: [
        { id: 'id1', text: '${FAX_ID}' },
        { id: 'id2', text: '' },
      ],
      line2: [{ id: 'id3', text: 'To: A' }],
    });
    expect(optionsFromDraft(draft)).toEqual({ line_1: ['${FAX_ID}', ''], line_2: ['To: A'] });
  });

  it('leaves line_2 out when it has no fields', () => {
    expect(optionsFromDraft(draftFromOptions({ line_1: [''], line_2: [] }))).toEqual({ line_1: [''] });
  });

  it('starts a new header with a date, the recipient and the page position', () => {
    expect(STARTER_LINE1).toEqual(['${DATE_TIME1}', 'To ${TO_NUMBER}', 'Page ${CURRENT_PAGE}/${TOTAL_PAGE}']);
    expect(LINE2_MAX_FIELDS).toBe(6);
  });
});

describe('list edits', () => {
  it('move, insert and remove without touching the input', () => {
    const list = ['a', 'b', 'c'];
    expect(moveItem(list, 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(list, 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(list, 0, 99)).toEqual(['b', 'c', 'a']);
    expect(moveItem(list, 5, 0)).toEqual(list);
    expect(insertItem(list, 1, 'x')).toEqual(['a', 'x', 'b', 'c']);
    expect(insertItem(list, 9, 'x')).toEqual(['a', 'b', 'c', 'x']);
    expect(removeItem(list, 1)).toEqual(['a', 'c']);
    expect(list).toEqual(['a', 'b', 'c']);
  });

  it('appends a variable a space apart from text', () => {
    expect(appendToken('', '${FAX_ID}')).toBe('${FAX_ID}');
    expect(appendToken('Ref:', '${FAX_ID}')).toBe('Ref: ${FAX_ID}');
    expect(appendToken('Ref: ', '${FAX_ID}')).toBe('Ref: ${FAX_ID}');
    expect(appendToken('${CURRENT_PAGE}', '${TOTAL_PAGE}')).toBe('${CURRENT_PAGE} ${TOTAL_PAGE}');
  });
});

describe('date formats', () => {
  it('finds the format in use: the first date variable of line 1', () => {
    expect(dateCodeInUse(['x', 'Sent ${DATE_TIME4}', '${DATE_TIME2}'])).toBe(4);
    expect(dateCodeInUse(['${DATE_TIME}'])).toBe(1);
    expect(dateCodeInUse(['${FAX_ID}', '${DATE_TIME9}'])).toBeUndefined();
  });

  it('switches every date variable of an item, leaving text and mistakes as written', () => {
    expect(switchDateCode('Sent ${DATE_TIME4} / ${DATE_TIME1} ${FOO}', 2)).toBe('Sent ${DATE_TIME2} / ${DATE_TIME2} ${FOO}');
    // ${DATE_TIME} already prints format 1: it is kept as the user wrote it.
    expect(switchDateCode('${DATE_TIME}', 1)).toBe('${DATE_TIME}');
    expect(switchDateCode('${DATE_TIME}', 3)).toBe('${DATE_TIME3}');
    expect(switchDateCode('no dates ${', 5)).toBe('no dates ${');
  });

  it('knows which formats can print more than the 20 characters kept (the 12-hour ones)', () => {
    expect([1, 2, 3, 4, 5, 6, 7].filter((code) => dateFormatCanCrop(code as 1))).toEqual([2, 6, 7]);
  });
});

describe('palette', () => {
  it('has one date chip for the chosen format and a chip for every other variable', () => {
    expect(paletteVariables(2).map((v) => v.name)).toEqual(['DATE_TIME2', 'TO_NUMBER', 'FROM_NUMBER', 'CSID', 'FAX_ID', 'CURRENT_PAGE', 'TOTAL_PAGE']);
    // Across the seven formats every allowed variable is offered (${DATE_TIME} is ${DATE_TIME1}).
    const offered = new Set([1, 2, 3, 4, 5, 6, 7].flatMap((code) => paletteVariables(code as 1).map((v) => v.name)));
    expect(HEADER_VARIABLES.filter((v) => !offered.has(v.name)).map((v) => v.name)).toEqual(['DATE_TIME']);
  });
});

describe('words for the user', () => {
  it('describes what an item holds', () => {
    expect(describeItem('')).toBe('Spacer');
    expect(describeItem('${TO_NUMBER}')).toBe('Recipient fax number');
    expect(describeItem('Acme')).toBe('Text');
    expect(describeItem('Page ${CURRENT_PAGE}')).toBe('Text and variables');
    expect(describeItem('${FOO}')).toBe('Text and variables');
  });

  it('names places as the designer shows them', () => {
    expect(placeName('line_1[0]')).toBe('line 1, slot 1');
    expect(placeName('line_2[1]')).toBe('line 2, field 2');
    expect(placeName('line_1')).toBe('line 1');
    expect(humanizePaths('Unknown header variable ${FOO} in line_1[2]. Shorten line_2[0] and the line_2 fields.')).toBe(
      'Unknown header variable ${FOO} in line 1, slot 3. Shorten line 2, field 1 and the line 2 fields.',
    );
  });

  it('drops the list of every allowed variable from a message shown under a slot', () => {
    expect(withoutAllowedList(`Unknown header variable \${FOO} in line_1[0]. Allowed: ${ALLOWED_VARIABLES_TEXT}.`)).toBe(
      'Unknown header variable ${FOO} in line_1[0]. Use a variable offered under "Items for line 1".',
    );
    expect(withoutAllowedList('line_1 is empty')).toBe('line_1 is empty');
  });
});
