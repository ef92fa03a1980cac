/** Builds the designer's test page with Vite and serves it on 127.0.0.1 (used by header-designer.test.ts). */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

const HARNESS_DIR = __dirname;
const CONTENT_TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };

export async function buildHarness(outDir: string): Promise<void> {
  await build({
    configFile: false,
    root: HARNESS_DIR,
    base: './',
    logLevel: 'warn',
    plugins: [react()],
    // Chromium needs no modulepreload polyfill (and it does not resolve when Vite is loaded as CommonJS).
    build: { outDir, emptyOutDir: true, minify: false, modulePreload: { polyfill: false } },
  });
}

/** Serves the files of `dir` read-only on 127.0.0.1, on a free port. */
export function serveFolder(dir: string): Promise<{ url: string; server: http.Server }> {
  const root = path.resolve(dir);
  const server = http.createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://127.0.0.1').pathname);
    const file = path.resolve(root, '.' + (pathname === '/' ? '/index.html' : pathname));
    if (!file.startsWith(root + path.sep) || !fs.statSync(file, { throwIfNoEntry: false })?.isFile()) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server }));
  });
}
