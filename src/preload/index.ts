/**
 * The sandboxed preload: exposes window.faxdesk as named functions built from the contract's names.
 * No raw ipcRenderer and no IpcRendererEvent ever reach page code. Only `electron` is imported at run time.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { buildApi } from '../shared/ipc/api-shape';
import { INVOKE_CHANNEL, EVENT_CHANNEL } from '../shared/ipc/channels';

const api = buildApi(__FAXDESK_CALLS__, __FAXDESK_EVENTS__, {
  invoke: (channel, input) => ipcRenderer.invoke(INVOKE_CHANNEL, channel, input),
  subscribe(listener) {
    const forward = (_event: unknown, message: { event: string; payload: unknown }) => listener(message.event, message.payload);
    ipcRenderer.on(EVENT_CHANNEL, forward);
    return () => ipcRenderer.removeListener(EVENT_CHANNEL, forward);
  },
});

contextBridge.exposeInMainWorld('faxdesk', api);
