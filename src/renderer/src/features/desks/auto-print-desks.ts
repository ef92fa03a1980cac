/**
 * What Settings › Several desks says about which desks of an account print received faxes automatically.
 * This desk's answer is its setting now; another desk's is what its latest fax seen here said (the marker
 * carries it: shared/domain/desk-marker.ts), so each line says "as of its last fax sent", and a desk that
 * only receives is never seen at all: the words say so rather than imply the list is complete.
 * Pure (unit-tested).
 */
import type { OfficeDeskView } from '../../../../shared/ipc/contract/desks';

export interface DeskLine {
  key: string;
  /** "Front desk (maria) (this desk)". */
  name: string;
  /** "prints received faxes automatically, as of its last fax sent (10:14 AM)". */
  printing: string;
  prints: boolean;
}

export interface OfficePrinting {
  desks: DeskLine[];
  /** Which desks print, and the advice when more than one does. */
  summary: string;
  /** What this list cannot know. */
  limits: string;
}

const nameOf = (d: OfficeDeskView): string => (d.thisDesk ? `${d.label ?? 'This desk'} (this desk)` : (d.label ?? 'A desk that gave no name'));

function printingOf(d: OfficeDeskView, when: (iso: string) => string): string {
  if (d.thisDesk) return d.autoPrint ? 'prints received faxes automatically' : 'does not print received faxes automatically';
  const asOf = d.lastSeenAt ? `, as of its last fax sent (${when(d.lastSeenAt)})` : ', as of its last fax sent';
  if (d.autoPrint === null) return `did not say whether it prints automatically (its Faxdesk is older)${asOf}`;
  return `${d.autoPrint ? 'prints received faxes automatically' : 'does not print received faxes automatically'}${asOf}`;
}

const list = (names: string[]): string => (names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`);

/** `when` formats a desk's last fax time (the page's short time). */
export function officePrinting(desks: readonly OfficeDeskView[], when: (iso: string) => string): OfficePrinting {
  const lines = desks.map((d) => ({ key: d.installationId, name: nameOf(d), printing: printingOf(d, when), prints: d.autoPrint === true }));
  const printing = lines.filter((l) => l.prints).map((l) => l.name);
  const summary =
    printing.length === 0
      ? 'No desk seen here prints received faxes automatically.'
      : printing.length === 1
        ? `Printing automatically: ${printing[0]}.`
        : `${printing.length} desks print automatically: ${list(printing)}. A fax is printed by the first desk that takes it, but two printing desks that see it in the same instant may both print it: leave it on at one.`;
  const limits =
    desks.length > 1
      ? 'Another desk’s setting is known only from the faxes it sends, so it may have changed since; a desk that only receives faxes never appears here.'
      : 'Other desks are known only from the faxes they send: a desk that only receives faxes never appears here.';
  return { desks: lines, summary, limits };
}
