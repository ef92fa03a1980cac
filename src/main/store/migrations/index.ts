/** Every schema step, in order. A new step is a new numbered file plus one line here, with its own test. */
import { migration0010 } from './0010-settings';
import type { Migration } from './types';

export type { Migration } from './types';

export const MIGRATIONS: readonly Migration[] = [migration0010];
