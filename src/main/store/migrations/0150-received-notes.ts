import type { Migration } from './types';
import { SEARCH_INDEXES } from './0050-search';

/*
 * Notes on received faxes (a person's own words: "Called back, invoice paid"), found by the Inbox search.
 *
 * Kept in a table of their own keyed by the fax's row (received_notes.seq), not in columns of
 * `received`: `received` is STRICT, and SQLite checks every row of a STRICT table when a column is added
 * (pragma_quick_check in sqlite3AlterFinishAddColumn, alter.c, since 3.37): 1.2 s for two columns on
 * 200,000 received faxes, in the start-up transaction, before the window can answer. A new table costs
 * nothing to add, and most faxes never get a note. A note removed stays as '' with its time.
 *
 * The search: no rebuild of received_fts (about 22 s per 100,000 faxes, 0080). The note joins the text
 * the received_fts triggers index, in the station id's column (the search matches words in any column;
 * the tables keep no columns apart, detail=none): the insert trigger on `received` reads the fax's note
 * (none yet for a new fax; the background fill runs this same trigger's text over old rows, so a note set
 * while a fill is pending is indexed too), and triggers on received_notes index the fax again when its
 * note is written or changed. Before this migration no fax has a note, and an empty note adds no word, so
 * every row already indexed is indexed exactly as the new triggers would index it. Only the received_fts
 * triggers are made again; the table and its rows stay as they are.
 *
 * (A search table of its own for notes would search apart from the rest, and a search for "acme invoice"
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
      CREATE TABLE received_notes (
        seq        INTEGER PRIMARY KEY REFERENCES received(seq) ON DELETE CASCADE,
        note       TEXT NOT NULL CHECK (length(note) <= ${NOTE_MAX_LENGTH}),
        updated_at TEXT NOT NULL CHECK (updated_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]T[0-2][0-9]:[0-5][0-9]:[0-6][0-9].[0-9][0-9][0-9]Z')
      ) STRICT;
    `);
    const index = SEARCH_INDEXES.find((i) => i.table === 'received_fts')!;
    const noteOf = "coalesce((SELECT note FROM received_notes WHERE received_notes.seq = $.seq), '')";
    const columns: Record<string, string> = { ...index.columns, tsid: `${index.columns['tsid']} || ' ' || ${noteOf}` };
    const names = Object.keys(columns);
    const over = (row: string) => Object.values(columns).map((expr) => expr.replaceAll('$.', `${row}.`));
    const insert = `INSERT INTO received_fts (rowid, ${names.join(', ')}) VALUES (new.seq, ${over('new').join(', ')});`;
    // A note written: the fax's row indexed again, with the note's words.
    const reindex = `
        DELETE FROM received_fts WHERE rowid = new.seq;
        INSERT INTO received_fts (rowid, ${names.join(', ')}) SELECT r.seq, ${over('r').join(', ')} FROM received AS r WHERE r.seq = new.seq;`;
    db.exec(`
      DROP TRIGGER received_fts_insert;
      DROP TRIGGER received_fts_update;

      CREATE TRIGGER received_fts_insert AFTER INSERT ON received BEGIN
        ${insert}
      END;

      CREATE TRIGGER received_fts_update AFTER UPDATE OF ${index.watched.join(', ')} ON received
      WHEN ${index.watched.map((c) => `old.${c} IS NOT new.${c}`).join(' OR ')} BEGIN
        DELETE FROM received_fts WHERE rowid = old.seq;
        ${insert}
      END;

      CREATE TRIGGER received_notes_fts_insert AFTER INSERT ON received_notes BEGIN${reindex}
      END;

      CREATE TRIGGER received_notes_fts_update AFTER UPDATE OF note ON received_notes WHEN old.note IS NOT new.note BEGIN${reindex}
      END;
    `);
  },
};
