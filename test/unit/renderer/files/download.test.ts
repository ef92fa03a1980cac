import { describe, expect, it } from 'vitest';
import { base64ToBytes } from '../../../../src/renderer/src/files/download';

describe('base64ToBytes', () => {
  // Node 22 has no Uint8Array.fromBase64: this is the fallback; Chromium's native decoder runs in the e2e tests.
  it('decodes the bytes main sends, whatever they are', () => {
    const bytes = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x00, 0xff, 0x80]);
    expect(base64ToBytes(Buffer.from(bytes).toString('base64'))).toEqual(bytes);
    expect(base64ToBytes('')).toEqual(new Uint8Array());
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    expect(base64ToBytes(Buffer.from(all).toString('base64'))).toEqual(all);
  });
});
