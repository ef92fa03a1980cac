/**
 * scripts/check-test-names.mjs: every unit test file is named after the module it tests, in the mirrored
 * folder (issue 27). Run on this checkout it must find nothing; run on a small made-up tree it must find
 * each kind of misnamed file, so a new one fails CI.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../../..');
const SCRIPT = path.join(ROOT, 'scripts/check-test-names.mjs');

interface Problem {
  file: string;
  problem: string;
}

/** Runs the checker on `root`; its exit code must agree with what it printed. */
function check(root: string): Problem[] {
  try {
    const out = execFileSync(process.execPath, [SCRIPT, root, '--json'], { encoding: 'utf8' });
    const problems = JSON.parse(out) as Problem[];
    expect(problems).toEqual([]);
    return problems;
  } catch (error) {
    const failed = error as { status?: number; stdout?: string };
    if (failed.status !== 1 || failed.stdout === undefined) throw error;
    return JSON.parse(failed.stdout) as Problem[];
  }
}

let tree: string | null = null;
afterEach(() => {
  if (tree) fs.rmSync(tree, { recursive: true, force: true });
  tree = null;
});

function write(root: string, files: Record<string, string>): void {
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
}

describe('test files named after the module they test', () => {
  it('this checkout has none that is not (a new misnamed file fails here)', () => {
    const problems = check(ROOT);
    expect(problems.map((p) => `${p.file}: ${p.problem}`)).toEqual([]);
  });

  it('finds a file with no module at its mirrored path, one named after a module it does not import, and a test in the wrong folder', () => {
    tree = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-test-names-'));
    write(tree, {
      'src/main/outbox/reconciler.ts': 'export const x = 1;\n',
      'src/main/outbox/csv.ts': 'export const y = 1;\n',
      'src/renderer/src/features/outbox/rows.ts': 'export const z = 1;\n',
      'test/unit/main/outbox/reconciler.test.ts': "import { x } from '../../../../src/main/outbox/reconciler';\n",
      'test/unit/main/outbox/rules.test.ts': "import { x } from '../../../../src/main/outbox/reconciler';\n",
      'test/unit/main/outbox/csv.test.ts': "import { x } from '../../../../src/main/outbox/reconciler';\n",
      'test/unit/renderer/outbox/rows.test.ts': "import { z } from '../../../../src/renderer/src/features/outbox/rows';\n",
      'test/unit/renderer/features/outbox/rows.test.ts': "import { z } from '../../../../../src/renderer/src/features/outbox/rows';\n",
    });
    // This checkout's exceptions are not in the made-up tree (each is reported as gone): left out here.
    const problems = check(tree).filter((p) => !/exception/.test(p.problem));
    expect(problems).toEqual([
      { file: 'test/unit/main/outbox/csv.test.ts', problem: 'named after src/main/outbox/csv.ts but does not import it' },
      { file: 'test/unit/main/outbox/rules.test.ts', problem: expect.stringContaining('no source module at the mirrored path (src/main/outbox/rules.ts(x))') },
      { file: 'test/unit/renderer/outbox/rows.test.ts', problem: expect.stringContaining('no source module at the mirrored path (src/renderer/src/outbox/rows.ts(x))') },
    ]);
  });

  it('accepts a module reached through a test helper or its folder\'s index, and a tooling test of a script; reports an exception that went stale', () => {
    tree = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-test-names-'));
    write(tree, {
      'src/main/inbox/inbox-service.ts': 'export const s = 1;\n',
      'src/main/inbox/index.ts': "export { s } from './inbox-service';\n",
      'src/main/sync/index.ts': "export { s } from '../inbox/inbox-service';\n",
      'src/main/templates/templates-service.ts': 'export const t = 1;\n',
      'src/main/templates/index.ts': "export { t } from './templates-service';\n",
      'scripts/check-test-names.mjs': '',
      'test/unit/main/sync/sync-fixtures.ts': "export { s } from '../../../../src/main/sync';\n",
      'test/unit/main/inbox/inbox-service.test.ts': "import { s } from '../sync/sync-fixtures';\n",
      'test/unit/main/templates/templates-service.test.ts': "import { t } from '../../../../src/main/templates';\n",
      'test/unit/tooling/check-test-names.test.ts': "const SCRIPT = 'scripts/check-test-names.mjs';\n",
    });
    const problems = check(tree);
    // The made-up tree has none of this checkout's exceptions: each is reported as gone, nothing else.
    expect(problems.length).toBeGreaterThan(0);
    for (const p of problems) expect(p.problem).toMatch(/^listed as an exception but the file is gone|^exception covers /);
    expect(problems.map((p) => p.file)).not.toContain('test/unit/main/inbox/inbox-service.test.ts');
  });
});
