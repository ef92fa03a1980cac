/**
 * FaxOut destinations (PWG 5100.15 `destination-uris`): each a collection whose `destination-uri`
 * is a `tel:` URI (RFC 3966), optionally with a name. Returns what Compose shows as recipients: the
 * number as the person would type it (Compose checks and normalises it, and says why when it
 * cannot) and a name when the job gave one.
 *
 * Names: PWG 5100.15 carries no per-destination name, so Faxdesk reads one where clients put it:
 * a `destination-name`/`to-name` member of the destination itself, else the job's
 * `cover-sheet-info.to-name` when there is a single destination.
 */
import { ValueTag, type IppAttribute, type IppCollection } from './ipp/encoding';
import { AttributeProblem, find, readCollections, readString, TEXT_TAGS } from './ipp/values';

export interface PrintedRecipient {
  /** Digits with an optional leading '+', as taken from the tel: URI. */
  number: string;
  name?: string;
}

/** RFC 3966 visual separators; CUPS adds 'p'/'w' (pause, wait) and ',' for pauses. */
const VISUAL_SEPARATORS = /[-.()\s]/g;

/**
 * The number in a tel: URI, or why there is none. Visual separators, pauses and anything dialled
 * after a pause (an extension for a person, which a fax machine does not need) are dropped. Whether
 * the number can be faxed (long enough, a country code…) is Compose's to say, with the same rules
 * and words as for a typed number: a FaxOut job is never refused for a bad number, so the document
 * is not lost (and CUPS would retry a refused job without end).
 */
export function telUriNumber(uri: string): { ok: true; number: string } | { ok: false; reason: string } {
  const match = /^tel:([^;]*)((?:;.*)?)$/i.exec(uri.trim());
  if (!match) return { ok: false, reason: `"${uri.slice(0, 80)}" is not a tel: address` };
  let subscriber: string;
  try {
    subscriber = decodeURIComponent(match[1]!);
  } catch {
    return { ok: false, reason: `"${uri.slice(0, 80)}" is not a valid tel: address` };
  }
  const dialled = subscriber.split(/[pw,]/i)[0]!.replace(VISUAL_SEPARATORS, '');
  if (!/\d/.test(dialled) || dialled.length > 40) return { ok: false, reason: `"${uri.slice(0, 80)}" does not hold a fax number` };
  return { ok: true, number: dialled };
}

function memberString(members: IppCollection, names: readonly string[]): string | undefined {
  for (const name of names) {
    const member = find(members, name);
    if (member) return readString(member, TEXT_TAGS)?.trim() || undefined;
  }
  return undefined;
}

export interface DestinationsResult {
  recipients: PrintedRecipient[];
  /** One sentence per destination that could not be read. */
  problems: string[];
}

export const MAX_DESTINATIONS = 50;

/** Reads `destination-uris` (and `cover-sheet-info`) from a job's attributes. Throws AttributeProblem on a wrong syntax. */
export function readDestinations(jobAttributes: readonly IppAttribute[]): DestinationsResult {
  const attribute = find(jobAttributes, 'destination-uris');
  const destinations = readCollections(attribute) ?? [];
  if (attribute && destinations.length > MAX_DESTINATIONS) throw new AttributeProblem(attribute, `at most ${MAX_DESTINATIONS} destinations are accepted in one job`);
  const cover = readCollections(find(jobAttributes, 'cover-sheet-info'))?.[0];
  const coverName = cover ? memberString(cover, ['to-name']) : undefined;
  const recipients: PrintedRecipient[] = [];
  const problems: string[] = [];
  for (const members of destinations) {
    const uriMember = find(members, 'destination-uri');
    if (!uriMember || uriMember.values.length !== 1 || uriMember.values[0]!.tag !== ValueTag.uri) {
      throw new AttributeProblem(attribute!, 'each destination needs one destination-uri');
    }
    const parsed = telUriNumber(uriMember.values[0]!.value as string);
    if (!parsed.ok) {
      problems.push(parsed.reason);
      continue;
    }
    const name = memberString(members, ['destination-name', 'to-name']);
    recipients.push({ number: parsed.number, ...(name ? { name: name.slice(0, 200) } : {}) });
  }
  if (recipients.length === 1 && !recipients[0]!.name && coverName) recipients[0]!.name = coverName.slice(0, 200);
  return { recipients, problems };
}
