import type { Migration } from './types';

/*
 * Full-text search (FTS5) over outbound jobs (names, company, number, subject, client data, fax_id),
 * received faxes (originating number, TSID, fax_id) and contacts (name, company, number, notes).
 *
 * - Contentless tables (content='', contentless_delete=1): the text lives once, in the base tables;
 *   the index maps words to the base row's `seq` (INTEGER PRIMARY KEY, stable across VACUUM). The
 *   indexed text is computed, not copied: client_data contributes its values (not its JSON keys), and
 *   a number contributes every suffix of its digits of 3 or more, so that "4567", "1234567" and the
 *   national form of an international number all find it by (prefix) word match.
 * - Triggers keep the index in step with every write to the base tables, whoever writes; an update
 *   that leaves the searched columns alone (a state change) does not touch the index.
 * - Rows already present are indexed after start, in the background (derived work 'fill-search', see
 *   src/main/store/derived): as released, this step indexed them here, in the start-up transaction. The
 *   schema it leaves is the same; only when the rows get indexed moved. A file already at 0050 or later
 *   was indexed by then, so nothing is redone. A run that cannot queue the work (a schema cut below
 *   0110) still indexes them inline, as released.
 * This file is frozen once released (apart from the move above, made by 0110).
 */

/** Numbers up to this many characters get all their suffixes indexed (E.164 is at most 15 digits). */
const MAX_NUMBER_LENGTH = 24;
const MIN_SUFFIX_LENGTH = 3;

/** SQL giving the searchable text of a phone number: itself, plus the suffixes of its digits. */
function numberText(value: string): string {
  const digits = `replace(replace(replace(replace(replace(replace(coalesce(${value}, ''), '+', ''), ' ', ''), '-', ''), '(', ''), ')', ''), '.', '')`;
  const suffixes: string[] = [];
  for (let start = 2; start <= MAX_NUMBER_LENGTH - MIN_SUFFIX_LENGTH + 1; start++) {
    suffixes.push(`CASE WHEN length(d) - ${start} + 1 >= ${MIN_SUFFIX_LENGTH} THEN ' ' || substr(d, ${start}) ELSE '' END`);
  }
  return `(SELECT CASE WHEN d <> '' AND d NOT GLOB '*[^0-9]*' THEN coalesce(${value}, '') || ' ' || d || ${suffixes.join(' || ')} ELSE coalesce(${value}, '') END FROM (SELECT ${digits} AS d))`;
}

/** SQL giving the values (not the keys) of a JSON object column, space separated. */
function jsonValuesText(value: string): string {
  return `coalesce((SELECT group_concat(value, ' ') FROM json_each(${value})), '')`;
}

const FTS_OPTIONS = `content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2'`;

export interface SearchIndex {
  table: string;
  base: string;
  /** FTS column -> SQL expression over the base row, written with `$.` as the row prefix. */
  columns: Record<string, string>;
  /** Base columns whose change changes the indexed text. */
  watched: string[];
}

/** The three search tables (0060 rebuilds them with prefix indexes, from this same definition). */
export const SEARCH_INDEXES: readonly SearchIndex[] = [
  {
    table: 'outbound_fts',
    base: 'outbound',
    columns: {
      name: '$.to_name',
      company: '$.to_company',
      number: numberText('$.destination'),
      subject: '$.subject',
      client: jsonValuesText('$.client_data'),
      ref: "coalesce($.fax_id, '')",
    },
    watched: ['to_name', 'to_company', 'destination', 'subject', 'client_data', 'fax_id'],
  },
  {
    table: 'received_fts',
    base: 'received',
    columns: {
      number: numberText('$.originating_number'),
      tsid: "coalesce($.tsid, '')",
      ref: '$.fax_id',
    },
    watched: ['originating_number', 'tsid', 'fax_id'],
  },
  {
    table: 'contacts_fts',
    base: 'contacts',
    columns: {
      name: '$.name',
      company: '$.company',
      number: numberText('$.fax_number'),
      notes: '$.notes',
    },
    watched: ['name', 'company', 'fax_number', 'notes'],
  },
];

const columnValues = (index: SearchIndex, row: string) => Object.values(index.columns).map((expr) => expr.replaceAll('$.', row));

/** The table and its triggers (no row indexed yet: see searchIndexFillSql); `extraOptions` are added to the FTS5 options. */
export function searchIndexSql(index: SearchIndex, extraOptions = ''): string {
  const names = Object.keys(index.columns);
  const insertFrom = (row: string) =>
    `INSERT INTO ${index.table} (rowid, ${names.join(', ')}) VALUES (${row}seq, ${columnValues(index, row).join(', ')});`;
  const changed = index.watched.map((c) => `old.${c} IS NOT new.${c}`).join(' OR ');
  return `
    CREATE VIRTUAL TABLE ${index.table} USING fts5(${names.join(', ')}, ${FTS_OPTIONS}${extraOptions ? `, ${extraOptions}` : ''});

    CREATE TRIGGER ${index.table}_insert AFTER INSERT ON ${index.base} BEGIN
      ${insertFrom('new.')}
    END;

    CREATE TRIGGER ${index.table}_delete AFTER DELETE ON ${index.base} BEGIN
      DELETE FROM ${index.table} WHERE rowid = old.seq;
    END;

    CREATE TRIGGER ${index.table}_update AFTER UPDATE OF ${index.watched.join(', ')} ON ${index.base}
    WHEN ${changed} BEGIN
      DELETE FROM ${index.table} WHERE rowid = old.seq;
      ${insertFrom('new.')}
    END;
  `;
}

/**
 * Indexes the base rows that `where` picks (SQL over the base table; none: every row), in rowid order
 * (FTS5 writes a run of ascending rowids into one segment; a smaller rowid than the last flushes it).
 */
export function searchIndexFillSql(index: SearchIndex, where = ''): string {
  const names = Object.keys(index.columns);
  return `INSERT INTO ${index.table} (rowid, ${names.join(', ')})
    SELECT seq, ${columnValues(index, `${index.base}.`).join(', ')} FROM ${index.base}${where ? ` WHERE ${where}` : ''} ORDER BY seq`;
}

/**
 * Takes a search table out of service to be replaced by a new one of the same name: its triggers go at
 * once, the table is renamed (cheap: the index's pages stay where they are) and left to the derived work
 * 'retire-table', which empties it in small transactions after start. Dropping a search table of a
 * million faxes at once takes seconds.
 */
export function retireSearchTableSql(index: SearchIndex, retiredName: string): string {
  return `
    DROP TRIGGER ${index.table}_insert;
    DROP TRIGGER ${index.table}_delete;
    DROP TRIGGER ${index.table}_update;
    ALTER TABLE ${index.table} RENAME TO ${retiredName};
  `;
}

export const migration0050: Migration = {
  version: 50,
  name: '0050-search',
  up(db) {
    for (const index of SEARCH_INDEXES) db.exec(searchIndexSql(index));
  },
  derived: SEARCH_INDEXES.map((index) => ({ kind: 'fill-search', table: index.table })),
};
