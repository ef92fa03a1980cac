import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createZip } from '../../../../src/main/desktop/zip';
import { readZip } from './support/read-zip';

const hasUnzip = (() => {
  try {
    execFileSync('unzip', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe('createZip', () => {
  const entries = [
    { name: 'manifest.json', data: '{"a":1}\n' },
    { name: 'logs/faxdesk.log', data: 'line\n'.repeat(1000) },
    { name: 'binary.bin', data: Buffer.from([0, 1, 2, 255, 254]) },
    { name: 'naïve name ✓.txt', data: '' },
  ];

  it('writes entries that read back byte for byte, deflating only what shrinks', () => {
    const zip = createZip(entries, new Date(2026, 0, 2, 3, 4, 6));
    const read = readZip(zip);
    expect(read.map((e) => e.name)).toEqual(entries.map((e) => e.name));
    for (const [i, entry] of entries.entries()) expect(read[i]!.data.equals(Buffer.from(entry.data))).toBe(true);
    expect(read.find((e) => e.name === 'logs/faxdesk.log')!.method).toBe(8);
    expect(read.find((e) => e.name === 'binary.bin')!.method).toBe(0);
  });

  it.skipIf(!hasUnzip)('is accepted by Info-ZIP unzip', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-zip-')), 'test.zip');
    fs.writeFileSync(file, createZip(entries, new Date(2026, 0, 2, 3, 4, 6)));
    expect(execFileSync('unzip', ['-t', file], { encoding: 'utf8' })).toMatch(/No errors detected/);
    const listing = execFileSync('unzip', ['-l', file], { encoding: 'utf8' });
    expect(listing).toMatch(/2026-01-02 03:04|01-02-2026 03:04/);
    expect(execFileSync('unzip', ['-p', file, 'logs/faxdesk.log'], { encoding: 'utf8' })).toBe('line\n'.repeat(1000));
  });

  it('refuses names that could escape the folder it is unpacked into, and duplicates', () => {
    for (const name of ['../x', '/abs', 'a/../b', '', 'a//b']) expect(() => createZip([{ name, data: 'x' }])).toThrow(/not a valid name/);
    expect(() => createZip([{ name: 'a', data: '1' }, { name: 'a', data: '2' }])).toThrow(/already has/);
  });

  it('writes an empty archive', () => {
    expect(readZip(createZip([]))).toEqual([]);
  });
});
