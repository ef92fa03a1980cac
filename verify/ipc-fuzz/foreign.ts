/**
 * Connections to the browser bridge from where it must not take calls: a page on another origin (a
 * browser sends its Origin), a DNS-rebinding page (right origin, foreign Host), a script that does not
 * know the per-launch token, and fast-check's own origins. Each must be refused before the WebSocket
 * opens; if one opens, a call is tried on it to show what it could do.
 */
import http from 'node:http';
import fc from 'fast-check';
import { WebSocket } from 'ws';
import type { RunningBridge } from '../../src/main/bridge/server';

export interface ForeignAttempt {
  what: string;
  refused: boolean;
  outcome: string;
}

interface Attempt {
  what: string;
  path?: string;
  token?: string | null;
  origin?: string | null;
  host?: string;
}

function attemptsFor(bridge: RunningBridge, runs: number, seed: number): Attempt[] {
  const port = bridge.port;
  const other = 'A'.repeat(bridge.token.length);
  const fixed: Attempt[] = [
    { what: 'no token', token: null },
    { what: 'a wrong token of the right length', token: other },
    { what: 'a wrong token, shorter', token: bridge.token.slice(0, -1) },
    { what: 'the token with a suffix', token: `${bridge.token}x` },
    { what: 'no Origin header', origin: null },
    { what: 'Origin "null" (a sandboxed frame or file://)', origin: 'null' },
    { what: 'Origin of another site', origin: 'https://evil.example' },
    { what: 'Origin of another local port', origin: `http://127.0.0.1:${port + 1}` },
    { what: 'Origin with https', origin: `https://127.0.0.1:${port}` },
    { what: 'Origin look-alike', origin: `http://127.0.0.1:${port}.evil.example` },
    { what: 'DNS rebinding (foreign Host, matching Origin)', host: `evil.example:${port}`, origin: `http://evil.example:${port}` },
    { what: 'foreign Host with the right Origin', host: `evil.example:${port}` },
    { what: 'another path', path: '/ws' },
  ];
  const origins = fc.sample(fc.webUrl(), { numRuns: runs, seed }).map((url) => new URL(url).origin);
  return [...fixed, ...origins.map((origin): Attempt => ({ what: `Origin ${origin}`, origin }))];
}

/** Opens a WebSocket as described; resolves with whether the upgrade was refused. */
function tryConnect(bridge: RunningBridge, attempt: Attempt): Promise<ForeignAttempt> {
  const token = attempt.token === undefined ? bridge.token : attempt.token;
  const query = token === null ? '' : `?token=${encodeURIComponent(token)}`;
  const url = `ws://127.0.0.1:${bridge.port}${attempt.path ?? '/__faxdesk/ws'}${query}`;
  const headers: Record<string, string> = {};
  if (attempt.host) headers['Host'] = attempt.host;
  const origin = attempt.origin === undefined ? `http://127.0.0.1:${bridge.port}` : attempt.origin;
  const ws = new WebSocket(url, { headers, ...(origin === null ? {} : { origin }) });
  return new Promise((resolve) => {
    const done = (refused: boolean, outcome: string) => {
      ws.removeAllListeners();
      ws.on('error', () => undefined);
      ws.terminate();
      resolve({ what: attempt.what, refused, outcome });
    };
    ws.once('unexpected-response', (_req, res: http.IncomingMessage) => done(true, `HTTP ${res.statusCode}`));
    ws.once('error', (error) => done(true, error.message));
    ws.once('open', () => {
      ws.once('message', (data) => done(false, `connected and answered ${data.toString().slice(0, 80)}`));
      ws.send(JSON.stringify({ type: 'call', id: 1, channel: 'app:info' }));
      setTimeout(() => done(false, 'connected'), 2000);
    });
  });
}

/** Plain HTTP for a foreign Host: the page itself must not be served to a rebinding site either. */
function tryPage(bridge: RunningBridge): Promise<ForeignAttempt> {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port: bridge.port, path: '/', headers: { Host: `evil.example:${bridge.port}` } }, (res) => {
      res.resume();
      resolve({ what: 'the page for a foreign Host', refused: res.statusCode === 403, outcome: `HTTP ${res.statusCode}` });
    });
    req.on('error', (error) => resolve({ what: 'the page for a foreign Host', refused: true, outcome: error.message }));
  });
}

export async function foreignConnections(bridge: RunningBridge, runs: number, seed: number): Promise<{ attempts: number; refused: number; failures: ForeignAttempt[] }> {
  const results: ForeignAttempt[] = [];
  for (const attempt of attemptsFor(bridge, runs, seed)) results.push(await tryConnect(bridge, attempt));
  results.push(await tryPage(bridge));
  const failures = results.filter((r) => !r.refused);
  return { attempts: results.length, refused: results.length - failures.length, failures };
}
