/**
 * Every part of `npm run verify`, in the order they run. A part is one module exporting a VerifyPart;
 * adding one is one import and one entry here.
 */
import type { VerifyPart } from '../part';
import { ipcFuzz } from './ipc-fuzz';

export const PARTS: readonly VerifyPart[] = [
  // crash points and fault soak (verify-core) go first: `crashPoints`, `faultSoak`.
  ipcFuzz,
];
