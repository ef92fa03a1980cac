/**
 * "Export diagnostics": one .zip a person can attach to a support request. It holds the logs, the
 * versions of everything, the settings and the accounts, and no secret: the logs were redacted when
 * written and are redacted again here (a line from an older version, a secret registered since), and
 * everything else goes through the same Redactor.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { DiagnosticsBundle } from '../../shared/ipc/contract/desktop';
import { AppError } from '../errors';
import { existingLogFiles, LOG_FILE_NAME } from '../platform/file-logger';
import type { Redactor } from '../platform/redact';
import { createZip, type ZipEntry } from './zip';

export const DIAGNOSTICS_DIR_NAME = 'diagnostics';
export const DIAGNOSTICS_FORMAT = 'faxdesk-diagnostics/1';

export interface DiagnosticsSources {
  dataDir: string;
  /** The folder of faxdesk.log and its rotated files. */
  logDir: string;
  appVersion: string;
  shell: 'electron' | 'bridge';
  redactor: Redactor;
  /** The current settings (they hold no secrets; they are redacted all the same). */
  settings: () => unknown;
  /** The accounts as the account service describes them, without secrets; absent in builds without accounts. */
  describeAccounts?: (() => unknown) | undefined;
  now: () => Date;
  /** process.versions (Node, Electron, Chromium, V8…). */
  versions?: Record<string, string | undefined>;
}

/** The files of the bundle, manifest first. */
export function buildDiagnosticsEntries(sources: DiagnosticsSources): ZipEntry[] {
  const createdAt = sources.now();
  const redactor = sources.redactor;
  const json = (value: unknown) => JSON.stringify(redactor.redactValue(value), null, 2) + '\n';
  const entries: ZipEntry[] = [
    { name: 'versions.json', data: json(describeVersions(sources)) },
    { name: 'settings.json', data: json(safely(sources.settings)) },
    {
      name: 'accounts.json',
      data: json(sources.describeAccounts ? safely(sources.describeAccounts) : { note: 'This build has no account service.' }),
    },
  ];
  for (const file of existingLogFiles(sources.logDir, LOG_FILE_NAME)) {
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch (error) {
      text = `(this log file could not be read: ${(error as NodeJS.ErrnoException).code ?? String(error)})\n`;
    }
    entries.push({ name: `logs/${path.basename(file)}`, data: redactLog(text, redactor) });
  }
  const manifest = {
    format: DIAGNOSTICS_FORMAT,
    createdAt: createdAt.toISOString(),
    app: { name: 'Faxdesk', version: sources.appVersion, shell: sources.shell },
    note: 'API keys, passwords, tokens and HMAC secrets are removed from every file in this bundle.',
    entries: entries.map((e) => ({ name: e.name, bytes: Buffer.byteLength(e.data) })),
  };
  return [{ name: 'manifest.json', data: JSON.stringify(manifest, null, 2) + '\n' }, ...entries];
}

/** Writes the bundle to `destination` (or a new file in `<dataDir>/diagnostics/`) and says where. */
export function exportDiagnostics(sources: DiagnosticsSources, destination?: string): DiagnosticsBundle {
  const target = destination === undefined ? defaultDestination(sources.dataDir, sources.now()) : checkDestination(destination);
  const zip = createZip(buildDiagnosticsEntries(sources), sources.now());
  // Write beside the target, then rename: a half-written bundle never carries the final name.
  const partial = `${target}.${randomBytes(4).toString('hex')}.partial`;
  try {
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(partial, zip);
    fs.renameSync(partial, target);
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw new AppError('FILE', `Faxdesk could not write the diagnostics file "${target}" (${(error as NodeJS.ErrnoException).code ?? String(error)}). Choose another place.`, {
      field: 'destination',
      cause: error,
    });
  }
  return { file: target, bytes: zip.length };
}

/** Redacts each line of a log: JSON lines value by value, anything else as text. */
export function redactLog(text: string, redactor: Redactor): string {
  return text
    .split('\n')
    .map((line) => {
      if (!line.trim()) return line;
      try {
        return JSON.stringify(redactor.redactValue(JSON.parse(line)));
      } catch {
        return redactor.redactText(line);
      }
    })
    .join('\n');
}

function describeVersions(sources: DiagnosticsSources): unknown {
  const versions = sources.versions ?? process.versions;
  const pick = (key: string) => versions[key];
  let locale: string | undefined;
  let timeZone: string | undefined;
  try {
    ({ locale, timeZone } = Intl.DateTimeFormat().resolvedOptions());
  } catch {}
  return {
    app: { name: 'Faxdesk', version: sources.appVersion, shell: sources.shell },
    runtime: { node: pick('node'), electron: pick('electron'), chrome: pick('chrome'), v8: pick('v8'), modules: pick('modules'), napi: pick('napi') },
    os: { platform: process.platform, arch: process.arch, type: os.type(), release: os.release(), version: typeof os.version === 'function' ? os.version() : undefined },
    machine: { cpus: os.cpus().length, memoryBytes: os.totalmem() },
    locale,
    timeZone,
  };
}

function safely(read: () => unknown): unknown {
  try {
    return read();
  } catch (error) {
    return { error: `could not be read: ${error instanceof Error ? error.message : String(error)}` };
  }
}

function defaultDestination(dataDir: string, at: Date): string {
  const stamp = at.toISOString().replace(/\.\d+Z$/, 'Z').replace(/[-:]/g, '').replace('T', '-');
  const dir = path.join(dataDir, DIAGNOSTICS_DIR_NAME);
  for (let n = 1; ; n++) {
    const file = path.join(dir, `faxdesk-diagnostics-${stamp}${n === 1 ? '' : `-${n}`}.zip`);
    if (!fs.existsSync(file)) return file;
  }
}

/** A destination from the page: a full path to a .zip in an existing folder. */
function checkDestination(destination: string): string {
  if (!path.isAbsolute(destination)) {
    throw new AppError('VALIDATION', 'The diagnostics file needs a full path (a folder and a file name).', { field: 'destination' });
  }
  if (!/\.zip$/i.test(destination)) throw new AppError('VALIDATION', 'The diagnostics file name must end in .zip.', { field: 'destination' });
  const target = path.resolve(destination);
  let parent: fs.Stats;
  try {
    parent = fs.statSync(path.dirname(target));
  } catch {
    throw new AppError('FILE', `The folder "${path.dirname(target)}" does not exist. Choose another place for the diagnostics file.`, { field: 'destination' });
  }
  if (!parent.isDirectory()) throw new AppError('FILE', `"${path.dirname(target)}" is not a folder.`, { field: 'destination' });
  if (fs.existsSync(target) && !fs.statSync(target).isFile()) throw new AppError('FILE', `"${target}" is a folder.`, { field: 'destination' });
  return target;
}
