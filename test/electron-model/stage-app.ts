/**
 * Stages the app as electron-builder ships it, without an Electron download: the `files` of
 * electron-builder.yml (with its default excludes), the production dependencies only (as electron-builder
 * collects them, with `npm ls`), the font and native-module excludes, packed into `resources/app.asar`
 * with `asarUnpack` (and electron-builder's smartUnpack of native-module folders) in
 * `resources/app.asar.unpacked`.
 *
 * It runs electron-builder's own code for every decision (app-builder-lib, the engine of the pinned
 * electron-builder): its config loader, file matchers, node-module collector and copy rules, and its
 * ASAR packager, which writes the archive with @electron/asar. Only the packager object around them is
 * a stand-in (the fields those functions read), because electron-builder's Packager cannot run without
 * downloading Electron. A `dist:linux` build on this machine produced the same file list (checked when
 * this was written; electron-builder then fails at the fuses of a fake binary).
 *
 * Not staged: the Electron binary, fuses, the ASAR integrity digest (macOS/Windows only), installers.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export interface StagedApp {
  /** `…/resources`: holds app.asar and app.asar.unpacked (what process.resourcesPath is in the app). */
  resourcesDir: string;
  asarFile: string;
  unpackedDir: string;
}

interface FileMatcherLike {
  patterns: string[];
  createFilter(): (file: string, stat: fs.Stats) => boolean;
}
interface FileSetLike {
  src: string;
  destination: string;
  files: string[];
}

const builderRequire = createRequire(createRequire(import.meta.url).resolve('app-builder-lib/package.json'));
const { getConfig } = builderRequire('./out/util/config/config') as { getConfig(projectDir: string, configPath: null, configFromOptions: null): Promise<Record<string, unknown>> };
const fileMatcher = builderRequire('./out/fileMatcher') as {
  getMainFileMatchers(appDir: string, destination: string, expand: (p: string) => string, platformOptions: object, platformPackager: object, outDir: string, isElectronCompile: boolean): FileMatcherLike[];
  getNodeModuleFileMatcher(appDir: string, destination: string, expand: (p: string) => string, platformOptions: object, packager: object): FileMatcherLike;
  getFileMatchers(config: object, name: 'asarUnpack', destination: string, options: object): FileMatcherLike[] | null;
};
const appFileCopier = builderRequire('./out/util/appFileCopier') as {
  computeFileSets(matchers: FileMatcherLike[], transformer: unknown, platformPackager: object, isElectronCompile: boolean): Promise<FileSetLike[]>;
  computeNodeModuleFileSets(platformPackager: object, matcher: FileMatcherLike): Promise<FileSetLike[]>;
  transformFiles(transformer: unknown, fileSet: FileSetLike): Promise<void>;
};
const { createTransformer } = builderRequire('./out/fileTransformer') as { createTransformer(srcDir: string, config: object, extraMetadata: unknown, extra: null): unknown };
const { AsarPackager } = builderRequire('./out/asar/asarUtil') as {
  AsarPackager: new (packager: object, config: { defaultDestination: string; resourcePath: string; options: object; unpackPattern?: unknown }) => { pack(fileSets: FileSetLike[]): Promise<void> };
};
const { expandMacro } = builderRequire('./out/util/macroExpander') as { expandMacro(pattern: string, arch: string | null, appInfo: object, extra: object, sanitized: boolean): string };
const { Platform } = builderRequire('./out/core') as { Platform: { LINUX: { buildConfigurationKey: string } } };
const { PM } = builderRequire('./out/node-module-collector') as { PM: { NPM: string } };
const { TmpDir } = createRequire(builderRequire.resolve('builder-util'))('builder-util') as { TmpDir: new (label: string) => { cleanup(): Promise<void> } };

/** Stages the project at `root` into `into` (a fresh folder) as a Linux x64 build would. */
export async function stageApp(root: string, into: string): Promise<StagedApp> {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { name: string; version: string; productName?: string; dependencies?: Record<string, string> };
  const config = await getConfig(root, null, null);
  const platformOptions = (config['linux'] as object | undefined) ?? {};
  const resourcesDir = path.join(into, 'resources');
  const defaultDestination = path.join(resourcesDir, 'app');
  fs.mkdirSync(resourcesDir, { recursive: true });
  const productName = (config['productName'] as string | undefined) ?? pkg.productName ?? pkg.name;
  const appInfo = { productName, sanitizedProductName: productName, productFilename: productName, name: pkg.name, version: pkg.version };
  // As PlatformPackager.createGetFileMatchersOptions: ${arch}, ${os}, ${platform}, and "/*".
  const expand = (pattern: string) => expandMacro(pattern, 'x64', appInfo, { os: Platform.LINUX.buildConfigurationKey, '/*': '{,/**/*}' }, true);

  const tmp = new TmpDir('faxdesk-stage');
  const info = {
    projectDir: root,
    appDir: root,
    buildResourcesDir: path.resolve(root, ((config['directories'] as { buildResources?: string } | undefined)?.buildResources ?? 'build')),
    isPrepackedAppAsar: false,
    areNodeModulesHandledExternally: false,
    config,
    metadata: pkg,
    originalMetadata: pkg,
    nodePackageName: pkg.name,
    appInfo: { type: 'commonjs' },
    debugLogger: { isEnabled: false, add() {} },
    tempDirManager: tmp,
    getWorkspaceRoot: async () => root,
    getPackageManager: async () => PM.NPM,
  };
  const platformPackager = { info, config, platform: Platform.LINUX, projectDir: root };
  try {
    const outDir = path.resolve(root, ((config['directories'] as { output?: string } | undefined)?.output ?? 'dist'));
    const mainMatchers = fileMatcher.getMainFileMatchers(root, defaultDestination, expand, platformOptions, platformPackager, outDir, false);
    const transformer = createTransformer(root, config, config['extraMetadata'], null);
    const moduleMatcher = fileMatcher.getNodeModuleFileMatcher(root, defaultDestination, expand, platformOptions, info);
    const fileSets = [
      ...(await appFileCopier.computeFileSets(mainMatchers, transformer, platformPackager, false)),
      ...(await appFileCopier.computeNodeModuleFileSets(platformPackager, moduleMatcher)),
    ].filter((set) => set.files.length > 0);
    for (const set of fileSets) await appFileCopier.transformFiles(transformer, set);
    const unpack = fileMatcher.getFileMatchers(config, 'asarUnpack', defaultDestination, { macroExpander: expand, customBuildOptions: platformOptions, globalOutDir: outDir, defaultSrc: root });
    await new AsarPackager(platformPackager, {
      defaultDestination,
      resourcePath: resourcesDir,
      options: {},
      ...(unpack?.[0] ? { unpackPattern: unpack[0].createFilter() } : {}),
    }).pack(fileSets);
  } finally {
    await tmp.cleanup();
  }
  return { resourcesDir, asarFile: path.join(resourcesDir, 'app.asar'), unpackedDir: path.join(resourcesDir, 'app.asar.unpacked') };
}
