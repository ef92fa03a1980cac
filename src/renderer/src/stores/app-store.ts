import { create } from 'zustand';
import type { NavTarget, PageId } from '../../../shared/domain/navigation';
import type { InPageNotification } from '../../../shared/ipc/contract/app';
import type { SettingsSnapshot } from '../../../shared/domain/settings';

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

export const useAppStore = create<AppState>((set) => ({
  page: 'inbox',
  target: null,
  settings: null,
  toasts: [],
  badge: 0,
  navigate: (target) => set({ page: target.page, target }),
  setSettings: (settings) => set({ settings }),
  pushToast: (toast) =>
    set((state) => ({ toasts: [...state.toasts.slice(-4), { ...toast, id: toast.id ?? `t${++toastSeq}` }] })),
  dismissToast: (id) => set((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) })),
  setBadge: (badge) => set({ badge }),
}));

export function toastFromNotification(n: InPageNotification): Omit<Toast, 'id'> & { id: string } {
  return { id: n.id, title: n.title, body: n.body, level: 'info', ...(n.target ? { target: n.target } : {}) };
}
