/**
 * A ready-made history of finished sent faxes for one user (control POST /history, --seed-faxes):
 * what a long-used account looks like to the list calls, made in one step instead of a million sends.
 * The faxes are varied (destinations, pages, outcomes) but have no documents or images.
 */
import { newFaxRecord } from './fax-record';
import type { NumberRecord } from './model';
import type { Store } from './store';
import { newId } from '../util';

export const YEAR_MS = 365 * 24 * 3600_000;
const NAMES = ['Records Desk', 'Billing', 'Dr. Okafor', 'Front Office', 'Claims', 'Pharmacy'];
const COMPANIES = ['Example Clinic', 'Acme Corp', 'Stark Legal', 'Wayne Clinic', 'Globex'];

/**
 * `count` faxes created evenly over the `spanMs` (default a year) before `now`, each completed a
 * little after it was created, in creation order (so the store's completion index only appends).
 */
export function addSentHistory(store: Store, input: { number: NumberRecord; appId: string; count: number; now: number; spanMs?: number }): void {
  const { number, appId, count, now } = input;
  const spanMs = input.spanMs ?? YEAR_MS;
  const step = spanMs / count;
  // Never past the next fax's creation, so completions stay in order.
  const settle = Math.min(60_000, step / 2);
  for (let i = 0; i < count; i++) {
    const createdAt = Math.round(now - spanMs + i * step);
    const outcome = i % 20 === 7 ? 'ERROR' : i % 50 === 11 ? 'CANCELED' : 'COMPLETED';
    const pages = 1 + (i % 9);
    const fax = newFaxRecord({
      faxId: newId(),
      direction: 'OUTBOUND',
      userId: number.userId,
      appId,
      createdAt,
      originatingFaxNumber: number.faxNumber,
      originatingFaxTsid: number.csid,
      destinationFaxNumber: `1212555${String(i % 10_000).padStart(4, '0')}`,
      status: outcome,
      completedAt: createdAt + Math.round(settle * (0.5 + (i % 7) / 14)),
      pages: outcome === 'COMPLETED' ? pages : 0,
      duration: outcome === 'COMPLETED' ? 20 + pages * 25 : 0,
      imageDownloaded: true,
      errorCode: outcome === 'ERROR' ? '41' : null,
      errorMessage: outcome === 'ERROR' ? 'Busy' : null,
      toName: NAMES[i % NAMES.length]!,
      toCompany: COMPANIES[i % COMPANIES.length]!,
      headerDate: createdAt,
    });
    store.addFax(fax);
  }
}
