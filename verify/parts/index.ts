/**
 * Every part of `npm run verify`, in the order they run. A part is one module exporting a VerifyPart;
 * adding one is one import and one entry here.
 */
import type { VerifyPart } from '../part';
import { badFiles } from './bad-files';
import { electronScan } from './electron-scan';
import { ipcFuzz } from './ipc-fuzz';
import { secretCanaries } from './secret-canaries';

export const PARTS: readonly VerifyPart[] = [
  // crash points and fault soak (verify-core) go first: `crashPoints`, `faultSoak`.
  ipcFuzz,
  badFiles,
  secretCanaries,
  electronScan,
];
