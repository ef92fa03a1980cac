/**
 * The browser bridge: serves the built renderer and the same handler table as ipcMain, over a
 * WebSocket, on 127.0.0.1 only. It is transport, not logic: every call goes through the core's gate.
 *
 * Guards: a random per-launch token on the WebSocket (compared in constant time), and the Host and
 * Origin headers must name this very server, so a web page elsewhere cannot reach it (DNS rebinding).
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Dispatch } from '../ipc/gate';
import type { EventBus } from '../ipc/events';
import type { Logger } from '../platform/logger';
import { contentSecurityPolicy } from '../security/csp';

export const BRIDGE_PREFIX = '/__faxdesk';
const MAX_MESSAGE_BYTES = 200 * 1024 * 1024; // a compose with 100 MB of documents, base64-encoded

export interface BridgeOptions {
  dispatch: Dispatch;
  events: EventBus;
  rendererDir: string;
  shimFile: string;
  logger: Logger;
  port?: number;
  token?: string;
}

export interface RunningBridge {
  url: string;
  port: number;
  token: string;
  close(): Promise<void>;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};

export async function startBridge(options: BridgeOptions): Promise<RunningBridge> {
  const token = options.token ?? randomBytes(24).toString('base64url');
  const tokenBytes = Buffer.from(token);
  const rendererRoot = path.resolve(options.rendererDir);
  const sockets = new Set<WebSocket>();
  let port = 0;

  const allowedHosts = () => new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  const allowedOrigins = () => new Set([`http://127.0.0.1:${port}`, `http://localhost:${port}`]);

  const server = http.createServer((req, res) => {
    if (!allowedHosts().has(req.headers.host ?? '')) {
      res.writeHead(403, { 'Content-Type': 'text/plain' }).end('Faxdesk refuses requests for another host name.');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    const headers: Record<string, string> = {
      'Content-Security-Policy': contentSecurityPolicy({ connectSrc: [`ws://127.0.0.1:${port}`, `ws://localhost:${port}`] }),
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'Cache-Control': 'no-store',
    };
    if (url.pathname === '/favicon.ico') {
      // Browsers ask for it unprompted; the app has no favicon (its icon lives in the window and tray).
      res.writeHead(204, headers).end();
      return;
    }
    if (url.pathname === `${BRIDGE_PREFIX}/shim.js`) {
      serveFile(res, options.shimFile, headers);
      return;
    }
    if (url.pathname === '/' || url.pathname === '/index.html') {
      let html: string;
      try {
        html = fs.readFileSync(path.join(rendererRoot, 'index.html'), 'utf8');
      } catch {
        res.writeHead(500, { 'Content-Type': 'text/plain' }).end('The renderer is not built. Run `npm run web` again.');
        return;
      }
      // The shim defines window.faxdesk before the app's module script runs.
      const injected = html.replace(/<script\b/, `<script src="${BRIDGE_PREFIX}/shim.js"></script>\n    <script`);
      res.writeHead(200, { ...headers, 'Content-Type': CONTENT_TYPES['.html']! }).end(req.method === 'HEAD' ? undefined : injected);
      return;
    }
    let relative: string;
    try {
      relative = decodeURIComponent(url.pathname);
    } catch {
      res.writeHead(400).end();
      return;
    }
    const file = path.resolve(rendererRoot, '.' + relative);
    if (!file.startsWith(rendererRoot + path.sep)) {
      res.writeHead(404).end();
      return;
    }
    serveFile(res, file, headers);
  });

  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  server.on('upgrade', (req, socket, head) => {
    const reject = (status: number, text: string) => {
      socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    };
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    if (url.pathname !== `${BRIDGE_PREFIX}/ws`) return reject(404, 'Not Found');
    if (!allowedHosts().has(req.headers.host ?? '')) return reject(403, 'Forbidden');
    if (!allowedOrigins().has(req.headers.origin ?? '')) return reject(403, 'Forbidden');
    const given = Buffer.from(url.searchParams.get('token') ?? '');
    if (given.length !== tokenBytes.length || !timingSafeEqual(given, tokenBytes)) {
      options.logger.warn('bridge: WebSocket refused (missing or wrong token)');
      return reject(401, 'Unauthorized');
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
  });

  wss.on('connection', (ws: WebSocket) => {
    sockets.add(ws);
    ws.on('close', () => sockets.delete(ws));
    ws.on('message', async (data) => {
      let message: { type?: unknown; id?: unknown; channel?: unknown; input?: unknown };
      try {
        message = JSON.parse(data.toString());
      } catch {
        ws.send(JSON.stringify({ type: 'error', message: 'The bridge received a message that is not JSON.' }));
        return;
      }
      if (message?.type !== 'call' || typeof message.id !== 'number') {
        ws.send(JSON.stringify({ type: 'error', message: 'The bridge expects {type:"call", id, channel, input}.' }));
        return;
      }
      const result = await options.dispatch(String(message.channel), message.input);
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ type: 'result', id: message.id, result }));
    });
  });

  const unsubscribe = options.events.subscribe((event, payload) => {
    const text = JSON.stringify({ type: 'event', event, payload });
    for (const ws of sockets) if (ws.readyState === ws.OPEN) ws.send(text);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}/?token=${token}`,
    port,
    token,
    async close() {
      unsubscribe();
      for (const ws of sockets) ws.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function serveFile(res: http.ServerResponse, file: string, headers: Record<string, string>): void {
  fs.stat(file, (error, stat) => {
    if (error || !stat.isFile()) {
      res.writeHead(404, { ...headers, 'Content-Type': 'text/plain' }).end('Not found');
      return;
    }
    res.writeHead(200, {
      ...headers,
      'Content-Type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
      'Content-Length': String(stat.size),
    });
    fs.createReadStream(file).pipe(res);
  });
}
