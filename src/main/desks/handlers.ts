/** The desks area's slice of the handler table (Settings: this desk's identity, the office per account). */
import { estimateOffice, OFFICE_WINDOW_MS } from '../../shared/domain/request-budget';
import type { HandlerTable } from '../ipc/gate';
import type { DeskIdentity } from './identity';
import type { OfficeDesks } from './office';

export interface DesksHandlerDeps {
  identity: Pick<DeskIdentity, 'view'>;
  office: Pick<OfficeDesks, 'desks'>;
  accounts: { list(): { id: string; displayLabel: string; enabled: boolean }[] };
  /** This desk's intervals for an account now, and whether its window is in front. */
  intervals: (accountId: string) => { frontMs: number; backgroundMs: number };
  inFront: () => boolean;
}

export function createDesksHandlers(deps: DesksHandlerDeps): Pick<HandlerTable, 'desks:identity' | 'desks:office'> {
  return {
    'desks:identity': () => deps.identity.view(),
    'desks:office': () =>
      deps.accounts
        .list()
        .filter((a) => a.enabled)
        .map((account) => {
          const desks = deps.office.desks(account.id);
          return {
            accountId: account.id,
            label: account.displayLabel,
            desks,
            estimate: estimateOffice(deps.intervals(account.id), desks.length, deps.inFront()),
            windowDays: Math.round(OFFICE_WINDOW_MS / (24 * 3600_000)),
          };
        }),
  };
}
