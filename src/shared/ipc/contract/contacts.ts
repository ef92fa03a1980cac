/**
 * The address book (Contacts page, and recipients for Compose). Saved header templates are in
 * templates.ts.
 *
 * Fax numbers travel as typed and main normalises every one with normalizeFaxNumber (src/shared/
 * fax-number.ts): a bad number fails with VALIDATION, `field: 'faxNumber'` and a sentence naming the
 * problem and the fix. Outputs carry the normalised digits and the formatted form (`display`).
 *
 * Import (contacts:importText): every record becomes a contact or a skipped line with its reason.
 * Duplicates: a record with the same normalised number AND the same name (ignoring case; both empty
 * for a company-only record) as an existing contact updates that contact: its non-empty company and
 * notes replace the stored ones (nothing is written when nothing differs: `unchanged`). The same
 * number under another name is another person at a shared office fax, and is created. A record
 * repeating an earlier record of the same file (same number and name) is skipped with the reason.
 */
import { z } from 'zod';
import { call, event } from '../define';
import type { Contact, DistributionList } from '../../domain/history';
import type { ImportNote } from '../../contacts-csv';

// ---------------------------------------------------------------------------------------------
// Outputs

export interface ContactView extends Contact {
  /** The number as shown, e.g. "+1 555 123 4567". */
  display: string;
  /** The name, else the company (what a list shows first). */
  label: string;
}

export interface ContactsPageView {
  items: ContactView[];
  /** Pass back as `after` for the next page; null on the last page. Opaque. */
  next: string | null;
}

/** One destination, ready for Compose's recipient list. */
export interface Recipient {
  /** Normalised digits with the country code. */
  faxNumber: string;
  display: string;
  name: string;
  company: string;
  /** The contact it came from (null for a typed number). */
  contactId: string | null;
}

export interface DistributionListView extends DistributionList {
  /** In the list's order. */
  members: ContactView[];
}

export type ContactSearchHit =
  | { kind: 'contact'; id: string; label: string; detail: string; recipients: Recipient[]; contact: ContactView }
  | { kind: 'list'; id: string; label: string; detail: string; recipients: Recipient[]; list: DistributionListView };

export interface ContactsImportSummary {
  format: ContactsFileFormat;
  created: number;
  updated: number;
  /** Matched an existing contact that already said the same. */
  unchanged: number;
  skipped: ImportNote[];
  /** Imported with a guess worth checking (a phone number used as the fax number…). */
  warnings: ImportNote[];
}

export interface ContactsExport {
  format: ContactsFileFormat;
  text: string;
  /** e.g. faxdesk-contacts-2026-03-01.vcf */
  fileName: string;
  mimeType: string;
  count: number;
}

/** What changed; the page reloads what it shows of it. */
export interface ContactsChange {
  contacts: boolean;
  lists: boolean;
}

// ---------------------------------------------------------------------------------------------
// Inputs

export const CONTACTS_FILE_FORMATS = ['csv', 'vcard'] as const;
export type ContactsFileFormat = (typeof CONTACTS_FILE_FORMATS)[number];

/** Largest file text contacts:importText takes (characters). */
export const CONTACTS_IMPORT_MAX_CHARS = 5_000_000;
export const LIST_NAME_MAX = 100;

const Id = z.string().trim().min(1, 'Say which one.').max(100);
// Exact length and content rules are checkContactDraft's (messages a person can act on); these only bound the input.
const Text = z.string().max(10_000);
const ListName = z
  .string()
  .trim()
  .min(1, 'Give the distribution list a name.')
  .max(LIST_NAME_MAX, `Use at most ${LIST_NAME_MAX} characters for the list name.`);
const MemberIds = z.array(Id).max(2000, 'A distribution list holds at most 2000 contacts.');
const Format = z.enum(CONTACTS_FILE_FORMATS, { error: 'Choose CSV or vCard.' });

export const ContactCreateInputSchema = z
  .object({ name: Text.optional(), company: Text.optional(), faxNumber: Text, notes: Text.optional() })
  .strict();
export const ContactUpdateInputSchema = z
  .object({ id: Id, name: Text.optional(), company: Text.optional(), faxNumber: Text.optional(), notes: Text.optional() })
  .strict();
export type ContactCreateInput = z.output<typeof ContactCreateInputSchema>;
export type ContactUpdateInput = z.output<typeof ContactUpdateInputSchema>;

// ---------------------------------------------------------------------------------------------

export const contactCalls = {
  /** A page of contacts: 'name' A–Z (name, else company); 'recent' the used ones newest first, then the rest A–Z. */
  'contacts:list': call(
    z
      .object({
        order: z.enum(['recent', 'name']).default('name'),
        after: z.string().max(2000).nullable().optional(),
        limit: z.number().int().min(1).max(500).default(100),
      })
      .strict(),
  ).returns<ContactsPageView>(),
  /** Full-text search over name, company, number (any 3+ trailing digits, or a prefix) and notes, plus list names. */
  'contacts:search': call(
    z
      .object({
        text: z.string().max(200, 'Search for at most 200 characters.'),
        limit: z.number().int().min(1).max(200).default(20),
      })
      .strict(),
  ).returns<{ hits: ContactSearchHit[] }>(),
  'contacts:create': call(ContactCreateInputSchema).returns<ContactView>(),
  'contacts:update': call(ContactUpdateInputSchema).returns<ContactView>(),
  /** Also removes the contact from every distribution list. */
  'contacts:delete': call(z.object({ id: Id }).strict()).returns<{ id: string }>(),
  /** After a send: contacts with these numbers move to the top of "recently used". */
  'contacts:markUsed': call(
    z.object({ faxNumbers: z.array(z.string().max(100)).min(1).max(500) }).strict(),
  ).returns<{ updated: number }>(),

  'contacts:listLists': call(z.void()).returns<DistributionListView[]>(),
  'contacts:createList': call(z.object({ name: ListName, memberIds: MemberIds.default([]) }).strict()).returns<DistributionListView>(),
  'contacts:renameList': call(z.object({ id: Id, name: ListName }).strict()).returns<DistributionListView>(),
  /** Replaces the members, in this order (all or nothing). */
  'contacts:setListMembers': call(z.object({ id: Id, memberIds: MemberIds }).strict()).returns<DistributionListView>(),
  'contacts:deleteList': call(z.object({ id: Id }).strict()).returns<{ id: string }>(),

  'contacts:importText': call(
    z
      .object({
        format: Format,
        text: z.string().max(CONTACTS_IMPORT_MAX_CHARS, `The file is too large to import (over ${CONTACTS_IMPORT_MAX_CHARS / 1_000_000} MB of text); split it into smaller files.`),
      })
      .strict(),
  ).returns<ContactsImportSummary>(),
  /** Every contact, A–Z. */
  'contacts:export': call(z.object({ format: Format }).strict()).returns<ContactsExport>(),
} as const;

export const contactEvents = {
  'contacts:changed': event<ContactsChange>(),
} as const;
