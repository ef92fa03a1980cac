/**
 * Stand-ins for the desktop's keychain and notification centre that survive a SIGKILL, so a core
 * killed and started again behaves like the app restarted on the same computer, and the harness can
 * count afterwards what a person would have seen:
 * - FileSecretStore: the secrets in one JSON file, replaced atomically (rename) on every change;
 * - NotificationLog: every desktop notification appended as one JSON line the moment it is shown.
 * Both write synchronously: when the call returns, the bytes are in the kernel, which a killed
 * process cannot take back.
 */
import fs from 'node:fs';
import path from 'node:path';
import { secretEntryName, type SecretKind, type SecretStore } from '../../src/main/accounts/secret-store';
import type { DesktopNotification, Notifier } from '../../src/main/platform/ports';

export class FileSecretStore implements SecretStore {
  readonly driver = 'verify-file';

  constructor(private readonly file: string) {}

  private read(): Record<string, string> {
    try {
      return JSON.parse(fs.readFileSync(this.file, 'utf8')) as Record<string, string>;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
      throw error;
    }
  }

  private write(entries: Record<string, string>): void {
    const temp = `${this.file}.tmp`;
    fs.writeFileSync(temp, JSON.stringify(entries));
    fs.renameSync(temp, this.file);
  }

  async get(accountId: string, kind: SecretKind): Promise<string | null> {
    return this.read()[secretEntryName(accountId, kind)] ?? null;
  }

  async set(accountId: string, kind: SecretKind, value: string): Promise<void> {
    this.write({ ...this.read(), [secretEntryName(accountId, kind)]: value });
  }

  async delete(accountId: string, kind: SecretKind): Promise<void> {
    const entries = this.read();
    delete entries[secretEntryName(accountId, kind)];
    this.write(entries);
  }

  /** For a history file made by the harness: its account's key, as the app would have stored it. */
  static seed(file: string, accountId: string, kind: SecretKind, value: string): void {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    new FileSecretStore(file).write({ [secretEntryName(accountId, kind)]: value });
  }
}

export interface LoggedNotification extends DesktopNotification {
  /** The process that showed it (a restart is a new pid). */
  pid: number;
}

export class NotificationLog implements Notifier {
  constructor(private readonly file: string) {}

  show(notification: DesktopNotification): void {
    const line: LoggedNotification = { ...notification, pid: process.pid };
    fs.appendFileSync(this.file, `${JSON.stringify(line)}\n`);
  }

  static read(file: string): LoggedNotification[] {
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    // A line cut short by a kill would be the last one; appendFileSync writes a line in one call, so none is expected.
    return text
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.parse(l) as LoggedNotification);
  }
}
