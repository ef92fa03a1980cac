/**
 * Files a person drops (or pastes, or sends through the browser bridge as bytes) -> checked documents in the
 * document store, plus a specific problem for every file that cannot be sent. Any problem means the caller
 * must not queue the fax; documents that passed stay stored (unreferenced ones are collected later by
 * `DocumentStore.removeUnreferenced`).
 *
 * Per file: stat (UNREADABLE, EMPTY, TOO_LARGE without reading a byte), read with progress, detect the type
 * from the content (detect.ts), open and check it (inspect.ts), store it under its SHA-256. Then the limits
 * across the whole set, including documents already attached: 25 documents, 100 MB once encoded.
 */
import { constants as fsConstants } from 'node:fs';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import {
  checkDocumentSet,
  estimatePayloadBytes,
  formatMegabytes,
  isConvertedByService,
  MAX_PAYLOAD_BYTES,
  type DocumentProblem,
  type PrepareProgress,
  type PreparedDocument,
} from '../../shared/domain/documents';
import { detectDocumentType } from './detect';
import type { DocumentStore, DocumentWriter } from './document-store';
import { inspectDocument } from './inspect';


export interface FileToPrepare {
  path: string;
  /** Display name; the file's base name when omitted. */
  name?: string;
}

export interface PrepareOptions {
  store: DocumentStore;
  onProgress?: (progress: PrepareProgress) => void;
  /** Documents already attached to the fax: they count towards the 25-document and 100 MB limits. */
  existing?: readonly PreparedDocument[];
}

export interface PrepareResult {
  documents: PreparedDocument[];
  problems: DocumentProblem[];
}

type Outcome = { ok: true; document: PreparedDocument } | { ok: false; problem: DocumentProblem };

const READ_CHUNK = 1024 * 1024;
const MIB = 1024 * 1024;

/** A name fit for display: no folders, no control characters, not empty, not absurdly long. */
export function displayName(name: string): string {
  // eslint-disable-next-line no-control-regex -- names from the bridge are untrusted; control characters are removed
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (base || 'document').slice(0, 255);
}

function problem(file: string, code: DocumentProblem['code'], message: string): Outcome {
  return { ok: false, problem: { file, code, message } };
}

function tooLarge(name: string, size: number): Outcome | null {
  const encoded = estimatePayloadBytes([size]);
  if (encoded <= MAX_PAYLOAD_BYTES) return null;
  return problem(
    name,
    'TOO_LARGE',
    `"${name}" is ${formatMegabytes(size)}, which is ${formatMegabytes(encoded, 'up')} once encoded for sending; the service accepts at most ${MAX_PAYLOAD_BYTES / MIB} MB per fax. ` +
      'Split it into smaller files (or scan it at a lower resolution) and add them instead.',
  );
}

const OS_REASONS: Record<string, string> = {
  ENOENT: 'it no longer exists (it was moved, renamed or deleted)',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EBUSY: 'it is locked by another program',
  EIO: 'the disk reported an error',
  EMFILE: 'too many files are open',
  ENFILE: 'too many files are open',
  ELOOP: 'it is a symbolic link (or a link that loops), not the file itself',
  ENAMETOOLONG: 'its path is too long',
};

function unreadable(name: string, error: unknown): Outcome {
  const code = (error as NodeJS.ErrnoException)?.code ?? '';
  const reason = OS_REASONS[code] ?? (error instanceof Error ? error.message : String(error));
  return problem(name, 'UNREADABLE', `"${name}" could not be read: ${reason}${code && OS_REASONS[code] ? ` (${code})` : ''}. Check the file and add it again.`);
}

/**
 * A path that is itself a symbolic link is refused, naming where it points. Faxdesk faxes the file a
 * person chose: a link can make an innocent name ("invoice.txt" in a downloaded archive, a file in the
 * hot folder) send something else entirely (a key, a password file) without anyone seeing it. Links in
 * the folders above the file are followed as usual; only the last step must be the document itself.
 */
async function symbolicLinkTarget(filePath: string): Promise<string> {
  try {
    return await fs.realpath(filePath);
  } catch {
    try {
      return path.resolve(path.dirname(filePath), await fs.readlink(filePath));
    } catch {
      return 'a place that cannot be read';
    }
  }
}

async function symbolicLink(name: string, filePath: string): Promise<Outcome> {
  const target = (await symbolicLinkTarget(filePath)).slice(0, 300);
  return problem(
    name,
    'UNREADABLE',
    `"${name}" is a link (symbolic link) to ${target}, not a document itself. Faxdesk sends only files you choose directly: if ${target} is what you mean to fax, add that file itself.`,
  );
}

class ChangedWhileReading extends Error {}
class VanishedWhileReading extends Error {}

/** What the file was when it was looked at first; the read must end on the same file, unchanged. */
interface Seen {
  size: number;
  mtimeMs: number;
  dev: number;
  ino: number;
}

/**
 * Opening without following a link: the path was checked not to be a symbolic link (lstat), and a link
 * swapped in meanwhile fails to open (ELOOP) instead of being read. Windows has no O_NOFOLLOW.
 */
const OPEN_NO_FOLLOW = fsConstants.O_RDONLY | (fsConstants.O_NOFOLLOW ?? 0);

/**
 * Reads a whole file into one buffer of its size, reporting progress. Refuses a file that grows, shrinks
 * or is modified meanwhile, and one that is deleted, moved or replaced before the read ends: what is
 * sent must be what is at that path when Faxdesk finished reading it.
 */
async function readWithProgress(filePath: string, seen: Seen, onBytes: (done: number) => void, onChunk: (chunk: Buffer) => void): Promise<Buffer> {
  const size = seen.size;
  const handle = await fs.open(filePath, OPEN_NO_FOLLOW);
  try {
    const buffer = Buffer.allocUnsafe(size);
    const readAt = (at: number) => {
      const reading = handle.read(buffer, at, Math.min(READ_CHUNK, size - at), at);
      reading.catch(() => undefined); // awaited below unless an earlier step threw
      return reading;
    };
    let done = 0;
    let reading = readAt(0);
    while (done < size) {
      const { bytesRead } = await reading;
      if (bytesRead === 0) throw new ChangedWhileReading();
      const chunk = buffer.subarray(done, done + bytesRead);
      done += bytesRead;
      // The next chunk is read while this one is hashed and queued for the copy.
      if (done < size) reading = readAt(done);
      onChunk(chunk);
      onBytes(done);
    }
    const { bytesRead } = await handle.read(Buffer.alloc(1), 0, 1, size);
    if (bytesRead !== 0) throw new ChangedWhileReading();
    const opened = await handle.stat();
    if (opened.nlink === 0) throw new VanishedWhileReading();
    if (opened.dev !== seen.dev || opened.ino !== seen.ino) throw new VanishedWhileReading();
    if (opened.size !== size || opened.mtimeMs !== seen.mtimeMs) throw new ChangedWhileReading();
    const now = await fs.lstat(filePath).catch(() => null);
    if (!now || now.dev !== seen.dev || now.ino !== seen.ino) throw new VanishedWhileReading();
    return buffer;
  } finally {
    await handle.close();
  }
}

/**
 * Detects, checks and stores one file's bytes. Throws only for storage failures (AppError STORAGE).
 * `copy` holds the same bytes, written as they were read: kept when the bytes are stored as they are
 * (the caller discards it otherwise).
 */
async function prepareBytes(name: string, bytes: Uint8Array, store: DocumentStore, onStoring?: () => void, copy?: DocumentWriter): Promise<Outcome> {
  const oversized = tooLarge(name, bytes.byteLength);
  if (oversized) return oversized;
  const detection = detectDocumentType(name, bytes);
  if (!detection.ok) return problem(name, detection.code, detection.message);
  const inspection = await inspectDocument(name, detection.type, bytes, detection.encoding);
  if (!inspection.ok) return problem(name, inspection.code, inspection.message);
  const toStore = inspection.bytes ?? bytes;
  if (toStore !== bytes) {
    const grown = tooLarge(name, toStore.byteLength);
    if (grown) return grown;
  }
  onStoring?.();
  const stored = copy && toStore === bytes ? await copy.keep() : await store.putBytes(toStore);
  const document: PreparedDocument = {
    id: stored.id,
    name,
    type: detection.type,
    size: stored.size,
    pages: inspection.pages,
    convertedByService: isConvertedByService(detection.type),
    warnings: [...detection.warnings, ...inspection.warnings],
  };
  if (inspection.pagesEstimated) document.pagesEstimated = true;
  if (inspection.imageSize) document.imageSize = inspection.imageSize;
  return { ok: true, document };
}

/** Warns when a document repeats one earlier in the set, then applies the set-wide limits. */
function finish(existing: readonly PreparedDocument[], outcomes: Outcome[]): PrepareResult {
  const documents: PreparedDocument[] = [];
  const problems: DocumentProblem[] = [];
  const seen = new Map(existing.map((d) => [d.id, d.name]));
  for (const outcome of outcomes) {
    if (!outcome.ok) {
      problems.push(outcome.problem);
      continue;
    }
    const document = outcome.document;
    const first = seen.get(document.id);
    if (first !== undefined) document.warnings.push(`"${document.name}" has the same content as "${first}"; it will be sent twice.`);
    else seen.set(document.id, document.name);
    documents.push(document);
  }
  problems.push(...checkDocumentSet([...existing, ...documents]));
  return { documents, problems };
}

export async function prepareDocuments(files: readonly FileToPrepare[], options: PrepareOptions): Promise<PrepareResult> {
  const { store, onProgress } = options;
  const count = files.length;
  const names = files.map((f) => displayName(f.name ?? path.basename(f.path)));

  // Stat everything first: the total drives overall progress, and some files fail here without being read.
  const stats = await Promise.all(
    files.map(async (file, i): Promise<Seen | Outcome> => {
      const name = names[i]!;
      try {
        const stat = await fs.lstat(file.path);
        if (stat.isSymbolicLink()) return symbolicLink(name, file.path);
        if (stat.isDirectory()) return problem(name, 'UNREADABLE', `"${name}" is a folder. Add the files inside it instead.`);
        if (!stat.isFile()) return problem(name, 'UNREADABLE', `"${name}" is not a regular file (a device or a pipe). Add a document file instead.`);
        if (stat.size === 0) return problem(name, 'EMPTY', `"${name}" is empty (0 bytes). Check that it was saved completely, then add it again.`);
        return tooLarge(name, stat.size) ?? { size: stat.size, mtimeMs: stat.mtimeMs, dev: stat.dev, ino: stat.ino };
      } catch (error) {
        return unreadable(name, error);
      }
    }),
  );
  const allBytesTotal = stats.reduce((sum, s) => sum + ('size' in s ? s.size : 0), 0);
  let allBytesBefore = 0;

  const outcomes: Outcome[] = [];
  for (let index = 0; index < count; index++) {
    const file = files[index]!;
    const name = names[index]!;
    const stat = stats[index]!;
    if (!('size' in stat)) {
      outcomes.push(stat);
      continue;
    }
    const size = stat.size;
    const report = (phase: PrepareProgress['phase'], bytesDone: number) =>
      onProgress?.({ file: name, index, count, phase, bytesDone, bytesTotal: size, allBytesDone: allBytesBefore + bytesDone, allBytesTotal });

    report('reading', 0);
    const copy = store.begin();
    try {
      outcomes.push(await readCheckStore(file.path, name, stat, copy, store, report));
    } finally {
      await copy.discard();
    }
    allBytesBefore += size;
  }
  return finish(options.existing ?? [], outcomes);
}

/** One file: read (copied into the store as it is read), checked while its copy syncs, kept if it passes. */
async function readCheckStore(
  filePath: string,
  name: string,
  stat: Seen,
  copy: DocumentWriter,
  store: DocumentStore,
  report: (phase: PrepareProgress['phase'], bytesDone: number) => void,
): Promise<Outcome> {
  let bytes: Buffer;
  try {
    bytes = await readWithProgress(filePath, stat, (done) => report('reading', done), (chunk) => copy.write(chunk));
  } catch (error) {
    return error instanceof ChangedWhileReading
      ? problem(name, 'UNREADABLE', `"${name}" changed while it was being read (it may still be downloading or being saved). Wait until it is complete and add it again.`)
      : error instanceof VanishedWhileReading
        ? problem(name, 'UNREADABLE', `"${name}" was deleted, moved or replaced while it was being read, so what was read may not be the document you see. Find the file again and add it.`)
        : unreadable(name, error);
  }
  copy.end();
  report('checking', stat.size);
  const outcome = await prepareBytes(name, bytes, store, () => report('storing', stat.size), copy);
  report('done', stat.size);
  return outcome;
}

/** The same checks for bytes that arrive without a file (paste, the browser bridge). */
export async function prepareDocumentFromBytes(
  name: string,
  bytes: Uint8Array,
  options: { store: DocumentStore; existing?: readonly PreparedDocument[] },
): Promise<PrepareResult> {
  const outcome = await prepareBytes(displayName(name), bytes, options.store);
  return finish(options.existing ?? [], [outcome]);
}
