/**
 * The type of an open Faxdesk database, on its own so that the modules database.ts runs at open (the
 * migrations, the derived-work scheduler) can name it without importing database.ts back.
 */
import type Database from 'better-sqlite3';

export type Db = Database.Database;
