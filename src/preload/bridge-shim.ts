/**
 * The browser harness's preload: defines window.faxdesk from the contract's names and forwards every
 * call and event over the bridge WebSocket to the same handler table ipcMain serves. Transport only.
 */
import { buildApi } from '../shared/ipc/api-shape';
import type { Result } from '../shared/result';


const TOKEN_KEY = 'faxdesk.bridge.token';
const params = new URLSearchParams(window.location.search);
const token = params.get('token') ?? window.sessionStorage.getItem(TOKEN_KEY) ?? '';
if (params.has('token')) {
  // Keep the token for reloads of this tab, but out of the address bar and history.
  window.sessionStorage.setItem(TOKEN_KEY, token);
  params.delete('token');
  const rest = params.toString();
  window.history.replaceState(null, '', window.location.pathname + (rest ? `?${rest}` : '') + window.location.hash);
}

type Pending = { resolve: (r: Result<unknown>) => void };
const pending = new Map<number, Pending>();
const listeners = new Set<(event: string, payload: unknown) => void>();
const queue: string[] = [];
let socket: WebSocket | null = null;
let nextId = 1;
let retryMs = 250;

function connect(): void {
  const ws = new WebSocket(`ws://${window.location.host}/__faxdesk/ws?token=${encodeURIComponent(token)}`);
  socket = ws;
  ws.onopen = () => {
    retryMs = 250;
    for (const text of queue.splice(0)) ws.send(text);
  };
  ws.onmessage = (event) => {
    let message: { type: string; id?: number; result?: Result<unknown>; event?: string; payload?: unknown };
    try {
      message = JSON.parse(String(event.data));
    } catch {
      return;
    }
    if (message.type === 'result' && typeof message.id === 'number') {
      pending.get(message.id)?.resolve(message.result as Result<unknown>);
      pending.delete(message.id);
    } else if (message.type === 'event' && typeof message.event === 'string') {
      for (const listener of [...listeners]) listener(message.event, message.payload);
    }
  };
  ws.onclose = () => {
    socket = null;
    // Calls in flight may or may not have run; say so rather than guess.
    for (const [id, p] of pending) {
      p.resolve({ ok: false, error: { code: 'NETWORK', message: 'The connection to Faxdesk was lost before it answered. Check the result before trying again.' } });
      pending.delete(id);
    }
    setTimeout(connect, retryMs);
    retryMs = Math.min(retryMs * 2, 5000);
  };
}

connect();

(window as unknown as { faxdesk: unknown }).faxdesk = buildApi(__FAXDESK_CALLS__, __FAXDESK_EVENTS__, {
  invoke(channel, input) {
    const id = nextId++;
    const text = JSON.stringify({ type: 'call', id, channel, input: input === undefined ? null : input });
    return new Promise<Result<unknown>>((resolve) => {
      pending.set(id, { resolve });
      if (socket && socket.readyState === WebSocket.OPEN) socket.send(text);
      else queue.push(text);
    });
  },
  subscribe(listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
});
