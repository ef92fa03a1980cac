/**
 * Which Faxdesk desk set an account's webhook address. The service keeps one address per direction per
 * application and nothing about who set it, so the desk that saves an address adds a query parameter
 * naming itself: `?faxdesk-desk=<installationId>.<desk name>`. The service posts to the address as saved,
 * query and all; receivers (Faxdesk's, and reverse proxies in front of it) ignore the query. Another desk
 * reading the configuration can then say "Front desk receives this account's webhooks" before replacing
 * it, and the replaced desk can say who took them over. Everywhere else (Settings, the receiver's route
 * check) the address is shown and compared without the parameter.
 */
export const OWNER_PARAM = 'faxdesk-desk';

export interface WebhookOwner {
  installationId: string;
  deskName: string;
}

/** The address with this desk named in it (any earlier desk's name replaced). */
export function withOwner(url: string, owner: WebhookOwner): string {
  const parsed = new URL(url);
  parsed.searchParams.delete(OWNER_PARAM);
  parsed.searchParams.append(OWNER_PARAM, `${owner.installationId}.${owner.deskName}`);
  return parsed.toString();
}

/** The desk a saved address names, or null (set by something other than Faxdesk, or by an older one). */
export function ownerOf(url: string): WebhookOwner | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const value = parsed.searchParams.get(OWNER_PARAM);
  const m = value ? /^([0-9a-z]{8,32})\.(.*)$/s.exec(value) : null;
  return m ? { installationId: m[1]!, deskName: m[2]!.trim() || 'another Faxdesk desk' } : null;
}

/** The address as the person entered it: without the desk parameter. */
export function withoutOwner(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  if (!parsed.searchParams.has(OWNER_PARAM)) return url;
  parsed.searchParams.delete(OWNER_PARAM);
  return parsed.toString();
}
