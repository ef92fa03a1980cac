/**
 * Derived data main rebuilds in the background after an upgrade (a search index): the last
 * `maintenance:progress`, read once and then followed. `useMaintenanceFeed()` is called by the status
 * bar's line, which is always mounted.
 */
import { useEffect } from 'react';
import { create } from 'zustand';
import type { MaintenanceStatus } from '../../../shared/domain/maintenance';
import { faxdesk, unwrap } from '../api';

interface MaintenanceState {
  status: MaintenanceStatus;
  replace(status: MaintenanceStatus): void;
}

export const useMaintenanceStore = create<MaintenanceState>((set) => ({
  status: { tasks: [] },
  replace: (status) => set({ status }),
}));

export function useMaintenanceFeed(): void {
  useEffect(() => {
    let live = true;
    void unwrap(faxdesk.maintenance.status()).then(
      (status) => live && useMaintenanceStore.getState().replace(status),
      () => undefined, // the next event brings it
    );
    const off = faxdesk.on('maintenance:progress', (status) => useMaintenanceStore.getState().replace(status));
    return () => {
      live = false;
      off();
    };
  }, []);
}
