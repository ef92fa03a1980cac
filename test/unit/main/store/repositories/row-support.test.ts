import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { newId } from '../../../../../src/main/store/repositories/row-support';

const VERSION_7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newId: the ids of new rows', () => {
  it('are UUIDs of version 7 that the IPC contract accepts as UUIDs', () => {
    for (let i = 0; i < 200; i++) {
      const id = newId();
      expect(id).toMatch(VERSION_7);
      expect(z.uuid().safeParse(id).success).toBe(true);
    }
  });

  it('carry the time they were made in their first 48 bits', () => {
    const at = Date.UTC(2026, 10, 27, 12, 0, 0, 123);
    const id = newId(at);
    expect(parseInt(id.slice(0, 8) + id.slice(9, 13), 16)).toBe(at);
  });

  it('sort in the order they were made when made in different milliseconds (an index takes them at its end)', () => {
    const start = Date.UTC(2026, 0, 1);
    const ids = Array.from({ length: 500 }, (_, i) => newId(start + i * 7));
    expect([...ids].sort()).toEqual(ids);
  });

  it('are different when made in the same millisecond', () => {
    const at = Date.now();
    const ids = new Set(Array.from({ length: 10_000 }, () => newId(at)));
    expect(ids.size).toBe(10_000);
  });
});
