/**
 * The status bar's line while main rebuilds derived data after an upgrade: "Updating the search
 * index: 41 %", and why it waits when it does. Nothing otherwise. Mounted once in the status bar.
 */
import type { JSX } from 'react';
import { maintenanceLine } from '../../../../shared/domain/maintenance';
import { useMaintenanceFeed, useMaintenanceStore } from '../../stores/maintenance-store';
import '../../styles/history-import.css';

export function MaintenanceProgress(): JSX.Element | null {
  useMaintenanceFeed();
  const tasks = useMaintenanceStore((s) => s.status.tasks);
  if (tasks.length === 0) return null;
  return (
    <>
      {tasks.map((task) => (
        <span key={task.id} className={task.problem ? 'status-bar-warning' : 'status-bar-progress'} data-testid="maintenance-progress" title={task.problem ?? 'Faxdesk is doing this in the background; you can go on working.'}>
          <progress max={100} value={task.percent} aria-hidden="true" />
          {maintenanceLine(task)}
          {task.problem ? ` — ${task.problem}` : null}
        </span>
      ))}
    </>
  );
}
