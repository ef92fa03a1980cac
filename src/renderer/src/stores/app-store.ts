import { useEffect } from 'react';
import { create } from 'zustand';
import { plainText } from '../../../shared/plain-words/errors';
import type { NavTarget, PageId } from '../../../shared/domain/navigation';
import type { InPageNotification } from '../../../shared/ipc/contract/app';
import type { SettingsSnapshot } from '../../../shared/domain/settings';
import { errorMessage, faxdesk, unwrap } from '../api';

export interface Toast {
  id: string;
  title: string;
  body: string;
  level: 'info' | 'warning' | 'error';
  target?: NavTarget;
}

interface AppState {
  page: PageId;
  /** The fax or job a page should open (set by navigation from a notification). */
  target: NavTarget | null;
  settings: SettingsSnapshot | null;
  toasts: Toast[];
  badge: number;
  navigate(target: NavTarget): void;
  setSettings(snapshot: SettingsSnapshot): void;
  pushToast(toast: Omit<Toast, 'id'> & { id?: string }): void;
  dismissToast(id: string): void;
  setBadge(count: number): void;
}

let toastSeq = 0;
/** Information toasts kept at most (the newest); problems (warnings, errors) stay until dismissed. */
const MAX_INFO_TOASTS = 3;

/** The toasts after `toast` arrives: every problem kept, the newest information ones only. */
export function withToast(toasts: readonly Toast[], toast: Toast): Toast[] {
  const all = [...toasts.filter((t) => t.id !== toast.id), toast];
  const info = all.filter((t) => t.level === 'info');
  const dropped = new Set(info.slice(0, Math.max(0, info.length - MAX_INFO_TOASTS)).map((t) => t.id));
  return all.filter((t) => !dropped.has(t.id));
}

export const useAppStore = create<AppState>((set) => ({
  page: 'inbox',
  target: null,
  settings: null,
  toasts: [],
  badge: 0,
  navigate: (target) => set({ page: target.page, target }),
  setSettings: (settings) => set({ settings }),
  pushToast: (toast) =>
    // What main says goes through the one mapping to plain words, like every error shown.
    set((state) => ({ toasts: withToast(state.toasts, { ...toast, body: toast.body ? plainText(toast.body, toast.level === 'info' ? undefined : 'INTERNAL') : toast.body, id: toast.id ?? `t${++toastSeq}` }) })),
  dismissToast: (id) => set((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) })),
  setBadge: (badge) => set({ badge }),
}));

export function toastFromNotification(n: InPageNotification): Omit<Toast, 'id'> & { id: string } {
  return { id: n.id, title: n.title, body: n.body, level: 'info', ...(n.target ? { target: n.target } : {}) };
}

/** Subscribes once to main's events for the whole window (App mounts it) and loads the first settings snapshot. */
export function useAppEvents(): void {
  useEffect(() => {
    const store = useAppStore.getState();
    unwrap(faxdesk.settings.get())
      .then(store.setSettings)
      .catch((error) => store.pushToast({ title: 'Settings could not be read', body: errorMessage(error), level: 'error' }));
    const offs = [
      faxdesk.on('settings:changed', (snapshot) => useAppStore.getState().setSettings(snapshot)),
      faxdesk.on('ui:navigate', (target) => useAppStore.getState().navigate(target)),
      faxdesk.on('ui:notification', (n) => useAppStore.getState().pushToast(toastFromNotification(n))),
      faxdesk.on('ui:badge', ({ count }) => useAppStore.getState().setBadge(count)),
      faxdesk.on('app:notice', (notice) => useAppStore.getState().pushToast({ title: notice.level === 'error' ? 'Problem' : 'Notice', body: notice.message, level: notice.level })),
    ];
    return () => offs.forEach((off) => off());
  }, []);
}
