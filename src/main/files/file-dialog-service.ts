/**
 * "Save as" and "Open" through the operating system's dialogs (the FileDialogs port): main makes the
 * content, asks where, and writes the file itself, so the renderer never names a path to write. The
 * folder last used is remembered (in the settings table, under a key the renderer cannot set).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DOCUMENT_EXTENSIONS, DOCUMENT_TYPE_LABEL, type DocumentType } from '../../shared/domain/documents';
import type { ComposeFile } from '../../shared/ipc/contract/desktop';
import type { SaveOutcome, SaveRequest } from '../../shared/ipc/contract/files';
import { AppError } from '../errors';
import type { HandlerTable } from '../ipc/gate';
import type { Logger } from '../platform/logger';
import type { FileDialogs, FileFilter } from '../platform/ports';
import type { SettingsRepository } from '../store/repositories/settings-repository';

/** What one save request writes: made before the dialog opens, so "nothing to save" is said first. */
export interface SaveContent {
  title: string;
  suggestedName: string;
  filter: FileFilter;
  bytes: Uint8Array;
  missingCharacters?: string[];
}

export type SaveContentSource = (request: SaveRequest) => Promise<SaveContent>;

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
    const chosen = await dialogs.saveAs({ title: content.title, defaultPath: path.join(this.deps.lastFolder.get(), content.suggestedName), filters: [content.filter] });
    if (chosen === null) return { saved: false };
    if (!path.isAbsolute(chosen)) throw new AppError('FILE', `The save dialog returned "${chosen}", which is not a full path. Choose the folder again.`);
    const extension = `.${content.filter.extensions[0]}`;
    // Some desktops return the name as typed: add the type's extension when it is missing.
    const target = content.filter.extensions.some((e) => chosen.toLowerCase().endsWith(`.${e}`)) ? chosen : `${chosen}${extension}`;
    await writeAtomically(target, content.bytes);
    this.deps.lastFolder.set(path.dirname(target));
    this.deps.logger.info('file saved', { what: request.what, bytes: content.bytes.byteLength });
    return { saved: true, path: target, bytes: content.bytes.byteLength, missingCharacters: content.missingCharacters ?? [] };
  }

  async openForCompose(): Promise<{ files: ComposeFile[] }> {
    const chosen = await this.dialogs().open({ title: 'Choose documents to fax', defaultPath: this.deps.lastFolder.get(), filters: composeOpenFilters() });
    const files = chosen.filter((f) => path.isAbsolute(f)).map((f) => ({ path: f, name: path.basename(f) }));
    if (files.length > 0) this.deps.lastFolder.set(path.dirname(files[0]!.path));
    return { files };
  }

  handlers(): Pick<HandlerTable, 'files:saveAs' | 'files:openForCompose'> {
    return {
      'files:saveAs': (request) => this.saveAs(request),
      'files:openForCompose': () => this.openForCompose(),
    };
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
