/**
 * The world outside Faxdesk for the webhooks benchmark, in a process of its own so that the CPU the
 * benchmark measures is Faxdesk's alone: the emulator on the real clock, and a TLS reverse proxy on
 * loopback in front of Faxdesk's receiver (the office edge). The emulator's delivery route sends
 * https://localhost:8443/… to that proxy; the proxy forwards plain HTTP to the receiver's port, given
 * as the first argument.
 *
 * Started with fork() (IPC): it sends one message with the addresses and the demo account when ready,
 * and answers { cpu: true } with its own CPU time. Stops on SIGTERM or when the parent goes away.
 */
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { generate } from 'selfsigned';
import { startEmulator, type DemoAccount } from '../src/emulator';

export interface OutsideReady {
  baseUrl: string;
  controlUrl: string;
  demo: DemoAccount;
}

async function main(): Promise<void> {
  const receiverPort = Number(process.argv[2]);
  if (!Number.isInteger(receiverPort) || receiverPort < 1) throw new Error('usage: webhooks-outside.ts <receiver port>');
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], { keyType: 'ec', curve: 'P-256', extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }] }] });
  // Keep-alive to the receiver, as a reverse proxy keeps its upstream connections.
  const upstreamAgent = new http.Agent({ keepAlive: true });
  const proxy = https.createServer({ cert: pems.cert, key: pems.private }, (req, res) => {
    const upstream = http.request({ host: '127.0.0.1', port: receiverPort, method: req.method, path: req.url, headers: req.headers, agent: upstreamAgent }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const emulator = await startEmulator({ clock: 'real', quiet: true });
  emulator.control.routeWebhooks('https://localhost:8443', { port: (proxy.address() as AddressInfo).port, ca: pems.cert });

  const stop = async () => {
    upstreamAgent.destroy();
    proxy.closeAllConnections();
    await new Promise<void>((resolve) => proxy.close(() => resolve()));
    await emulator.stop();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('disconnect', () => void stop());
  process.on('message', (message: { cpu?: boolean }) => {
    if (message.cpu) {
      const cpu = process.cpuUsage();
      process.send?.({ cpuMs: (cpu.user + cpu.system) / 1000 });
    }
  });
  const ready: OutsideReady = { baseUrl: emulator.baseUrl, controlUrl: emulator.controlUrl, demo: emulator.demo };
  process.send?.(ready);
}

main().catch((error: unknown) => {
  process.stderr.write(`the benchmark's service process failed: ${String((error as Error)?.stack ?? error)}\n`);
  process.exit(1);
});
