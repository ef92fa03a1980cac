/**
 * "Save as" and "Open" through the FileDialogs port, over the real handler table (gate included): main
 * makes the file, asks where with the dialog, writes it there and remembers the folder.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { composeOpenFilters } from '../../../src/main/files/file-dialog-service';
import type { FileDialogs } from '../../../src/main/platform/ports';
import { DOCUMENT_EXTENSIONS } from '../../../src/shared/domain/documents';
import { startCore, tempDir, type CoreFixture } from '../accounts/core-fixture';

/** A scripted dialog: answers each request with the next answer, and records what it was asked. */
function scriptedDialogs(answers: (string | null | string[])[]) {
  const asked: { kind: 'save' | 'open'; defaultPath: string; filters: { name: string; extensions: string[] }[] }[] = [];
  const dialogs: FileDialogs = {
    async saveAs(options) {
      asked.push({ kind: 'save', ...options });
      return answers.shift() as string | null;
    },
    async open(options) {
      asked.push({ kind: 'open', ...options });
      return answers.shift() as string[];
    },
  };
  return { dialogs, asked };
}

let fixture: CoreFixture | null = null;
afterEach(async () => {
  await fixture?.stop();
  fixture = null;
});

describe('files:saveAs and files:openForCompose', () => {
  it('saves diagnostics and the Outbox CSV where the person chose, starting next time in that folder', async () => {
    const home = tempDir('faxdesk-home-');
    const { dialogs, asked } = scriptedDialogs([path.join(home, 'support'), path.join(home, 'list.csv'), null]);
    fixture = await startCore({ startEmulator: null, fileDialogs: dialogs });
    expect(await fixture.ok('app:info')).toMatchObject({ fileDialogs: 'native' });

    // The name as typed, without extension: the type's extension is added.
    const zip = await fixture.ok<{ saved: true; path: string; bytes: number }>('files:saveAs', { what: 'diagnostics' });
    expect(zip).toMatchObject({ saved: true, path: path.join(home, 'support.zip') });
    expect(fs.readFileSync(zip.path).subarray(0, 2).toString()).toBe('PK');
    expect(asked[0]).toMatchObject({ kind: 'save', filters: [{ extensions: ['zip'] }] });
    expect(path.basename(asked[0]!.defaultPath)).toMatch(/^faxdesk-diagnostics-.*\.zip$/);

    const csv = await fixture.ok<{ saved: true; path: string }>('files:saveAs', { what: 'outbox-csv', phase: 'failed' });
    expect(fs.readFileSync(csv.path, 'utf8')).toMatch(/^\uFEFF/);
    expect(path.dirname(asked[1]!.defaultPath)).toBe(home); // the folder used last

    // Cancelled: nothing written.
    expect(await fixture.ok('files:saveAs', { what: 'diagnostics' })).toEqual({ saved: false });
    expect(fs.readdirSync(home).sort()).toEqual(['list.csv', 'support.zip']);
    await fixture.stop();

    // Remembered across restarts (same data folder).
    const again = scriptedDialogs([null]);
    fixture = await startCore({ startEmulator: null, fileDialogs: again.dialogs, dataDir: fixture.dataDir });
    await fixture.ok('files:saveAs', { what: 'diagnostics' });
    expect(path.dirname(again.asked[0]!.defaultPath)).toBe(home);
  });

  it('says what is missing before asking where, and validates every input', async () => {
    const { dialogs, asked } = scriptedDialogs([]);
    fixture = await startCore({ startEmulator: null, fileDialogs: dialogs });
    expect(await fixture.call('files:saveAs', { what: 'report', jobId: 'no-such-job' })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    expect(await fixture.call('files:saveAs', { what: 'inbox-fax', id: 'nope' })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    expect(asked).toEqual([]);
    for (const bad of [{ what: 'diagnostics', path: '/etc/passwd' }, { what: 'anything' }, { what: 'report' }, { what: 'report', jobId: '' }, 'diagnostics']) {
      expect(await fixture.call('files:saveAs', bad), JSON.stringify(bad)).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    }
    // The old "write to this path" inputs are gone from the page's calls.
    expect(await fixture.call('outbox:exportCsv', { destination: '/tmp/x.csv' })).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(await fixture.call('inbox:saveAs', { id: 'x', destination: '/tmp/x.pdf' })).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
  });

  it('opens documents for Compose with every type Faxdesk sends as filters', async () => {
    const home = tempDir('faxdesk-docs-');
    const { dialogs, asked } = scriptedDialogs([[path.join(home, 'a.pdf'), path.join(home, 'b.tiff')], []]);
    fixture = await startCore({ startEmulator: null, fileDialogs: dialogs });
    expect(await fixture.ok('files:openForCompose')).toEqual({ files: [{ path: path.join(home, 'a.pdf'), name: 'a.pdf' }, { path: path.join(home, 'b.tiff'), name: 'b.tiff' }] });
    const filters = asked[0]!.filters;
    expect(filters).toEqual(composeOpenFilters());
    expect(new Set(filters[0]!.extensions)).toEqual(new Set(Object.values(DOCUMENT_EXTENSIONS).flat()));
    expect(filters.slice(1).find((f) => f.extensions.includes('tif'))!.name).toBe('TIFF image');
    expect(await fixture.ok('files:openForCompose')).toEqual({ files: [] });
    expect(asked[1]!.defaultPath).toBe(home);
  });

  it('in the browser bridge (no dialogs) says the page downloads instead', async () => {
    fixture = await startCore({ startEmulator: null });
    expect(await fixture.ok('app:info')).toMatchObject({ fileDialogs: 'browser' });
    expect(await fixture.call('files:saveAs', { what: 'diagnostics' })).toMatchObject({ ok: false, error: { code: 'VALIDATION' } });
  });
});
