/**
 * Instant updates end to end, in the production topology: the emulator (manual clock, its own
 * process state) posts over HTTPS to `https://localhost:8443/faxdesk/webhooks`; its delivery route sends
 * that to a TLS reverse proxy on a loopback port (a self-signed certificate only the route trusts), which
 * forwards to Faxdesk's receiver (plain HTTP on 127.0.0.1, as behind a real proxy) and answers 502 while
 * Faxdesk is down — what makes the service retry. Faxdesk is a whole core (real SQLite file) with a live
 * account at the emulator, its HMAC key set through Settings' webhook call (keychain: memory store).
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { generate } from 'selfsigned';
import { startEmulator, type RunningEmulator } from '../../../src/emulator';
import { MemorySecretStore } from '../../../src/main/accounts/secret-store';
import type { DesktopNotification } from '../../../src/main/platform/ports';
import type { HeldLimits } from '../../../src/main/webhooks/intake';
import type { ListenerTuning } from '../../../src/main/webhooks/listener';
import type { AccountView } from '../../../src/shared/ipc/contract/accounts';
import { startCore, tempDir, type CoreFixture } from '../accounts/core-fixture';

export const HMAC_KEY = 'integration-hmac-key-0123456789abcdef';
export const WEBHOOK_URL = 'https://localhost:8443/faxdesk/webhooks';

/** A TLS-terminating reverse proxy in front of the receiver. */
export class ReverseProxy {
  private server: https.Server | null = null;
  cert = '';
  port = 0;
  upstreamPort = 0;
  /** Another upstream by path (several desks behind one proxy); the default upstream otherwise. */
  upstreamFor: ((path: string) => number | null) | null = null;
  statuses: number[] = [];

  async start(upstreamPort: number): Promise<void> {
    this.upstreamPort = upstreamPort;
    const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
      keyType: 'ec',
      curve: 'P-256',
      extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }] }],
    });
    this.cert = pems.cert;
    this.server = https.createServer({ cert: pems.cert, key: pems.private }, (req, res) => {
      const upstream = http.request(
        { host: '127.0.0.1', port: this.upstreamFor?.(req.url ?? '') ?? this.upstreamPort, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          this.statuses.push(answer.statusCode ?? 0);
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => {
        this.statuses.push(502);
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
        res.end('{"status":"bad gateway"}');
      });
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = http.createServer();
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as AddressInfo).port;
      server.close(() => resolve(port));
    });
  });
}

export interface ReceiverFixture {
  emulator: RunningEmulator;
  proxy: ReverseProxy;
  receiverPort: number;
  dataDir: string;
  secrets: MemorySecretStore;
  core: CoreFixture;
  accountId: string;
  shown: DesktopNotification[];
  /** Restarts Faxdesk on the same data folder (the emulator keeps running). */
  restart(): Promise<void>;
  stopCore(): Promise<void>;
  startCore(): Promise<void>;
  /** POSTs straight to the receiver (no proxy): for hostile deliveries. */
  post(body: string | Buffer, headers?: Record<string, string>): Promise<{ status: number; body: string }>;
  sign(body: string, key?: string): string;
  stop(): Promise<void>;
}

export interface ReceiverFixtureOptions {
  bodyTimeoutMs?: number;
  /** Listener limits (short deadlines, a small capacity); bodyTimeoutMs above is one of them. */
  listener?: ListenerTuning;
  heldLimits?: HeldLimits;
}

export async function startReceiverFixture(options: ReceiverFixtureOptions = {}): Promise<ReceiverFixture> {
  const emulator = await startEmulator({ clock: 'manual', quiet: true });
  const receiverPort = await freePort();
  const proxy = new ReverseProxy();
  await proxy.start(receiverPort);
  emulator.control.routeWebhooks('https://localhost:8443', { port: proxy.port, ca: proxy.cert });
  const dataDir = tempDir('faxdesk-webhooks-it-');
  const secrets = new MemorySecretStore();
  const shown: DesktopNotification[] = [];
  const boot = () =>
    startCore({
      dataDir,
      secretStore: secrets,
      startEmulator: null,
      notifier: { show: (n) => shown.push(n) },
      webhookReceiver: {
        listenerOptions: { bodyTimeoutMs: options.bodyTimeoutMs ?? 10_000, ...options.listener },
        ...(options.heldLimits ? { heldLimits: options.heldLimits } : {}),
      },
    });
  let core = await boot();
  const account = await core.ok<AccountView>('accounts:add', {
    label: 'Office',
    baseUrl: emulator.baseUrl,
    appId: emulator.demo.appId,
    apiKey: emulator.demo.apiKey,
    userId: emulator.demo.userId,
  });
  for (const direction of ['OUTBOUND', 'INBOUND']) {
    await core.ok('webhooks:set', { accountId: account.id, direction, url: WEBHOOK_URL, hmacSecret: HMAC_KEY });
  }
  await core.ok('receiver:configure', { enabled: true, host: '127.0.0.1', port: receiverPort, publicUrl: WEBHOOK_URL });
  const fixture: ReceiverFixture = {
    emulator,
    proxy,
    receiverPort,
    dataDir,
    secrets,
    get core() {
      return core;
    },
    accountId: account.id,
    shown,
    async stopCore() {
      await core.stop();
    },
    async startCore() {
      core = await boot();
    },
    async restart() {
      await core.stop();
      core = await boot();
    },
    async post(body, headers = {}) {
      const data = typeof body === 'string' ? Buffer.from(body) : body;
      return new Promise((resolve, reject) => {
        const req = http.request(
          { host: '127.0.0.1', port: receiverPort, method: 'POST', path: '/faxdesk/webhooks', headers: { 'content-type': 'application/json', 'content-length': String(data.length), ...headers } },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
          },
        );
        req.on('error', reject);
        req.end(data);
      });
    },
    sign: (body, key = HMAC_KEY) => createHmac('sha256', key).update(body).digest('hex'),
    async stop() {
      await core.stop().catch(() => undefined);
      await proxy.stop();
      await emulator.stop();
    },
  };
  return fixture;
}
