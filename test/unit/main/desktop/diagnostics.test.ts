import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildDiagnosticsEntries, exportDiagnostics, type DiagnosticsSources } from '../../../../src/main/desktop/diagnostics';
import { createFileLogger } from '../../../../src/main/platform/file-logger';
import { Redactor } from '../../../../src/main/platform/redact';
import { DEFAULT_SETTINGS } from '../../../../src/shared/domain/settings';
import { readZip } from './support/read-zip';

const API_KEY = 'efx_live_7Hq2ZpM4nV9kW1';
const ADMIN_PASSWORD = 'Corr3ct-Horse-Battery';
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.payload.sig';

function sources(overrides: Partial<DiagnosticsSources> = {}): DiagnosticsSources & { redactor: Redactor } {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-diag-'));
  const redactor = new Redactor();
  return {
    dataDir,
    logDir: path.join(dataDir, 'logs'),
    appVersion: '1.2.3',
    shell: 'electron',
    redactor,
    settings: () => ({ values: { ...DEFAULT_SETTINGS, hotFolder: '/home/ann/Fax' }, problems: [] }),
    describeAccounts: () => [{ id: 'acc-1', label: 'Office', kind: 'live', userId: 'ann', apiKey: API_KEY, note: `migrated with ${ADMIN_PASSWORD}` }],
    now: () => new Date('2026-05-06T07:08:09Z'),
    versions: { node: '22.23.3', electron: '45.4.1', chrome: '142.0', v8: '14.2' },
    ...overrides,
  } as DiagnosticsSources & { redactor: Redactor };
}

describe('diagnostics bundle', () => {
  it('holds a manifest, versions, settings, accounts and every log file — and no secret', () => {
    const s = sources();
    // Logs as a run wrote them: through the file logger, rotated into two files...
    const logger = createFileLogger({ dir: s.logDir, redactor: s.redactor, maxBytes: 400 });
    logger.info('core started', { dataDir: s.dataDir });
    logger.warn('token refresh', { headers: { Authorization: `Bearer ${TOKEN}` } });
    for (let i = 0; i < 5; i++) logger.info(`poll ${i}`);
    logger.close();
    // ...plus lines written before the secrets were registered (an older version, a crash report).
    fs.appendFileSync(path.join(s.logDir, 'faxdesk.log'), `{"t":"x","level":"error","msg":"login failed for ${API_KEY}"}\nplain text: admin password ${ADMIN_PASSWORD}\n`);
    s.redactor.register(API_KEY);
    s.redactor.register(ADMIN_PASSWORD);

    const { file, bytes } = exportDiagnostics(s);
    const zip = fs.readFileSync(file);
    expect(bytes).toBe(zip.length);
    const entries = readZip(zip);
    const names = entries.map((e) => e.name);
    expect(names.slice(0, 4)).toEqual(['manifest.json', 'versions.json', 'settings.json', 'accounts.json']);
    expect(names).toContain('logs/faxdesk.log');
    expect(names).toContain('logs/faxdesk.1.log');

    const text = (name: string) => entries.find((e) => e.name === name)!.data.toString('utf8');
    const manifest = JSON.parse(text('manifest.json'));
    expect(manifest).toMatchObject({ format: 'faxdesk-diagnostics/1', createdAt: '2026-05-06T07:08:09.000Z', app: { name: 'Faxdesk', version: '1.2.3', shell: 'electron' } });
    expect(manifest.entries.map((e: { name: string }) => e.name)).toEqual(names.slice(1));
    expect(JSON.parse(text('versions.json'))).toMatchObject({
      app: { version: '1.2.3' },
      runtime: { node: '22.23.3', electron: '45.4.1', chrome: '142.0' },
      os: { platform: process.platform, arch: process.arch },
    });
    expect(JSON.parse(text('settings.json')).values).toMatchObject({ hotFolder: '/home/ann/Fax', notifyInbound: true });
    expect(JSON.parse(text('accounts.json'))).toEqual([{ id: 'acc-1', label: 'Office', kind: 'live', userId: 'ann', apiKey: '[redacted]', note: 'migrated with [redacted]' }]);
    expect(text('logs/faxdesk.log')).toContain('login failed for [redacted]');

    const everything = entries.map((e) => e.data.toString('utf8')).join('\n');
    for (const secret of [API_KEY, ADMIN_PASSWORD, TOKEN]) expect(everything).not.toContain(secret);
    expect(everything).toContain('poll 4');
  });

  it('works with no logs and no account service, and survives a failing source', () => {
    const s = sources({ describeAccounts: undefined, settings: () => { throw new Error('database is closed'); } });
    const entries = buildDiagnosticsEntries(s);
    expect(entries.map((e) => e.name)).toEqual(['manifest.json', 'versions.json', 'settings.json', 'accounts.json']);
    expect(JSON.parse(String(entries[2]!.data))).toEqual({ error: 'could not be read: database is closed' });
    expect(JSON.parse(String(entries[3]!.data))).toEqual({ note: 'This build has no account service.' });
  });

  it('refuses a folder as the destination and writes nothing', () => {
    const s = sources();
    const dir = path.join(s.dataDir, 'out');
    fs.mkdirSync(path.join(dir, 'taken.zip'), { recursive: true });
    expect(() => exportDiagnostics(s, path.join(dir, 'taken.zip'))).toThrow(/is a folder/);
    expect(fs.readdirSync(dir)).toEqual(['taken.zip']);
  });
});
