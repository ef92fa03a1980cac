import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { endsWithEof, HotFolderWatcher, TAKEN_FOLDER, type HotFolderClock, type WatchFolder } from '../../../../src/main/desktop/hot-folder';
import { silentLogger } from '../../../../src/main/platform/logger';

const COMPLETE_PDF = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';
const PARTIAL_PDF = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n';

class ManualClock implements HotFolderClock {
  time = 1_000_000;
  readonly intervals = new Map<number, () => void>();
  private nextId = 1;
  now = () => this.time;
  setInterval(callback: () => void): unknown {
    const id = this.nextId++;
    this.intervals.set(id, callback);
    return id;
  }
  clearInterval(handle: unknown): void {
    this.intervals.delete(handle as number);
  }
  advance(ms: number): void {
    this.time += ms;
  }
  fireIntervals(): void {
    for (const callback of this.intervals.values()) callback();
  }
}

const watchers: HotFolderWatcher[] = [];
afterEach(() => {
  for (const w of watchers.splice(0)) w.stop();
});

/** A watcher on a temp folder with a manual clock and no fs.watch (tests drive the checks). */
function setup(options: { folder?: string; watch?: WatchFolder } = {}) {
  const folder = options.folder ?? fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-hot-'));
  const clock = new ManualClock();
  const taken: string[] = [];
  const problems: (string | null)[] = [];
  const watcher = new HotFolderWatcher({
    folder,
    onFile: (file) => taken.push(file),
    onProblem: (message) => problems.push(message),
    logger: silentLogger,
    clock,
    intervalMs: 1500,
    settleMs: 1000,
    watch: options.watch ?? (() => ({ close() {} })),
  });
  watchers.push(watcher);
  /** One check after `ms` of (manual) time. */
  const checkAfter = async (ms = 1500) => {
    clock.advance(ms);
    await watcher.scanNow();
  };
  return { folder, clock, taken, problems, watcher, checkAfter };
}

describe('hot folder', () => {
  it('does not take a PDF that is still being written, then takes it once complete and moves it aside', async () => {
    const { folder, watcher, taken, checkAfter } = setup();
    const file = path.join(folder, 'invoice.pdf');
    fs.writeFileSync(file, PARTIAL_PDF);
    watcher.start();
    await watcher.scanNow();
    for (let i = 0; i < 4; i++) await checkAfter(); // size and time stable, but no %%EOF yet
    expect(taken).toEqual([]);
    expect(fs.existsSync(file)).toBe(true);

    fs.appendFileSync(file, 'trailer << >>\n%%EOF\n');
    await checkAfter(); // the size changed: first sighting of the new size
    expect(taken).toEqual([]);
    await checkAfter();
    const moved = path.join(folder, TAKEN_FOLDER, 'invoice.pdf');
    expect(taken).toEqual([moved]);
    expect(fs.existsSync(file)).toBe(false);
    expect(fs.readFileSync(moved, 'utf8')).toBe(PARTIAL_PDF + 'trailer << >>\n%%EOF\n');

    for (let i = 0; i < 3; i++) await checkAfter();
    expect(taken).toEqual([moved]);
  });

  it('waits while the size or the modification time keeps changing', async () => {
    const { folder, watcher, taken, checkAfter } = setup();
    const file = path.join(folder, 'growing.pdf');
    fs.writeFileSync(file, COMPLETE_PDF);
    watcher.start();
    await watcher.scanNow();
    fs.appendFileSync(file, '% more\n%%EOF\n'); // an incremental update appended
    await checkAfter();
    expect(taken).toEqual([]);
    const { size } = fs.statSync(file);
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5000)); // rewritten in place, same size
    expect(fs.statSync(file).size).toBe(size);
    await checkAfter();
    expect(taken).toEqual([]);
    await checkAfter();
    expect(taken).toHaveLength(1);
  });

  it('does not trust two checks closer together than the settle time', async () => {
    const { folder, watcher, taken, checkAfter } = setup();
    fs.writeFileSync(path.join(folder, 'quick.pdf'), COMPLETE_PDF);
    watcher.start();
    await watcher.scanNow();
    await checkAfter(10);
    await checkAfter(10);
    expect(taken).toEqual([]);
    await checkAfter(1000);
    expect(taken).toHaveLength(1);
  });

  it('does not take a file again after a restart', async () => {
    const first = setup();
    fs.writeFileSync(path.join(first.folder, 'a.pdf'), COMPLETE_PDF);
    first.watcher.start();
    await first.watcher.scanNow();
    await first.checkAfter();
    expect(first.taken).toHaveLength(1);
    first.watcher.stop();

    const second = setup({ folder: first.folder });
    second.watcher.start();
    await second.watcher.scanNow();
    for (let i = 0; i < 3; i++) await second.checkAfter();
    expect(second.taken).toEqual([]);
    expect(fs.readdirSync(path.join(first.folder, TAKEN_FOLDER))).toEqual(['a.pdf']);
  });

  it('ignores other file types, hidden files and folders, and never touches them', async () => {
    const { folder, watcher, taken, checkAfter } = setup();
    fs.writeFileSync(path.join(folder, 'notes.txt'), 'hello');
    fs.writeFileSync(path.join(folder, 'scan.tiff'), 'II*');
    fs.writeFileSync(path.join(folder, '.~lock.pdf'), COMPLETE_PDF);
    fs.writeFileSync(path.join(folder, 'print.pdf.part'), COMPLETE_PDF);
    fs.mkdirSync(path.join(folder, 'folder.pdf'));
    fs.writeFileSync(path.join(folder, 'UPPER.PDF'), COMPLETE_PDF);
    watcher.start();
    await watcher.scanNow();
    for (let i = 0; i < 3; i++) await checkAfter();
    expect(taken).toEqual([path.join(folder, TAKEN_FOLDER, 'UPPER.PDF')]);
    expect(fs.readdirSync(folder).sort()).toEqual(['.~lock.pdf', 'folder.pdf', 'notes.txt', 'print.pdf.part', 'scan.tiff', TAKEN_FOLDER].sort());
  });

  it('keeps an earlier document of the same name in sent-to-faxdesk', async () => {
    const { folder, watcher, taken, checkAfter } = setup();
    fs.mkdirSync(path.join(folder, TAKEN_FOLDER));
    fs.writeFileSync(path.join(folder, TAKEN_FOLDER, 'scan.pdf'), 'earlier');
    fs.writeFileSync(path.join(folder, TAKEN_FOLDER, 'scan (2).pdf'), 'earlier 2');
    fs.writeFileSync(path.join(folder, 'scan.pdf'), COMPLETE_PDF);
    watcher.start();
    await watcher.scanNow();
    await checkAfter();
    expect(taken).toEqual([path.join(folder, TAKEN_FOLDER, 'scan (3).pdf')]);
    expect(fs.readFileSync(path.join(folder, TAKEN_FOLDER, 'scan.pdf'), 'utf8')).toBe('earlier');
  });

  it('reports a missing folder without throwing, and starts working when it appears', async () => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-hot-parent-'));
    const folder = path.join(parent, 'Print to fax');
    const { watcher, taken, problems, checkAfter } = setup({ folder });
    watcher.start();
    await watcher.scanNow();
    await checkAfter();
    expect(problems).toEqual([`The hot folder "${folder}" does not exist. Create it, or choose another folder in Settings.`]);

    fs.mkdirSync(folder);
    fs.writeFileSync(path.join(folder, 'late.pdf'), COMPLETE_PDF);
    await checkAfter();
    expect(problems).toEqual([problems[0], null]);
    await checkAfter();
    expect(taken).toEqual([path.join(folder, TAKEN_FOLDER, 'late.pdf')]);
  });

  it('reports a file given as the folder, and a relative path', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-hot-')), 'plain.txt');
    fs.writeFileSync(file, 'x');
    const a = setup({ folder: file });
    a.watcher.start();
    await a.watcher.scanNow();
    expect(a.problems).toEqual([`The hot folder "${file}" is a file, not a folder. Choose a folder in Settings.`]);

    const b = setup({ folder: 'relative/folder' });
    b.watcher.start();
    expect(b.problems).toEqual(['The hot folder "relative/folder" is not a full path. Choose the folder again in Settings.']);
    expect(b.clock.intervals.size).toBe(0);
  });

  it('hands a file over in place, once, when it cannot be moved aside, and says so', async () => {
    const { folder, watcher, taken, problems, checkAfter } = setup();
    fs.writeFileSync(path.join(folder, TAKEN_FOLDER), 'a file where the folder should be');
    fs.writeFileSync(path.join(folder, 'stuck.pdf'), COMPLETE_PDF);
    watcher.start();
    await watcher.scanNow();
    await checkAfter();
    await checkAfter();
    expect(taken).toEqual([]);
    await checkAfter();
    expect(taken).toEqual([path.join(folder, 'stuck.pdf')]);
    expect(problems.at(-1)).toMatch(/cannot move files out of the hot folder .* will offer it again after a restart/);
    for (let i = 0; i < 3; i++) await checkAfter();
    expect(taken).toHaveLength(1);
  });

  it('rescans on its timer, and stops when stopped', async () => {
    const { folder, clock, watcher, taken } = setup();
    fs.writeFileSync(path.join(folder, 'timer.pdf'), COMPLETE_PDF);
    watcher.start();
    expect(clock.intervals.size).toBe(1);
    await watcher.scanNow();
    clock.advance(1500);
    clock.fireIntervals();
    await watcher.scanNow();
    expect(taken).toHaveLength(1);
    watcher.stop();
    expect(clock.intervals.size).toBe(0);
  });

  it('checks when fs.watch reports a change, and carries on on the timer when watching fails', async () => {
    let onChange: (() => void) | undefined;
    let onError: ((e: Error) => void) | undefined;
    let closed = 0;
    const { folder, clock, watcher, taken } = setup({
      watch: (_folder, change, error) => {
        onChange = change;
        onError = error;
        return { close: () => void closed++ };
      },
    });
    watcher.start();
    await watcher.scanNow();
    expect(onChange).toBeDefined();
    fs.writeFileSync(path.join(folder, 'watched.pdf'), COMPLETE_PDF);
    onChange!();
    await watcher.scanNow();
    clock.advance(1500);
    onError!(new Error('ENOSPC'));
    expect(closed).toBe(1);
    clock.fireIntervals();
    await watcher.scanNow();
    expect(taken).toEqual([path.join(folder, TAKEN_FOLDER, 'watched.pdf')]);
  });

  it('recognises the end of a PDF, allowing trailing whitespace', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-eof-'));
    const check = async (content: string | Buffer) => {
      const file = path.join(dir, 'x.pdf');
      fs.writeFileSync(file, content);
      return endsWithEof(file, fs.statSync(file).size);
    };
    expect(await check('%PDF-1.7\n%%EOF')).toBe(true);
    expect(await check('%PDF-1.7\n%%EOF\r\n')).toBe(true);
    expect(await check('%PDF-1.7\n%%EOF\n \t\n\0')).toBe(true);
    expect(await check(Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(50_000, 0x41), Buffer.from('\n%%EOF\n')]))).toBe(true);
    expect(await check('%PDF-1.7\n%%EOF\n1 0 obj')).toBe(false);
    expect(await check('%PDF-1.7\n%%EO')).toBe(false);
    expect(await endsWithEof(path.join(dir, 'missing.pdf'), 100)).toBe(false);
  });
});
