/**
 * What webContents.print's callback means, as a PrintOutcome. Plain, so it is unit-tested.
 *
 * Electron calls back `(success, failureReason)`. Its docs list "Invalid printer settings",
 * "Print job canceled" and "Print job failed" as possible reasons
 * (https://www.electronjs.org/docs/latest/api/web-contents#contentsprintoptions-callback); a closed
 * dialog was reported as "cancelled" before Electron 17 and "canceled" since (electron/electron#33015,
 * #25261). Every spelling of a cancel is a cancel; anything else is a failure, said in plain words.
 */
import type { PrintOutcome } from '../platform/ports';

const CANCELLED = new Set(['cancelled', 'canceled', 'print job canceled', 'print job cancelled']);

const PLAIN_REASONS: Record<string, string> = {
  'invalid printer settings': 'The printer settings are not valid. Check the printer in your system settings and try again.',
  'print job failed': 'The printer did not take the job. Check that it is on and connected, then try again.',
};

export function printOutcomeOf(success: boolean, failureReason: string | undefined): PrintOutcome {
  if (success) return { outcome: 'printed' };
  const reason = (failureReason ?? '').trim();
  const key = reason.toLowerCase();
  if (CANCELLED.has(key)) return { outcome: 'cancelled' };
  const plain = PLAIN_REASONS[key];
  if (plain) return { outcome: 'failed', reason: plain };
  // An unlisted reason is still a failure: say so, and name what the system said.
  return { outcome: 'failed', reason: reason ? `The printer reported a problem (“${reason.slice(0, 120)}”). Try again.` : 'The printer reported a problem. Try again.' };
}
