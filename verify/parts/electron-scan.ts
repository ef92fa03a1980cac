/**
 * Electron security scan: Electronegativity over the sources (src/) and the built app (out/, built as
 * the end-to-end tests build it), offline. Every finding must be fixed or explained in SECURITY.md's
 * table of remaining findings (matched by check and file), so a new finding fails the row until someone
 * fixes or explains it. SECURITY.md's Electron checklist must name, for each of its 20 items, a test
 * that exists: the part opens each test file and looks for the test's name.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureWebBuild, ROOT } from '../../scripts/build-web';
import { percentRow, zeroRow } from '../support/rows';
import type { VerifyContext, VerifyPart, VerifyRow } from '../part';

const PART = 'Electron scan';
/** Needs the internet (Electron's release list); item 16 of the checklist is handled by the version pin instead. */
const SKIPPED_CHECKS = ['availablesecurityfixesglobalcheck'];
export const SECURITY_MD = path.join(ROOT, 'SECURITY.md');
const CHECKLIST_ITEMS = 20;

export interface Finding {
  id: string;
  /** Relative to the repository: src/main/electron/window.ts, out/main/index.js. */
  file: string;
  line: number;
  severity: string;
  description: string;
}

interface ScanOutput {
  files: number;
  parseErrors: { file: string; message: string }[];
  refusedHosts: string[];
  findings: Omit<Finding, 'file'>[] & { file: string }[];
}

export const electronScan: VerifyPart = {
  name: PART,
  async run(context: VerifyContext): Promise<VerifyRow[]> {
    await buildApp(context);
    const electronVersion = (JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', 'electron', 'package.json'), 'utf8')) as { version: string }).version;
    const scans = await Promise.all(['src', 'out'].map(async (root) => ({ root, output: await scanFolder(path.join(ROOT, root), electronVersion) })));
    const findings: Finding[] = scans.flatMap(({ root, output }) =>
      (output.findings as unknown as Finding[]).map((f) => ({ id: f.id, file: `${root}/${f.file}`, line: f.line, severity: f.severity, description: f.description })),
    );
    const parseErrors = scans.flatMap(({ root, output }) => output.parseErrors.map((e) => `${root}/${path.relative(path.join(ROOT, root), e.file)}: ${e.message}`));
    const files = scans.reduce((sum, s) => sum + s.output.files, 0);

    const security = fs.readFileSync(SECURITY_MD, 'utf8');
    const explained = explainedFindings(security);
    const unexplained = findings.filter((f) => !explained.some((e) => e.id === f.id && e.file === f.file));
    const stale = explained.filter((e) => !findings.some((f) => f.id === e.id && f.file === e.file));
    const checklist = checklistProofs(security);
    const proven = checklist.filter((item) => item.problem === null);
    return [
      zeroRow(
        PART,
        'findings neither fixed nor explained in SECURITY.md (src + out)',
        files,
        unexplained.length,
        unexplained.length
          ? unexplained.map((f) => `${f.id} ${f.file}:${f.line} (${f.description})`).join('; ')
          : `${findings.length} findings, each explained${stale.length ? `; explained but no longer found: ${stale.map((e) => `${e.id} ${e.file}`).join(', ')}` : ''}`,
      ),
      zeroRow(PART, 'files the scanner could not parse (would hide findings)', files, parseErrors.length, parseErrors.slice(0, 5).join('; ') || undefined),
      percentRow(
        PART,
        'Electron checklist items with where enforced and an existing test that proves it',
        CHECKLIST_ITEMS,
        Math.min(proven.length, CHECKLIST_ITEMS),
        checklist.filter((i) => i.problem).map((i) => `item ${i.number}: ${i.problem}`).join('; ') || undefined,
      ),
    ];
  },
};

/** The app as the e2e setup builds it (electron-vite build), rebuilt when main's sources are newer than out/main. */
async function buildApp(context: VerifyContext): Promise<void> {
  const built = fs.statSync(path.join(ROOT, 'out', 'main', 'index.js'), { throwIfNoEntry: false })?.mtimeMs ?? 0;
  const newest = (dir: string): number =>
    fs.readdirSync(dir, { withFileTypes: true }).reduce((max, e) => Math.max(max, e.isDirectory() ? newest(path.join(dir, e.name)) : fs.statSync(path.join(dir, e.name)).mtimeMs), 0);
  const stale = built < Math.max(newest(path.join(ROOT, 'src', 'main')), newest(path.join(ROOT, 'src', 'preload')));
  await ensureWebBuild({ force: stale, log: context.log });
}

function scanFolder(folder: string, electronVersion: string): Promise<ScanOutput> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, '..', 'electron-scan', 'scan-child.ts'), folder, electronVersion, SKIPPED_CHECKS.join(',')], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('close', (code) => {
      // Its last line is the JSON; it prints a notice about translations before.
      const last = stdout.trim().split('\n').pop() ?? '';
      if (code !== 0 || !last.startsWith('{')) reject(new Error(`Electronegativity failed on ${folder} (exit ${code}): ${stderr.slice(-2000)}`));
      else resolve(JSON.parse(last) as ScanOutput);
    });
  });
}

/** SECURITY.md's table of remaining findings: | `CHECK_ID` | `path` | why |. */
export function explainedFindings(markdown: string): { id: string; file: string; why: string }[] {
  const section = sectionOf(markdown, 'Electronegativity findings');
  return [...section.matchAll(/^\|\s*`?([A-Z0-9_]+)`?\s*\|\s*`?([^|`]+?)`?\s*\|\s*([^|]+?)\s*\|\s*$/gm)]
    .filter((m) => m[1] !== 'Check')
    .map((m) => ({ id: m[1]!, file: m[2]!.trim(), why: m[3]!.trim() }))
    .filter((e) => e.why.length >= 20);
}

/** SECURITY.md's checklist: each row's "Enforced in" must name files that exist, "Proven by" tests that exist. */
export function checklistProofs(markdown: string): { number: number; problem: string | null }[] {
  const section = sectionOf(markdown, 'Electron security checklist');
  const rows = [...section.matchAll(/^\|\s*(\d+)\s*\|([^|]*)\|([^|]*)\|([^|]*)\|\s*$/gm)];
  const out: { number: number; problem: string | null }[] = [];
  for (let n = 1; n <= CHECKLIST_ITEMS; n++) {
    const row = rows.find((r) => Number(r[1]) === n);
    if (!row) {
      out.push({ number: n, problem: 'missing from SECURITY.md' });
      continue;
    }
    const enforced = [...row[3]!.matchAll(/`([^`]+\.(?:ts|tsx|json|mjs|yml|html))`/g)].map((m) => m[1]!);
    const proofs = [...row[4]!.matchAll(/`(test\/[^`]+\.test\.ts)`\s*›\s*"([^"]+)"/g)].map((m) => ({ file: m[1]!, name: m[2]! }));
    const missingFile = enforced.find((file) => !fs.existsSync(path.join(ROOT, file)));
    const missingProof = proofs.find((p) => !fs.existsSync(path.join(ROOT, p.file)) || !fs.readFileSync(path.join(ROOT, p.file), 'utf8').includes(p.name));
    const problem =
      enforced.length === 0
        ? 'no file where it is enforced'
        : missingFile
          ? `${missingFile} does not exist`
          : proofs.length === 0
            ? 'no test named'
            : missingProof
              ? `no test "${missingProof.name}" in ${missingProof.file}`
              : null;
    out.push({ number: n, problem });
  }
  return out;
}

function sectionOf(markdown: string, heading: string): string {
  const start = markdown.search(new RegExp(`^##\\s+${heading}`, 'm'));
  if (start < 0) return '';
  const rest = markdown.slice(start + 3);
  const end = rest.search(/^##\s/m);
  return end < 0 ? rest : rest.slice(0, end);
}
