/**
 * Bad files: a generated corpus (verify/bad-files/corpus.ts) handed to Compose the way the app does it,
 * each beside a good PDF in the same call: compose:addFiles by path, compose:addBytes for the ones that
 * can arrive as bytes, then compose:send with a draft that names the bad file's content. Each must be
 * refused, with a message that names the file, before anything is queued; the good file must stay.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { PreparedDocuments } from '../../src/shared/ipc/contract/outbox';
import type { Result } from '../../src/shared/result';
import { goodPdf, SPARSE_BYTES, writeCorpus, type BadFile } from '../bad-files/corpus';
import { startCoreSession, type CoreSession } from '../support/core-session';
import { percentRow, zeroRow } from '../support/rows';
import type { VerifyContext, VerifyPart, VerifyRow } from '../part';

const PART = 'bad files';
const CALL_TIMEOUT_MS = 60_000;
/** Reading the 1 GB sparse file whole would grow the process by about that much. */
const SPARSE_MEMORY_LIMIT = 64 * 1024 * 1024;

interface Tally {
  attempts: number;
  refused: number;
  namesFile: number;
  goodKept: number;
  queued: number;
  hungOrThrew: number;
  failures: string[];
}

export const badFiles: VerifyPart = {
  name: PART,
  async run(context: VerifyContext): Promise<VerifyRow[]> {
    const corpusDir = path.join(context.workDir, 'corpus');
    const corpus = await writeCorpus(corpusDir, { pageCount: context.size === 'full' ? 100_000 : 5_000 });
    const session = await startCoreSession({ dataDir: path.join(context.workDir, 'data'), emulator: {} });
    const tally: Tally = { attempts: 0, refused: 0, namesFile: 0, goodKept: 0, queued: 0, hungOrThrew: 0, failures: [] };
    let sparseGrowth = 0;
    let sparseStaysSparse = true;
    try {
      const account = await addAccount(session);
      const requestsBefore = session.emulator!.control.requests().length;
      for (const [index, file] of corpus.entries()) {
        const good = path.join(corpusDir, `good-${index}.pdf`);
        fs.writeFileSync(good, await goodPdf(`beside ${file.name}`));
        const sparseBlocks = file.kind === 'sparse' ? fs.statSync(file.path).blocks : 0;
        const rssBefore = process.memoryUsage().rss;

        const byPath = await timed(session, () => addFilesWatching(session, file, good));
        judge(tally, `${file.what} (by path)`, file, byPath, path.basename(good));

        if (file.kind === 'sparse') {
          sparseGrowth = Math.max(0, process.memoryUsage().rss - rssBefore);
          sparseStaysSparse = fs.statSync(file.path).blocks === sparseBlocks && fs.statSync(file.path).size === SPARSE_BYTES;
        }
        if (file.bytes && file.bytes.length > 0) {
          const goodDoc = byPath.kind === 'result' && byPath.result.ok ? byPath.result.value.documents[0] : undefined;
          const existing = goodDoc ? [{ id: goodDoc.id, name: goodDoc.name, size: goodDoc.size }] : [];
          const byBytes = await timed(session, () => session.call<PreparedDocuments>('compose:addBytes', { name: file.name, base64: file.bytes!.toString('base64'), existing }));
          judge(tally, `${file.what} (as bytes)`, file, byBytes, null);
          await sendNamingBadFile(session, tally, account, file, goodDoc);
        }
      }
      const queued = (await session.ok<{ items: unknown[] }>('outbox:list', {})).items.length;
      const posted = session.emulator!.control.requests().slice(requestsBefore).filter((r) => r.method === 'POST' && r.path.startsWith('/api/faxes')).length;
      tally.queued += queued + posted;
      if (queued + posted > 0) tally.failures.push(`${queued} jobs queued and ${posted} faxes posted from the bad files`);

      // Nothing else lost: the good document of the last call still sends.
      const control = await sendGood(session, account, corpusDir);
      return [
        percentRow(PART, 'bad files refused before anything is queued', tally.attempts, tally.refused, notes(tally)),
        percentRow(PART, 'refusals whose message names the file and says what to do', tally.attempts, tally.namesFile),
        percentRow(PART, 'good file in the same call kept (nothing else in the compose lost)', corpus.length, tally.goodKept),
        zeroRow(PART, 'faxes queued or posted from a bad file', tally.attempts, tally.queued),
        zeroRow(PART, 'calls that hung or failed inside (INTERNAL, a throw, no answer)', tally.attempts, tally.hungOrThrew),
        zeroRow(
          PART,
          '1 GB sparse file read into memory (MB the process grew)',
          1,
          sparseStaysSparse && sparseGrowth < SPARSE_MEMORY_LIMIT ? 0 : Math.round(sparseGrowth / 2 ** 20),
          `grew ${Math.round(sparseGrowth / 2 ** 20)} MB; file ${sparseStaysSparse ? 'still sparse' : 'no longer sparse'}`,
        ),
        percentRow(PART, 'a good fax sends afterwards (control)', 1, control ? 1 : 0),
      ];
    } finally {
      await session.stop();
    }
  },
};

type Timed<T> = { kind: 'result'; result: Result<T> } | { kind: 'failed'; why: string };

async function timed<T>(_session: CoreSession, run: () => Promise<Result<T>>): Promise<Timed<T>> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      run().then((result): Timed<T> => ({ kind: 'result', result })),
      new Promise<Timed<T>>((resolve) => {
        timer = setTimeout(() => resolve({ kind: 'failed', why: `no answer in ${CALL_TIMEOUT_MS / 1000} s` }), CALL_TIMEOUT_MS);
      }),
    ]);
  } catch (error) {
    return { kind: 'failed', why: `threw ${String(error)}` };
  } finally {
    clearTimeout(timer);
  }
}

/** compose:addFiles with the bad file after a good one. The vanishing file is deleted once Faxdesk has it open. */
async function addFilesWatching(session: CoreSession, file: BadFile, good: string): Promise<Result<PreparedDocuments>> {
  const call = session.call<PreparedDocuments>('compose:addFiles', { paths: [good, file.path] });
  if (file.kind !== 'vanishing') return call;
  let settled = false;
  void call.finally(() => (settled = true));
  let deletedWhileOpen = false;
  while (!settled && !deletedWhileOpen) {
    if (isOpenHere(file.path)) {
      fs.unlinkSync(file.path);
      deletedWhileOpen = isOpenHere(`${file.path} (deleted)`);
      break;
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  const result = await call;
  if (!deletedWhileOpen) throw new Error('the vanishing file could not be deleted while Faxdesk read it (the read ended first); make it larger');
  return result;
}

/** Whether this process has `file` open (Linux: /proc/self/fd). */
function isOpenHere(file: string): boolean {
  for (const fd of fs.readdirSync('/proc/self/fd')) {
    try {
      if (fs.readlinkSync(`/proc/self/fd/${fd}`) === file) return true;
    } catch {
      // closed meanwhile
    }
  }
  return false;
}

/** A message a person understands: it names the file, is a sentence or two, and carries no programmer's debris. */
function understandable(message: string, name: string): boolean {
  return (
    message.includes(`"${name}"`) &&
    message.length >= 30 &&
    message.length <= 600 &&
    !/\bat [\w.<>]+ \(|\n\s+at |undefined|\[object |Error:|ENOENT|EISDIR|ELOOP(?! \))/.test(message)
  );
}

function judge(tally: Tally, what: string, file: BadFile, outcome: Timed<PreparedDocuments>, goodName: string | null): void {
  tally.attempts += 1;
  if (outcome.kind === 'failed') {
    tally.hungOrThrew += 1;
    tally.failures.push(`${what}: ${outcome.why}`);
    return;
  }
  const { result } = outcome;
  if (!result.ok) {
    if (result.error.code === 'INTERNAL') tally.hungOrThrew += 1;
    tally.failures.push(`${what}: the call failed (${result.error.code}: ${result.error.message})`);
    return;
  }
  const { documents, problems } = result.value;
  const accepted = documents.some((d) => d.name === file.name);
  const problem = problems.find((p) => p.file === file.name);
  if (accepted || !problem) {
    tally.failures.push(`${what}: accepted${documents.find((d) => d.name === file.name)?.warnings.length ? ' with a warning' : ''}`);
  } else {
    tally.refused += 1;
    if (understandable(problem.message, file.name)) tally.namesFile += 1;
    else tally.failures.push(`${what}: message ${JSON.stringify(problem.message)}`);
  }
  if (goodName !== null) {
    if (documents.length === 1 && documents[0]!.name === goodName) tally.goodKept += 1;
    else tally.failures.push(`${what}: the good file beside it was ${documents.some((d) => d.name === goodName) ? 'kept with others' : 'lost'}`);
  }
}

/** The send path: a draft naming the bad content (as if a page had attached it) is refused whole, naming it. */
async function sendNamingBadFile(session: CoreSession, tally: Tally, accountId: string, file: BadFile, goodDoc: { id: string; name: string; type: string; pages: number | null } | undefined): Promise<void> {
  tally.attempts += 1;
  const badId = createHash('sha256').update(file.bytes!).digest('hex');
  const documents = [
    ...(goodDoc ? [{ id: goodDoc.id, name: goodDoc.name, type: goodDoc.type, pages: goodDoc.pages }] : []),
    { id: badId, name: file.name, type: 'PDF', pages: 1 },
  ];
  const outcome = await timed(session, () =>
    session.call('compose:send', { composeId: crypto.randomUUID(), accountId, recipients: [{ number: '12125550100' }], documents }),
  );
  const what = `${file.what} (sent by content)`;
  if (outcome.kind === 'failed') {
    tally.hungOrThrew += 1;
    tally.failures.push(`${what}: ${outcome.why}`);
    return;
  }
  const { result } = outcome;
  if (result.ok) {
    tally.failures.push(`${what}: queued`);
    return;
  }
  if (result.error.code === 'INTERNAL') tally.hungOrThrew += 1;
  tally.refused += 1;
  // The draft's problem is about the bad document: its field (documents.N) or its name in the sentence.
  const index = documents.length - 1;
  const field = result.error.field ?? '';
  if (result.error.code === 'VALIDATION' && (field === `documents.${index}` || field.startsWith(`documents.${index}.`) || result.error.message.includes(`"${file.name}"`))) tally.namesFile += 1;
  else tally.failures.push(`${what}: refused as ${result.error.code} on ${field || 'no field'}: ${result.error.message.slice(0, 160)}`);
}

async function addAccount(session: CoreSession): Promise<string> {
  const emulator = session.emulator!;
  const account = await session.ok<{ id: string }>('accounts:add', {
    label: 'Bad files',
    baseUrl: emulator.baseUrl,
    appId: emulator.demo.appId,
    apiKey: emulator.demo.apiKey,
    userId: emulator.demo.userId,
  });
  return account.id;
}

async function sendGood(session: CoreSession, accountId: string, dir: string): Promise<boolean> {
  const file = path.join(dir, 'control.pdf');
  fs.writeFileSync(file, await goodPdf('control'));
  const added = await session.ok<PreparedDocuments>('compose:addFiles', { paths: [file] });
  if (added.problems.length > 0 || added.documents.length !== 1) return false;
  const doc = added.documents[0]!;
  const sent = await session.call('compose:send', {
    composeId: crypto.randomUUID(),
    accountId,
    recipients: [{ number: '12125550100' }],
    documents: [{ id: doc.id, name: doc.name, type: doc.type, pages: doc.pages }],
  });
  return sent.ok;
}

function notes(tally: Tally): string | undefined {
  return tally.failures.length ? tally.failures.slice(0, 12).join('; ') : undefined;
}
