/**
 * Loads the built app from inside `resources/app.asar` under plain Node, the way Electron's main process
 * does: Node cannot read an ASAR archive (Electron patches `fs`, `process.dlopen` and the module loader
 * for it), so this shim does that patching for the app alone.
 *
 * What it reproduces:
 * - the paths: the app's files live at `<resources>/app.asar/…` (`__dirname` of the built main is
 *   `…/app.asar/out/main`; `app.getAppPath()` is `…/app.asar`), and `app.asar` is a FILE on disk, so any
 *   file access this shim does not route (or that bypasses it) fails as it would without Electron;
 * - CommonJS `require` inside the archive: relative paths, `node_modules` lookup up the archive's
 *   folders, package.json `main` and `exports` (conditions require, node, default), `.js`, `.cjs`,
 *   `.json` and `.node` files; a package missing from the archive is "Cannot find module", as in an
 *   installed app (the lookup stops at the archive, so no node_modules above it is ever reached);
 * - native modules (`.node`) load only from `app.asar.unpacked`, with `process.dlopen`, as electron-builder's
 *   asarUnpack arranges;
 * - `fs` for paths inside the archive: read-only `existsSync`, `statSync`/`lstatSync`, `readFileSync`,
 *   `readdirSync`, `realpathSync`, `accessSync` and their callback and promise forms, and
 *   `createReadStream` (Electron's asar support, https://www.electronjs.org/docs/latest/tutorial/asar-archives);
 *   an unpacked file is read from `app.asar.unpacked`; `module.createRequire` for files in the archive.
 *
 * What it does not reproduce (stricter or absent):
 * - ES modules and `import()` from code in the archive are refused (the app's main is CommonJS; loading
 *   ESM from app.asar has regressed in Electron: electron/electron#38957, #40211, #45896, #46614);
 *   code in out/ that calls `import("…")` with a literal specifier is also recorded as a rule break;
 * - a native module packed inside the archive is refused (Electron would copy it to a temporary file
 *   first, which breaks modules that load libraries beside them; stricter reading);
 * - Electron's patched internals (`process.binding('fs')`, `original-fs`, `process.noAsar`), writes into
 *   the archive (they fail: app.asar is a file), `child_process` running files from the archive, ASAR
 *   integrity checks (macOS and Windows only in Electron), and symbolic links inside the archive.
 * - `process` of the app's own code (out/) is the model's (platform, argv, env, crash listeners); modules
 *   of node_modules get Node's real process, so their native binaries match this machine.
 */
import { Buffer } from 'node:buffer';
import fs from 'node:fs';
import type NodeModule from 'node:module';
import { createRequire, isBuiltin } from 'node:module';
import path from 'node:path';
import { Readable } from 'node:stream';
import vm from 'node:vm';
import asar from '@electron/asar';
import type { ModelRules } from './rules';

interface DirEntry {
  files: Record<string, Entry>;
  unpacked?: boolean;
}
interface FileEntry {
  size: number;
  offset?: string;
  unpacked?: boolean;
  executable?: boolean;
}
interface LinkEntry {
  link: string;
}
type Entry = DirEntry | FileEntry | LinkEntry;

const isDir = (e: Entry): e is DirEntry => 'files' in e;
const isLink = (e: Entry): e is LinkEntry => 'link' in e;

function fsError(code: string, syscall: string, file: string): NodeJS.ErrnoException {
  const messages: Record<string, string> = { ENOENT: 'no such file or directory', ENOTDIR: 'not a directory', EISDIR: 'illegal operation on a directory' };
  return Object.assign(new Error(`${code}: ${messages[code] ?? code}, ${syscall} '${file}'`), { code, syscall, path: file, errno: -2 });
}

/** A read-only view of one ASAR archive (header read once; file bytes read at their offsets). */
export class AsarArchive {
  readonly unpackedDir: string;
  private readonly root: DirEntry;
  private readonly dataStart: number;
  private fd: number | null = null;

  constructor(readonly file: string) {
    const raw = asar.getRawHeader(file);
    this.root = raw.header as unknown as DirEntry;
    this.dataStart = 8 + raw.headerSize;
    this.unpackedDir = `${file}.unpacked`;
  }

  /** The path inside the archive ("out/main/index.js"), or null when `absolute` is not in it. */
  inner(absolute: string): string | null {
    const resolved = path.resolve(absolute);
    if (resolved === this.file) return '';
    return resolved.startsWith(this.file + path.sep) ? resolved.slice(this.file.length + 1) : null;
  }

  entry(inner: string): Entry | null {
    let node: Entry = this.root;
    for (const part of inner.split(/[\\/]/).filter(Boolean)) {
      if (!isDir(node)) return null;
      const next: Entry | undefined = node.files[part];
      if (!next) return null;
      node = next;
    }
    return node;
  }

  stat(inner: string): fs.Stats | null {
    const entry = this.entry(inner);
    if (!entry) return null;
    if (isLink(entry)) throw new Error(`Electron model: symbolic links inside app.asar are not modelled (${inner})`);
    const stats = Object.create(fs.Stats.prototype) as fs.Stats & Record<string, unknown>;
    const dir = isDir(entry);
    const now = new Date(0);
    Object.assign(stats, {
      dev: 0,
      ino: 0,
      mode: dir ? 0o40755 : (entry as FileEntry).executable ? 0o100755 : 0o100644,
      nlink: 1,
      uid: 0,
      gid: 0,
      rdev: 0,
      size: dir ? 0 : (entry as FileEntry).size,
      blksize: 4096,
      blocks: 0,
      atimeMs: 0,
      mtimeMs: 0,
      ctimeMs: 0,
      birthtimeMs: 0,
      atime: now,
      mtime: now,
      ctime: now,
      birthtime: now,
    });
    stats.isFile = () => !dir;
    stats.isDirectory = () => dir;
    stats.isSymbolicLink = () => false;
    return stats;
  }

  isUnpacked(inner: string): boolean {
    const entry = this.entry(inner);
    return !!entry && !isDir(entry) && !isLink(entry) && entry.unpacked === true;
  }

  read(inner: string): Buffer {
    const entry = this.entry(inner);
    if (!entry) throw fsError('ENOENT', 'open', path.join(this.file, inner));
    if (isDir(entry)) throw fsError('EISDIR', 'read', path.join(this.file, inner));
    if (isLink(entry)) throw new Error(`Electron model: symbolic links inside app.asar are not modelled (${inner})`);
    if (entry.unpacked) return fs.readFileSync(path.join(this.unpackedDir, inner));
    const buffer = Buffer.alloc(entry.size);
    if (entry.size === 0) return buffer;
    this.fd ??= fs.openSync(this.file, 'r');
    fs.readSync(this.fd, buffer, 0, entry.size, this.dataStart + Number(entry.offset));
    return buffer;
  }

  list(inner: string): string[] {
    const entry = this.entry(inner);
    if (!entry) throw fsError('ENOENT', 'scandir', path.join(this.file, inner));
    if (!isDir(entry)) throw fsError('ENOTDIR', 'scandir', path.join(this.file, inner));
    return Object.keys(entry.files);
  }

  /** Every file path in the archive ("out/main/index.js"), and whether it is unpacked. */
  files(): { path: string; unpacked: boolean; size: number }[] {
    const out: { path: string; unpacked: boolean; size: number }[] = [];
    const walk = (node: DirEntry, prefix: string) => {
      for (const [name, child] of Object.entries(node.files)) {
        const p = prefix ? `${prefix}/${name}` : name;
        if (isDir(child)) walk(child, p);
        else if (!isLink(child)) out.push({ path: p, unpacked: child.unpacked === true, size: child.size });
      }
    };
    walk(this.root, '');
    return out;
  }

  close(): void {
    if (this.fd !== null) fs.closeSync(this.fd);
    this.fd = null;
  }
}

/**
 * An `fs` that reads inside the archive the way Electron's patched fs does, and is Node's fs for every
 * other path. Functions not listed pass through unchanged: on a path inside the archive they fail, as
 * `app.asar` is a file (that is the stricter reading of anything Electron's asar support does not cover).
 */
export function asarAwareFs(archive: AsarArchive): typeof fs {
  const inner = (p: unknown) => (typeof p === 'string' ? archive.inner(p) : p instanceof URL && p.protocol === 'file:' ? archive.inner(p.pathname) : null);
  const encodingOf = (options: unknown) => (typeof options === 'string' ? (options as BufferEncoding) : (options as { encoding?: BufferEncoding } | undefined)?.encoding);
  const readInside = (at: string, options: unknown): string | Buffer => {
    const data = archive.read(at);
    const encoding = encodingOf(options);
    return encoding ? data.toString(encoding) : data;
  };
  const statInside = (file: string, at: string, syscall: string): fs.Stats => {
    const stats = archive.stat(at);
    if (!stats) throw fsError('ENOENT', syscall, file);
    return stats;
  };
  const readdirInside = (at: string, options: unknown) => {
    const names = archive.list(at);
    if ((options as { withFileTypes?: boolean } | undefined)?.withFileTypes) {
      return names.map((name) => {
        const stats = archive.stat(at ? `${at}/${name}` : name)!;
        return Object.assign(Object.create(fs.Dirent.prototype) as fs.Dirent, {
          name,
          parentPath: path.join(archive.file, at),
          isFile: () => stats.isFile(),
          isDirectory: () => stats.isDirectory(),
          isSymbolicLink: () => false,
        });
      });
    }
    return names;
  };
  const callbackOf = (args: unknown[]) => args[args.length - 1] as (error: unknown, value?: unknown) => void;
  const later = (callback: (error: unknown, value?: unknown) => void, work: () => unknown) => {
    let value: unknown;
    try {
      value = work();
    } catch (error) {
      process.nextTick(callback, error);
      return;
    }
    process.nextTick(callback, null, value);
  };

  const promises = Object.create(fs.promises) as typeof fs.promises;
  Object.assign(promises, {
    async readFile(file: fs.PathLike, options?: unknown) {
      const at = inner(file);
      return at === null ? fs.promises.readFile(file, options as never) : readInside(at, options);
    },
    async stat(file: fs.PathLike, options?: unknown) {
      const at = inner(file);
      return at === null ? fs.promises.stat(file, options as never) : statInside(String(file), at, 'stat');
    },
    async lstat(file: fs.PathLike, options?: unknown) {
      const at = inner(file);
      return at === null ? fs.promises.lstat(file, options as never) : statInside(String(file), at, 'lstat');
    },
    async readdir(file: fs.PathLike, options?: unknown) {
      const at = inner(file);
      return at === null ? fs.promises.readdir(file, options as never) : readdirInside(at, options);
    },
    async access(file: fs.PathLike, mode?: number) {
      const at = inner(file);
      if (at === null) return fs.promises.access(file, mode);
      statInside(String(file), at, 'access');
    },
    async realpath(file: fs.PathLike, options?: unknown) {
      const at = inner(file);
      if (at === null) return fs.promises.realpath(file, options as never);
      statInside(String(file), at, 'realpath');
      return path.resolve(String(file));
    },
  });

  const wrapped = Object.create(fs) as typeof fs;
  Object.defineProperty(wrapped, 'promises', { value: promises, enumerable: true });
  Object.assign(wrapped, {
    existsSync(file: fs.PathLike) {
      const at = inner(file);
      return at === null ? fs.existsSync(file) : archive.entry(at) !== null;
    },
    statSync(file: fs.PathLike, options?: { throwIfNoEntry?: boolean }) {
      const at = inner(file);
      if (at === null) return fs.statSync(file, options as never);
      const stats = archive.stat(at);
      if (!stats && options?.throwIfNoEntry === false) return undefined;
      return statInside(String(file), at, 'stat');
    },
    lstatSync(file: fs.PathLike, options?: { throwIfNoEntry?: boolean }) {
      const at = inner(file);
      if (at === null) return fs.lstatSync(file, options as never);
      const stats = archive.stat(at);
      if (!stats && options?.throwIfNoEntry === false) return undefined;
      return statInside(String(file), at, 'lstat');
    },
    readFileSync(file: fs.PathOrFileDescriptor, options?: unknown) {
      const at = typeof file === 'number' ? null : inner(file);
      return at === null ? fs.readFileSync(file, options as never) : readInside(at, options);
    },
    readdirSync(file: fs.PathLike, options?: unknown) {
      const at = inner(file);
      return at === null ? fs.readdirSync(file, options as never) : readdirInside(at, options);
    },
    realpathSync: Object.assign(
      (file: fs.PathLike, options?: unknown) => {
        const at = inner(file);
        if (at === null) return fs.realpathSync(file, options as never);
        statInside(String(file), at, 'realpath');
        return path.resolve(String(file));
      },
      { native: fs.realpathSync.native },
    ),
    accessSync(file: fs.PathLike, mode?: number) {
      const at = inner(file);
      if (at === null) return fs.accessSync(file, mode);
      statInside(String(file), at, 'access');
    },
    readFile(file: fs.PathOrFileDescriptor, ...args: unknown[]) {
      const at = typeof file === 'number' ? null : inner(file);
      if (at === null) return (fs.readFile as (...a: unknown[]) => void)(file, ...args);
      later(callbackOf(args), () => readInside(at, args.length > 1 ? args[0] : undefined));
    },
    stat(file: fs.PathLike, ...args: unknown[]) {
      const at = inner(file);
      if (at === null) return (fs.stat as (...a: unknown[]) => void)(file, ...args);
      later(callbackOf(args), () => statInside(String(file), at, 'stat'));
    },
    lstat(file: fs.PathLike, ...args: unknown[]) {
      const at = inner(file);
      if (at === null) return (fs.lstat as (...a: unknown[]) => void)(file, ...args);
      later(callbackOf(args), () => statInside(String(file), at, 'lstat'));
    },
    readdir(file: fs.PathLike, ...args: unknown[]) {
      const at = inner(file);
      if (at === null) return (fs.readdir as (...a: unknown[]) => void)(file, ...args);
      later(callbackOf(args), () => readdirInside(at, args.length > 1 ? args[0] : undefined));
    },
    access(file: fs.PathLike, ...args: unknown[]) {
      const at = inner(file);
      if (at === null) return (fs.access as (...a: unknown[]) => void)(file, ...args);
      later(callbackOf(args), () => void statInside(String(file), at, 'access'));
    },
    exists(file: fs.PathLike, callback: (exists: boolean) => void) {
      const at = inner(file);
      if (at === null) return fs.access(file, (error) => callback(!error));
      process.nextTick(callback, archive.entry(at) !== null);
    },
    createReadStream(file: fs.PathLike, options?: unknown) {
      const at = inner(file);
      if (at === null) return fs.createReadStream(file, options as never);
      return Readable.from([archive.read(at)]);
    },
  });
  return wrapped;
}

/** One loaded module, shaped as Node's Module where code looks (module.exports, filename, paths…). */
interface LoadedModule {
  id: string;
  filename: string;
  path: string;
  exports: unknown;
  loaded: boolean;
  children: LoadedModule[];
  paths: string[];
  parent: LoadedModule | null;
  require: NodeJS.Require;
}

export interface AsarAppLoaderOptions {
  archive: AsarArchive;
  rules: ModelRules;
  /** `require('electron')` from the app's main process code. */
  electron: unknown;
  /** What `process` is in the app's own code (out/): the model's. */
  appProcess: NodeJS.Process;
}

/** Node's CommonJS conditions (Electron's main is Node); "module-sync" (require(esm)) left out: ESM is refused. */
const CONDITIONS = ['require', 'node', 'node-addons', 'default'];
const WRAPPER_PARAMS = ['exports', 'require', 'module', '__filename', '__dirname', 'process'];

/** The CommonJS loader for one launch of the app (its own module cache, as a process has). */
export class AsarAppLoader {
  private readonly cache = new Map<string, LoadedModule>();
  private readonly fs: typeof fs;
  private readonly builtinOverrides: Map<string, unknown>;
  private readonly nodeRequire = createRequire(import.meta.url);

  constructor(private readonly options: AsarAppLoaderOptions) {
    this.fs = asarAwareFs(options.archive);
    const moduleShim = Object.create(this.nodeRequire('node:module') as object) as typeof NodeModule;
    Object.assign(moduleShim, {
      createRequire: (from: string | URL) => {
        const file = from instanceof URL || String(from).startsWith('file:') ? new URL(String(from)).pathname : String(from);
        return options.archive.inner(file) !== null ? this.requireFor(this.placeholderModule(file)) : createRequire(from);
      },
    });
    this.builtinOverrides = new Map<string, unknown>([
      ['electron', options.electron],
      ['fs', this.fs],
      ['fs/promises', this.fs.promises],
      ['module', moduleShim],
    ]);
  }

  /** Loads `file` (absolute, inside the archive) as the main module and returns its exports. */
  loadMain(file: string): unknown {
    const module = this.load(path.resolve(file), null);
    return module.exports;
  }

  private isAppCode(file: string): boolean {
    const at = this.options.archive.inner(file);
    return at !== null && !at.split('/').includes('node_modules');
  }

  private placeholderModule(filename: string): LoadedModule {
    const module = { id: filename, filename, path: path.dirname(filename), exports: {}, loaded: true, children: [], paths: this.lookupPaths(path.dirname(filename)), parent: null } as unknown as LoadedModule;
    module.require = this.requireFor(module);
    return module;
  }

  private requireFor(module: LoadedModule): NodeJS.Require {
    const require = ((request: string) => this.requireFrom(module, request)) as NodeJS.Require;
    require.resolve = Object.assign((request: string) => this.resolve(module.path, request), { paths: (request: string) => (isBuiltin(request) ? null : this.lookupPaths(module.path)) });
    require.cache = Object.create(null) as NodeJS.Require['cache'];
    require.main = undefined;
    return require;
  }

  private requireFrom(parent: LoadedModule, request: string): unknown {
    if (typeof request !== 'string' || request === '') throw new TypeError('The "id" argument must be of type string and not empty.');
    const builtin = this.builtin(request);
    if (builtin.found) return builtin.value;
    const file = this.resolve(parent.path, request);
    const loaded = this.load(file, parent);
    if (!parent.children.includes(loaded)) parent.children.push(loaded);
    return loaded.exports;
  }

  private builtin(request: string): { found: true; value: unknown } | { found: false } {
    const name = request.startsWith('node:') ? request.slice(5) : request;
    if (this.builtinOverrides.has(name) && (request.startsWith('node:') ? isBuiltin(request) : true)) return { found: true, value: this.builtinOverrides.get(name) };
    if (request.startsWith('node:') || isBuiltin(request)) return { found: true, value: this.nodeRequire(request) };
    return { found: false };
  }

  private notFound(request: string, from: string): Error {
    return Object.assign(new Error(`Cannot find module '${request}'\nRequire stack:\n- ${from}`), { code: 'MODULE_NOT_FOUND' });
  }

  /** Node's CommonJS resolution, over the archive (and Node's real fs outside it). */
  resolve(fromDir: string, request: string): string {
    if (request.startsWith('./') || request.startsWith('../') || request === '.' || request === '..' || path.isAbsolute(request)) {
      const base = path.resolve(fromDir, request);
      const found = this.tryFile(base) ?? this.tryExtensions(base) ?? this.tryDirectory(base);
      if (!found) throw this.notFound(request, fromDir);
      return found;
    }
    const [name, subpath] = splitPackage(request);
    // Node would go on looking above app.asar; an installed app has nothing there (nor may the staged
    // copy find the checkout's node_modules): packages are looked up inside the archive only.
    const inArchive = this.options.archive.inner(fromDir) !== null;
    for (const dir of this.lookupPaths(fromDir).filter((d) => !inArchive || this.options.archive.inner(d) !== null)) {
      const packageDir = path.join(dir, name);
      if (!this.isDirectory(packageDir)) continue;
      const pkg = this.readPackage(packageDir);
      if (pkg?.exports !== undefined) {
        const target = resolveExports(pkg.exports, subpath ? `./${subpath}` : '.');
        if (!target) throw Object.assign(new Error(`Package subpath '${subpath ? `./${subpath}` : '.'}' is not defined by "exports" in ${packageDir}/package.json`), { code: 'ERR_PACKAGE_PATH_NOT_EXPORTED' });
        const file = path.join(packageDir, target);
        if (!this.isFile(file)) throw this.notFound(request, fromDir);
        return file;
      }
      const base = subpath ? path.join(packageDir, subpath) : packageDir;
      const found = this.tryFile(base) ?? this.tryExtensions(base) ?? this.tryDirectory(base);
      if (found) return found;
    }
    throw this.notFound(request, fromDir);
  }

  private lookupPaths(fromDir: string): string[] {
    const paths: string[] = [];
    let dir = path.resolve(fromDir);
    for (;;) {
      if (path.basename(dir) !== 'node_modules') paths.push(path.join(dir, 'node_modules'));
      const parent = path.dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
    return paths;
  }

  private isFile(file: string): boolean {
    return this.fs.statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;
  }

  private isDirectory(dir: string): boolean {
    return this.fs.statSync(dir, { throwIfNoEntry: false })?.isDirectory() ?? false;
  }

  private tryFile(file: string): string | null {
    return this.isFile(file) ? file : null;
  }

  private tryExtensions(base: string): string | null {
    for (const ext of ['.js', '.json', '.node']) if (this.isFile(base + ext)) return base + ext;
    return null;
  }

  private tryDirectory(dir: string): string | null {
    if (!this.isDirectory(dir)) return null;
    const main = this.readPackage(dir)?.main;
    if (main) {
      const base = path.resolve(dir, main);
      const found = this.tryFile(base) ?? this.tryExtensions(base) ?? this.tryExtensions(path.join(base, 'index'));
      if (found) return found;
    }
    return this.tryExtensions(path.join(dir, 'index'));
  }

  private readPackage(dir: string): { main?: string; exports?: unknown; type?: string } | null {
    const file = path.join(dir, 'package.json');
    if (!this.isFile(file)) return null;
    return JSON.parse(String(this.fs.readFileSync(file, 'utf8'))) as { main?: string; exports?: unknown; type?: string };
  }

  /** The "type" of the nearest package.json (Node decides .js as ESM or CommonJS by it). */
  private packageType(file: string): string | undefined {
    let dir = path.dirname(file);
    for (;;) {
      const pkg = this.readPackage(dir);
      if (pkg) return pkg.type;
      const parent = path.dirname(dir);
      if (parent === dir || path.basename(dir) === 'node_modules') return undefined;
      dir = parent;
    }
  }

  private load(file: string, parent: LoadedModule | null): LoadedModule {
    const cached = this.cache.get(file);
    if (cached) return cached;
    const archive = this.options.archive;
    const at = archive.inner(file);
    if (at === null) {
      // Outside the archive: Electron's main would load it with Node's own loader.
      const exports = this.nodeRequire(file) as unknown;
      const module = { ...this.placeholderModule(file), exports };
      this.cache.set(file, module);
      return module;
    }
    const module: LoadedModule = { id: file, filename: file, path: path.dirname(file), exports: {}, loaded: false, children: [], paths: this.lookupPaths(path.dirname(file)), parent } as unknown as LoadedModule;
    module.require = this.requireFor(module);
    this.cache.set(file, module);
    try {
      const ext = path.extname(file);
      if (ext === '.json') {
        module.exports = JSON.parse(archive.read(at).toString('utf8'));
      } else if (ext === '.node') {
        this.loadNative(module, at);
      } else if (ext === '.mjs' || (ext === '.js' && this.packageType(file) === 'module')) {
        throw this.options.rules.refuse(
          'esm-in-asar',
          'electron/electron#38957, #40211, #45896, #46614 (ES modules from app.asar have regressed in Electron)',
          `an ES module was required from app.asar (${at}); the model loads CommonJS only (stricter reading)`,
        );
      } else {
        this.compile(module, archive.read(at).toString('utf8'), at);
      }
      module.loaded = true;
      return module;
    } catch (error) {
      this.cache.delete(file);
      throw error;
    }
  }

  private loadNative(module: LoadedModule, at: string): void {
    if (!this.options.archive.isUnpacked(at)) {
      throw this.options.rules.refuse(
        'native-module-packed',
        'https://www.electronjs.org/docs/latest/tutorial/asar-archives#adding-unpacked-files-to-asar-archives (electron-builder asarUnpack)',
        `native module ${at} is inside app.asar, not in app.asar.unpacked; the model refuses it (Electron would copy it to a temporary file; stricter reading)`,
      );
    }
    // Electron redirects the load to the unpacked copy beside the archive.
    process.dlopen(module as unknown as NodeJS.Module, path.join(this.options.archive.unpackedDir, at));
  }

  private compile(module: LoadedModule, source: string, at: string): void {
    const appCode = this.isAppCode(module.filename);
    // A literal specifier is a module the app means to load (a variable one is a deliberate optional
    // load that handles its failure, as the Sandbox's TIFF rasteriser does).
    if (appCode && /\bimport\(\s*["'`]/.test(source)) {
      this.options.rules.refuse(
        'dynamic-import-in-asar',
        'electron/electron#38957 ("Dynamically imported modules cannot be found in the asar")',
        `${at} calls import(); the model refuses dynamic import() from app.asar (stricter reading): use require`,
      );
    }
    const body = source.startsWith('#!') ? `//${source.slice(2)}` : source.charCodeAt(0) === 0xfeff ? source.slice(1) : source;
    const fn = vm.compileFunction(body, WRAPPER_PARAMS, {
      filename: module.filename,
      // import() from code in the archive is refused (see the header comment).
      importModuleDynamically: (() => {
        throw new Error(`Electron model: import() from ${at} inside app.asar is refused; use require()`);
      }) as never,
    });
    fn.call(module.exports, module.exports, module.require, module, module.filename, module.path, appCode ? this.options.appProcess : process);
  }
}

function splitPackage(request: string): [string, string] {
  const parts = request.split('/');
  const count = request.startsWith('@') ? 2 : 1;
  return [parts.slice(0, count).join('/'), parts.slice(count).join('/')];
}

/** package.json "exports" for a subpath, with Node's CommonJS conditions (no patterns beyond "./*"). */
function resolveExports(exportsField: unknown, subpath: string): string | null {
  const pick = (target: unknown): string | null => {
    if (typeof target === 'string') return target;
    if (Array.isArray(target)) {
      for (const t of target) {
        const r = pick(t);
        if (r) return r;
      }
      return null;
    }
    if (target && typeof target === 'object') {
      for (const [key, value] of Object.entries(target)) {
        if (CONDITIONS.includes(key)) {
          const r = pick(value);
          if (r) return r;
        }
      }
    }
    return null;
  };
  const isSubpathMap = exportsField !== null && typeof exportsField === 'object' && !Array.isArray(exportsField) && Object.keys(exportsField).some((k) => k.startsWith('.'));
  if (!isSubpathMap) return subpath === '.' ? pick(exportsField) : null;
  const map = exportsField as Record<string, unknown>;
  if (subpath in map) return pick(map[subpath]);
  // Node's PATTERN_KEY_COMPARE: the pattern with the longest part before "*" wins, then the longest key.
  let best: { key: string; match: string } | null = null;
  for (const key of Object.keys(map)) {
    const star = key.indexOf('*');
    if (star < 0 || key.indexOf('*', star + 1) >= 0) continue;
    const [before, after] = [key.slice(0, star), key.slice(star + 1)];
    if (!subpath.startsWith(before) || !subpath.endsWith(after) || subpath.length < key.length - 1) continue;
    if (best) {
      const bestStar = best.key.indexOf('*');
      if (star < bestStar || (star === bestStar && key.length <= best.key.length)) continue;
    }
    best = { key, match: subpath.slice(before.length, subpath.length - after.length) };
  }
  if (!best) return null;
  const target = pick(map[best.key]);
  return target ? target.replaceAll('*', best.match) : null;
}
