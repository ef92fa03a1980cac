/**
 * "Choose…" for the webhook receiver's certificate and key (Settings › Instant updates): the handler
 * table's files:openTlsFile asks the FileDialogs port for one PEM file and hands back its path only
 * (receiver:configure reads and checks it); the browser bridge, without dialogs, refuses.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FileDialogService, LastFolder, tlsOpenFilters } from '../../../../src/main/files/file-dialog-service';
import { silentLogger } from '../../../../src/main/platform/logger';
import type { FileDialogs } from '../../../../src/main/platform/ports';
import { openDatabase, type Db } from '../../../../src/main/store/database';
import { SettingsRepository } from '../../../../src/main/store/repositories/settings-repository';
import { fileCalls } from '../../../../src/shared/ipc/contract/files';
import { createFileHandlers } from '../../../../src/main/files/handlers';

type OpenOptions = Parameters<FileDialogs['open']>[0];

const cleanup: (() => void)[] = [];
afterEach(() => {
  for (const undo of cleanup.splice(0)) undo();
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-tls-dialog-'));
  cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** The service over a real settings table, with a dialog that gives the scripted answers and records what it was asked. */
function fixture(answers: string[][], dialogs: 'native' | 'none' = 'native') {
  const home = tempDir();
  const db: Db = openDatabase(path.join(home, 'faxdesk.sqlite'));
  cleanup.unshift(() => db.close());
  const asked: OpenOptions[] = [];
  const port: FileDialogs = {
    saveAs: () => Promise.reject(new Error('not asked for')),
    async open(options) {
      asked.push(options);
      return answers.shift() ?? [];
    },
  };
  const service = new FileDialogService({
    dialogs: dialogs === 'native' ? port : null,
    lastFolder: new LastFolder(new SettingsRepository(db), () => new Date('2026-11-25T00:00:00Z'), home),
    content: () => Promise.reject(new Error('not asked for')),
    logger: silentLogger,
  });
  return { handler: createFileHandlers(service)['files:openTlsFile'], asked, home };
}

describe('files:openTlsFile', () => {
  it('asks for one PEM file, starting in the folder used last, and returns its path', async () => {
    const pki = tempDir();
    const { handler, asked, home } = fixture([[path.join(pki, 'receiver.crt')], [path.join(pki, 'receiver.key')]]);
    expect(await handler({ what: 'certificate' })).toEqual({ path: path.join(pki, 'receiver.crt') });
    expect(asked[0]).toEqual({ title: "Choose the receiver's certificate (PEM)", defaultPath: home, filters: tlsOpenFilters('certificate'), multiple: false });
    expect(asked[0]!.filters[0]!.extensions).toEqual(['pem', 'crt', 'cer']);

    expect(await handler({ what: 'key' })).toEqual({ path: path.join(pki, 'receiver.key') });
    expect(asked[1]).toMatchObject({ title: "Choose the receiver's private key (PEM)", defaultPath: pki, multiple: false });
    expect(asked[1]!.filters.map((f) => f.extensions)).toEqual([['pem', 'key'], ['*']]);
  });

  it('returns null when cancelled, refuses a path that is not a full one, and refuses without dialogs', async () => {
    const { handler } = fixture([[], ['receiver.key']]);
    expect(await handler({ what: 'key' })).toEqual({ path: null });
    await expect(handler({ what: 'key' })).rejects.toMatchObject({ code: 'FILE', message: expect.stringContaining('not a full path') });

    const browser = fixture([], 'none');
    await expect(browser.handler({ what: 'certificate' })).rejects.toMatchObject({ code: 'VALIDATION' });
    expect(browser.asked).toEqual([]);
  });

  it('takes only which file is chosen from the page: never a path', () => {
    const input = fileCalls['files:openTlsFile'].input;
    expect(input.safeParse({ what: 'certificate' }).success).toBe(true);
    for (const bad of [{ what: 'cert' }, {}, { what: 'key', path: '/etc/ssl/private/x.key' }, 'key']) expect(input.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });
});
