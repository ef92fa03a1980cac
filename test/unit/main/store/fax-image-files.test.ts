import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DISK_FULL_MESSAGE, FaxImageFiles, safeName, type FaxFileSystem } from '../../../../src/main/store/fax-image-files';

let dir: string;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-inbox-'));
});

afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

function failing(code: string, at: 'writeFile' | 'rename' | 'mkdir'): FaxFileSystem {
  const error = () => Object.assign(new Error(`${code}: failed`), { code });
  return {
    ...fsp,
    mkdir: (async (...args: Parameters<typeof fsp.mkdir>) => {
      if (at === 'mkdir') throw error();
      return fsp.mkdir(...args);
    }) as typeof fsp.mkdir,
    rename: (async (...args: Parameters<typeof fsp.rename>) => {
      if (at === 'rename') throw error();
      return fsp.rename(...args);
    }) as typeof fsp.rename,
    open: (async (...args: Parameters<typeof fsp.open>) => {
      const handle = await fsp.open(...args);
      if (at !== 'writeFile' || args[1] === 'r') return handle;
      return {
        writeFile: async () => {
          throw error();
        },
        sync: () => handle.sync(),
        close: () => handle.close(),
      };
    }) as unknown as typeof fsp.open,
  };
}

describe('FaxImageFiles', () => {
  it('writes atomically under <data>/inbox/<account>/<fax>.pdf, and reads back', async () => {
    const files = new FaxImageFiles(dir);
    const relative = files.relativePathFor('acc-1', 'f-1');
    expect(relative).toBe(path.join('inbox', 'acc-1', 'f-1.pdf'));
    await files.write(relative, Buffer.from('%PDF-1.4 body %%EOF'));
    expect((await files.read(relative))!.toString()).toBe('%PDF-1.4 body %%EOF');
    expect(fs.readdirSync(path.join(dir, 'inbox', 'acc-1'))).toEqual(['f-1.pdf']);
    expect(await files.read(files.relativePathFor('acc-1', 'missing'))).toBeNull();
  });

  it('keeps names from the service inside the inbox folder', () => {
    const files = new FaxImageFiles(dir);
    expect(safeName('../../etc/passwd')).toMatch(/^_+etc_passwd-[0-9a-f]{12}$/);
    expect(files.relativePathFor('acc', '..')).not.toContain('..');
    expect(() => files.absolute('../outside.pdf')).toThrow(/outside the inbox folder/);
  });

  it.each([
    ['ENOSPC', 'writeFile', DISK_FULL_MESSAGE],
    ['EDQUOT', 'writeFile', DISK_FULL_MESSAGE],
    ['EACCES', 'mkdir', /not allowed to create its data folder/],
    ['EROFS', 'rename', /read-only disk/],
    ['EIO', 'writeFile', /could not write a received fax to its data folder.*EIO/],
  ] as const)('%s while writing: a sentence to act on, and nothing left behind', async (code, at, message) => {
    const files = new FaxImageFiles(dir, { fs: failing(code, at) });
    const relative = files.relativePathFor('acc-1', 'f-1');
    const attempt = files.write(relative, Buffer.from('x'));
    await expect(attempt).rejects.toMatchObject({ code: 'STORAGE', message: typeof message === 'string' ? message : expect.stringMatching(message) });
    const folder = path.join(dir, 'inbox', 'acc-1');
    expect(fs.existsSync(folder) ? fs.readdirSync(folder) : []).toEqual([]);
  });

  it('makes a deleted inbox folder again and says so', async () => {
    const recreated: string[] = [];
    const files = new FaxImageFiles(dir, { onFolderRecreated: (f) => recreated.push(f) });
    await files.noteRoot();
    await files.write(files.relativePathFor('a', '1'), Buffer.from('one'));
    expect(recreated).toEqual([]); // made the first time: nothing was lost
    fs.rmSync(path.join(dir, 'inbox'), { recursive: true });
    await files.write(files.relativePathFor('a', '2'), Buffer.from('two'));
    expect(recreated).toEqual([path.join(dir, 'inbox')]);
  });

  it('removes temporary files a crash left, never a finished image', async () => {
    const files = new FaxImageFiles(dir);
    await files.write(files.relativePathFor('a', '1'), Buffer.from('one'));
    const folder = path.join(dir, 'inbox', 'a');
    fs.writeFileSync(path.join(folder, '.2.pdf.1234.part'), 'half');
    expect(await files.cleanTemporaryFiles()).toBe(1);
    expect(fs.readdirSync(folder)).toEqual(['1.pdf']);
  });

  it('copies to a place the person chose, and explains a missing folder', async () => {
    const files = new FaxImageFiles(dir);
    const relative = files.relativePathFor('a', '1');
    await files.write(relative, Buffer.from('%PDF-1.4'));
    const target = path.join(dir, 'saved.pdf');
    expect(await files.copyTo(relative, target)).toBe(8);
    expect(fs.readFileSync(target, 'utf8')).toBe('%PDF-1.4');
    await expect(files.copyTo(relative, path.join(dir, 'gone', 'x.pdf'))).rejects.toMatchObject({ code: 'FILE', message: expect.stringContaining('does not exist any more') });
  });
});
