/**
 * The core's outbox in a process of its own, for crash.test.ts: opens (or reopens) the history file,
 * sends the composes it is given (again, on a restart: sending is idempotent per compose), and waits
 * until every job has settled, then prints the jobs as JSON on stdout and exits 0.
 *
 * `crashAt` makes it die with SIGKILL (no clean-up of any kind) at a named point of a submission:
 * an outbox checkpoint (persisted, payload-built, claimed, response-received, stored), or in the HTTP
 * layer: 'in-flight' (a few ms after the POST /faxes request started: the body may or may not have
 * reached the service) and 'after-response' (the service answered; the answer was never read).
 */
import path from 'node:path';
import { FaxServiceClient } from '../../../src/main/api/fax-service-client';
import { HttpClient } from '../../../src/main/api/http';
import { createDocumentStore } from '../../../src/main/documents/document-store';
import { prepareDocumentFromBytes } from '../../../src/main/documents/prepare';
import { createOutboxModule } from '../../../src/main/outbox';
import { silentLogger } from '../../../src/main/platform/logger';
import { openDatabase } from '../../../src/main/store/database';
import { ComposeDraftSchema } from '../../../src/shared/domain/outbox';
import { insertAccount } from '../../unit/main/store/store-fixtures';

export interface ChildSpec {
  dataDir: string;
  baseUrl: string;
  appId: string;
  apiKey: string;
  userId: string;
  composes: { composeId: string; numbers: string[] }[];
  crashAt: string | null;
  settleMs: number;
}

export interface ChildJob {
  composeId: string;
  destinationIndex: number;
  destination: string;
  state: string;
  faxId: string | null;
  errorCode: string | null;
}

const ACCOUNT = 'sandbox';
const die = () => process.kill(process.pid, 'SIGKILL');

async function main(): Promise<void> {
  const spec = JSON.parse(process.argv[2]!) as ChildSpec;
  const db = openDatabase(path.join(spec.dataDir, 'faxdesk.sqlite3'));
  if (!db.prepare('SELECT 1 FROM accounts WHERE id = ?').get(ACCOUNT)) insertAccount(db, ACCOUNT, 'sandbox');

  const isPost = (input: unknown, init?: RequestInit) => init?.method === 'POST' && /\/faxes$/.test(String(input));
  const fetchWithCrash: typeof fetch = async (input, init) => {
    if (spec.crashAt === 'in-flight' && isPost(input, init)) {
      setTimeout(die, Math.floor(Math.random() * 4));
      return fetch(input, init);
    }
    const response = await fetch(input, init);
    if (spec.crashAt === 'after-response' && isPost(input, init)) die();
    return response;
  };
  const http = new HttpClient({ fetch: fetchWithCrash, timeoutMs: 5_000, retry: { attempts: 3, baseDelayMs: 10, maxDelayMs: 50 } });
  const client = new FaxServiceClient({ label: 'Sandbox', baseUrl: spec.baseUrl, appId: spec.appId, apiKey: spec.apiKey, userId: spec.userId }, http);
  const store = createDocumentStore(spec.dataDir);
  const prepared = await prepareDocumentFromBytes('letter.txt', Buffer.from('Crash test letter.\nPage one.\n'), { store });
  const doc = prepared.documents[0]!;

  const module = createOutboxModule({
    db,
    dataDir: spec.dataDir,
    store,
    logger: silentLogger,
    accounts: { clientFor: async () => client, describe: () => ({ label: 'Sandbox', enabled: true }) },
    config: { settleMs: spec.settleMs, reconcileIntervalMs: 100, submitTimeoutMs: 5_000 },
    checkpoint: (name) => {
      if (name === spec.crashAt) die();
    },
  });
  await module.start();
  for (const c of spec.composes) {
    await module.outbox.send({
      composeId: c.composeId,
      ...ComposeDraftSchema.parse({
        accountId: ACCOUNT,
        recipients: c.numbers.map((number, i) => ({ number, name: `Recipient ${i + 1}` })),
        documents: [{ id: doc.id, type: doc.type, name: doc.name, pages: doc.pages }],
      }),
    });
  }
  const jobs = () => spec.composes.flatMap((c) => module.outbox.outbound.listByCompose(c.composeId));
  const deadline = Date.now() + 30_000;
  while (jobs().some((j) => ['QUEUED', 'SUBMITTING', 'UNKNOWN'].includes(j.state))) {
    if (Date.now() > deadline) {
      process.stderr.write(`not settled: ${JSON.stringify(jobs().map((j) => j.state))}\n`);
      process.exit(3);
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  const out: ChildJob[] = jobs().map((j) => ({
    composeId: j.composeId!,
    destinationIndex: j.destinationIndex,
    destination: j.destination,
    state: j.state,
    faxId: j.faxId,
    errorCode: j.errorCode,
  }));
  await module.stop();
  db.close();
  process.stdout.write(`${JSON.stringify(out)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(2);
});
