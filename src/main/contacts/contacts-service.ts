/**
 * The address book: contacts, distribution lists, search for Compose's recipient picker, import and
 * export (CSV, vCard), and "recently used" (markUsed after a send). Every number goes through
 * checkContactDraft → normalizeFaxNumber; a bad one fails with VALIDATION on field `faxNumber`.
 * The duplicate rule of imports is documented in src/shared/ipc/contract/contacts.ts.
 */
import { checkContactDraft, contactLabel, parseContactsCsv, writeContactsCsv, type ContactDraft, type ContactsFileRead, type ImportedContact } from '../../shared/contacts-csv';
import type { Contact, DistributionList } from '../../shared/domain/history';
import { parseVCards, writeVCards } from '../../shared/domain/vcard';
import { formatFaxNumber, normalizeFaxNumber } from '../../shared/fax-number';
import type { ContactCreateInput, ContactSearchHit, ContactsChange, ContactsExport, ContactsFileFormat, ContactsImportSummary, ContactsPageView, ContactUpdateInput, ContactView, DistributionListView, Recipient } from '../../shared/ipc/contract/contacts';
import { AppError } from '../errors';
import type { Logger } from '../platform/logger';
import type { Db } from '../store/database';
import { ContactsRepository } from '../store/repositories/contacts-repository';

/** Most records one import takes; a bigger file is refused (split it). */
export const IMPORT_MAX_RECORDS = 20_000;
/** Lists shown among search hits (they come before contacts). */
const SEARCH_MAX_LISTS = 5;
const EXPORT_PAGE = 500;

type ChangeListener = (change: ContactsChange) => void;

/** Position in a "recent" listing: first the used contacts (phase r), then the never-used ones A–Z (phase n). */
interface ListCursor {
  p: 'r' | 'n';
  k: string;
  s: number;
}

/** Before every row in A–Z order (sort names are never below '', row numbers never below 0). */
const NAME_PHASE_START: ListCursor = { p: 'n', k: '', s: -1 };

export interface ContactsServiceDeps {
  db: Db;
  logger: Logger;
  now: () => Date;
}

export class ContactsService {
  readonly repository: ContactsRepository;
  private readonly listeners = new Set<ChangeListener>();

  constructor(private readonly deps: ContactsServiceDeps) {
    this.repository = new ContactsRepository(deps.db);
  }

  onChange(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  // -- contacts -------------------------------------------------------------------------------

  list(query: { order: 'recent' | 'name'; after?: string | null | undefined; limit: number }): ContactsPageView {
    const cursor = decodeCursor(query.after);
    if (query.order === 'name') {
      if (cursor && cursor.p !== 'n') throw badCursor();
      const page = this.repository.page({ order: 'name', after: cursor && { key: cursor.k, seq: cursor.s }, limit: query.limit });
      return { items: page.items.map(contactView), next: page.next && encodeCursor({ p: 'n', k: page.next.key, s: page.next.seq }) };
    }
    const items: ContactView[] = [];
    let after = cursor && { key: cursor.k, seq: cursor.s };
    if (!cursor || cursor.p === 'r') {
      const page = this.repository.page({ order: 'recent', after, limit: query.limit });
      items.push(...page.items.map(contactView));
      if (page.next) return { items, next: encodeCursor({ p: 'r', k: page.next.key, s: page.next.seq }) };
      after = null;
      // The used contacts filled this page: the next one starts the never-used ones, from the top.
      if (items.length >= query.limit) return { items, next: encodeCursor(NAME_PHASE_START) };
    }
    // Never-used contacts A–Z. Each page is asked for exactly what is missing, so that the cursor of a
    // page is always the last row consumed; used contacts (shown above) are left out.
    while (items.length < query.limit) {
      const page = this.repository.page({ order: 'name', after, limit: query.limit - items.length });
      items.push(...page.items.filter((c) => c.lastUsedAt === null).map(contactView));
      if (!page.next) return { items, next: null };
      after = page.next;
    }
    return { items, next: after && encodeCursor({ p: 'n', k: after.key, s: after.seq }) };
  }

  get(id: string): ContactView {
    const contact = this.repository.get(id);
    if (!contact) throw notFound();
    return contactView(contact);
  }

  create(input: ContactCreateInput): ContactView {
    const draft = checked(input);
    const contact = this.repository.create(draft, this.deps.now());
    this.changed({ contacts: true, lists: false });
    return contactView(contact);
  }

  update(input: ContactUpdateInput): ContactView {
    const current = this.repository.get(input.id);
    if (!current) throw notFound();
    const draft = checked({
      name: input.name ?? current.name,
      company: input.company ?? current.company,
      notes: input.notes ?? current.notes,
      faxNumber: input.faxNumber ?? current.faxNumber,
    });
    if (this.repository.update(input.id, draft, this.deps.now())) this.changed({ contacts: true, lists: true });
    return this.get(input.id);
  }

  delete(id: string): { id: string } {
    if (!this.repository.delete(id)) throw notFound();
    this.changed({ contacts: true, lists: true });
    return { id };
  }

  /** Moves every contact with one of these numbers to the top of "recently used". Returns how many. */
  markUsed(faxNumbers: readonly string[], at: Date = this.deps.now()): { updated: number } {
    const numbers = faxNumbers.map((text, index) => {
      const result = normalizeFaxNumber(text);
      if (!result.ok) throw new AppError('VALIDATION', result.message, { field: `faxNumbers.${index}` });
      return result.value;
    });
    const updated = this.repository.markUsed(numbers, at);
    if (updated > 0) this.changed({ contacts: true, lists: false });
    return { updated };
  }

  /** Compose's picker: matching lists (by name) first, then contacts by relevance. */
  search(text: string, limit: number): { hits: ContactSearchHit[] } {
    const words = text.toLocaleLowerCase().split(/\s+/).filter(Boolean);
    if (words.length === 0) return { hits: [] };
    const lists: ContactSearchHit[] = this.repository
      .lists()
      .filter((l) => {
        const name = l.name.toLocaleLowerCase();
        const nameWords = name.split(/\s+/);
        return words.every((w) => nameWords.some((n) => n.startsWith(w))) || name.includes(text.trim().toLocaleLowerCase());
      })
      .slice(0, Math.min(SEARCH_MAX_LISTS, limit))
      .map((l) => {
        const list = this.listView(l);
        return {
          kind: 'list',
          id: list.id,
          label: list.name,
          detail: `Distribution list, ${plural(list.members.length, 'recipient')}`,
          recipients: list.members.map(recipientOf),
          list,
        };
      });
    const contacts: ContactSearchHit[] = this.repository.search(text, limit).map((c) => {
      const contact = contactView(c);
      return {
        kind: 'contact',
        id: contact.id,
        label: contact.label,
        detail: [contact.name && contact.company ? contact.company : '', contact.display].filter(Boolean).join(' · '),
        recipients: [recipientOf(contact)],
        contact,
      };
    });
    return { hits: [...lists, ...contacts].slice(0, limit) };
  }

  // -- distribution lists ---------------------------------------------------------------------

  lists(): DistributionListView[] {
    return this.repository.lists().map((l) => this.listView(l));
  }

  createList(name: string, memberIds: readonly string[]): DistributionListView {
    const list = this.repository.createList(name, memberIds, this.deps.now());
    this.changed({ contacts: false, lists: true });
    return this.listView(list);
  }

  renameList(id: string, name: string): DistributionListView {
    if (!this.repository.getList(id)) throw listNotFound();
    if (this.repository.renameList(id, name, this.deps.now())) this.changed({ contacts: false, lists: true });
    return this.listView(this.repository.getList(id)!);
  }

  setListMembers(id: string, memberIds: readonly string[]): DistributionListView {
    if (!this.repository.getList(id)) throw listNotFound();
    this.repository.setMembers(id, memberIds, this.deps.now());
    this.changed({ contacts: false, lists: true });
    return this.listView(this.repository.getList(id)!);
  }

  deleteList(id: string): { id: string } {
    if (!this.repository.deleteList(id)) throw listNotFound();
    this.changed({ contacts: false, lists: true });
    return { id };
  }

  private listView(list: DistributionList): DistributionListView {
    return { ...list, members: this.repository.members(list.id).map(contactView) };
  }

  // -- import and export ----------------------------------------------------------------------

  importText(format: ContactsFileFormat, text: string): ContactsImportSummary {
    const read: ContactsFileRead = format === 'csv' ? parseContactsCsv(text) : parseVCards(text);
    const summary: ContactsImportSummary = { format, created: 0, updated: 0, unchanged: 0, skipped: [...read.skipped], warnings: read.warnings };
    if (read.contacts.length > IMPORT_MAX_RECORDS) {
      throw new AppError(
        'VALIDATION',
        `The file holds ${read.contacts.length} contacts; Faxdesk imports at most ${IMPORT_MAX_RECORDS} at a time. Split the file and import the parts.`,
        { field: 'text' },
      );
    }
    if (read.contacts.length === 0 && read.skipped.length === 0) {
      throw new AppError(
        'VALIDATION',
        format === 'csv'
          ? 'No contacts were found in this file. A CSV file needs a row per contact with at least a name and a fax number.'
          : 'No contacts were found in this file. A vCard file holds cards between BEGIN:VCARD and END:VCARD.',
        { field: 'text' },
      );
    }
    const now = this.deps.now();
    const seen = new Map<string, number>();
    this.deps.db.transaction(() => {
      for (const row of read.contacts) {
        const identity = identityOf(row);
        const earlier = seen.get(identity);
        if (earlier !== undefined) {
          summary.skipped.push({
            line: row.line,
            reason: `Same contact as line ${earlier} (${contactLabel(row)}, ${formatFaxNumber(row.faxNumber)}); left out.`,
          });
          continue;
        }
        seen.set(identity, row.line);
        const match = this.repository.findByNumber(row.faxNumber).find((c) => identityOf(c) === identity);
        if (!match) {
          this.repository.create(draftOf(row), now);
          summary.created++;
          continue;
        }
        const patch: Partial<ContactDraft> = {};
        if (row.company !== '' && row.company !== match.company) patch.company = row.company;
        if (row.notes !== '' && row.notes !== match.notes) patch.notes = row.notes;
        if (Object.keys(patch).length > 0 && this.repository.update(match.id, patch, now)) summary.updated++;
        else summary.unchanged++;
      }
    })();
    summary.skipped.sort((a, b) => a.line - b.line);
    if (summary.created + summary.updated > 0) this.changed({ contacts: true, lists: summary.updated > 0 });
    this.deps.logger.info('contacts imported', {
      format,
      created: summary.created,
      updated: summary.updated,
      unchanged: summary.unchanged,
      skipped: summary.skipped.length,
    });
    return summary;
  }

  export(format: ContactsFileFormat): ContactsExport {
    const contacts: ContactDraft[] = [];
    let after: { key: string; seq: number } | null = null;
    do {
      const page = this.repository.page({ order: 'name', after, limit: EXPORT_PAGE });
      contacts.push(...page.items.map(draftOf));
      after = page.next;
    } while (after);
    const date = this.deps.now().toISOString().slice(0, 10);
    if (format === 'csv') {
      // The byte order mark makes Excel read the file as UTF-8; the importer drops it.
      return { format, text: '\uFEFF' + writeContactsCsv(contacts), fileName: `faxdesk-contacts-${date}.csv`, mimeType: 'text/csv;charset=utf-8', count: contacts.length };
    }
    return { format, text: writeVCards(contacts), fileName: `faxdesk-contacts-${date}.vcf`, mimeType: 'text/vcard;charset=utf-8', count: contacts.length };
  }

  private changed(change: ContactsChange): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(change);
      } catch (error) {
        this.deps.logger.warn('contacts change listener failed', { error: String(error) });
      }
    }
  }
}

function checked(input: { name?: string | undefined; company?: string | undefined; faxNumber: string; notes?: string | undefined }): ContactDraft {
  const check = checkContactDraft(input);
  if (!check.ok) throw new AppError('VALIDATION', check.message, { field: check.field });
  return check.value;
}

function draftOf(c: ContactDraft | ImportedContact | Contact): ContactDraft {
  return { name: c.name, company: c.company, faxNumber: c.faxNumber, notes: c.notes };
}

/** Import identity: the number and the name, ignoring case and spacing. */
function identityOf(c: { faxNumber: string; name: string }): string {
  return `${c.faxNumber}\u0000${c.name.trim().replace(/\s+/g, ' ').toLocaleLowerCase()}`;
}

export function contactView(contact: Contact): ContactView {
  return { ...contact, display: formatFaxNumber(contact.faxNumber), label: contactLabel(contact) };
}

export function recipientOf(contact: ContactView): Recipient {
  return { faxNumber: contact.faxNumber, display: contact.display, name: contact.name, company: contact.company, contactId: contact.id };
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function encodeCursor(cursor: ListCursor): string {
  return JSON.stringify(cursor);
}

function decodeCursor(text: string | null | undefined): ListCursor | null {
  if (text === null || text === undefined || text === '') return null;
  try {
    const value = JSON.parse(text) as Partial<ListCursor>;
    if ((value.p === 'r' || value.p === 'n') && typeof value.k === 'string' && Number.isSafeInteger(value.s)) return value as ListCursor;
  } catch {
    // fall through
  }
  throw badCursor();
}

function badCursor(): AppError {
  return new AppError('VALIDATION', 'The page position is not valid; start again from the first page.', { field: 'after' });
}

function notFound(): AppError {
  return new AppError('NOT_FOUND', 'This contact no longer exists; the list has been refreshed.');
}

function listNotFound(): AppError {
  return new AppError('NOT_FOUND', 'This distribution list no longer exists; the lists have been refreshed.');
}
