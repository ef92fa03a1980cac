/**
 * The emulator's own records for one account, read through its API as that account: every fax it
 * took (the sent list) and every fax that arrived (the received list). This is what the app's history
 * is judged against. Read with a plain client after faults are cleared.
 */
import { FaxServiceClient } from '../../src/main/api/fax-service-client';
import { HttpClient } from '../../src/main/api/http';
import { composeIdOf } from '../../src/shared/domain/desk-marker';
import type { Page, ReceivedFax, SentFax } from '../../src/shared/domain/fax';

export interface ServiceAccount {
  baseUrl: string;
  appId: string;
  apiKey: string;
  userId: string;
}

export function clientFor(account: ServiceAccount): FaxServiceClient {
  return new FaxServiceClient(
    { label: 'Verify (truth)', ...account },
    new HttpClient({ fetch: globalThis.fetch, timeoutMs: 30_000, retry: { attempts: 5, baseDelayMs: 50, maxDelayMs: 500 } }),
  );
}

async function everyPage<T>(read: (offset: number) => Promise<Page<T>>): Promise<T[]> {
  const out: T[] = [];
  for (let offset = 1; ;) {
    const page = await read(offset);
    out.push(...page.items);
    if (page.items.length < 100 || page.lastRecord < offset) return out;
    offset = page.lastRecord + 1;
  }
}

export function allSent(client: FaxServiceClient): Promise<SentFax[]> {
  return everyPage((offset) => client.listSent({ offset, limit: 100 }));
}

export function allReceived(client: FaxServiceClient): Promise<ReceivedFax[]> {
  return everyPage((offset) => client.listReceived({ offset, limit: 100 }));
}

/** Faxes at the service per "<compose id of Faxdesk's marker> <destination digits>". */
export function sentByComposeAndDestination(sent: readonly SentFax[]): Map<string, SentFax[]> {
  const out = new Map<string, SentFax[]>();
  for (const fax of sent) {
    const key = composeKey(composeIdOf(fax.clientData) ?? '', fax.destinationNumber ?? '');
    out.set(key, [...(out.get(key) ?? []), fax]);
  }
  return out;
}

export function composeKey(composeId: string, destination: string): string {
  return `${composeId} ${destination.replace(/\D/g, '')}`;
}
