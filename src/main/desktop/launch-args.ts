/**
 * Which documents Faxdesk was asked to open: from its own command line (`faxdesk a.pdf b.tif`, "Open
 * with Faxdesk", a .desktop `%U` file URL) or from a second launch handed over by the single-instance
 * lock. Electron's argv has quirks this module absorbs:
 * - argv[0] is the executable;
 * - unpackaged (`electron .`, `electron out/main/index.js`; Electron sets `process.defaultApp`), the
 *   first positional argument is the app itself, not a document;
 * - Chromium adds switches of its own, in any order (`--allow-file-access-from-files`,
 *   `--original-process-start-time=…`), and macOS Finder once added `-psn_0_123`;
 * - relative paths are relative to the launching process's working directory, which for a second
 *   instance is *its* directory, not ours;
 * - Linux file managers may pass `file://` URLs.
 * macOS sends documents through the `open-file` event instead; those go through `acceptFiles`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The document types Faxdesk sends, lower-case, without the dot. One source of truth: the packaging
 * configuration's file associations are checked against this list by a test.
 */
export const SUPPORTED_EXTENSIONS = ['pdf', 'tif', 'tiff', 'txt', 'png', 'jpg', 'jpeg'] as const;
export type SupportedExtension = (typeof SUPPORTED_EXTENSIONS)[number];

export interface RejectedFile {
  path: string;
  /** A short phrase saying why, e.g. "not found" or "a folder, not a file". */
  reason: string;
}

export interface LaunchFiles {
  /** Absolute paths of existing regular files of a supported type, in the order given, no duplicates. */
  files: string[];
  rejected: RejectedFile[];
}

export type ProbeResult = 'file' | 'folder' | 'other' | 'missing';
/** What is at an absolute path. Injectable for tests; the default asks the file system. */
export type FileProbe = (absolutePath: string) => ProbeResult;

export interface AcceptOptions {
  /** The working directory of the process that named the files (relative paths are resolved against it). */
  cwd: string;
  probe?: FileProbe;
}

export interface LaunchArgsOptions extends AcceptOptions {
  /** Electron runs unpackaged (`process.defaultApp`): the first positional argument is the app path. */
  defaultApp?: boolean;
}

const UNSUPPORTED_REASON = 'not a type Faxdesk sends (PDF, TIFF, text, PNG or JPEG)';

export function extensionOf(file: string): string {
  return path.extname(file).slice(1).toLowerCase();
}

export function isSupportedDocument(file: string): boolean {
  return (SUPPORTED_EXTENSIONS as readonly string[]).includes(extensionOf(file));
}

export const probeFileSystem: FileProbe = (absolutePath) => {
  try {
    const stat = fs.statSync(absolutePath);
    if (stat.isFile()) return 'file';
    if (stat.isDirectory()) return 'folder';
    return 'other';
  } catch {
    return 'missing';
  }
};

/** The documents named on a command line (Electron's argv, as given to the first or a second instance). */
export function parseLaunchArgs(argv: readonly string[], options: LaunchArgsOptions): LaunchFiles {
  const candidates: string[] = [];
  let appPathSkipped = !options.defaultApp;
  let onlyPositionals = false;
  for (const arg of argv.slice(1)) {
    if (!arg) continue;
    if (!onlyPositionals && arg === '--') {
      onlyPositionals = true;
      continue;
    }
    // A switch (ours, Electron's or Chromium's). A file whose name starts with "-" can follow "--".
    if (!onlyPositionals && arg.startsWith('-')) continue;
    if (!appPathSkipped) {
      appPathSkipped = true;
      continue;
    }
    candidates.push(arg);
  }
  return acceptFiles(candidates, options);
}

/**
 * What a launch passes to the running instance: its argv and working directory. Sent as the single-
 * instance lock's `additionalData`, because the argv Electron hands to `second-instance` may be
 * reordered or extended by Chromium (notably on Windows).
 */
export interface LaunchData {
  argv: string[];
  cwd: string;
}

export function launchData(argv: readonly string[], cwd: string): LaunchData {
  return { argv: [...argv], cwd };
}

/** The second instance's launch: its `additionalData` when well-formed, else Electron's argv and directory. */
export function secondInstanceLaunch(additionalData: unknown, argv: readonly string[], workingDirectory: string): LaunchData {
  const data = additionalData as Partial<LaunchData> | null | undefined;
  if (
    data &&
    typeof data === 'object' &&
    Array.isArray(data.argv) &&
    data.argv.length <= 1000 &&
    data.argv.every((a) => typeof a === 'string') &&
    typeof data.cwd === 'string' &&
    path.isAbsolute(data.cwd)
  ) {
    return { argv: data.argv, cwd: data.cwd };
  }
  return { argv: [...argv], cwd: workingDirectory };
}

/** Keeps the candidates that are existing regular files of a supported type; says why the others are not. */
export function acceptFiles(candidates: readonly string[], options: AcceptOptions): LaunchFiles {
  const probe = options.probe ?? probeFileSystem;
  const files: string[] = [];
  const rejected: RejectedFile[] = [];
  const seen = new Set<string>();
  for (const candidate of candidates) {
    const located = locate(candidate, options.cwd);
    if ('reason' in located) {
      rejected.push({ path: candidate, reason: located.reason });
      continue;
    }
    const absolute = located.path;
    if (seen.has(absolute)) continue;
    seen.add(absolute);
    const kind = probe(absolute);
    if (kind === 'missing') rejected.push({ path: absolute, reason: 'not found' });
    else if (kind === 'folder') rejected.push({ path: absolute, reason: 'a folder, not a file' });
    else if (kind === 'other') rejected.push({ path: absolute, reason: 'not a regular file' });
    else if (!isSupportedDocument(absolute)) rejected.push({ path: absolute, reason: UNSUPPORTED_REASON });
    else files.push(absolute);
  }
  return { files, rejected };
}

/** One sentence naming what could not be opened, for a notice; null when nothing was rejected. */
export function describeRejected(rejected: readonly RejectedFile[]): string | null {
  if (!rejected.length) return null;
  const shown = rejected.slice(0, 5).map((r) => `"${path.basename(r.path) || r.path}" (${r.reason})`);
  const more = rejected.length > shown.length ? ` and ${rejected.length - shown.length} more` : '';
  return `Faxdesk could not open ${rejected.length === 1 ? 'a file' : `${rejected.length} files`}: ${shown.join(', ')}${more}.`;
}

function locate(candidate: string, cwd: string): { path: string } | { reason: string } {
  if (/^file:/i.test(candidate)) {
    try {
      return { path: path.resolve(fileURLToPath(candidate)) };
    } catch {
      return { reason: 'not a file address on this computer' };
    }
  }
  // Any other URL (https://…, mailto:…). A Windows drive path ("C:\…", "C:/…") has no "//" after its colon.
  if (/^[a-z][a-z0-9+.-]+:\/\//i.test(candidate)) return { reason: 'a web address, not a file' };
  return { path: path.resolve(cwd, candidate) };
}
