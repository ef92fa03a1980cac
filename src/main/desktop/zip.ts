/**
 * The diagnostics bundle as a ZIP (UTF-8 names, entries stored or deflated, no ZIP64), which every OS
 * opens without extra software. fflate writes the archive; this module adds what a bundle needs on
 * top: names that cannot escape the folder they are unpacked into, no duplicates, and each entry
 * deflated only when that makes it smaller.
 */
import { deflateSync, zipSync, type Zippable } from 'fflate';

export interface ZipEntry {
  /** A relative path with "/" separators, e.g. "logs/faxdesk.log". */
  name: string;
  data: Buffer | string;
  modified?: Date;
}

/** Sizes and offsets are 32-bit without ZIP64. */
const LIMIT = 0xffffffff;

export function createZip(entries: readonly ZipEntry[], now: Date = new Date()): Buffer {
  if (entries.length > 0xffff) throw new Error('A ZIP without ZIP64 holds at most 65535 entries.');
  const files: Zippable = {};
  for (const entry of entries) {
    const name = checkName(entry.name);
    if (Object.hasOwn(files, name)) throw new Error(`The ZIP already has an entry named "${name}".`);
    const data = typeof entry.data === 'string' ? Buffer.from(entry.data, 'utf8') : entry.data;
    if (data.length >= LIMIT) throw new Error('The ZIP would need ZIP64 (an entry or the archive is over 4 GB).');
    // Stored when deflating does not shrink it (already compressed or tiny data): a fast level-1 probe
    // decides, then fflate's default level (as small as level 9 on logs, a third faster) writes it.
    const level = data.length > 0 && deflateSync(data, { level: 1 }).length < data.length ? 6 : 0;
    files[name] = [data, { level, mtime: dosRange(entry.modified ?? now) }];
  }
  const zip = zipSync(files);
  if (zip.length >= LIMIT) throw new Error('The ZIP would need ZIP64 (an entry or the archive is over 4 GB).');
  return Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength);
}

function checkName(name: string): string {
  const normalized = name.replace(/\\/g, '/');
  if (!normalized || normalized.startsWith('/') || normalized.split('/').some((part) => part === '..' || part === '' || part === '.')) {
    throw new Error(`"${name}" is not a valid name inside a ZIP.`);
  }
  return normalized;
}

/** MS-DOS dates start in 1980; fflate writes years up to 2099 and throws outside that range. */
function dosRange(at: Date): Date {
  if (at.getFullYear() < 1980) return new Date(1980, 0, 1);
  if (at.getFullYear() > 2099) return new Date(2099, 11, 31, 23, 59, 58);
  return at;
}
