/**
 * The address book: contacts (alphabetical or most recently used, paged), full-text search, and
 * distribution lists (named, ordered sets of contacts). Numbers arrive normalised (digits).
 */
import type { Db } from '../database';
import { AppError } from '../../errors';
import type { Contact, ContactPatch, DistributionList, KeysetPage, NewContact, PageCursor } from '../../../shared/domain/history';
import { toFtsQuery } from './fts-query';
import { StatementCache, checkCursor, isoUtc, isUniqueViolation, keysetPage, keysetParams, newId, pageSize, updateWhenChangedSql } from './row-support';

interface ContactRow {
  seq: number;
  id: string;
  name: string;
  company: string;
  fax_number: string;
  notes: string;
  last_used_at: string | null;
  use_count: number;
  created_at: string;
  updated_at: string;
  sort_name: string;
}

interface ListRow {
  id: string;
  name: string;
  member_count: number;
  created_at: string;
  updated_at: string;
}

const COLUMNS = 'seq, id, name, company, fax_number, notes, last_used_at, use_count, created_at, updated_at, sort_name';
const C_COLUMNS = COLUMNS.split(',')
  .map((c) => `c.${c.trim()}`)
  .join(', ');

export type ContactOrder = 'name' | 'recent';

export interface ContactPageQuery {
  order?: ContactOrder;
  after?: PageCursor | null;
  limit?: number;
}

export function contactsPageSql(order: ContactOrder, after: boolean): string {
  if (order === 'recent') {
    return `SELECT ${COLUMNS} FROM contacts WHERE last_used_at IS NOT NULL ${after ? 'AND (last_used_at, seq) < (@afterKey, @afterSeq)' : ''}
      ORDER BY last_used_at DESC, seq DESC LIMIT @limit`;
  }
  return `SELECT ${COLUMNS} FROM contacts ${after ? 'WHERE (sort_name, seq) > (@afterKey, @afterSeq)' : ''}
    ORDER BY sort_name, seq LIMIT @limit`;
}

/** Search ranks by relevance (a small table), then by use. */
export const CONTACTS_SEARCH_SQL = `SELECT ${C_COLUMNS} FROM contacts_fts f CROSS JOIN contacts c ON c.seq = f.rowid
  WHERE contacts_fts MATCH @match ORDER BY f.rank, c.use_count DESC LIMIT @limit`;

export class ContactsRepository {
  private readonly insertContact;
  private readonly selectById;
  private readonly selectByNumber;
  private readonly selectNamesByNumbers;
  private readonly deleteContact;
  private readonly markUsedStmt;
  private readonly searchStmt;
  private readonly insertList;
  private readonly renameListStmt;
  private readonly touchList;
  private readonly deleteListStmt;
  private readonly selectLists;
  private readonly selectList;
  private readonly clearMembers;
  private readonly insertMember;
  private readonly selectMembers;
  private readonly statements;

  constructor(private readonly db: Db) {
    this.insertContact = db.prepare(
      `INSERT INTO contacts (id, name, company, fax_number, notes, created_at, updated_at)
       VALUES (@id, @name, @company, @faxNumber, @notes, @now, @now)`,
    );
    this.selectById = db.prepare<[string], ContactRow>(`SELECT ${COLUMNS} FROM contacts WHERE id = ?`);
    this.selectByNumber = db.prepare<[string], ContactRow>(`SELECT ${COLUMNS} FROM contacts WHERE fax_number = ? ORDER BY use_count DESC, seq LIMIT 50`);
    // The contacts_by_number index, one probe per number (a page of the Inbox names at most 200).
    this.selectNamesByNumbers = db.prepare<[string], { fax_number: string; name: string; company: string }>(
      `SELECT fax_number, name, company FROM contacts WHERE fax_number IN (SELECT value FROM json_each(?)) ORDER BY use_count DESC, seq`,
    );
    this.deleteContact = db.prepare<[string]>('DELETE FROM contacts WHERE id = ?');
    this.markUsedStmt = db.prepare<[string, string, string]>(
      'UPDATE contacts SET use_count = use_count + 1, last_used_at = ?, updated_at = ? WHERE fax_number = ?',
    );
    this.searchStmt = db.prepare(CONTACTS_SEARCH_SQL);
    this.insertList = db.prepare('INSERT INTO distribution_lists (id, name, created_at, updated_at) VALUES (@id, @name, @now, @now)');
    this.renameListStmt = db.prepare<[string, string, string, string]>(
      'UPDATE distribution_lists SET name = ?, updated_at = ? WHERE id = ? AND name IS NOT ?',
    );
    this.touchList = db.prepare<[string, string]>('UPDATE distribution_lists SET updated_at = ? WHERE id = ?');
    this.deleteListStmt = db.prepare<[string]>('DELETE FROM distribution_lists WHERE id = ?');
    const listColumns = `l.id, l.name, l.created_at, l.updated_at,
      (SELECT count(*) FROM distribution_list_members m WHERE m.list_id = l.id) AS member_count`;
    this.selectLists = db.prepare<[number], ListRow>(`SELECT ${listColumns} FROM distribution_lists l ORDER BY l.name COLLATE NOCASE LIMIT ?`);
    this.selectList = db.prepare<[string], ListRow>(`SELECT ${listColumns} FROM distribution_lists l WHERE l.id = ?`);
    this.clearMembers = db.prepare<[string]>('DELETE FROM distribution_list_members WHERE list_id = ?');
    this.insertMember = db.prepare<[string, string, number]>(
      'INSERT INTO distribution_list_members (list_id, contact_id, position) VALUES (?, ?, ?)',
    );
    this.selectMembers = db.prepare<[string], ContactRow>(
      `SELECT ${C_COLUMNS} FROM distribution_list_members m JOIN contacts c ON c.id = m.contact_id
       WHERE m.list_id = ? ORDER BY m.position`,
    );
    this.statements = new StatementCache(db);
  }

  create(input: NewContact, now: Date): Contact {
    const id = input.id ?? newId();
    this.insertContact.run({
      id,
      name: input.name?.trim() ?? '',
      company: input.company?.trim() ?? '',
      faxNumber: input.faxNumber,
      notes: input.notes ?? '',
      now: isoUtc(now, 'now'),
    });
    return this.get(id)!;
  }

  get(id: string): Contact | undefined {
    const row = this.selectById.get(id);
    return row && toContact(row);
  }

  /** Changes the given fields if one differs; returns whether the row was written. */
  update(id: string, patch: ContactPatch, now: Date): boolean {
    const columns: Record<keyof ContactPatch, string> = { name: 'name', company: 'company', faxNumber: 'fax_number', notes: 'notes' };
    const fields = (Object.keys(columns) as (keyof ContactPatch)[]).filter((f) => patch[f] !== undefined);
    if (fields.length === 0) return false;
    const statement = this.statements.get(`update|${fields.join(',')}`, () =>
      updateWhenChangedSql('contacts', Object.fromEntries(fields.map((f) => [columns[f], `@${f}`])), { where: 'id = @id', touch: 'updated_at = @now' }),
    );
    const params: Record<string, unknown> = { id, now: isoUtc(now, 'now') };
    for (const f of fields) params[f] = f === 'name' || f === 'company' ? patch[f]!.trim() : patch[f];
    return statement.run(params).changes > 0;
  }

  /** Deletes a contact (and removes it from every distribution list). */
  delete(id: string): boolean {
    return this.deleteContact.run(id).changes > 0;
  }

  findByNumber(faxNumber: string): Contact[] {
    return this.selectByNumber.all(faxNumber).map(toContact);
  }

  /** After a send: every contact with one of these numbers moves up in "recent". */
  markUsed(faxNumbers: readonly string[], at: Date): number {
    const iso = isoUtc(at, 'at');
    return this.db.transaction(() => [...new Set(faxNumbers)].reduce((n, number) => n + this.markUsedStmt.run(iso, iso, number).changes, 0))();
  }

  /** Alphabetical (name, or company when there is no name), or most recently used first. */
  page(query: ContactPageQuery = {}): KeysetPage<Contact> {
    const order = query.order ?? 'name';
    const size = pageSize(query.limit);
    const after = checkCursor(query.after);
    const rows = this.statements.get(`page|${order}|${after !== null}`, () => contactsPageSql(order, after !== null)).all(keysetParams(after, size)) as ContactRow[];
    return keysetPage(rows, size, (r) => (order === 'recent' ? r.last_used_at! : r.sort_name), toContact);
  }

  /** Best matches first (for the compose autocomplete): name, company, number (3+ trailing digits or a prefix), notes. */
  /** The name (else the company) of the most used contact with each of these numbers (normalised digits); numbers without one are left out. */
  namesForNumbers(numbers: readonly string[]): Map<string, string> {
    const names = new Map<string, string>();
    if (numbers.length === 0) return names;
    for (const row of this.selectNamesByNumbers.all(JSON.stringify([...new Set(numbers)]))) {
      const name = row.name.trim() || row.company.trim();
      if (name && !names.has(row.fax_number)) names.set(row.fax_number, name);
    }
    return names;
  }

  search(text: string, limit = 20): Contact[] {
    const match = toFtsQuery(text);
    if (match === null) return [];
    return (this.searchStmt.all({ match, limit: pageSize(limit) }) as ContactRow[]).map(toContact);
  }

  // -- distribution lists -------------------------------------------------------------------

  /** Creates a list with these members, in this order. */
  createList(name: string, contactIds: readonly string[], now: Date, id: string = newId()): DistributionList {
    const at = isoUtc(now, 'now');
    this.db.transaction(() => {
      this.guardListName(name, () => this.insertList.run({ id, name: name.trim(), now: at }));
      this.writeMembers(id, contactIds);
    })();
    return this.getList(id)!;
  }

  renameList(id: string, name: string, now: Date): boolean {
    return this.guardListName(name, () => this.renameListStmt.run(name.trim(), isoUtc(now, 'now'), id, name.trim()).changes > 0);
  }

  /** Replaces the members (all or nothing); an unknown contact id is refused. */
  setMembers(id: string, contactIds: readonly string[], now: Date): void {
    this.db.transaction(() => {
      if (this.touchList.run(isoUtc(now, 'now'), id).changes === 0) {
        throw new AppError('NOT_FOUND', 'This distribution list no longer exists.');
      }
      this.clearMembers.run(id);
      this.writeMembers(id, contactIds);
    })();
  }

  deleteList(id: string): boolean {
    return this.deleteListStmt.run(id).changes > 0;
  }

  getList(id: string): DistributionList | undefined {
    const row = this.selectList.get(id);
    return row && toList(row);
  }

  /** Lists by name (a person keeps a few dozen at most; capped all the same). */
  lists(limit = 500): DistributionList[] {
    return this.selectLists.all(limit).map(toList);
  }

  members(listId: string): Contact[] {
    return this.selectMembers.all(listId).map(toContact);
  }

  private writeMembers(listId: string, contactIds: readonly string[]): void {
    [...new Set(contactIds)].forEach((contactId, position) => {
      try {
        this.insertMember.run(listId, contactId, position);
      } catch (error) {
        if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_FOREIGNKEY') {
          throw new AppError('NOT_FOUND', 'One of the chosen contacts no longer exists. Refresh the list and try again.');
        }
        throw error;
      }
    });
  }

  private guardListName<T>(name: string, write: () => T): T {
    if (name.trim() === '') throw new AppError('VALIDATION', 'Give the distribution list a name.', { field: 'name' });
    try {
      return write();
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new AppError('CONFLICT', `A distribution list named "${name.trim()}" already exists. Choose another name.`, { field: 'name' });
      }
      throw error;
    }
  }
}

function toContact(row: ContactRow): Contact {
  return {
    id: row.id,
    name: row.name,
    company: row.company,
    faxNumber: row.fax_number,
    notes: row.notes,
    lastUsedAt: row.last_used_at,
    useCount: row.use_count,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toList(row: ListRow): DistributionList {
  return { id: row.id, name: row.name, memberCount: row.member_count, createdAt: row.created_at, updatedAt: row.updated_at };
}
