/**
 * Keeps a process on this machine: every DNS lookup of a name other than localhost and every TCP
 * connection to an address outside the loopback range fails at once, before a packet leaves. Tools the
 * suite runs (Electronegativity fetches translations and Electron release data when it starts) must
 * not reach the internet: the suite's figures depend on nothing outside.
 */
import dns from 'node:dns';
import net from 'node:net';

const LOOPBACK_NAMES = new Set(['localhost', 'localhost.localdomain']);

export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (LOOPBACK_NAMES.has(bare)) return true;
  if (net.isIPv4(bare)) return bare.startsWith('127.');
  if (net.isIPv6(bare)) return bare === '::1' || bare.startsWith('::ffff:127.');
  return false;
}

function refused(host: string): NodeJS.ErrnoException {
  const error: NodeJS.ErrnoException = new Error(`Offline: ${host} is not on this machine; the verify suite never leaves it.`);
  error.code = 'ENOTFOUND';
  return error;
}

/** Installs the guard in this process (idempotent). Returns the hosts refused so far. */
export function goOffline(): { refusedHosts: string[] } {
  const state = { refusedHosts: [] as string[] };
  const marker = Symbol.for('faxdesk.verify.offline');
  const holder = globalThis as unknown as Record<symbol, { refusedHosts: string[] }>;
  if (holder[marker]) return holder[marker];
  holder[marker] = state;

  const lookup = dns.lookup;
  const guardedLookup = ((hostname: string, ...rest: unknown[]) => {
    const callback = rest[rest.length - 1] as (error: NodeJS.ErrnoException | null, ...values: unknown[]) => void;
    if (!isLoopbackHost(hostname)) {
      state.refusedHosts.push(hostname);
      process.nextTick(() => callback(refused(hostname)));
      return;
    }
    return (lookup as (...args: unknown[]) => void)(hostname, ...rest);
  }) as typeof dns.lookup;
  dns.lookup = guardedLookup;
  const promisesLookup = dns.promises.lookup;
  dns.promises.lookup = (async (hostname: string, ...rest: unknown[]) => {
    if (!isLoopbackHost(hostname)) {
      state.refusedHosts.push(hostname);
      throw refused(hostname);
    }
    return (promisesLookup as (...args: unknown[]) => Promise<unknown>)(hostname, ...rest);
  }) as typeof dns.promises.lookup;

  const connect = net.Socket.prototype.connect;
  net.Socket.prototype.connect = function guardedConnect(this: net.Socket, ...args: unknown[]) {
    const first = args[0];
    const options = (Array.isArray(first) ? first[0] : first) as { host?: string; path?: string } | number | string;
    const host = typeof options === 'object' && options !== null ? (options.path ? 'localhost' : (options.host ?? 'localhost')) : typeof args[1] === 'string' ? args[1] : 'localhost';
    if (typeof options === 'string' && !/^\d+$/.test(options)) return (connect as (...a: unknown[]) => net.Socket).apply(this, args); // a local socket path
    if (!isLoopbackHost(host)) {
      state.refusedHosts.push(host);
      process.nextTick(() => this.destroy(refused(host)));
      return this;
    }
    return (connect as (...a: unknown[]) => net.Socket).apply(this, args);
  } as typeof net.Socket.prototype.connect;
  return state;
}
