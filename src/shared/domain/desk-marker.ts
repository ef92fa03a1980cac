/**
 * Several desks on one fax account: how Faxdesk marks every fax it sends, so that each desk can tell its
 * own faxes from the others' (never adopting another desk's fax after an ambiguous send) and show who
 * sent a fax ("Sent by Front desk (maria)").
 *
 * The marker is one client_data value: `faxdesk:<composeId>@<installationId>;print=auto <desk name> (<OS user>)`.
 * - composeId (a UUID per compose) and installationId (random, per data folder) make it unique to this
 *   installation and this compose; the desk name and the OS user say who sent it.
 * - `;print=auto` or `;print=off` publishes whether the sending desk prints received faxes automatically,
 *   so the other desks' Settings can say which desks print (as of each desk's last fax sent). The spec
 *   offers no other place every desk can write and read: a sent fax's client_data is the only free data
 *   the service keeps and hands to every desk of the account (the webhook address is one per application
 *   and belongs to the desk that receives; image_downloaded is one boolean per received fax, already the
 *   print claim; the Admin API needs admin credentials). A desk that only receives is therefore never
 *   seen. Markers from before the flag (none) parse with autoPrint null: "did not say". A Faxdesk from
 *   before the flag does not read a flagged marker: it shows the fax as sent from elsewhere and, since its
 *   own jobs carry their own exact markers, still never adopts it.
 * - It goes in client_data because the spec lists client_data as echoed (sent list, metadata, webhook
 *   payloads) and nothing of it is printed on the fax: the header draws only from its variables
 *   (${TO_NUMBER}, ${CSID}, ...) and the cover page from cover_page_options, while to_name/to_company
 *   and the subject do reach the paper.
 * - Which field: Client reference (client_reference_id) when the person leaves it empty: it is the field
 *   meant for the sender's own reference, and where every earlier Faxdesk put its marker, so older
 *   desks' faxes still read right. When the person fills it, theirs stays there and the marker takes the
 *   first empty field of Client ID, Client name, Client matter, Client code, Billing code: the billing
 *   code last, because the account's usage reports and cost recovery group by it. The person's values
 *   are never changed. A compose with all six fields filled has no room for the marker: the compose
 *   check says so (without a marker an ambiguous send could not be told from another desk's fax).
 * Pure: the outbox, the sync, the emulator-side tools and the renderer read markers with these functions.
 */
import type { ClientData } from './fax';

export const MARKER_PREFIX = 'faxdesk:';

/** Where the marker may go, in order of preference (see above). */
export const MARKER_FIELDS: readonly (keyof ClientData)[] = Object.freeze(['clientReferenceId', 'clientId', 'clientName', 'clientMatter', 'clientCode', 'billingCode']);

/** The service keeps client_data values up to 255 characters. */
const VALUE_MAX = 255;
export const DESK_NAME_MAX = 60;
export const OS_USER_MAX = 40;

/** Who sends: this installation, its name (Settings), and the person logged in to the computer. */
export interface DeskSender {
  /** Random, made once per data folder (16 lowercase hex characters). */
  installationId: string;
  deskName: string;
  osUser: string;
  /** Whether this desk prints received faxes automatically (Settings); absent: the marker does not say. */
  autoPrint?: boolean;
}

export interface DeskMarker {
  composeId: string;
  /** null: the marker of a Faxdesk from before several-desk support (`faxdesk:<composeId>`), which named no installation. */
  installationId: string | null;
  deskName: string | null;
  osUser: string | null;
  /** Whether the sending desk printed received faxes automatically when it sent this fax; null: not said. */
  autoPrint: boolean | null;
}

const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
// Name first and lazy, the user in the last parentheses: a desk name may itself hold parentheses.
const MARKER = new RegExp(`^faxdesk:(${UUID})(?:@([0-9a-z]{8,32})(?:;print=(auto|off))?(?: (.*?))?(?: \\(([^()]*)\\))?)?$`);

// eslint-disable-next-line no-control-regex -- control characters are removed from what goes on the wire
const CONTROL = /[\u0000-\u001f\u007f]+/g;

/** A desk name as it can travel in the marker: one line, trimmed, at most DESK_NAME_MAX characters. */
export function cleanDeskName(name: string): string {
  return name.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim().slice(0, DESK_NAME_MAX).trim();
}

/** An OS user name as it can travel: no parentheses (they close the marker), at most OS_USER_MAX characters. */
export function cleanOsUser(user: string): string {
  return user.replace(CONTROL, '').replace(/[()]/g, '').trim().slice(0, OS_USER_MAX);
}

export function formatMarker(composeId: string, sender: DeskSender): string {
  const name = cleanDeskName(sender.deskName);
  const user = cleanOsUser(sender.osUser);
  const print = sender.autoPrint === undefined ? '' : `;print=${sender.autoPrint ? 'auto' : 'off'}`;
  const text = `${MARKER_PREFIX}${composeId.toLowerCase()}@${sender.installationId}${print}${name ? ` ${name}` : ''} (${user})`;
  return text.slice(0, VALUE_MAX);
}

/** The marker in one client_data value, or null when the value is not a Faxdesk marker. */
export function parseMarker(value: string | null | undefined): DeskMarker | null {
  if (!value) return null;
  const m = MARKER.exec(value);
  if (!m) return null;
  return {
    composeId: m[1]!.toLowerCase(),
    installationId: m[2] ?? null,
    deskName: m[4] !== undefined && m[4] !== '' ? m[4] : null,
    osUser: m[5] !== undefined && m[5] !== '' ? m[5] : null,
    autoPrint: m[3] === undefined ? null : m[3] === 'auto',
  };
}

/** Where a fax's client data carries a Faxdesk marker (the first field that holds one), or null. */
export function findMarker(clientData: ClientData | null | undefined): { field: keyof ClientData; value: string; marker: DeskMarker } | null {
  if (!clientData) return null;
  for (const field of MARKER_FIELDS) {
    const value = clientData[field];
    const marker = parseMarker(value);
    if (marker) return { field, value: value!, marker };
  }
  return null;
}

/** The field the marker goes in for this client data (the person's values), or null when all six are filled. */
export function markerFieldFor(clientData: ClientData): keyof ClientData | null {
  return MARKER_FIELDS.find((f) => (clientData[f] ?? '').trim() === '') ?? null;
}

/** The person's client data with Faxdesk's marker added in its field; null when there is no room. */
export function withMarker(clientData: ClientData, marker: string): { clientData: ClientData; field: keyof ClientData } | null {
  const field = markerFieldFor(clientData);
  if (field === null) return null;
  return { clientData: { ...clientData, [field]: marker }, field };
}

/** Client data as the person filled it: Faxdesk's marker left out (for showing and for editing again). */
export function withoutMarker(clientData: ClientData): ClientData {
  const found = findMarker(clientData);
  if (!found) return clientData;
  const rest = { ...clientData };
  delete rest[found.field];
  return rest;
}

/** The compose a fax was sent from, when its client data carries a Faxdesk marker (any installation). */
export function composeIdOf(clientData: ClientData | null | undefined): string | null {
  return findMarker(clientData)?.marker.composeId ?? null;
}

/** "Front desk (maria)", "Front desk", "maria", or null when the marker names no one (an older Faxdesk). */
export function senderLabel(marker: Pick<DeskMarker, 'deskName' | 'osUser'>): string | null {
  if (marker.deskName && marker.osUser) return `${marker.deskName} (${marker.osUser})`;
  return marker.deskName ?? marker.osUser ?? null;
}
