import type { Migration } from './types';
import { SEARCH_INDEXES, retireSearchTableSql, searchIndexSql } from './0050-search';

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
 *
 * Where the rebuild runs (issue 24). As released, this step dropped the old tables and indexed every
 * row inside the start-up transaction: 134 s for a 1M-fax history before any window could work. The
 * step now only changes the schema in that transaction (the old tables renamed out of the way, the new
 * empty ones and their triggers created, so every write from then on is indexed) and declares the rest
 * as derived work, done after start in small transactions by the maintenance service: retiring the
 * old tables, then indexing the rows that were there, newest first. The schema a file ends up with at
 * 0080 is the one released; only when its rows are indexed moved, so:
 * - a file already at 0080 or later was fully indexed when it got there: this step does not run again
 *   and nothing is rebuilt;
 * - a file below 0080 gets the new tables now and their rows indexed in the background (the queue is
 *   0110's table, created in the same upgrade transaction, so the work is recorded atomically with the
 *   schema change: a crash either leaves the old schema or the new one with its work queued);
 * - a run that cannot record the work (migrations cut below 0110: tests of this step, generated
 *   histories) does it inline, exactly as released.
 * The version number keeps its meaning: user_version 80 still means "0080's schema".
 * This file is frozen once released.
 */
export const migration0080: Migration = {
  version: 80,
  name: '0080-search-every-prefix',
  up(db) {
    for (const index of SEARCH_INDEXES) {
      db.exec(retireSearchTableSql(index, `${index.table}_before_0080`));
      db.exec(searchIndexSql(index, "prefix='1 2 3 4 5 6 7 8', detail=none"));
    }
  },
  derived: SEARCH_INDEXES.flatMap((index) => [
    { kind: 'retire-table', table: `${index.table}_before_0080` },
    { kind: 'fill-search', table: index.table },
  ]),
};
