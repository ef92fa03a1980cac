// The closing lines of `npm test`, from vitest's JSON report: each tier's time, then one plain total line
// that any CI can read. Tiers run side by side in one vitest run, so a tier's "busy" time is the sum of
// its files' durations and its "span" is from its first file's start to its last file's end.
// A file whose tests were all skipped never ran: vitest stamps it with the run's start time, which would
// stretch its tier's span back to the start of the run (the e2e span once counted the unit and
// integration tiers before it that way), so it counts towards files and tests but not towards the span.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const report = JSON.parse(fs.readFileSync(path.resolve(process.argv[2]), 'utf8'));
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tiers = new Map();
let runStart = Infinity;
let runEnd = 0;
for (const file of report.testResults) {
  const relative = path.relative(root, file.name).split(path.sep);
  const tier = relative[0] === 'test' && relative.length > 2 ? relative[1] : relative[0];
  const t = tiers.get(tier) ?? { files: 0, tests: 0, failed: 0, busy: 0, start: Infinity, end: 0 };
  t.files += 1;
  t.tests += file.assertionResults.length;
  t.failed += file.assertionResults.filter((a) => a.status === 'failed').length;
  const ran = file.assertionResults.length === 0 || file.assertionResults.some((a) => a.status !== 'skipped' && a.status !== 'pending' && a.status !== 'todo');
  if (ran) {
    t.busy += Math.max(0, file.endTime - file.startTime);
    t.start = Math.min(t.start, file.startTime);
    t.end = Math.max(t.end, file.endTime);
    runStart = Math.min(runStart, file.startTime);
    runEnd = Math.max(runEnd, file.endTime);
  }
  tiers.set(tier, t);
}
const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;
for (const [tier, t] of [...tiers].sort((a, b) => b[1].busy - a[1].busy)) {
  const span = t.end > t.start ? t.end - t.start : 0;
  console.log(`tier ${tier.padEnd(12)} ${String(t.files).padStart(4)} files ${String(t.tests).padStart(5)} tests ${String(t.failed).padStart(3)} failed   busy ${seconds(t.busy).padStart(6)}   span ${seconds(span).padStart(6)}`);
}
if (runEnd > runStart) console.log(`first test file's start to last one's end: ${seconds(runEnd - runStart)}`);
const skipped = (report.numPendingTests || 0) + (report.numTodoTests || 0);
console.log(`tests: ${report.numPassedTests} passed, ${report.numFailedTests} failed` + (skipped ? `, ${skipped} skipped` : ''));
