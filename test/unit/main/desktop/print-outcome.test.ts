import { describe, expect, it } from 'vitest';
import { printOutcomeOf } from '../../../../src/main/desktop/print-outcome';

describe("printOutcomeOf: webContents.print's callback as a PrintOutcome", () => {
  it('success is printed', () => {
    expect(printOutcomeOf(true, '')).toEqual({ outcome: 'printed' });
  });

  it('every spelling Electron has used for a closed dialog is a cancel, never a print', () => {
    for (const reason of ['cancelled', 'canceled', 'Print job canceled', 'Print job cancelled']) {
      expect(printOutcomeOf(false, reason)).toEqual({ outcome: 'cancelled' });
    }
  });

  it('the documented failures become plain sentences; an unknown one is still a failure, named', () => {
    expect(printOutcomeOf(false, 'Print job failed')).toEqual({ outcome: 'failed', reason: expect.stringMatching(/^The printer did not take the job\./) });
    expect(printOutcomeOf(false, 'Invalid printer settings')).toEqual({ outcome: 'failed', reason: expect.stringMatching(/^The printer settings are not valid\./) });
    expect(printOutcomeOf(false, 'Something odd')).toEqual({ outcome: 'failed', reason: 'The printer reported a problem (“Something odd”). Try again.' });
    expect(printOutcomeOf(false, '')).toEqual({ outcome: 'failed', reason: 'The printer reported a problem. Try again.' });
  });
});
