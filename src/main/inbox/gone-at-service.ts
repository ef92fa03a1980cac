/**
 * A received fax deleted at the service before this desk stored its image: another desk on the same
 * account (or someone in the web portal) deleted it. The image answer alone cannot tell that from an
 * image that is not ready yet (both are 404); the fax's own metadata can: 404 there means the service no
 * longer has the fax at all. Then the fax is shown as deleted at the service, with what is known, and
 * never downloaded again (ReceivedRepository.markGone); anything else stays an image to try again.
 */
import type { InboxFax } from '../../shared/domain/history';
import { formatFaxNumber } from '../../shared/fax-number';
import { isAppError } from '../errors';
import type { SyncClient } from '../sync/ports';

/** Whether the service says it has no such fax (its metadata is 404). Other failures: not proven gone. */
export async function goneAtService(client: Pick<SyncClient, 'getMetadata'>, faxId: string, signal?: AbortSignal): Promise<boolean> {
  try {
    await client.getMetadata(faxId, signal ? { signal } : {});
    return false;
  } catch (error) {
    return isAppError(error) && error.code === 'NOT_FOUND';
  }
}

/** What the Inbox says about such a fax: what happened, and what is known about it. */
export function goneMessage(fax: Pick<InboxFax, 'originatingNumber' | 'tsid' | 'pages' | 'completedAt'>): string {
  const known = [
    fax.originatingNumber ? `from ${formatFaxNumber(fax.originatingNumber)}` : fax.tsid ? `from ${fax.tsid}` : 'sender unknown',
    fax.pages !== null ? `${fax.pages} page${fax.pages === 1 ? '' : 's'}` : null,
    `received ${fax.completedAt.slice(0, 16).replace('T', ' ')} UTC`,
  ].filter((part): part is string => part !== null);
  return (
    'Deleted at the service (by another desk on this account, or in the web portal) before this desk downloaded it, ' +
    `so it cannot be opened here. What is known: ${known.join(', ')}.`
  );
}
