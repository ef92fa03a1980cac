import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { electronScan } from '../../verify/parts/electron-scan';
import { misses, runCiPart } from './support';

describe('Electron security scan', () => {
  it('finds no unexplained Electronegativity finding in src and out, and every checklist item has its test', async () => {
    const rows = await runCiPart(electronScan);
    expect(rows.length).toBe(3);
    expect(misses(rows)).toEqual([]);
  });

  it('scans against the Electron version installed, pinned exactly in package.json', () => {
    const root = path.resolve(__dirname, '..', '..');
    const pinned = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> }).devDependencies['electron'];
    const installed = (JSON.parse(fs.readFileSync(path.join(root, 'node_modules', 'electron', 'package.json'), 'utf8')) as { version: string }).version;
    expect(pinned).toBe(installed);
    expect(Number(installed.split('.')[0])).toBeGreaterThanOrEqual(45);
  });
});
