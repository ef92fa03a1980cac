/**
 * Secret canaries: an account whose API key, admin password and webhook HMAC secret are unique canary
 * strings goes through a whole session (accounts and Test connection, webhooks, the Admin page, a send
 * and its sync, an arrival, revoked tokens, service errors whose bodies echo the request's Basic /
 * Bearer / admin headers, diagnostics export, logs rotated many times); a child process that uses the
 * account then dies of an uncaught error. Then every place a secret could land is searched for every
 * canary in every encoding (secret-canaries/forms.ts): the SQLite file with its WAL and SHM, the log
 * files, the unzipped diagnostics bundle, every Result and event sent to the renderer, every log line
 * before redaction, and the dead child's stderr. Target: 0 hits.
 *
 * The webhook receiver is part of the session: HTTPS with a private key the person chose (kept in the
 * keychain), deliveries signed with the account's HMAC canary, one signed with a wrong key whose body
 * carries a canary of its own (refused, logged without the body), and the built-in Sandbox's instant
 * updates (its generated key). Every value left in the keychain at the end, the Sandbox's in-memory
 * API key and admin password, and each line of the PEM key are canaries too.
 */
import { execFileSync, spawn } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import path from 'node:path';
import { makeSandboxCertificate, secretFragments } from '../../src/main/webhooks/tls-material';
import type { ReceiverDelivery, ReceiverTestReport } from '../../src/shared/ipc/contract/webhooks';
import type { AccountView } from '../../src/shared/ipc/contract/accounts';
import type { PreparedDocuments } from '../../src/shared/ipc/contract/outbox';
import { goodPdf } from '../bad-files/corpus';
import { basicCanary, scan, type Canary } from '../canaries/forms';
import { startCoreSession, type CoreSession } from '../support/core-session';
import { percentRow, zeroRow } from '../support/rows';
import type { VerifyContext, VerifyPart, VerifyRow } from '../part';
import { strictFetch } from '../../test/electron-model/net-fetch-rules';

const PART = 'secret canaries';
/** Small log files, many of them: the session rotates the log again and again, and every file is kept to scan. */
const LOG_LIMITS = { maxBytes: 4 * 1024, maxFiles: 1000 };

const canary = (label: string) => `CANARY-${label}-${randomBytes(9).toString('base64url')}`;

export const secretCanaries: VerifyPart = {
  name: PART,
  async run(context: VerifyContext): Promise<VerifyRow[]> {
    const secrets = {
      apiKey: canary('apikey'),
      adminPassword: canary('adminpw'),
      hmac: canary('hmac'),
      wrongKey: canary('wrongkey'),
      newAdminPassword: canary('adminpw2'),
      hostileBody: canary('hostilebody'),
    };
    const dataDir = path.join(context.workDir, 'data');
    const tokens = new Set<string>();
    const session = await startCoreSession({ dataDir, emulator: {}, sandbox: true, log: LOG_LIMITS, overrides: { fetch: recordingTokens(tokens) } });
    const emulator = session.emulator!;
    const rounds = context.size === 'full' ? 5 : 1;
    let child: { stderr: string; stdout: string; status: number | null };
    let diagnostics: Map<string, Buffer>;
    let basic: Canary;
    let rotations: number;
    let bridgeText: string;
    let receiver: ReceiverUse;
    let keychain: Canary[];
    const liveDatabase = new Map<string, Buffer>();
    try {
      const credentials = emulator.control.createAccount({ apiKey: secrets.apiKey, adminPassword: secrets.adminPassword });
      basic = basicCanary('Basic credentials (App ID:API key)', credentials.appId, secrets.apiKey);
      const accountId = await accountSession(session, credentials, secrets, rounds, context);
      receiver = await useReceiver(session, accountId, secrets, context.workDir);
      keychain = keychainCanaries(session);
      diagnostics = await exportDiagnostics(session, context.workDir);
      rotations = fs.readdirSync(path.join(dataDir, 'logs')).length - 1;
      bridgeText = JSON.stringify(session.results) + JSON.stringify(session.events);
      // The database with its WAL and shared-memory files as they are while the app runs.
      for (const name of fs.readdirSync(dataDir).filter((n) => n.startsWith('faxdesk.sqlite3'))) liveDatabase.set(`database file ${name} (while running)`, fs.readFileSync(path.join(dataDir, name)));
      await session.core.stop();
      // The child's first token request is answered with its Basic credentials echoed back.
      emulator.control.addFault({ route: 'POST /tokens', kind: 'echo-headers', status: 400, count: 1 });
      child = await crashChild(context.workDir, { baseUrl: emulator.baseUrl, appId: credentials.appId, apiKey: secrets.apiKey, userId: credentials.userId });
    } finally {
      await session.stop();
    }
    const canaries: Canary[] = [
      { what: 'API key', value: secrets.apiKey },
      { what: 'admin password', value: secrets.adminPassword },
      { what: 'new admin password', value: secrets.newAdminPassword },
      { what: 'webhook HMAC secret', value: secrets.hmac },
      { what: 'wrong API key tried', value: secrets.wrongKey },
      { what: 'body of a mis-signed webhook delivery', value: secrets.hostileBody },
      ...keychain,
      basic,
      ...[...tokens].map((value, i) => ({ what: `access token ${i + 1}`, value })),
    ];
    const sources = new Map<string, Buffer | string>(liveDatabase);
    for (const name of fs.readdirSync(dataDir).filter((n) => n.startsWith('faxdesk.sqlite3'))) sources.set(`database file ${name}`, fs.readFileSync(path.join(dataDir, name)));
    for (const name of fs.readdirSync(path.join(dataDir, 'logs'))) sources.set(`log file ${name}`, fs.readFileSync(path.join(dataDir, 'logs', name)));
    for (const [name, bytes] of diagnostics) sources.set(`diagnostics ${name}`, bytes);
    sources.set('Results and events sent to the renderer', bridgeText);
    sources.set('log lines before redaction', session.rawLines.join('\n'));
    sources.set('stderr of the crashed child', child.stderr);
    sources.set('stdout of the crashed child', child.stdout);
    const hits = scan(canaries, sources);
    const databaseFiles = [...sources.keys()].filter((k) => /^database file faxdesk\.sqlite3-(wal|shm) \(while running\)/.test(k)).length;
    const crashed = child.status !== 0 && child.stderr.length > 0;
    return [
      zeroRow(
        PART,
        'canary hits (every secret, every encoding, every place)',
        sources.size,
        hits.length,
        hits.length ? hits.slice(0, 12).map((h) => `${h.form} in ${h.where}`).join('; ') : `${canaries.length} canaries × ${sources.size} places; ${tokens.size} tokens issued; ${rotations} log rotations`,
      ),
      percentRow(PART, 'receiver secrets in use (HTTPS key, account HMAC, Sandbox HMAC, mis-signed refused)', 4, [
        receiver.publicVerified > 0,
        receiver.publicTest,
        receiver.sandboxVerified > 0 && receiver.sandboxTest,
        receiver.misSignedStatus === 401,
      ].filter(Boolean).length, `${receiver.publicVerified} verified over HTTPS, ${receiver.sandboxVerified} from the Sandbox, mis-signed answered ${receiver.misSignedStatus}; ${keychain.length} keychain canaries`),
      percentRow(PART, 'places scanned that exist and hold data (database + WAL, logs, diagnostics, IPC, crash)', 6, [
        databaseFiles === 2,
        rotations >= 2,
        diagnostics.size >= 3,
        session.results.length >= 20,
        session.rawLines.length >= 50,
        crashed,
      ].filter(Boolean).length, `WAL and SHM ${databaseFiles === 2 ? 'scanned' : 'missing'}, ${rotations} rotations, ${diagnostics.size} files in the bundle, ${session.results.length} results, child exit ${child.status}`),
    ];
  },
};

interface Secrets {
  apiKey: string;
  adminPassword: string;
  hmac: string;
  wrongKey: string;
  newAdminPassword: string;
  hostileBody: string;
}

/** The session: every feature that handles a secret, including failures that echo credentials back. */
async function accountSession(
  session: CoreSession,
  demo: { appId: string; userId: string; adminId: string; adminUsername: string; faxNumber: string },
  secrets: Secrets,
  rounds: number,
  context: VerifyContext,
): Promise<string> {
  const emulator = session.emulator!;
  const base = { baseUrl: emulator.baseUrl, appId: demo.appId, userId: demo.userId };
  const account = await session.ok<AccountView>('accounts:add', {
    label: 'Canary',
    ...base,
    adminBaseUrl: emulator.adminBaseUrl,
    apiKey: secrets.apiKey,
    admin: { adminId: demo.adminId, adminUsername: demo.adminUsername, adminPassword: secrets.adminPassword },
  });
  await session.ok('accounts:test', { id: account.id });
  await session.ok('accounts:test', { draft: { label: 'Draft', ...base, apiKey: secrets.apiKey } });
  await session.ok('accounts:test', { draft: { label: 'Wrong', ...base, apiKey: secrets.wrongKey } });
  await session.call('accounts:add', { label: 'Bad', ...base, apiKey: `${secrets.wrongKey} with space` });
  await session.ok('accounts:update', { id: account.id, label: 'Canary 2', apiKey: secrets.apiKey });
  await useWebhooks(session, account.id, secrets);
  await session.ok('admin:listUsers', { accountId: account.id });
  await session.ok('admin:createUser', { accountId: account.id, user: { firstName: 'Canary', lastName: 'Bird', email: 'canary@example.com' } });
  await session.call('admin:getUser', { accountId: account.id, customerKey: 'missing' });

  const pdf = path.join(session.dataDir, '..', 'canary.pdf');
  fs.writeFileSync(pdf, await goodPdf('canary'));
  for (let round = 0; round < rounds; round++) {
    context.log(`secret canaries: round ${round + 1} of ${rounds}`);
    const added = await session.ok<PreparedDocuments>('compose:addFiles', { paths: [pdf] });
    const doc = added.documents[0]!;
    await session.ok('compose:send', {
      composeId: crypto.randomUUID(),
      accountId: account.id,
      recipients: [{ number: '12125550100' }, { number: demo.faxNumber }],
      documents: [{ id: doc.id, name: doc.name, type: doc.type, pages: doc.pages }],
    });
    await settle(session, account.id);
    await emulator.control.advance(60_000);
    await emulator.control.inbound();
    await settle(session, account.id);
    const inbox = await session.ok<{ items: { id: string }[] }>('inbox:list', {});
    if (inbox.items[0]) await session.call('inbox:image', { id: inbox.items[0].id });
    const sent = await session.ok<{ items: { id: string }[] }>('outbox:list', {});
    if (sent.items[0]) await session.call('outbox:get', { jobId: sent.items[0].id });

    // Failures whose bodies carry the request's credentials back, at every place the secrets travel.
    emulator.control.revokeTokens();
    emulator.control.addFault({ route: 'POST /tokens', kind: 'echo-headers', status: 400, count: 1 });
    await session.call('accounts:test', { id: account.id });
    emulator.control.addFault({ route: 'GET /faxes/received', kind: 'echo-headers', status: 500, count: 3 });
    emulator.control.addFault({ route: 'GET /faxes/sent', kind: 'echo-headers', status: 502, gatewayStyle: true, count: 3 });
    await settle(session, account.id);
    emulator.control.addFault({ route: 'GET /admin/users', kind: 'echo-headers', status: 500, count: 1 });
    await session.call('admin:listUsers', { accountId: account.id });
    emulator.control.addFault({ route: 'GET /admin/users', kind: 'echo-headers', status: 502, gatewayStyle: true, count: 1 });
    await session.call('admin:listUsers', { accountId: account.id });
    emulator.control.addFault({ route: 'POST /notifications/ping', kind: 'echo-headers', status: 500, count: 1 });
    await session.call('webhooks:ping', { accountId: account.id, direction: 'OUTBOUND' });
    await emulator.control.advance(25 * 60 * 60 * 1000);
    await settle(session, account.id);
  }
  await session.ok('accounts:update', { id: account.id, admin: { adminId: demo.adminId, adminUsername: demo.adminUsername, adminPassword: secrets.newAdminPassword } });
  // The service does not know the new password: the Admin API refuses it (and the message must not carry it).
  await session.call('admin:listUsers', { accountId: account.id });
  emulator.control.clearFaults();
  return account.id;
}

/** Webhook configuration with the HMAC secret, as the current webhook settings use it. */
async function useWebhooks(session: CoreSession, accountId: string, secrets: Secrets): Promise<void> {
  await session.ok('webhooks:set', { accountId, direction: 'OUTBOUND', url: 'https://127.0.0.1:8443/faxdesk/out', hmacSecret: secrets.hmac });
  await session.ok('webhooks:set', { accountId, direction: 'INBOUND', url: 'https://127.0.0.1:8443/faxdesk/in', hmacSecret: secrets.hmac });
  await session.ok('webhooks:get', { accountId });
  await session.ok('webhooks:ping', { accountId, direction: 'OUTBOUND' });
  await session.ok('webhooks:log', { accountId });
  // The webhook receiver in main (its own HMAC key in the keychain) is enabled here once it exists.
}

interface ReceiverUse {
  publicVerified: number;
  publicTest: boolean;
  sandboxVerified: number;
  sandboxTest: boolean;
  misSignedStatus: number;
}

/** The address the service is told (the emulator routes it to the receiver's real port). */
const RECEIVER_URL = 'https://localhost:8443/faxdesk/webhooks';

/**
 * The receiver as an office runs it: HTTPS on a loopback port with a certificate and a private key from
 * files (the key goes to the keychain), the account's webhooks pointed at it and signed with its HMAC
 * canary, a Test round trip, a delivery signed with a wrong key; then the Sandbox's one-switch instant
 * updates with a Test and an arriving fax.
 */
async function useReceiver(session: CoreSession, accountId: string, secrets: Secrets, workDir: string): Promise<ReceiverUse> {
  const emulator = session.emulator!;
  const tls = await makeSandboxCertificate();
  const certPath = path.join(workDir, 'receiver-cert.pem');
  const keyPath = path.join(workDir, 'receiver-key.pem');
  fs.writeFileSync(certPath, tls.cert);
  fs.writeFileSync(keyPath, tls.key, { mode: 0o600 });
  const port = await freePort();
  await session.ok('receiver:configure', { enabled: true, host: '127.0.0.1', port, tls: true, certPath, keyPath, publicUrl: RECEIVER_URL });
  fs.rmSync(keyPath); // the keychain has it now
  emulator.control.routeWebhooks('https://localhost:8443', { port, ca: tls.cert });
  for (const direction of ['OUTBOUND', 'INBOUND'] as const) {
    await session.ok('webhooks:set', { accountId, direction, url: RECEIVER_URL, hmacSecret: secrets.hmac });
  }
  const publicTest = (await session.ok<ReceiverTestReport>('receiver:test', { accountId })).ok;
  const body = JSON.stringify({ id: 1, event_type: 'PING', note: secrets.hostileBody });
  const misSignedStatus = await postToReceiver(port, tls.cert, body, createHmac('sha256', secrets.wrongKey).update(body).digest('hex'));

  await session.ok('receiver:sandbox', { enabled: true });
  const sandboxTest = (await session.ok<ReceiverTestReport>('receiver:test', { accountId: 'sandbox' })).ok;
  const sandbox = session.sandbox;
  if (sandbox) {
    await sandbox.control.inbound();
    await session.core.sync.syncNow('sandbox');
  }
  await session.core.webhooks.drain();
  const deliveries = await session.ok<ReceiverDelivery[]>('receiver:deliveries', { limit: 200 });
  await session.ok('receiver:get');
  return {
    publicVerified: deliveries.filter((d) => d.listener === 'public' && d.verified).length,
    publicTest,
    sandboxVerified: deliveries.filter((d) => d.listener === 'sandbox' && d.verified).length,
    sandboxTest,
    misSignedStatus,
  };
}

/** Every secret the keychain holds now (each line of a PEM key on its own) and the Sandbox's in-memory credentials. */
function keychainCanaries(session: CoreSession): Canary[] {
  const found: Canary[] = [];
  for (const [entry, value] of session.secrets.entries) {
    if (value.includes('-----BEGIN')) secretFragments(value).forEach((line, i) => found.push({ what: `keychain ${entry} (${i === 0 ? 'whole' : `line ${i}`})`, value: line }));
    else found.push({ what: `keychain ${entry}`, value });
  }
  const demo = session.sandbox?.demo;
  if (demo) found.push({ what: 'Sandbox API key', value: demo.apiKey }, { what: 'Sandbox admin password', value: demo.adminPassword });
  return found;
}

/** POSTs a body to the receiver over HTTPS (trusting its certificate) and returns the status. */
function postToReceiver(port: number, ca: string, body: string, signature: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = https.request(
      { host: '127.0.0.1', port, servername: 'localhost', ca, method: 'POST', path: '/faxdesk/webhooks', headers: { 'content-type': 'application/json', 'x-hmac-signature': signature } },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A Refresh click, then one whole sync run waited for, then the emulator's background work. */
async function settle(session: CoreSession, accountId: string): Promise<void> {
  await session.call('sync:refresh', { accountId });
  await session.core.sync.syncNow(accountId);
  await session.emulator!.control.idle();
}

/** A fetch that remembers every access token the service hands out (they are secrets too). */
function recordingTokens(tokens: Set<string>): typeof globalThis.fetch {
  return async (input, init) => {
    const response = await strictFetch(input, init);
    if (String(input instanceof Request ? input.url : input).endsWith('/tokens') && response.ok) {
      const body = (await response.clone().json().catch(() => ({}))) as { access_token?: string };
      if (body.access_token) tokens.add(body.access_token);
    }
    return response;
  };
}

/** desktop:exportDiagnostics, then the bundle unzipped with unzip(1): name → bytes. */
async function exportDiagnostics(session: CoreSession, workDir: string): Promise<Map<string, Buffer>> {
  // The bundle goes to the data folder's diagnostics/ (a path from the page is no longer taken).
  const { file: zip } = await session.ok<{ file: string }>('desktop:exportDiagnostics');
  const out = path.join(workDir, 'diagnostics');
  fs.mkdirSync(out, { recursive: true });
  execFileSync('unzip', ['-q', '-o', zip, '-d', out]);
  const files = new Map<string, Buffer>([['diagnostics.zip (as stored)', fs.readFileSync(zip)]]);
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else files.set(path.relative(out, file), fs.readFileSync(file));
    }
  };
  walk(out);
  return files;
}

/**
 * A child process that uses the account, then dies of an uncaught error carrying a service error.
 * Asynchronous: the emulator it talks to runs in this process.
 */
function crashChild(workDir: string, account: { baseUrl: string; appId: string; apiKey: string; userId: string }): Promise<{ stderr: string; stdout: string; status: number | null }> {
  const script = path.join(__dirname, '..', 'canaries', 'crash-child.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', script, path.join(workDir, 'child-data')], { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, NODE_OPTIONS: '' } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.end(JSON.stringify(account));
  const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
  return new Promise((resolve) => {
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ stderr, stdout, status });
    });
  });
}
