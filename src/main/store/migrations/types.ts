import type Database from 'better-sqlite3';
import type { DerivedWork } from '../derived/types';

export interface Migration {
  /** user_version after this step; steps go up by 10 so a fix can slot in between. */
  readonly version: number;
  /** File name without extension, e.g. 0010-settings. */
  readonly name: string;
  up(db: Database.Database): void;
  /**
   * Derived data this step leaves to rebuild (a search index): done after start, in the background,
   * in small transactions (src/main/store/derived). Only for data the stored rows fully determine;
   * a step that changes stored data does it in `up`, in the start-up transaction.
   */
  readonly derived?: readonly DerivedWork[];
}
