#!/usr/bin/env node
/**
 * Every unit test file is named after the module it tests and sits in the mirrored folder:
 *   src/main/outbox/reconciler.ts         → test/unit/main/outbox/reconciler.test.ts
 *   src/renderer/src/features/x/y.ts      → test/unit/renderer/features/x/y.test.ts
 *   src/main/templates/index.ts           → test/unit/main/templates.test.ts (a folder's entry point)
 *   scripts/x.mjs, test/electron-model/x.ts, test/support/x.ts → test/unit/tooling/x.test.ts
 *   verify/x.ts, bench/x.ts                → test/unit/verify/x.test.ts, test/unit/bench/x.test.ts
 * and imports that module (a file named after one module that tests another is misnamed too).
 * The few tests about a behaviour across modules rather than one module are listed in EXCEPTIONS, each
 * with the files it covers and why; an exception whose test or covered file is gone is reported as stale.
 *
 * Usage: node scripts/check-test-names.mjs [repo root] [--json]   (exit 1 when something is misnamed)
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Test files (relative to test/unit) that test a behaviour, not a module; `covers` must exist. */
export const EXCEPTIONS = {
  'main/documents/hostile-files.test.ts': {
    covers: ['src/main/documents/inspect.ts', 'src/main/documents/prepare.ts', 'src/main/documents/document-store.ts'],
    why: 'files found by the bad-files part of npm run verify (active content, absurd page counts, symbolic links, a file deleted or replaced while read) go through the whole intake path, inspection, preparation and the store together: the test is about what the path refuses, whichever stage refuses it',
  },
  'main/outbox/streamed-send.test.ts': {
    covers: ['src/main/outbox/index.ts', 'src/main/desktop/hot-folder.ts', 'src/main/api/fax-service-client.ts'],
    why: 'every path that sends (first send, the hot folder, resend, a scheduled send) hands POST /faxes a streamed body holding the stored file byte for byte: a property of the paths together, not of one module',
  },
  'packaging/electron-builder-config.test.ts': {
    covers: ['electron-builder.yml'],
    why: 'checks the packaging configuration (a YAML file, not a module) with electron-builder\'s own loader',
  },
  'tooling/lint-boundaries.test.ts': {
    covers: ['eslint.config.mjs'],
    why: 'checks the process-boundary import rules of the lint configuration (not a module)',
  },
};

/** Where test/unit/tooling/<name>.test.ts finds its module. */
const TOOLING_HOMES = ['scripts', 'test/electron-model', 'test/support'];
const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mjs', '.js'];
const TEST_FILE = /\.test\.(ts|tsx)$/;

function walk(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : [full];
  });
}

/** The module (path relative to root, with extension) a test at test/unit/<rel> mirrors, or null. */
export function mirroredModule(root, rel) {
  const stem = rel.replace(TEST_FILE, '');
  const bases = stem.startsWith('tooling/')
    ? TOOLING_HOMES.map((home) => path.posix.join(home, stem.slice('tooling/'.length)))
    : stem.startsWith('renderer/')
      ? [path.posix.join('src/renderer/src', stem.slice('renderer/'.length))]
      : stem.startsWith('verify/') || stem.startsWith('bench/')
        ? [stem] // the reliability and speed harnesses live at the root, beside src
        : [path.posix.join('src', stem)];
  for (const base of bases) {
    for (const ext of SOURCE_EXTENSIONS) if (fs.existsSync(path.join(root, base + ext))) return base + ext;
    for (const ext of SOURCE_EXTENSIONS) if (fs.existsSync(path.join(root, base, `index${ext}`))) return path.posix.join(base, `index${ext}`);
  }
  return null;
}

const IMPORT = /(?:from\s+|import\(\s*|require\(\s*)['"`](\.{1,2}\/[^'"`]+)['"`]/g;
const stripExtension = (file) => file.replace(/\.(ts|tsx|mjs|js)$/, '');

/** Resolved import targets (without extension) of a file. */
function importTargets(file) {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)].map((match) => stripExtension(path.resolve(path.dirname(file), match[1])));
}

/** A test helper an import names (a .ts file under test/), or null. */
function helperFile(root, target) {
  if (!target.startsWith(path.join(root, 'test') + path.sep)) return null;
  for (const ext of ['.ts', '.tsx']) if (fs.existsSync(target + ext)) return target + ext;
  return null;
}

/**
 * True when the test imports the module (or the index of the module's folder, the area's public entry),
 * itself or through a test helper (a harness that builds the service under test), or reaches it through an
 * area's composer (an index.ts that imports it), or runs it by path.
 */
function importsModule(root, testFile, modulePath) {
  const target = stripExtension(path.join(root, modulePath));
  const accepted = new Set([target, path.dirname(target), path.join(path.dirname(target), 'index')]);
  if (path.basename(target) === 'index') accepted.add(path.dirname(target));
  const direct = importTargets(testFile);
  const viaHelpers = direct.flatMap((t) => {
    const helper = helperFile(root, t);
    return helper ? importTargets(helper) : [];
  });
  const reached = [...direct, ...viaHelpers];
  if (reached.some((t) => accepted.has(t))) return true;
  // Or through a composer (a src/…/index.ts that builds the service the test drives): it imports the module,
  // or the service of the module's folder that runs it (src/main/background/index.ts builds sync/'s feeds
  // through sync/sync-service.ts).
  const composers = reached.map((t) => (fs.existsSync(path.join(t, 'index.ts')) ? path.join(t, 'index.ts') : path.basename(t) === 'index' && fs.existsSync(`${t}.ts`) ? `${t}.ts` : null));
  const builds = (index) => importTargets(index).some((t) => t === target || path.dirname(t) === path.dirname(target));
  if (composers.some((index) => index !== null && index.startsWith(path.join(root, 'src') + path.sep) && builds(index))) return true;
  // A script (outside src) that a tooling test runs as a child process is named by its path from the root.
  return !modulePath.startsWith('src/') && fs.readFileSync(testFile, 'utf8').includes(modulePath);
}

/** Every problem, as `{ file, problem }` with file relative to the root. */
export function checkTestNames(root) {
  const unitDir = path.join(root, 'test/unit');
  const problems = [];
  const tests = walk(unitDir).filter((f) => TEST_FILE.test(f));
  for (const file of tests) {
    const rel = path.relative(unitDir, file).split(path.sep).join('/');
    const shown = `test/unit/${rel}`;
    if (EXCEPTIONS[rel]) continue;
    const module = mirroredModule(root, rel);
    if (!module) {
      problems.push({ file: shown, problem: `no source module at the mirrored path (${mirrorHint(rel)}): name the file after the module it tests, in the mirrored folder` });
    } else if (!importsModule(root, file, module)) {
      problems.push({ file: shown, problem: `named after ${module} but does not import it` });
    }
  }
  for (const [rel, { covers }] of Object.entries(EXCEPTIONS)) {
    if (!fs.existsSync(path.join(unitDir, rel))) problems.push({ file: `test/unit/${rel}`, problem: 'listed as an exception but the file is gone: remove the exception' });
    for (const covered of covers) {
      if (!fs.existsSync(path.join(root, covered))) problems.push({ file: `test/unit/${rel}`, problem: `exception covers ${covered}, which is gone: update the exception` });
    }
  }
  return problems.sort((a, b) => a.file.localeCompare(b.file));
}

function mirrorHint(rel) {
  const stem = rel.replace(TEST_FILE, '');
  if (stem.startsWith('tooling/')) return TOOLING_HOMES.map((home) => `${home}/${stem.slice('tooling/'.length)}.*`).join(', ');
  if (stem.startsWith('renderer/')) return `src/renderer/src/${stem.slice('renderer/'.length)}.ts(x)`;
  return `src/${stem}.ts(x)`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const root = path.resolve(args.find((a) => !a.startsWith('--')) ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
  const problems = checkTestNames(root);
  if (args.includes('--json')) {
    process.stdout.write(`${JSON.stringify(problems)}\n`);
  } else {
    for (const { file, problem } of problems) process.stdout.write(`${file}: ${problem}\n`);
    if (problems.length > 0) process.stdout.write(`${problems.length} test file(s) not named after the module they test.\n`);
  }
  process.exitCode = problems.length > 0 ? 1 : 0;
}
