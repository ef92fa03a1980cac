import type { Migration } from './types';
import { SEARCH_INDEXES, retireSearchTableSql, searchIndexSql } from './0050-search';

/*
 * Search tables rebuilt with FTS5 prefix indexes for prefixes of 3, 4 and 5 characters.
 *
 * Every search word is a prefix query ("555"*). Without a prefix index FTS5 answers one by merging the
 * doclists of every term that starts with the prefix before it can return a row; a number contributes
 * the suffixes of its digits (0050), so an area code such as 555 starts a distinct term in every row:
 * a million terms merged for the first page of 50 (0.2 s on a 1M-fax history). With a prefix index, a
 * prefix of an indexed length reads one doclist, newest rowid first, and stops after the page. Three
 * to five characters cover what is typed before a word or a number narrows itself (numbers are
 * indexed from 3 digits). A longer prefix is still merged whole, but matches few terms: a number's
 * 6 digits pick a few thousand rows at most; a long word in every row costs ~28 ms on 1M faxes.
 * The search index grows about 2.7x (a 1M-fax history file: 1.5 -> 1.9 GiB); rebuilding it here
 * takes about a minute per million faxes, once.
 *
 * The column definitions and triggers are 0050's, unchanged (frozen there); only the options differ.
 * As released, the old tables were dropped and the new ones filled here, in the start-up transaction;
 * now (issue 24, with 0110) the old tables are renamed and retired, and the new ones filled, after
 * start in the background (derived work; see 0080 for why this keeps the history honest). A run that
 * cannot queue the work does it inline, as released.
 * This file is frozen once released.
 */
export const migration0060: Migration = {
  version: 60,
  name: '0060-search-prefixes',
  up(db) {
    for (const index of SEARCH_INDEXES) {
      db.exec(retireSearchTableSql(index, `${index.table}_before_0060`));
      db.exec(searchIndexSql(index, "prefix='3 4 5'"));
    }
  },
  derived: SEARCH_INDEXES.flatMap((index) => [
    { kind: 'retire-table', table: `${index.table}_before_0060` },
    { kind: 'fill-search', table: index.table },
  ]),
};
