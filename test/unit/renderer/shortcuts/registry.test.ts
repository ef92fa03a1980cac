import { describe, expect, it } from 'vitest';
import { createCommandRegistry } from '../../../../src/renderer/src/shortcuts/registry';
import { steppedIndex } from '../../../../src/renderer/src/shortcuts/step';

describe('the command registry', () => {
  it('does nothing for a command nobody handles', () => {
    const registry = createCommandRegistry();
    expect(registry.has('print')).toBe(false);
    expect(registry.run('print')).toBe(false);
  });

  it('runs the handler registered last, and the earlier one again once it goes', () => {
    const registry = createCommandRegistry();
    const calls: string[] = [];
    const offPage = registry.register('search', () => calls.push('page'));
    const offPanel = registry.register('search', () => calls.push('panel'));
    expect(registry.run('search')).toBe(true);
    offPanel();
    expect(registry.run('search')).toBe(true);
    offPage();
    expect(registry.run('search')).toBe(false);
    expect(calls).toEqual(['panel', 'page']);
  });

  it('removes exactly the registration it was given, even for the same function twice', () => {
    const registry = createCommandRegistry();
    let count = 0;
    const handler = () => count++;
    const first = registry.register('next-fax', handler);
    registry.register('next-fax', handler);
    first();
    first(); // a second call changes nothing
    expect(registry.has('next-fax')).toBe(true);
    registry.run('next-fax');
    expect(count).toBe(1);
  });

  it('keeps commands apart', () => {
    const registry = createCommandRegistry();
    registry.register('send', () => {});
    expect(registry.has('send')).toBe(true);
    expect(registry.has('print')).toBe(false);
  });
});

describe('next and previous fax (J/K)', () => {
  it('starts at the first fax when none is open, or the open one is not in the list', () => {
    expect(steppedIndex(-1, 5, 1)).toBe(0);
    expect(steppedIndex(-1, 5, -1)).toBe(0);
    expect(steppedIndex(9, 5, 1)).toBe(0);
  });

  it('moves one row, and stops at either end', () => {
    expect(steppedIndex(0, 5, 1)).toBe(1);
    expect(steppedIndex(3, 5, -1)).toBe(2);
    expect(steppedIndex(4, 5, 1)).toBeNull();
    expect(steppedIndex(0, 5, -1)).toBeNull();
  });

  it('does nothing in an empty list', () => {
    expect(steppedIndex(-1, 0, 1)).toBeNull();
  });
});
