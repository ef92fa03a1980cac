/**
 * The desks of an office that share one fax account, as this desk can know them: itself, and every other
 * installation whose faxes the account's sent list showed lately (their markers name them:
 * desk-marker.ts), with whether each prints received faxes automatically as of its latest fax seen.
 * Desks that only receive are not seen; the estimate says "at least". Used for the request budget (how
 * far each desk stretches its polls) and shown in Settings › Several desks.
 */
import { parseMarker, senderLabel } from '../../shared/domain/desk-marker';
import { OFFICE_WINDOW_MS } from '../../shared/domain/request-budget';
import type { OfficeDeskView } from '../../shared/ipc/contract/desks';
import type { OutboundRepository } from '../store/repositories/outbound-repository';
import type { DeskIdentity } from './identity';

/** How long a count is reused (the sync asks after each sent-list import). */
const COUNT_TTL_MS = 60_000;

export class OfficeDesks {
  private readonly counts = new Map<string, { at: number; count: number }>();

  constructor(
    private readonly deps: {
      outbound: Pick<OutboundRepository, 'serviceMarkersSince'>;
      identity: Pick<DeskIdentity, 'installationId' | 'view' | 'sender'>;
      now: () => Date;
    },
  ) {}

  desks(accountId: string): OfficeDeskView[] {
    const now = this.deps.now();
    const others = new Map<string, OfficeDeskView>();
    for (const row of this.deps.outbound.serviceMarkersSince(accountId, new Date(now.getTime() - OFFICE_WINDOW_MS))) {
      const marker = parseMarker(row.marker);
      if (!marker?.installationId || marker.installationId === this.deps.identity.installationId || others.has(marker.installationId)) continue;
      // Newest first: the first seen is the name the desk has now, and its auto-print as of that fax.
      others.set(marker.installationId, { installationId: marker.installationId, label: senderLabel(marker), thisDesk: false, lastSeenAt: row.createdAt, autoPrint: marker.autoPrint });
    }
    const me = this.deps.identity.view();
    const autoPrint = this.deps.identity.sender().autoPrint ?? null;
    return [{ installationId: me.installationId, label: me.osUser ? `${me.deskName} (${me.osUser})` : me.deskName, thisDesk: true, lastSeenAt: null, autoPrint }, ...others.values()];
  }

  /** How many desks share the account (this one included), recounted at most once a minute. */
  count(accountId: string): number {
    const at = this.deps.now().getTime();
    const cached = this.counts.get(accountId);
    if (cached && at - cached.at >= 0 && at - cached.at < COUNT_TTL_MS) return cached.count;
    const count = this.desks(accountId).length;
    this.counts.set(accountId, { at, count });
    return count;
  }
}
