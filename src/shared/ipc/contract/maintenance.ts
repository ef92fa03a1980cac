/**
 * Derived data rebuilt in the background after an upgrade (src/main/maintenance): its progress for the
 * status bar, and which searches are not complete yet.
 */
import { z } from 'zod';
import { call, event } from '../define';
import type { MaintenanceStatus } from '../../domain/maintenance';

export const maintenanceCalls = {
  'maintenance:status': call(z.void()).returns<MaintenanceStatus>(),
} as const;

export const maintenanceEvents = {
  /** When the whole percent of a task changes, a problem starts or ends, or the last task finishes. */
  'maintenance:progress': event<MaintenanceStatus>(),
} as const;
