/**
 * Names, not numbers: the address book's name for the sender of a received fax, and the senders a name
 * typed in the Inbox search means. Read when the Inbox asks (a page at a time), never stored with the
 * fax, so a contact added, renamed or deleted shows in the list at once.
 */
import type { InboxFax } from '../../shared/domain/history';
import { countryCodeOf, normalizeFaxNumber } from '../../shared/fax-number';
import type { ContactsRepository } from '../store/repositories/contacts-repository';

/** How many contacts a name typed may stand for (their faxes are found by number). */
const MAX_NAMED_CONTACTS = 20;

export class SenderNames {
  constructor(private readonly contacts: Pick<ContactsRepository, 'namesForNumbers' | 'search'>) {}

  /** The faxes, each with `senderName` from the address book (null where no contact has its number). */
  named<T extends InboxFax>(faxes: readonly T[]): T[] {
    const keys = faxes.map((fax) => numberKey(fax.originatingNumber));
    const names = this.contacts.namesForNumbers(keys.filter((k): k is string => k !== null));
    return faxes.map((fax, i) => {
      const key = keys[i];
      const senderName = key ? (names.get(key) ?? null) : null;
      return senderName === fax.senderName ? fax : { ...fax, senderName };
    });
  }

  /**
   * The numbers of the contacts whose name or company has every word typed (at the start of one of its
   * words, as the search matches), as the digits the Inbox search index holds for them: the number
   * without its country code, so a sender the service reports with or without it is found.
   */
  numbersNamed(text: string): string[] {
    const words = wordsOf(text);
    if (words.length === 0) return [];
    const numbers = new Set<string>();
    for (const contact of this.contacts.search(text, MAX_NAMED_CONTACTS)) {
      const own = wordsOf(`${contact.name} ${contact.company}`);
      if (!words.every((word) => own.some((w) => startsWith(w, word)))) continue; // found by its number or notes, not its name
      const digits = contact.faxNumber.replace(/\D/g, '');
      const national = digits.slice(countryCodeOf(digits).length);
      numbers.add(national.length >= 7 ? national : digits);
    }
    return [...numbers];
  }
}

/** The key a contact's number is stored under (normalised digits), or null for a number that is not one. */
function numberKey(raw: string | null): string | null {
  if (!raw) return null;
  const normalised = normalizeFaxNumber(raw);
  return normalised.ok ? normalised.value : null;
}

/** Words, split as the search index splits them. */
function wordsOf(text: string): string[] {
  return text.split(/[^\p{L}\p{N}\p{M}]+/u).filter(Boolean);
}

/** Letters compared as the search index folds them (case and accents aside: "Ø" is "o", "ë" is "e"). */
const BASE_LETTERS = new Intl.Collator('und', { sensitivity: 'base', usage: 'search' });

function startsWith(word: string, prefix: string): boolean {
  return word.length >= prefix.length && BASE_LETTERS.compare(word.slice(0, prefix.length), prefix) === 0;
}
