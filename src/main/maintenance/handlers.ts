/** The maintenance:* calls of the IPC contract. */
import type { Handler } from '../ipc/gate';
import type { MaintenanceService } from './maintenance-service';

export type MaintenanceHandlers = { 'maintenance:status': Handler<'maintenance:status'> };

export function createMaintenanceHandlers(maintenance: MaintenanceService): MaintenanceHandlers {
  return { 'maintenance:status': () => maintenance.status() };
}
