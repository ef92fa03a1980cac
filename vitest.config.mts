import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/** End-to-end files that change process-wide state no later file may see: a process of their own (the e2e projects below). */
const E2E_OWN_PROCESS = ['test/e2e/office.test.ts', 'test/e2e/office-screenshots.test.ts'];

/** Chromium through the browser bridge (test/e2e). */
function e2eProject(name: string, test: { include?: string[]; exclude?: string[]; isolate?: boolean }): TestProjectInlineConfiguration {
  return {
    extends: true,
    test: {
      name,
      include: ['test/e2e/**/*.test.ts'],
      globalSetup: ['test/e2e/support/global-setup.ts'],
      setupFiles: ['test/e2e/support/csp-guard.ts', 'test/support/net-rules-guard.ts'],
      environment: 'node',
      testTimeout: 120_000,
      hookTimeout: 180_000,
      // Two files at a time, in a group of their own (after unit + integration, before verify +
      // electron). Each file has its own Chromium, data folder, harness, bridge and Sandbox, on ports
      // the system picks, so no file sees another's; their waits are for what the app does (30 s
      // budgets), not for a time. One file at a time left a core idle while a file waited on its browser.
      maxWorkers: 2,
      sequence: { groupOrder: 1 },
      // An expect.poll without options waited 1 s (Vitest's default) for a click's effect to reach the
      // page through the bridge: two Chromiums and the cores on a loaded 2-core CI machine take longer.
      // The e2e budget for what the app does by itself (WAIT) instead; a poll ends as soon as it holds.
      expect: { poll: { timeout: 30_000 } },
      ...test,
    },
  };
}

// Five tiers: unit (pure, fast), integration (real emulator over HTTP, real SQLite, real keyring),
// verify (CI-sized reliability and security figures), electron (the shipped app under the Electron
// model), e2e (Chromium through the browser bridge).
// `npm test` runs them all.
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: a single worker on a 2-core CI machine, which
    // ran every file one after another. Unit and integration files run two at a time; then the e2e files,
    // two at a time, as a group of their own (sequence.groupOrder 1); then verify (two at a time) and electron
    // (one file at a time: fileParallelism: false).
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          // One module registry per worker, not per file: the 193 files spent 27 % of their time importing
          // (unit alone: 87 s isolated, 49 s not). Files restore what they change (TZ, timers, env), and
          // the tier passes with its files shuffled (--sequence.shuffle.files).
          isolate: false,
          setupFiles: ['test/support/net-rules-guard.ts'],
          // A cap, not a speed check: on a loaded 2-core CI machine the electron-builder schema check and
          // the lint-boundary runs took 6-8 s and failed the default 5 s (speed is measured by npm run bench).
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          // As unit: alone, 112 s isolated and 62 s not; each file starts its own emulator, folder and
          // core on ports the system picks, and closes them in its after-hooks.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // A request Electron's net.fetch would refuse fails the test (test/electron-model/net-fetch-rules.ts).
          setupFiles: ['test/support/net-rules-guard.ts'],
        },
      },
      {
        // CI-sized runs of `npm run verify`'s parts (crash points, fault soak, IPC fuzz, bad files,
        // secret canaries, Electron scan): each fails when a row misses its target.
        extends: true,
        test: {
          name: 'verify',
          include: ['test/verify/**/*.test.ts'],
          environment: 'node',
          testTimeout: 600_000,
          hookTimeout: 120_000,
          // Two files at a time, like the other tiers: they assert counts (lost, duplicated, leaked), never
          // times, and one at a time left a core idle while a file waited on its children.
        },
      },
      {
        // The shipped app (built out/, staged as electron-builder packs it) under the Electron model
        // (test/electron-model): npm run test:electron.
        extends: true,
        test: {
          name: 'electron',
          include: ['test/electron/**/*.test.ts'],
          globalSetup: ['test/electron/global-setup.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      // Two projects, one group (sequence.groupOrder 1): they share its two workers. Vitest orders a
      // group's files by project name first, so the files that need a process of their own (among them
      // the longest, office.test.ts) start first, beside the others, and not alone at the end.
      // Files that change what a process reads once (TZ, the D-Bus session address libdbus caches on a
      // first keychain call) need a process of their own.
      e2eProject('e2e-own-process', { include: E2E_OWN_PROCESS }),
      e2eProject('e2e-shared-process', {
        exclude: [...configDefaults.exclude, ...E2E_OWN_PROCESS],
        // One module registry per worker, not per file: the files stop importing playwright-core, the
        // core and vite again each (this tier alone, in order: a 241-s span; in full runs the gain was
        // within the machine's spread). Each file still has its own Chromium, data folder, harness,
        // bridge and Sandbox.
        isolate: false,
      }),
    ],
  },
});
