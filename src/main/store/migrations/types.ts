import type Database from 'better-sqlite3';

export interface Migration {
  /** user_version after this step; steps go up by 10 so a fix can slot in between. */
  readonly version: number;
  /** File name without extension, e.g. 0010-settings. */
  readonly name: string;
  up(db: Database.Database): void;
}
