/**
 * `tsx test/electron-model/stage-cli.ts <project> <into>`: stages the app (stage-app.ts) in a process of
 * its own. electron-builder's helpers hook the exit of the process they run in (temporary-folder
 * clean-up), which would overwrite a test runner's exit code.
 */
import { stageApp } from './stage-app';

const [root, into] = process.argv.slice(2);
if (!root || !into) {
  process.stderr.write('usage: stage-cli.ts <project folder> <into folder>\n');
  process.exit(2);
}
stageApp(root, into).then(
  (staged) => process.stdout.write(`${JSON.stringify(staged)}\n`),
  (error: unknown) => {
    process.stderr.write(`staging failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
