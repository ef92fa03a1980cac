import { describe, expect, it } from 'vitest';
import { BASE64_CHUNK_BYTES, base64ChunkRanges, encodeBase64Chunked, encodeBase64Slice } from '../../../../../src/renderer/src/model/compose/base64';

function bytes(n: number, seed = 7): Uint8Array {
  const out = new Uint8Array(n);
  let x = seed;
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    out[i] = x >>> 24;
  }
  return out;
}

describe('base64 in chunks', () => {
  it('uses chunks of a multiple of 3 bytes, so the pieces join without padding in between', () => {
    expect(BASE64_CHUNK_BYTES % 3).toBe(0);
    expect(base64ChunkRanges(10, 3)).toEqual([
      [0, 3],
      [3, 6],
      [6, 9],
      [9, 10],
    ]);
    expect(base64ChunkRanges(0, 3)).toEqual([]);
    expect(() => base64ChunkRanges(10, 4)).toThrow(/multiple of 3/);
    expect(() => base64ChunkRanges(10, 0)).toThrow(/multiple of 3/);
  });

  it('gives exactly what one-shot encoding gives, for every length around a chunk boundary', async () => {
    for (const n of [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]) {
      const data = bytes(n, n + 1);
      expect(await encodeBase64Chunked(data, { chunkBytes: 6, pause: async () => {} })).toBe(Buffer.from(data).toString('base64'));
    }
  });

  it('encodes a slice longer than String.fromCharCode takes at once, and bytes of every value', () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    expect(encodeBase64Slice(all)).toBe(Buffer.from(all).toString('base64'));
    const big = bytes(200_001);
    expect(encodeBase64Slice(big)).toBe(Buffer.from(big).toString('base64'));
  });

  it('reports progress after each chunk and pauses between chunks (not after the last)', async () => {
    const data = bytes(3 * 1024 * 1024 + 5);
    const progress: number[] = [];
    let pauses = 0;
    const text = await encodeBase64Chunked(data, {
      onProgress: (done, total) => {
        expect(total).toBe(data.length);
        progress.push(done);
      },
      pause: async () => {
        pauses++;
      },
    });
    expect(text).toBe(Buffer.from(data).toString('base64'));
    expect(progress).toEqual([BASE64_CHUNK_BYTES, 2 * BASE64_CHUNK_BYTES, data.length]);
    expect(pauses).toBe(2);
  });

  it('stops between chunks when aborted (the file was removed meanwhile)', async () => {
    const controller = new AbortController();
    const run = encodeBase64Chunked(bytes(30), {
      chunkBytes: 3,
      signal: controller.signal,
      pause: async () => controller.abort(),
    });
    await expect(run).rejects.toThrow();
  });
});
