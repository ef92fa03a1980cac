import type { Migration } from './types';
import { SEARCH_INDEXES } from './0050-search';

/*
 * Notes on received faxes (a person's own words: "Called back, invoice paid"), kept with the fax in the
 * received row, and found by the Inbox search.
 *
 * The search: no rebuild of received_fts (about 22 s per 100,000 faxes, 0080). The note joins the text
 * the received_fts triggers index, in the station id's column (the search matches words in any column;
 * the tables keep no columns apart, detail=none), and the update trigger also fires when the note
 * changes. That covers every note: before this migration no fax has one, and an empty note adds no
 * word, so every row already indexed is indexed exactly as the new triggers would index it. Only the
 * three triggers are made again; the table and its rows stay as they are.
 *
 * (A table of its own for notes would search apart from the rest, and a search for "acme invoice"
 * whose words sit one in the station id and one in the note would need both tables joined per word,
 * without the rowid order the Inbox pages by.)
 * This file is frozen once released.
 */

/** A note is a few lines, not a document (the contract's INBOX_NOTE_MAX_LENGTH; written out here, as this file is frozen). */
const NOTE_MAX_LENGTH = 2000;

export const migration0150: Migration = {
  version: 150,
  name: '0150-received-notes',
  up(db) {
    db.exec(`
      ALTER TABLE received ADD COLUMN note TEXT NOT NULL DEFAULT '' CHECK (length(note) <= ${NOTE_MAX_LENGTH});
      ALTER TABLE received ADD COLUMN note_updated_at TEXT CHECK (note_updated_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]T[0-2][0-9]:[0-5][0-9]:[0-6][0-9].[0-9][0-9][0-9]Z');
    `);
    const index = SEARCH_INDEXES.find((i) => i.table === 'received_fts')!;
    const columns: Record<string, string> = { ...index.columns, tsid: `${index.columns['tsid']} || ' ' || $.note` };
    const watched = [...index.watched, 'note'];
    const names = Object.keys(columns);
    const values = Object.values(columns).map((expr) => expr.replaceAll('$.', 'new.'));
    const insert = `INSERT INTO received_fts (rowid, ${names.join(', ')}) VALUES (new.seq, ${values.join(', ')});`;
    db.exec(`
      DROP TRIGGER received_fts_insert;
      DROP TRIGGER received_fts_update;

      CREATE TRIGGER received_fts_insert AFTER INSERT ON received BEGIN
        ${insert}
      END;

      CREATE TRIGGER received_fts_update AFTER UPDATE OF ${watched.join(', ')} ON received
      WHEN ${watched.map((c) => `old.${c} IS NOT new.${c}`).join(' OR ')} BEGIN
        DELETE FROM received_fts WHERE rowid = old.seq;
        ${insert}
      END;
    `);
  },
};
