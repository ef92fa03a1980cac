import { describe, expect, it } from 'vitest';
import { buildApi } from '../../../../src/shared/ipc/api-shape';
import { CALL_NAMES, EVENT_NAMES } from '../../../../src/shared/ipc/contract';

describe('window.faxdesk built from the contract', () => {
  function make() {
    const invoked: [string, unknown][] = [];
    let emit: (event: string, payload: unknown) => void = () => {};
    const api = buildApi(CALL_NAMES, EVENT_NAMES, {
      invoke: async (channel, input) => {
        invoked.push([channel, input]);
        return { ok: true, value: channel };
      },
      subscribe(listener) {
        emit = listener;
        return () => (emit = () => {});
      },
    });
    return { api, invoked, emit: (e: string, p: unknown) => emit(e, p) };
  }

  it('has one named function per call, grouped by area, and forwards name and input', async () => {
    const { api, invoked } = make();
    for (const name of CALL_NAMES) {
      const [area, verb] = name.split(':') as [string, string];
      expect(typeof (api as unknown as Record<string, Record<string, unknown>>)[area]?.[verb]).toBe('function');
    }
    await api.settings.set({ theme: 'dark' });
    expect(invoked).toEqual([['settings:set', { theme: 'dark' }]]);
  });

  it('exposes nothing generic: no invoke, send or raw channel access, and it is frozen', () => {
    const { api } = make();
    const keys = Object.keys(api);
    expect(keys).not.toContain('invoke');
    expect(keys).not.toContain('send');
    expect(keys).not.toContain('ipcRenderer');
    expect(Object.isFrozen(api)).toBe(true);
    expect(Object.isFrozen(api.settings)).toBe(true);
  });

  it('delivers only the payload of the subscribed event, and unsubscribes', () => {
    const { api, emit } = make();
    const seen: unknown[] = [];
    const off = api.on('ui:badge', (p) => seen.push(p));
    emit('ui:badge', { count: 2 });
    emit('settings:changed', { values: {} });
    off();
    emit('ui:badge', { count: 3 });
    expect(seen).toEqual([{ count: 2 }]);
  });

  it('refuses to subscribe to an event that is not in the contract', () => {
    const { api } = make();
    expect(() => (api.on as (e: string, l: () => void) => void)('ipc:raw', () => {})).toThrow(/Unknown Faxdesk event/);
  });
});
