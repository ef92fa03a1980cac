// Lint: TypeScript rules everywhere, plus the process boundaries of DESIGN.md §1 as import rules.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const NODE_BUILTINS = [
  'assert', 'buffer', 'child_process', 'cluster', 'crypto', 'dgram', 'dns', 'events', 'fs', 'fs/promises', 'http',
  'http2', 'https', 'net', 'os', 'path', 'perf_hooks', 'process', 'readline', 'stream', 'tls', 'url', 'util', 'v8',
  'vm', 'worker_threads', 'zlib',
];
const nodeImports = [{ group: ['node:*'], message: 'Node modules are not available here.' }];
const nodeNames = NODE_BUILTINS.map((name) => ({ name, message: 'Node modules are not available here.' }));

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', '.tools/**', '.tmp/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    // The renderer is untrusted web content: no Node, no Electron, no main-process code.
    files: ['src/renderer/**/*.{ts,tsx}', 'src/preload/bridge-shim.ts'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [...nodeNames, { name: 'electron', message: 'The renderer talks to main only through window.faxdesk.' }],
          patterns: [
            ...nodeImports,
            { group: ['**/main/**', '**/src/main', '**/emulator/**'], message: 'The renderer may not import main-process or emulator code.' },
          ],
        },
      ],
    },
  },
  {
    // src/shared is pure: imported by main, preload, renderer and emulator alike.
    files: ['src/shared/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [...nodeNames, { name: 'electron', message: 'src/shared must not depend on Electron.' }, { name: 'react', message: 'src/shared must not depend on the UI.' }],
          patterns: [
            ...nodeImports,
            { group: ['**/main/**', '**/renderer/**', '**/preload/**', '**/emulator/**'], message: 'src/shared may only import src/shared and pure packages.' },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'window', 'document', 'navigator', 'process', 'Buffer', 'require', '__dirname'],
    },
  },
  {
    // The sandboxed preload may import only electron (everything else is bundled from src/shared).
    files: ['src/preload/index.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...nodeImports, { group: ['zod', 'zod/*'], message: 'Keep zod out of the sandboxed preload.' }] }],
    },
  },
  {
    // The Sandbox emulator is a fax service of its own (`npm run emulator` runs it alone): it shares
    // only src/shared and src/pdf-text with the app, never main's code.
    files: ['src/emulator/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'The emulator runs without Electron.' }],
          patterns: [{ group: ['**/main', '**/main/**', '**/renderer/**', '**/preload/**'], message: 'The emulator may import only src/shared and src/pdf-text.' }],
        },
      ],
    },
  },
  {
    // PDF text drawing (fonts, fallback, bidi runs): Node code both main and the emulator import.
    files: ['src/pdf-text/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'src/pdf-text runs under plain Node.' }],
          patterns: [{ group: ['**/main/**', '**/src/main', '**/renderer/**', '**/preload/**', '**/emulator', '**/emulator/**'], message: 'src/pdf-text may import only src/shared and packages.' }],
        },
      ],
    },
  },
  {
    // Electron is confined to the entry and the adapters folder.
    files: ['src/main/**/*.ts'],
    ignores: ['src/main/index.ts', 'src/main/electron/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'electron', message: 'Only src/main/index.ts and src/main/electron/ may import Electron; use a port.' }] }],
    },
  },
);
