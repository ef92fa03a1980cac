/**
 * The background search reindex an upgrade leaves (0080's, queued by 0110) survives the app being
 * killed in the middle of it: the app is a real core in a child process, killed with SIGKILL while
 * the rebuild is under way, then started again on the same folder. Nothing stored is lost (the faxes,
 * a contact written during the rebuild), the rebuild resumes where its last piece ended (not from the
 * start) and completes, and every row is indexed exactly once.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../../../src/main/core';
import { openDatabase } from '../../../src/main/store/database';
import { MIGRATIONS } from '../../../src/main/store/migrations';

const CHILD = path.join(__dirname, 'core-child.ts');
const FAXES = 3000;
const NOW = '2026-03-01T09:00:00.000Z';

/** A history at schema 0070 (0060's search tables, every row indexed), as an older Faxdesk left it. */
function historyAt70(dataDir: string): void {
  const db = openDatabase(path.join(dataDir, DATABASE_FILE), { migrations: MIGRATIONS.filter((m) => m.version <= 70) });
  db.prepare(
    `INSERT INTO accounts (id, label, kind, enabled, base_url, app_id, user_id, settings, created_at, updated_at)
     VALUES ('acc1', 'Office', 'live', 0, 'https://api.example.test', 'app', 'user', '{}', ?, ?)`,
  ).run(NOW, NOW);
  const insert = db.prepare(
    `INSERT INTO outbound (id, account_id, origin, fax_id, state, destination, to_name, created_at, updated_at)
     VALUES (?, 'acc1', 'service', ?, 'COMPLETED', ?, ?, ?, ?)`,
  );
  db.transaction(() => {
    for (let i = 1; i <= FAXES; i++) insert.run(`o${i}`, `fax-${i}`, `1555${1_000_000 + i}`, `Recipient${i}`, NOW, NOW);
  })();
  db.close();
}

interface Life {
  child: ChildProcess;
  lines: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resolves with the first line that satisfies `test`. */
  waitFor(test: (line: string) => boolean): Promise<string>;
}

function startLife(dataDir: string, pace: 'slow' | 'normal'): Life {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, dataDir, pace], { stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const waiters: { test: (line: string) => boolean; resolve: (line: string) => void }[] = [];
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  createInterface({ input: child.stdout! }).on('line', (line) => {
    lines.push(line);
    for (const waiter of [...waiters]) {
      if (waiter.test(line)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(line);
      }
    }
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return {
    child,
    lines,
    exited,
    waitFor: (test) =>
      new Promise((resolve, reject) => {
        const found = lines.find(test);
        if (found) return resolve(found);
        waiters.push({ test, resolve });
        void exited.then(({ code, signal }) => reject(new Error(`the child ended (${code ?? signal}) first; stderr: ${stderr.slice(-2000)}; stdout: ${lines.join(' | ')}`)));
      }),
  };
}

const percentOf = (line: string) => (line.startsWith('@progress ') ? Number(line.slice('@progress '.length)) : -1);

describe('background search reindex across a crash', () => {
  let dataDir = '';
  let running: ChildProcess | null = null;
  afterEach(() => {
    if (running && running.exitCode === null && running.signalCode === null) running.kill('SIGKILL');
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('killed mid-way, it resumes where it stood and completes; nothing stored is lost', async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-rebuild-crash-'));
    historyAt70(dataDir);

    // Life 1: upgraded at start, answers at once, rebuilds slowly; killed once it is well under way.
    const first = startLife(dataDir, 'slow');
    running = first.child;
    expect(await first.waitFor((l) => l.startsWith('@answered'))).toBe('@answered true');
    const contact = await first.waitFor((l) => l.startsWith('@contact'));
    expect(contact).toMatch(/^@contact \S+$/);
    await first.waitFor((l) => percentOf(l) >= 30);
    first.child.kill('SIGKILL');
    expect((await first.exited).signal).toBe('SIGKILL');
    expect(first.lines).not.toContain('@done');

    const file = path.join(dataDir, DATABASE_FILE);
    const look = new Database(file);
    const work = () => look.prepare("SELECT done, total, cursor, finished_at FROM derived_rebuilds WHERE key = 'fill-search:outbound_fts'").get() as {
      done: number;
      total: number;
      cursor: number | null;
      finished_at: string | null;
    };
    const midway = work();
    expect(midway.finished_at).toBeNull();
    expect(midway.done).toBeGreaterThan(0);
    expect(midway.done).toBeLessThan(midway.total);
    expect(look.prepare('SELECT count(*) FROM outbound').pluck().get()).toBe(FAXES);
    // The newest rows were indexed first; the oldest are not yet.
    const indexed = (seq: number) => look.prepare('SELECT count(*) FROM outbound_fts_docsize WHERE id = ?').pluck().get(seq) === 1;
    expect(indexed(FAXES)).toBe(true);
    expect(indexed(1)).toBe(false);
    look.close();

    // Life 2: no upgrade left to do; the rebuild resumes from its cursor and completes.
    const second = startLife(dataDir, 'normal');
    running = second.child;
    const progress = await second.waitFor((l) => percentOf(l) >= 0);
    expect(percentOf(progress)).toBeGreaterThanOrEqual(Math.floor((midway.done / midway.total) * 100) - 1);
    await second.waitFor((l) => l === '@done');
    expect((await second.exited).code).toBe(0);

    const after = new Database(file, { readonly: true });
    const finished = after.prepare("SELECT done, total, finished_at FROM derived_rebuilds WHERE key = 'fill-search:outbound_fts'").get() as { done: number; total: number; finished_at: string | null };
    expect(finished.finished_at).not.toBeNull();
    expect(finished.done).toBe(finished.total);
    expect(after.prepare('SELECT count(*) FROM outbound').pluck().get()).toBe(FAXES);
    // Every fax indexed exactly once; the oldest and the newest found by their own number.
    expect(after.prepare('SELECT count(*) FROM outbound_fts_docsize').pluck().get()).toBe(FAXES);
    const find = (match: string) => after.prepare('SELECT rowid FROM outbound_fts WHERE outbound_fts MATCH ?').pluck().all(match);
    expect(find('"1000001"*')).toEqual([1]);
    expect(find(`"${1_000_000 + FAXES}"*`)).toEqual([FAXES]);
    // The contact written during the rebuild is there, and found once.
    const contactId = contact.slice('@contact '.length);
    expect(after.prepare('SELECT name FROM contacts WHERE id = ?').pluck().get(contactId)).toBe('Written Midway');
    expect(after.prepare("SELECT count(*) FROM contacts_fts WHERE contacts_fts MATCH '\"midway\"*'").pluck().get()).toBe(1);
    // The old search tables are gone.
    expect(after.prepare("SELECT count(*) FROM sqlite_master WHERE name LIKE '%\\_before\\_%' ESCAPE '\\'").pluck().get()).toBe(0);
    after.close();
  });
});
