import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  acceptFiles,
  describeRejected,
  isSupportedDocument,
  parseLaunchArgs,
  secondInstanceLaunch,
  SUPPORTED_EXTENSIONS,
} from '../../../../src/main/desktop/launch-args';

let dir: string;
let other: string;
const exe = '/opt/Faxdesk/faxdesk';

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-args-'));
  other = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-args-other-'));
  for (const name of ['a.pdf', 'b.TIFF', 'c.txt', 'd.JPG', 'e.png', 'f.tif', 'g.jpeg', 'notes.docx', 'with space.pdf', '-dash.pdf']) {
    fs.writeFileSync(path.join(dir, name), 'x');
  }
  fs.writeFileSync(path.join(other, 'there.pdf'), 'x');
  fs.mkdirSync(path.join(dir, 'folder.pdf'));
});

describe('parseLaunchArgs', () => {
  it('takes the files after the executable of a packaged app, resolved against the working directory', () => {
    const result = parseLaunchArgs([exe, 'a.pdf', './c.txt', path.join(dir, 'b.TIFF')], { cwd: dir });
    expect(result).toEqual({ files: [path.join(dir, 'a.pdf'), path.join(dir, 'c.txt'), path.join(dir, 'b.TIFF')], rejected: [] });
  });

  it('skips the app path of an unpackaged run (`electron .` or the built entry)', () => {
    expect(parseLaunchArgs(['/usr/lib/electron/electron', '.', 'a.pdf'], { cwd: dir, defaultApp: true }).files).toEqual([path.join(dir, 'a.pdf')]);
    expect(
      parseLaunchArgs(['/usr/lib/electron/electron', '--inspect=5858', '/work/main/out/main/index.js', 'a.pdf'], { cwd: dir, defaultApp: true }),
    ).toEqual({ files: [path.join(dir, 'a.pdf')], rejected: [] });
    expect(parseLaunchArgs(['/usr/lib/electron/electron', '.'], { cwd: dir, defaultApp: true })).toEqual({ files: [], rejected: [] });
  });

  it('ignores Chromium and Electron switches wherever they appear', () => {
    const argv = [exe, '--allow-file-access-from-files', 'a.pdf', '--original-process-start-time=13345', '-psn_0_12345', '--enable-features=X', 'c.txt', '--hidden'];
    expect(parseLaunchArgs(argv, { cwd: dir })).toEqual({ files: [path.join(dir, 'a.pdf'), path.join(dir, 'c.txt')], rejected: [] });
  });

  it('reads a file named like a switch after "--"', () => {
    expect(parseLaunchArgs([exe, '--', '-dash.pdf'], { cwd: dir }).files).toEqual([path.join(dir, '-dash.pdf')]);
  });

  it('resolves a second instance’s relative paths against its own working directory', () => {
    expect(parseLaunchArgs([exe, 'there.pdf'], { cwd: other }).files).toEqual([path.join(other, 'there.pdf')]);
    expect(parseLaunchArgs([exe, 'there.pdf'], { cwd: dir })).toEqual({ files: [], rejected: [{ path: path.join(dir, 'there.pdf'), reason: 'not found' }] });
  });

  it('accepts file:// URLs, including escaped characters', () => {
    const url = pathToFileURL(path.join(dir, 'with space.pdf')).toString();
    expect(url).toContain('%20');
    expect(parseLaunchArgs([exe, url], { cwd: '/' }).files).toEqual([path.join(dir, 'with space.pdf')]);
  });

  it('refuses web addresses, folders, missing files and unsupported types, saying why', () => {
    const result = parseLaunchArgs([exe, 'https://example.com/a.pdf', 'folder.pdf', 'missing.pdf', 'notes.docx', 'a.pdf'], { cwd: dir });
    expect(result.files).toEqual([path.join(dir, 'a.pdf')]);
    expect(result.rejected).toEqual([
      { path: 'https://example.com/a.pdf', reason: 'a web address, not a file' },
      { path: path.join(dir, 'folder.pdf'), reason: 'a folder, not a file' },
      { path: path.join(dir, 'missing.pdf'), reason: 'not found' },
      { path: path.join(dir, 'notes.docx'), reason: 'not a type Faxdesk sends (PDF, TIFF, text, PNG or JPEG)' },
    ]);
  });

  it('lists a file named twice once', () => {
    expect(parseLaunchArgs([exe, 'a.pdf', path.join(dir, 'a.pdf'), './a.pdf'], { cwd: dir }).files).toEqual([path.join(dir, 'a.pdf')]);
  });

  it('accepts every supported extension in any case', () => {
    const names = ['a.pdf', 'b.TIFF', 'c.txt', 'd.JPG', 'e.png', 'f.tif', 'g.jpeg'];
    expect(parseLaunchArgs([exe, ...names], { cwd: dir }).files).toHaveLength(names.length);
    for (const ext of SUPPORTED_EXTENSIONS) {
      expect(isSupportedDocument(`x.${ext}`)).toBe(true);
      expect(isSupportedDocument(`x.${ext.toUpperCase()}`)).toBe(true);
    }
    expect(isSupportedDocument('x.pdf.exe')).toBe(false);
    expect(isSupportedDocument('pdf')).toBe(false);
  });

  it('uses the injected probe instead of the file system', () => {
    const result = parseLaunchArgs([exe, '/virtual/x.pdf', '/virtual/dev'], { cwd: '/', probe: (p) => (p.endsWith('x.pdf') ? 'file' : 'other') });
    expect(result).toEqual({ files: ['/virtual/x.pdf'], rejected: [{ path: '/virtual/dev', reason: 'not a regular file' }] });
  });
});

describe('acceptFiles (macOS open-file)', () => {
  it('filters absolute paths the same way', () => {
    expect(acceptFiles([path.join(dir, 'e.png'), path.join(dir, 'notes.docx')], { cwd: '/' }).files).toEqual([path.join(dir, 'e.png')]);
  });
});

describe('describeRejected', () => {
  it('names each file and the reason in one sentence', () => {
    expect(describeRejected([])).toBeNull();
    expect(describeRejected([{ path: '/x/a.docx', reason: 'not found' }])).toBe('Faxdesk could not open a file: "a.docx" (not found).');
    const many = Array.from({ length: 7 }, (_, i) => ({ path: `/x/${i}.pdf`, reason: 'not found' }));
    expect(describeRejected(many)).toMatch(/^Faxdesk could not open 7 files: .* and 2 more\.$/);
  });
});

describe('secondInstanceLaunch', () => {
  it('prefers the launch data the second instance sent, and falls back to Electron’s argv', () => {
    expect(secondInstanceLaunch({ argv: [exe, 'a.pdf'], cwd: '/home/ann' }, [exe, '--x', 'a.pdf'], '/')).toEqual({ argv: [exe, 'a.pdf'], cwd: '/home/ann' });
    expect(secondInstanceLaunch(undefined, [exe, 'a.pdf'], '/w')).toEqual({ argv: [exe, 'a.pdf'], cwd: '/w' });
    expect(secondInstanceLaunch({ argv: [exe, 1], cwd: '/h' }, [exe], '/w')).toEqual({ argv: [exe], cwd: '/w' });
    expect(secondInstanceLaunch({ argv: [exe], cwd: 'relative' }, [exe], '/w')).toEqual({ argv: [exe], cwd: '/w' });
  });
});
