/**
 * A ready-made history of received faxes for one user (control POST /history/seed, --seed-faxes):
 * years of faxes in one step, for large-history tests, benchmarks and trying a big account in the
 * Sandbox. Each is stored complete (STORED) from a varied sender, and they all share one image (made
 * once by the caller): downloading any of them works, at the cost of one stored PDF. None is announced
 * by webhook: they arrived long ago. Most are marked downloaded already (another client read them),
 * one in ten is not.
 */
import { newFaxRecord } from './fax-record';
import type { NumberRecord } from './model';
import type { Store } from './store';
import { newId } from '../util';

const SENDERS = ['13125550170', '16175550181', '12065550162', '14045550177', '447700900123', '13035550143', '17135550119'];
const STATIONS = ['ACME LEGAL', 'WAYNE CLINIC', 'GLOBEX BILLING', 'unavailable', 'STARK LAB', 'CITY HOSPITAL'];

export interface SharedImage {
  hash: string;
  pages: number;
  bytes: number;
}

/** `count` faxes received evenly over the `spanMs` before `now`, oldest first (the order they are listed in reverse). */
export function addReceivedHistory(store: Store, input: { number: NumberRecord; appId: string; count: number; now: number; spanMs: number; image: SharedImage }): void {
  const { number, appId, count, now, spanMs, image } = input;
  const step = spanMs / count;
  for (let i = 0; i < count; i++) {
    const at = Math.round(now - spanMs + i * step);
    // One in eight has no caller ID, as in real life.
    const from = i % 8 === 3 ? 'UNKNOWN' : SENDERS[i % SENDERS.length]!;
    const fax = newFaxRecord({
      faxId: newId(),
      direction: 'INBOUND',
      userId: number.userId,
      appId,
      createdAt: at,
      originatingFaxNumber: from,
      originatingFaxTsid: from === 'UNKNOWN' ? 'unavailable' : STATIONS[i % STATIONS.length]!,
      destinationFaxNumber: number.faxNumber,
      destinationFaxCsid: number.csid,
      status: 'COMPLETED',
      completedAt: at,
      pages: image.pages,
      imagePages: image.pages,
      duration: 20 + image.pages * 25,
      imageDownloaded: i % 10 !== 0,
      image: image.hash,
      imageBytes: image.bytes,
      headerDate: at,
    });
    store.addFax(fax);
  }
}
