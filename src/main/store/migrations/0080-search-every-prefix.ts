import type { Migration } from './types';
import { SEARCH_INDEXES, searchIndexSql } from './0050-search';

/*
 * Search tables rebuilt with prefix indexes for every length from 1 to 8 characters (0060 had 3, 4
 * and 5), and without word positions (detail=none).
 *
 * Every list searches as it is typed, so each prefix of a word is a search of its own, and for a
 * prefix of a length without an index FTS5 first merges the doclist of every term that starts with it,
 * on main's thread. A digit starts a term in every number (each number contributes the suffixes of its
 * digits, 0050): "5" took 157 ms on a 100,000-fax history, over a second on a million; a word in every
 * row typed past 5 letters ("westsi", "westside") 45-63 ms on a million. With an index for each length
 * up to 8 every such prefix takes well under a millisecond; a longer prefix is rare and narrows itself.
 * Positions are what phrase and NEAR queries need; search asks for neither (a typed word is one term
 * per token, fts-query.ts), and leaving them out pays for the five extra lengths: on a history of
 * 100,000 sent and 100,000 received faxes the file is 249 MiB, against 259 with 0060's indexes (290
 * with lengths 1-5 and positions). Rebuilding takes about 22 s per 100,000 faxes of each kind, once.
 *
 * The column definitions and triggers are 0050's, unchanged; only the options differ.
 * This file is frozen once released.
 */
export const migration0080: Migration = {
  version: 80,
  name: '0080-search-every-prefix',
  up(db) {
    for (const index of SEARCH_INDEXES) {
      db.exec(`
        DROP TRIGGER ${index.table}_insert;
        DROP TRIGGER ${index.table}_delete;
        DROP TRIGGER ${index.table}_update;
        DROP TABLE ${index.table};
      `);
      db.exec(searchIndexSql(index, "prefix='1 2 3 4 5 6 7 8', detail=none"));
    }
  },
};
