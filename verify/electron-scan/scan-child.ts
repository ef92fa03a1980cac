/**
 * Runs Electronegativity over one folder in a process of its own (it brings eslint 7 and TypeScript 4
 * along) and prints one JSON line: its findings and the files it could not parse. The CLI cannot be
 * used as is: with an output file it drops its parse errors silently (a file it cannot read would look
 * clean), and at start it fetches translations from the internet; offline.ts refuses that.
 *
 * Usage: node --import tsx verify/electron-scan/scan-child.ts <folder> <electron version> <checks to skip, comma-separated>
 */
import { createRequire } from 'node:module';
import { goOffline } from '../support/offline';

interface EngIssue {
  id: string;
  file: string;
  location: { line: number; column: number };
  severity: { name: string };
  confidence: { name: string };
  sample?: string;
  description?: string;
  manualReview?: boolean;
}

const require = createRequire(import.meta.url);

async function main(): Promise<void> {
  const [input, electronVersion, skip = ''] = process.argv.slice(2);
  if (!input || !electronVersion) throw new Error('usage: scan-child.ts <folder> <electron version> [checks to skip]');
  const offline = goOffline();
  // The package's main module is the runner function itself (module.exports = exports.default).
  const run = require('@doyensec/electronegativity') as (options: object, forCli: boolean) => Promise<unknown>;
  const { Parser } = require('@doyensec/electronegativity/dist/parser') as { Parser: new (babelFirst: boolean, tsBabelFirst: boolean) => { parse(file: string, content: Buffer): unknown[] } };
  const { LoaderDirectory } = require('@doyensec/electronegativity/dist/loader') as { LoaderDirectory: new () => { load(dir: string): Promise<void>; list_files: Iterable<string>; load_buffer(file: string): Buffer } };
  const util = require('@doyensec/electronegativity/dist/util') as { writeIssues?: unknown };

  // The runner writes its findings through util.writeIssues; catch them there instead of in a file.
  let issues: EngIssue[] = [];
  Object.defineProperty(util, 'writeIssues', {
    configurable: true,
    value: (_input: string, _relative: boolean, _output: string, found: EngIssue[]) => {
      issues = found;
    },
  });

  // The runner's parse errors are printed only in CLI mode; parse every file the same way to count them.
  const loader = new LoaderDirectory();
  await loader.load(input);
  const parser = new Parser(false, true);
  const parseErrors: { file: string; message: string }[] = [];
  let files = 0;
  for (const file of loader.list_files) {
    files += 1;
    try {
      parser.parse(file, loader.load_buffer(file));
    } catch (error) {
      parseErrors.push({ file, message: error instanceof Error ? error.message.split('\n')[0]! : String(error) });
    }
  }

  await run(
    {
      input,
      output: 'findings.csv',
      isSarif: false,
      customScan: [],
      excludeFromScan: skip ? skip.split(',') : [],
      isRelative: true,
      isVerbose: false,
      electronVersionOverride: electronVersion,
      parserPlugins: [],
    },
    false,
  );
  process.stdout.write(
    JSON.stringify({
      files,
      parseErrors,
      refusedHosts: offline.refusedHosts,
      findings: issues.map((i) => ({
        id: i.id,
        file: i.file,
        line: i.location.line,
        column: i.location.column,
        severity: i.severity.name,
        confidence: i.confidence.name,
        manualReview: !!i.manualReview,
        sample: (i.sample ?? '').slice(0, 200),
        description: i.description ?? '',
      })),
    }) + '\n',
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
