/**
 * Every part of `npm run verify`, in the order they run. A part is one module exporting a VerifyPart;
 * adding one is one import and one entry here.
 */
import type { VerifyPart } from '../part';
import { badFiles } from './bad-files';
import { crashPoints } from './crash-points';
import { desksSoak } from './desks-soak';
import { electronScan } from './electron-scan';
import { faultSoak } from './fault-soak';
import { ipcFuzz } from './ipc-fuzz';
import { secretCanaries } from './secret-canaries';

export const PARTS: readonly VerifyPart[] = [
  crashPoints,
  faultSoak,
  desksSoak,
  ipcFuzz,
  badFiles,
  secretCanaries,
  electronScan,
];
