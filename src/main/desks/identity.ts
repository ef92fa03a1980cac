/**
 * Who this desk is, as other desks on the same fax account see it: the installation id made once per
 * data folder (migration 0090), the name set in Settings (the computer's name when none is set) and the
 * person logged in to the computer, and whether it prints received faxes automatically. Every fax sent
 * from here carries them in its marker (src/shared/domain/desk-marker.ts).
 */
import os from 'node:os';
import { cleanDeskName, cleanOsUser, type DeskSender } from '../../shared/domain/desk-marker';
import type { DeskIdentityView } from '../../shared/ipc/contract/desks';
import type { Db } from '../store/database';

/** This data folder's installation id (made by migration 0090). */
export function readInstallationId(db: Db): string {
  const row = db.prepare('SELECT installation_id AS id FROM installation WHERE id = 1').get() as { id: string } | undefined;
  if (!row) throw new Error('the installation id is missing from the history file (migration 0090 makes it)');
  return row.id;
}

/** What the computer says about itself; injectable for tests. */
export interface HostFacts {
  computerName(): string;
  osUser(): string;
}

export const realHost: HostFacts = {
  computerName: () => os.hostname(),
  osUser: () => {
    try {
      return os.userInfo().username;
    } catch {
      // No passwd entry for this uid (containers): the environment is the best there is.
      return process.env.USER ?? process.env.USERNAME ?? '';
    }
  },
};

export class DeskIdentity {
  readonly installationId: string;

  constructor(
    db: Db,
    private readonly configuredName: () => string,
    private readonly host: HostFacts = realHost,
    /** "Print received faxes automatically" (Settings), published in the marker; absent: not said. */
    private readonly autoPrint?: () => boolean,
  ) {
    this.installationId = readInstallationId(db);
  }

  sender(): DeskSender {
    const view = this.view();
    return { installationId: this.installationId, deskName: view.deskName, osUser: view.osUser, ...(this.autoPrint ? { autoPrint: this.autoPrint() } : {}) };
  }

  view(): DeskIdentityView {
    const computerName = cleanDeskName(this.host.computerName()) || 'Faxdesk';
    const configuredName = cleanDeskName(this.configuredName());
    return { installationId: this.installationId, deskName: configuredName || computerName, configuredName, computerName, osUser: cleanOsUser(this.host.osUser()) };
  }

  /** Whether a fax's marker names this installation. */
  isMine(installationId: string | null | undefined): boolean {
    return installationId === this.installationId;
  }
}
