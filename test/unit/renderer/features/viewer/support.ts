/** Shared by the viewer's decoder tests. */
import { expect } from 'vitest';
import { DamagedDocumentError } from '../../../../../src/renderer/src/features/viewer/damage';

/** The reason of the DamagedDocumentError `run` throws (fails the test when it throws anything else, or nothing). */
export function reasonOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DamagedDocumentError);
    return (error as DamagedDocumentError).reason;
  }
  throw new Error('expected a DamagedDocumentError');
}
