/** PageMemo: the same body for the same request gives back the very page parsed before, frozen; anything else is parsed anew. */
import { describe, expect, it } from 'vitest';
import { PageMemo } from '../../../../src/main/api/page-memo';

describe('PageMemo', () => {
  it('parses a body once while it stays the same, per request', () => {
    const memo = new PageMemo();
    let parses = 0;
    const parse = (body: string) => () => {
      parses++;
      return JSON.parse(body) as { items: { id: number }[] };
    };
    const a = memo.read('GET /list?page=1', '{"items":[{"id":1}]}', parse('{"items":[{"id":1}]}'));
    expect(memo.read('GET /list?page=1', '{"items":[{"id":1}]}', parse('{"items":[{"id":1}]}'))).toBe(a);
    expect(parses).toBe(1);
    // Another request with the same body, and the same request with another body: parsed.
    const other = memo.read('GET /list?page=2', '{"items":[{"id":1}]}', parse('{"items":[{"id":1}]}'));
    expect(other).not.toBe(a);
    const changed = memo.read('GET /list?page=1', '{"items":[{"id":2}]}', parse('{"items":[{"id":2}]}'));
    expect(changed.items[0]!.id).toBe(2);
    expect(parses).toBe(3);
  });

  it('hands out frozen pages (shared between calls, they must not change)', () => {
    const page = new PageMemo().read('k', '{"items":[{"id":1}]}', () => JSON.parse('{"items":[{"id":1}]}') as { items: { id: number }[] });
    expect(Object.isFrozen(page) && Object.isFrozen(page.items) && Object.isFrozen(page.items[0])).toBe(true);
    expect(() => {
      page.items[0]!.id = 9;
    }).toThrow(TypeError);
  });
});
