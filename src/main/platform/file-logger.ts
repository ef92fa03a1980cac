/**
 * The desktop app's log: JSON lines in `<dataDir>/logs/faxdesk.log`, rotated by size
 * (faxdesk.log → faxdesk.1.log → … → faxdesk.<maxFiles-1>.log, the oldest dropped), every line passed
 * through the Redactor first. Writes are synchronous and small: a line is on disk before a crash that
 * follows it, and the order of lines is the order of calls. The logger never throws: if the file
 * cannot be written, the line goes to stderr instead.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from './logger';
import type { Redactor } from './redact';

export const LOG_DIR_NAME = 'logs';
export const LOG_FILE_NAME = 'faxdesk.log';
export const DEFAULT_MAX_LOG_BYTES = 2 * 1024 * 1024;
export const DEFAULT_MAX_LOG_FILES = 5;
/** A single line is cut past this, so one huge detail cannot fill a whole file. */
const MAX_LINE_CHARS = 32 * 1024;

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
const LEVEL_ORDER: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3 };

export interface FileLoggerOptions {
  /** The folder of the log files (normally `<dataDir>/logs`); created if missing. */
  dir: string;
  redactor: Redactor;
  fileName?: string;
  /** Size at which the current file is rotated. */
  maxBytes?: number;
  /** Files kept, the current one included. */
  maxFiles?: number;
  /** Lines below this level are not written. */
  minLevel?: LogLevel;
  scope?: string;
  now?: () => Date;
}

export interface FileLogger extends Logger {
  readonly file: string;
  close(): void;
}

/** `<dataDir>/logs`. */
export function logDirOf(dataDir: string): string {
  return path.join(dataDir, LOG_DIR_NAME);
}

/** The name of the n-th file: 0 is the current one (faxdesk.log), then faxdesk.1.log… */
export function rotatedName(fileName: string, n: number): string {
  if (n === 0) return fileName;
  const ext = path.extname(fileName);
  return `${fileName.slice(0, fileName.length - ext.length)}.${n}${ext}`;
}

/** The log files that exist, newest first. */
export function existingLogFiles(dir: string, fileName = LOG_FILE_NAME, maxFiles = DEFAULT_MAX_LOG_FILES): string[] {
  const files: string[] = [];
  for (let n = 0; n < maxFiles; n++) {
    const file = path.join(dir, rotatedName(fileName, n));
    if (fs.existsSync(file)) files.push(file);
  }
  return files;
}

export function createFileLogger(options: FileLoggerOptions): FileLogger {
  const fileName = options.fileName ?? LOG_FILE_NAME;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_LOG_BYTES;
  const maxFiles = Math.max(1, options.maxFiles ?? DEFAULT_MAX_LOG_FILES);
  const minLevel = LEVEL_ORDER[options.minLevel ?? 'debug'];
  const now = options.now ?? (() => new Date());
  const file = path.join(options.dir, fileName);
  let fd: number | null = null;
  let size = 0;
  let failed = false;

  const open = (): number => {
    fs.mkdirSync(options.dir, { recursive: true });
    const handle = fs.openSync(file, 'a');
    size = fs.fstatSync(handle).size;
    return handle;
  };

  const close = () => {
    if (fd === null) return;
    try {
      fs.closeSync(fd);
    } catch {}
    fd = null;
  };

  const rotate = () => {
    close();
    const oldest = path.join(options.dir, rotatedName(fileName, maxFiles - 1));
    fs.rmSync(oldest, { force: true });
    for (let n = maxFiles - 2; n >= 0; n--) {
      const from = path.join(options.dir, rotatedName(fileName, n));
      if (fs.existsSync(from)) fs.renameSync(from, path.join(options.dir, rotatedName(fileName, n + 1)));
    }
  };

  const write = (level: LogLevel, message: string, details?: Record<string, unknown>) => {
    if (LEVEL_ORDER[level] < minLevel) return;
    const line = formatLine(options.redactor, now(), level, options.scope, message, details);
    const bytes = Buffer.byteLength(line);
    try {
      fd ??= open();
      if (size > 0 && size + bytes > maxBytes) {
        if (maxFiles > 1) rotate();
        else fs.ftruncateSync(fd, 0);
        fd ??= open();
        size = fs.fstatSync(fd).size;
      }
      fs.writeSync(fd, line);
      size += bytes;
      failed = false;
    } catch (error) {
      close();
      if (!failed) process.stderr.write(`Faxdesk cannot write its log file ${file}: ${String(error)}\n`);
      failed = true;
      process.stderr.write(line);
    }
  };

  return {
    file,
    debug: (m, d) => write('debug', m, d),
    info: (m, d) => write('info', m, d),
    warn: (m, d) => write('warn', m, d),
    error: (m, d) => write('error', m, d),
    close,
  };
}

/** One JSON line: time, level, scope, message and details, all redacted. */
export function formatLine(redactor: Redactor, at: Date, level: LogLevel, scope: string | undefined, message: string, details?: Record<string, unknown>): string {
  const entry: Record<string, unknown> = { t: at.toISOString(), level };
  if (scope) entry['scope'] = scope;
  entry['msg'] = redactor.redactText(message);
  if (details !== undefined) entry['details'] = redactor.redactDetails(details);
  let text: string;
  try {
    text = JSON.stringify(entry);
  } catch {
    text = JSON.stringify({ ...entry, details: '[details could not be written]' });
  }
  if (text.length > MAX_LINE_CHARS) {
    text = JSON.stringify({ t: entry['t'], level, scope, msg: String(entry['msg']).slice(0, 2000), truncated: text.length });
  }
  return text + '\n';
}

/** Sends each line to every logger (the file, and the console while developing). */
export function teeLogger(...loggers: Logger[]): Logger {
  const each =
    (level: keyof Logger) =>
    (message: string, details?: Record<string, unknown>): void => {
      for (const logger of loggers) logger[level](message, details);
    };
  return { debug: each('debug'), info: each('info'), warn: each('warn'), error: each('error') };
}
