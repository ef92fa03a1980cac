/**
 * "Save as" and "Open" through the FileDialogs port, over the real handler table (gate included): main
 * makes the file, asks where with the dialog, writes it there and remembers the folder. A fax is saved
 * as PDF or TIFF, the TIFF fetched from the Sandbox emulator over HTTP only when chosen.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startEmulator } from '../../../src/emulator';
import type { RunningEmulator } from '../../../src/emulator/types';
import { checkTiff } from '../../../src/main/documents/formats/tiff';
import { composeOpenFilters } from '../../../src/main/files/file-dialog-service';
import type { FileDialogs } from '../../../src/main/platform/ports';
import { DOCUMENT_EXTENSIONS } from '../../../src/shared/domain/documents';
import type { InboxFax } from '../../../src/shared/domain/history';
import type { DownloadContent, SaveOutcome } from '../../../src/shared/ipc/contract/files';
import type { InboxPage } from '../../../src/shared/ipc/contract/inbox';
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
    // The old "write to this path" inputs are gone from the page's calls (inbox:saveAs altogether: files:download).
    expect(await fixture.call('outbox:exportCsv', { destination: '/tmp/x.csv' })).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(await fixture.call('inbox:saveAs', { id: 'x', destination: '/tmp/x.pdf' })).toMatchObject({ ok: false, error: { code: 'UNKNOWN_CHANNEL' } });
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

  it('saves a received fax as PDF or TIFF: the TIFF is fetched from the service only when chosen, and checked', async () => {
    const home = tempDir('faxdesk-faxes-');
    const answers = ['fax.tif', 'fax.pdf', 'typed', 'again.tiff', 'refused.tif'].map((name) => path.join(home, name));
    const { dialogs, asked } = scriptedDialogs(answers);
    let emulator: RunningEmulator | null = null;
    fixture = await startCore({
      fileDialogs: dialogs,
      startEmulator: async (options) => (emulator = await startEmulator({ ...options, quiet: true })),
    });
    const fax = await receivedFax(fixture, () => emulator!, 3);
    const tiffRequests = () => emulator!.control.requests().filter((r) => /\/faxes\/[^/]+\/image\?.*desired_format=TIFF/.test(r.path)).length;

    // The dialog offers both formats, PDF first; a .tif name gets the TIFF from the service.
    const tiff = await fixture.ok<Extract<SaveOutcome, { saved: true }>>('files:saveAs', { what: 'inbox-fax', id: fax.id });
    expect(asked[0]!.filters.map((f) => f.extensions)).toEqual([['pdf'], ['tif', 'tiff']]);
    expect(path.basename(asked[0]!.defaultPath)).toMatch(/^fax-.+\.pdf$/);
    expect(tiff).toMatchObject({ saved: true, path: path.join(home, 'fax.tif') });
    const written = fs.readFileSync(tiff.path);
    expect(checkTiff(written)).toMatchObject({ ok: true, info: { pages: 3 } });
    expect(tiffRequests()).toBe(1);

    // A .pdf name, and a name typed without extension, get the PDF Faxdesk keeps: the service is not asked.
    const pdf = await fixture.ok<Extract<SaveOutcome, { saved: true }>>('files:saveAs', { what: 'inbox-fax', id: fax.id });
    const typed = await fixture.ok<Extract<SaveOutcome, { saved: true }>>('files:saveAs', { what: 'inbox-fax', id: fax.id });
    expect(typed.path).toBe(path.join(home, 'typed.pdf'));
    for (const file of [pdf.path, typed.path]) expect(fs.readFileSync(file).equals(fs.readFileSync(path.join(fixture.dataDir, fax.imagePath!)))).toBe(true);
    expect(tiffRequests()).toBe(1);

    // Asked for TIFF first (the dialog's default filter then), with the .tiff spelling.
    await fixture.ok('files:saveAs', { what: 'inbox-fax', id: fax.id, format: 'TIFF' });
    expect(asked[3]!.filters.map((f) => f.extensions[0])).toEqual(['tif', 'pdf']);
    expect(checkTiff(fs.readFileSync(path.join(home, 'again.tiff')))).toMatchObject({ ok: true, info: { pages: 3 } });

    // The browser's download: the same files, named for their format.
    const asPdf = await fixture.ok<DownloadContent>('files:download', { what: 'inbox-fax', id: fax.id });
    expect(asPdf).toMatchObject({ fileName: expect.stringMatching(/^fax-.+\.pdf$/), mimeType: 'application/pdf' });
    const asTiff = await fixture.ok<DownloadContent>('files:download', { what: 'inbox-fax', id: fax.id, format: 'TIFF' });
    expect(asTiff).toMatchObject({ fileName: asPdf.fileName.replace(/\.pdf$/, '.tif'), mimeType: 'image/tiff' });
    expect(checkTiff(Buffer.from(asTiff.base64, 'base64'))).toMatchObject({ ok: true, info: { pages: 3 } });
    expect(await fixture.call('files:download', { what: 'inbox-fax', id: fax.id, format: 'GIF' })).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });

    // A service that cannot make TIFF (the packaged Sandbox answers 501): said plainly, nothing written.
    const before = fs.readdirSync(home).sort();
    const refuse = emulator!.control.addFault({ route: 'GET /faxes/*/image', kind: 'status', status: 501, count: 1 });
    const refused = await fixture.call('files:saveAs', { what: 'inbox-fax', id: fax.id });
    expect(refused).toMatchObject({ ok: false, error: { code: 'VALIDATION', message: expect.stringMatching(/^The Sandbox in this copy of Faxdesk cannot make TIFF images .*Save the fax as PDF instead/) } });
    expect(asked).toHaveLength(5);
    expect(emulator!.control.requests().filter((r) => r.path.includes('desired_format=TIFF') && r.status === 501)).toHaveLength(1); // not retried
    emulator!.control.removeFault(refuse.id);
    expect(fs.readdirSync(home).sort()).toEqual(before);
  });

  it('exports the contacts as CSV or vCard through the dialog', async () => {
    const home = tempDir('faxdesk-contacts-');
    const { dialogs, asked } = scriptedDialogs([path.join(home, 'people.csv'), path.join(home, 'people')]);
    fixture = await startCore({ startEmulator: null, fileDialogs: dialogs });
    await fixture.ok('contacts:create', { name: 'Zoë Ødegård', company: 'Fjord AS', faxNumber: '+47 22 12 34 56' });
    const csv = await fixture.ok<Extract<SaveOutcome, { saved: true }>>('files:saveAs', { what: 'contacts', format: 'csv' });
    expect(asked[0]).toMatchObject({ filters: [{ extensions: ['csv'] }] });
    expect(path.basename(asked[0]!.defaultPath)).toMatch(/^faxdesk-contacts-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(fs.readFileSync(csv.path, 'utf8')).toMatch(/^\uFEFF.*\n.*Zoë Ødegård/s);
    const vcard = await fixture.ok<Extract<SaveOutcome, { saved: true }>>('files:saveAs', { what: 'contacts', format: 'vcard' });
    expect(asked[1]).toMatchObject({ filters: [{ extensions: ['vcf', 'vcard'] }] });
    expect(vcard.path).toBe(path.join(home, 'people.vcf'));
    expect(fs.readFileSync(vcard.path, 'utf8')).toMatch(/^BEGIN:VCARD\r?\n[\s\S]*FN:Zoë Ødegård/);
    expect(await fixture.call('files:saveAs', { what: 'contacts', format: 'xlsx' })).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
  });

  it('in the browser bridge (no dialogs) says the page downloads instead', async () => {
    fixture = await startCore({ startEmulator: null });
    expect(await fixture.ok('app:info')).toMatchObject({ fileDialogs: 'browser' });
    expect(await fixture.call('files:saveAs', { what: 'diagnostics' })).toMatchObject({ ok: false, error: { code: 'VALIDATION' } });
  });
});

/** A fax the emulator delivers to the Sandbox, once Faxdesk has synced and stored its PDF. */
async function receivedFax(fixture: CoreFixture, emulator: () => RunningEmulator, pages: number): Promise<InboxFax> {
  await vi.waitFor(() => expect(emulator()).toBeTruthy(), { timeout: 20_000 });
  const { fax_id } = await emulator().control.inbound({ from: '13125550170', pages });
  fixture.core.sync.runNow('sandbox');
  return vi.waitFor(
    async () => {
      const page = await fixture.ok<InboxPage>('inbox:list', {});
      const fax = page.items.find((f) => f.faxId === fax_id);
      expect(fax?.imageState).toBe('stored');
      return fax!;
    },
    { timeout: 30_000, interval: 200 },
  );
}
