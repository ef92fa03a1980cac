/**
 * "Save as" and "Open" through the operating system's dialogs (the FileDialogs port): main makes the
 * content, asks where, and writes the file itself, so the renderer never names a path to write. The
 * folder last used is remembered (in the settings table, under a key the renderer cannot set).
 * Content that comes in several formats (a fax: PDF or TIFF) gets a filter per format; the format is
 * made once the person has chosen. The browser bridge has no dialogs: `download` hands the page the
 * file for a format it chose itself.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DOCUMENT_EXTENSIONS, DOCUMENT_TYPE_LABEL, type DocumentType } from '../../shared/domain/documents';
import type { ComposeFile } from '../../shared/ipc/contract/desktop';
import type { DownloadContent, SaveOutcome, SaveRequest, TlsFileKind } from '../../shared/ipc/contract/files';
import { AppError } from '../errors';
import type { Logger } from '../platform/logger';
import type { FileDialogs, FileFilter } from '../platform/ports';
import type { SettingsRepository } from '../store/repositories/settings-repository';

/** One format a save can be written in: the dialog's filter, and the bytes, made only once chosen. */
export interface SaveFormat {
  filter: FileFilter;
  mimeType: string;
  make(): Promise<Uint8Array>;
}

/**
 * What one save request writes: found before the dialog opens, so "nothing to save" is said first.
 * The first format is the default (the dialog's first filter, the browser's download).
 */
export interface SaveContent {
  title: string;
  /** The suggested file name without its extension. */
  name: string;
  formats: [SaveFormat, ...SaveFormat[]];
  missingCharacters?: string[];
}

export type SaveContentSource = (request: SaveRequest) => Promise<SaveContent>;

/** Bytes already made (most content): the format's maker hands them over. */
export function madeAlready(filter: FileFilter, mimeType: string, bytes: Uint8Array): SaveFormat {
  return { filter, mimeType, make: async () => bytes };
}

const fileNameIn = (content: SaveContent, format: SaveFormat) => `${content.name}.${format.filter.extensions[0]}`;

/** The format whose extension the chosen name has; the default format when it has none of them. */
function formatFor(content: SaveContent, chosen: string): { format: SaveFormat; target: string } {
  const lower = chosen.toLowerCase();
  const matching = content.formats.find((f) => f.filter.extensions.some((e) => lower.endsWith(`.${e}`)));
  if (matching) return { format: matching, target: chosen };
  // Some desktops return the name as typed: add the default type's extension.
  const format = content.formats[0];
  return { format, target: `${chosen}.${format.filter.extensions[0]}` };
}

/** The folder the last dialog was left in, kept across restarts. */
export class LastFolder {
  static readonly KEY = 'fileDialogs.lastFolder';

  constructor(
    private readonly settings: SettingsRepository,
    private readonly now: () => Date,
    private readonly fallback: string = os.homedir(),
  ) {}

  get(): string {
    const row = this.settings.all().find((r) => r.key === LastFolder.KEY);
    try {
      const folder: unknown = row ? JSON.parse(row.value) : null;
      if (typeof folder === 'string' && path.isAbsolute(folder) && fs.statSync(folder).isDirectory()) return folder;
    } catch {
      // Unreadable, or the folder is gone: start where a new person would.
    }
    return this.fallback;
  }

  set(folder: string): void {
    this.settings.putMany([{ key: LastFolder.KEY, value: JSON.stringify(folder) }], this.now());
  }
}

/** Every type Compose accepts, as the Open dialog's filters: all of them first, then one per type. */
export function composeOpenFilters(): FileFilter[] {
  const types = Object.keys(DOCUMENT_EXTENSIONS) as DocumentType[];
  return [
    { name: 'Documents Faxdesk can send', extensions: types.flatMap((t) => [...DOCUMENT_EXTENSIONS[t]]) },
    ...types.map((t) => ({ name: DOCUMENT_TYPE_LABEL[t].replace(/^an? /, '').replace(/^./, (c) => c.toUpperCase()), extensions: [...DOCUMENT_EXTENSIONS[t]] })),
  ];
}

/** The Open dialog's filters for the receiver's certificate or key: PEM first, then anything (keys often have no extension). */
export function tlsOpenFilters(what: TlsFileKind): FileFilter[] {
  const pem = what === 'certificate' ? { name: 'Certificate (PEM)', extensions: ['pem', 'crt', 'cer'] } : { name: 'Private key (PEM)', extensions: ['pem', 'key'] };
  return [pem, { name: 'All files', extensions: ['*'] }];
}

export interface FileDialogServiceDeps {
  /** null in the browser bridge: the page downloads and picks files itself. */
  dialogs: FileDialogs | null;
  lastFolder: LastFolder;
  content: SaveContentSource;
  logger: Logger;
}

export class FileDialogService {
  constructor(private readonly deps: FileDialogServiceDeps) {}

  get available(): boolean {
    return this.deps.dialogs !== null;
  }

  private dialogs(): FileDialogs {
    if (!this.deps.dialogs) throw new AppError('VALIDATION', 'This window has no file dialogs: the file is downloaded by the browser instead.');
    return this.deps.dialogs;
  }

  async saveAs(request: SaveRequest): Promise<SaveOutcome> {
    const dialogs = this.dialogs();
    const content = await this.deps.content(request);
    const chosen = await dialogs.saveAs({
      title: content.title,
      defaultPath: path.join(this.deps.lastFolder.get(), fileNameIn(content, content.formats[0])),
      filters: content.formats.map((f) => f.filter),
    });
    if (chosen === null) return { saved: false };
    if (!path.isAbsolute(chosen)) throw new AppError('FILE', `The save dialog returned "${chosen}", which is not a full path. Choose the folder again.`);
    const { format, target } = formatFor(content, chosen);
    const bytes = await format.make();
    await writeAtomically(target, bytes);
    this.deps.lastFolder.set(path.dirname(target));
    this.deps.logger.info('file saved', { what: request.what, format: format.filter.extensions[0], bytes: bytes.byteLength });
    return { saved: true, path: target, bytes: bytes.byteLength, missingCharacters: content.missingCharacters ?? [] };
  }

  /** The file "Save as" would write in the default (or asked-for) format, for the browser to download. */
  async download(request: SaveRequest): Promise<DownloadContent> {
    const content = await this.deps.content(request);
    const format = content.formats[0];
    const bytes = await format.make();
    return {
      fileName: fileNameIn(content, format),
      mimeType: format.mimeType,
      bytes: bytes.byteLength,
      base64: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64'),
      missingCharacters: content.missingCharacters ?? [],
    };
  }

  async openForCompose(): Promise<{ files: ComposeFile[] }> {
    const chosen = await this.dialogs().open({ title: 'Choose documents to fax', defaultPath: this.deps.lastFolder.get(), filters: composeOpenFilters() });
    const files = chosen.filter((f) => path.isAbsolute(f)).map((f) => ({ path: f, name: path.basename(f) }));
    if (files.length > 0) this.deps.lastFolder.set(path.dirname(files[0]!.path));
    return { files };
  }

  /** One certificate or key file for the receiver's HTTPS: its path (read and checked by receiver:configure), or null. */
  async openTlsFile(what: TlsFileKind): Promise<{ path: string | null }> {
    const title = what === 'certificate' ? "Choose the receiver's certificate (PEM)" : "Choose the receiver's private key (PEM)";
    const [chosen] = await this.dialogs().open({ title, defaultPath: this.deps.lastFolder.get(), filters: tlsOpenFilters(what), multiple: false });
    if (chosen === undefined) return { path: null };
    if (!path.isAbsolute(chosen)) throw new AppError('FILE', `The open dialog returned "${chosen}", which is not a full path. Choose the file again.`);
    this.deps.lastFolder.set(path.dirname(chosen));
    return { path: chosen };
  }
}

/** Writes beside the target, then renames: a cancelled or failed write never leaves half a file. */
async function writeAtomically(target: string, bytes: Uint8Array): Promise<void> {
  const temporary = `${target}.${process.pid}.faxdesk-part`;
  try {
    await fs.promises.writeFile(temporary, bytes);
    await fs.promises.rename(temporary, target);
  } catch (error) {
    await fs.promises.rm(temporary, { force: true }).catch(() => {});
    throw new AppError('FILE', `Could not write ${target} (${error instanceof Error ? error.message : String(error)}). Choose another folder, or check that the disk is not full.`, { cause: error });
  }
}
