import { describe, expect, it } from 'vitest';
import {
  TEMPLATE_NAME_MAX,
  createMemoryTemplatesPort,
  sortTemplates,
  templateNameProblem,
  templateNamed,
} from '../../../../../src/renderer/src/features/header-designer/templates';

describe('template names', () => {
  it('must be given and short', () => {
    expect(templateNameProblem('  ')).toBe('Give the template a name.');
    expect(templateNameProblem('x'.repeat(TEMPLATE_NAME_MAX))).toBeNull();
    expect(templateNameProblem('x'.repeat(TEMPLATE_NAME_MAX + 1))).toContain(`at most ${TEMPLATE_NAME_MAX}`);
  });

  it('match ignoring case and outer spaces', () => {
    const list = [{ id: '1', name: 'Weekly', isDefault: false, options: { line_1: [''] } }];
    expect(templateNamed(list, ' weekly ')?.id).toBe('1');
    expect(templateNamed(list, 'Week')).toBeUndefined();
  });

  it('list the default first, then by name', () => {
    const t = (name: string, isDefault = false) => ({ id: name, name, isDefault, options: { line_1: [''] } });
    expect(sortTemplates([t('b'), t('c', true), t('a')]).map((x) => x.name)).toEqual(['c', 'a', 'b']);
  });
});

describe('createMemoryTemplatesPort', () => {
  it('saves, replaces by name, sets one default, clears it and removes', async () => {
    const port = createMemoryTemplatesPort([{ name: 'Old', isDefault: true, options: { line_1: ['${FAX_ID}'] } }]);
    await port.save(' Weekly ', { line_1: ['${DATE_TIME1}'], line_2: ['To: A'] });
    await port.save('WEEKLY', { line_1: ['${CSID}'] });
    let list = await port.list();
    expect(list.map((t) => [t.name, t.isDefault, t.options])).toEqual([
      ['Old', true, { line_1: ['${FAX_ID}'] }],
      ['Weekly', false, { line_1: ['${CSID}'] }],
    ]);
    await port.setDefault(list[1]!.id);
    list = await port.list();
    expect(list.map((t) => t.isDefault)).toEqual([false, true]);
    await port.clearDefault!();
    expect((await port.list()).some((t) => t.isDefault)).toBe(false);
    await port.remove(list[0]!.id);
    expect((await port.list()).map((t) => t.name)).toEqual(['Weekly']);
  });

  it('hands out copies and refuses unknown ids and bad names', async () => {
    const port = createMemoryTemplatesPort();
    const options = { line_1: ['a'] };
    await port.save('A', options);
    options.line_1.push('changed');
    const [saved] = await port.list();
    saved!.options.line_1.push('changed too');
    expect((await port.list())[0]!.options).toEqual({ line_1: ['a'] });
    await expect(port.setDefault('nope')).rejects.toThrow('no longer exists');
    await expect(port.remove('nope')).rejects.toThrow('no longer exists');
    await expect(port.save(' ', { line_1: [''] })).rejects.toThrow('Give the template a name.');
  });
});
