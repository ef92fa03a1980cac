import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import { cspMetaTag } from './scripts/vite-csp';
import { CALL_NAMES, EVENT_NAMES } from './src/shared/ipc/contract';

// The preload and the bridge shim only need the contract's names: they are injected at build time,
// so zod and the schemas never reach the sandboxed preload.
const contractNames = {
  __FAXDESK_CALLS__: JSON.stringify(CALL_NAMES),
  __FAXDESK_EVENTS__: JSON.stringify(EVENT_NAMES),
};

export default defineConfig({
  main: {
    build: {
      externalizeDeps: true,
      rollupOptions: { input: { index: resolve(__dirname, 'src/main/index.ts') } },
    },
  },
  preload: {
    define: contractNames,
    build: {
      // A sandboxed preload cannot require packages: bundle everything, CommonJS, only `electron` external.
      externalizeDeps: false,
      isolatedEntries: true,
      rollupOptions: {
        input: { index: resolve(__dirname, 'src/preload/index.ts') },
        external: ['electron'],
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src/renderer'),
    plugins: [react(), cspMetaTag()],
    build: {
      rollupOptions: { input: { index: resolve(__dirname, 'src/renderer/index.html') } },
    },
  },
});
