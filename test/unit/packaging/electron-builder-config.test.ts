/**
 * Packaging cannot run here (electron-builder downloads Electron for each target), so its
 * configuration is checked instead: loaded and validated by electron-builder's own code and schema,
 * then held to Faxdesk's rules (targets, icons, fuses, file associations, what goes into the app).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type * as Minimatch from 'minimatch';
import path from 'node:path';
import { FuseV1Options } from '@electron/fuses';
// The loader and validator `electron-builder` itself runs (app-builder-lib is electron-builder's engine, same pinned version).
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config';
import type { Configuration, FileAssociation, TargetConfigType } from 'electron-builder';
import { beforeAll, describe, expect, it } from 'vitest';
import { APP_ID, DATA_FOLDER_NAME, EXECUTABLE_NAME, PRODUCT_NAME } from '../../../src/main/desktop/app-identity';
import { SUPPORTED_EXTENSIONS } from '../../../src/main/desktop/launch-args';
import { SHIPPED_FONT_FILES } from '../../../src/pdf-text';

const ROOT = path.resolve(__dirname, '../../..');
// The glob matcher electron-builder filters `files` with (its own copy, whatever npm hoists).
const { minimatch } = createRequire(require.resolve('app-builder-lib/package.json'))('minimatch') as typeof Minimatch;
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  name: string;
  main: string;
  productName?: string;
  desktopName?: string;
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** The secure value of every fuse Electron has; a fuse added by a newer @electron/fuses fails the test until decided here. */
const SECURE_FUSES: Record<string, boolean> = {
  runAsNode: false,
  enableCookieEncryption: true,
  enableNodeOptionsEnvironmentVariable: false,
  enableNodeCliInspectArguments: false,
  enableEmbeddedAsarIntegrityValidation: true,
  onlyLoadAppFromAsar: true,
  loadBrowserProcessSpecificV8Snapshot: false,
  grantFileProtocolExtraPrivileges: false,
};

let config: Configuration;

beforeAll(async () => {
  // electron-builder's own loader: finds electron-builder.yml the way `electron-builder` does.
  config = await getConfig(ROOT, null, null);
});

/** The `files` patterns that leave files out (without their "!"). */
function excludedPatterns(): string[] {
  return ([] as unknown[])
    .concat(config.files ?? [])
    .flatMap((entry) => (typeof entry === 'string' ? [entry] : ([] as string[]).concat((entry as { filter?: string | string[] }).filter ?? [])))
    .filter((f) => f.startsWith('!'))
    .map((f) => f.slice(1));
}

function targets(value: TargetConfigType | undefined): string[] {
  const list = value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];
  return list.map((t) => (typeof t === 'string' ? t : t.target));
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(file: string): { width: number; height: number } {
  const bytes = fs.readFileSync(file);
  expect(bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])), `${file} is a PNG`).toBe(true);
  expect(bytes.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('electron-builder configuration', () => {
  it('is valid for electron-builder (its schema and its own checks)', async () => {
    const debugLogger = { isEnabled: false, add() {} } as unknown as Parameters<typeof validateConfiguration>[1];
    await expect(validateConfiguration(config, debugLogger)).resolves.toBeUndefined();
  }, 30_000);

  it('names the app as the code does, in the packaged package.json too (Electron reads app.name and the Linux desktop file from it)', () => {
    expect(config.appId).toBe(APP_ID);
    expect(config.productName).toBe(PRODUCT_NAME);
    expect(config.executableName).toBe(EXECUTABLE_NAME);
    // app.getName() is package.json's productName, else its name ("faxdesk" in menus and dialogs).
    expect(pkg.productName).toBe(PRODUCT_NAME);
    // Linux launchers match the window to the .desktop file electron-builder installs (executableName.desktop).
    expect(pkg.desktopName).toBe(`${EXECUTABLE_NAME}.desktop`);
    // The data folder keeps the name Electron took from package.json's name before there was a productName.
    expect(DATA_FOLDER_NAME).toBe(pkg.name);
  });

  it('builds AppImage and deb on Linux (category Office), NSIS on Windows, dmg on macOS', () => {
    expect(targets(config.linux?.target).sort()).toEqual(['AppImage', 'deb']);
    expect(config.linux?.category).toBe('Office');
    expect(targets(config.win?.target)).toEqual(['nsis']);
    expect(targets(config.mac?.target)).toEqual(['dmg']);
    expect(config.nsis?.deleteAppDataOnUninstall).toBe(false);
  });

  it('uses icons from resources/ that exist and are large enough for every platform', () => {
    for (const icon of [config.linux?.icon, config.win?.icon, config.mac?.icon]) {
      expect(icon).toMatch(/^resources\/.+\.png$/);
      const { width, height } = pngSize(path.join(ROOT, icon!));
      expect(width).toBe(height);
      expect(width).toBeGreaterThanOrEqual(512); // macOS needs 512 to make an .icns; Windows 256 for the .ico
    }
    for (const name of ['tray', 'tray-unread']) {
      expect(pngSize(path.join(ROOT, 'resources', `${name}.png`))).toEqual({ width: 16, height: 16 });
      expect(pngSize(path.join(ROOT, 'resources', `${name}@2x.png`))).toEqual({ width: 32, height: 32 });
    }
    expect(pngSize(path.join(ROOT, 'resources', 'trayTemplate.png'))).toEqual({ width: 16, height: 16 });
    expect(pngSize(path.join(ROOT, 'resources', 'trayTemplate@2x.png'))).toEqual({ width: 32, height: 32 });
  });

  it('sets every Electron fuse to its secure value, ASAR integrity on', () => {
    const fuses = config.electronFuses as Record<string, unknown> | null | undefined;
    expect(fuses).toBeTruthy();
    const known = Object.keys(FuseV1Options)
      .filter((key) => Number.isNaN(Number(key)))
      .map((key) => key[0]!.toLowerCase() + key.slice(1));
    expect(known.length).toBeGreaterThanOrEqual(8);
    for (const fuse of known) {
      expect(SECURE_FUSES, `decide the secure value of the new fuse "${fuse}"`).toHaveProperty(fuse);
      expect(fuses![fuse], `electronFuses.${fuse}`).toBe(SECURE_FUSES[fuse]);
    }
    expect(config.asar).toBe(true);
  });

  it('associates exactly the file types Faxdesk accepts from the command line', () => {
    const associations = ([] as FileAssociation[]).concat(config.fileAssociations ?? []);
    const extensions = associations.flatMap((a) => (Array.isArray(a.ext) ? a.ext : [a.ext]));
    expect([...extensions].sort()).toEqual([...SUPPORTED_EXTENSIONS].sort());
    for (const association of associations) {
      expect(association.mimeType, String(association.ext)).toMatch(/^(application|image|text)\//);
      expect(association.role).toBe('Viewer');
      expect(association.rank).toBe('Alternate');
      expect(association.name).toBeTruthy();
    }
  });

  it('packs the build output and package.json, not the sources, and unpacks native modules', () => {
    // electron-builder's loader turns the list into file sets ({ filter: [...] }).
    const files = ([] as unknown[])
      .concat(config.files ?? [])
      .flatMap((entry) => (typeof entry === 'string' ? [entry] : ([] as string[]).concat((entry as { from?: string; filter?: string | string[] }).filter ?? [])));
    expect(([] as unknown[]).concat(config.files ?? []).every((e) => typeof e === 'string' || !(e as { from?: string }).from)).toBe(true);
    const included = files.filter((f) => !f.startsWith('!'));
    expect(included.sort()).toEqual(['out/**', 'package.json', 'resources/*.png', 'resources/sandbox/*.pdf']);
    expect(files).toContain('!**/*.map');
    expect(pkg.main.replace(/^\.\//, '')).toMatch(/^out\//);
    expect(([] as string[]).concat(config.asarUnpack ?? [])).toContain('**/*.node');
  });

  it('ships the PDF fonts src/pdf-text reads, and no other files of the font packages', () => {
    const excluded = excludedPatterns();
    const shipped = (file: string) => !excluded.some((pattern) => minimatch(file, pattern, { dot: true }));
    const real = (specifier: string) => specifier.replace('*', specifier.includes('noto-sans-kr') ? '21' : '116');
    for (const specifier of SHIPPED_FONT_FILES) {
      expect(fs.existsSync(path.join(ROOT, 'node_modules', real(specifier))), specifier).toBe(true);
      expect(shipped(`node_modules/${real(specifier)}`), specifier).toBe(true);
      expect(pkg.dependencies, specifier).toHaveProperty(specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!);
    }
    for (const other of ['dejavu-fonts-ttf/ttf/DejaVuSerif.ttf', '@fontsource/noto-sans-sc/files/noto-sans-sc-116-700-normal.woff', '@fontsource/noto-sans-sc/files/noto-sans-sc-116-400-normal.woff2', '@fontsource/noto-sans-kr/index.css', '@fontsource/noto-sans-kr/scss/metadata.scss']) {
      expect(shipped(`node_modules/${other}`), other).toBe(false);
    }
    for (const runtime of ['pdf-lib', '@pdf-lib/fontkit']) expect(pkg.dependencies, runtime).toHaveProperty(runtime);
  });

  it('ships only what runs: one better-sqlite3 binary, none of its sources, no build-only or unused packages', () => {
    const excluded = excludedPatterns();
    // electron-builder expands ${platform} (the packaging machine's) and ${arch} (the target's) before matching.
    const shippedOn = (platform: string, arch: string) => (file: string) =>
      !excluded.some((pattern) => minimatch(file, pattern.replaceAll('${platform}', platform).replaceAll('${arch}', arch), { dot: true }));
    const prebuilds = fs.readdirSync(path.join(ROOT, 'node_modules/better-sqlite3/prebuilds'));
    expect(prebuilds.length).toBeGreaterThan(1);
    for (const [platform, arch] of [['linux', 'x64'], ['win32', 'x64'], ['darwin', 'arm64']] as const) {
      const shipped = shippedOn(platform, arch);
      expect(prebuilds.filter((p) => shipped(`node_modules/better-sqlite3/prebuilds/${p}`))).toEqual([`${platform}-${arch}.node`]);
      expect(shipped('node_modules/better-sqlite3/lib/index.js')).toBe(true);
      for (const gone of ['node_modules/better-sqlite3/deps/sqlite3/sqlite3.c', 'node_modules/better-sqlite3/src/better_sqlite3.cpp', 'node_modules/node-addon-api/napi.h', 'node_modules/pdf-lib/dist/pdf-lib.js', 'node_modules/pdf-lib/es/index.js', 'node_modules/zod/src/index.ts']) {
        expect(shipped(gone), gone).toBe(false);
      }
      for (const kept of ['node_modules/pdf-lib/cjs/index.js', 'node_modules/zod/index.cjs', 'node_modules/zod/v4/classic/external.cjs']) expect(shipped(kept), kept).toBe(true);
    }
    // ws serves the browser bridge (npm run web), which the packaged app never runs.
    expect(pkg.dependencies).not.toHaveProperty('ws');
    expect(pkg.devDependencies).toHaveProperty('ws');
  });

  it('says where Electron checks the ASAR integrity: macOS and Windows only', () => {
    const text = fs.readFileSync(path.join(ROOT, 'electron-builder.yml'), 'utf8');
    const claims = text.split('\n').filter((line) => /integrity|verified/i.test(line) && line.trim().startsWith('#'));
    expect(claims.length).toBeGreaterThan(0);
    // Linux is named only to say it has no such check.
    for (const line of claims.filter((l) => /linux/i.test(l))) expect(line).toMatch(/Linux has no/);
    expect(claims.join(' ')).toMatch(/macOS and\s+#?\s*Windows only/);
  });

  it('does not rebuild the native modules, which are N-API prebuilt runtime dependencies', () => {
    expect(config.npmRebuild).toBe(false);
    expect(config.nodeGypRebuild).toBe(false);
    expect(config.buildDependenciesFromSource).toBe(false);
    for (const native of ['better-sqlite3', '@napi-rs/keyring']) expect(pkg.dependencies, native).toHaveProperty(native);
  });

  it('has one script per platform', () => {
    expect(pkg.scripts['dist:linux']).toMatch(/electron-builder --linux\b/);
    expect(pkg.scripts['dist:win']).toMatch(/electron-builder --win\b/);
    expect(pkg.scripts['dist:mac']).toMatch(/electron-builder --mac\b/);
    for (const script of ['dist:linux', 'dist:win', 'dist:mac']) expect(pkg.scripts[script]).toMatch(/^npm run build && /);
    expect(pkg.devDependencies['electron-builder']).toMatch(/^\d+\.\d+\.\d+$/);
  });
});
