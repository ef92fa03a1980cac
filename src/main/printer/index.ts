/**
 * The fax printer area for createCore: the service (Settings › Fax printer) with its default ports,
 * and the readiness rule: a job is taken only while there is an account to send from whose secret
 * the keychain gives (a locked keychain: the job is refused as temporarily unavailable, so the
 * operating system's queue keeps it and tries again).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { AppError } from '../errors';
import type { AccountService } from '../accounts';
import type { SettingsService } from '../settings/settings-service';
import { FaxPrinterService, type FaxPrinterServiceDeps } from './fax-printer-service';
import type { PrinterReadiness } from './ipp-printer';
import type { CommandRunner } from './system-printer';

export { FaxPrinterService } from './fax-printer-service';
export type { CommandRunner, CommandResult, SystemCommand } from './system-printer';

/** Runs a program without a shell, with a time limit (an administrator prompt left open for 5 minutes ends it). */
export const execCommand: CommandRunner = (command) =>
  new Promise((resolve) => {
    execFile(command.file, command.args, { timeout: 5 * 60_000, windowsHide: true, maxBuffer: 1024 * 1024, encoding: 'utf8' }, (error, stdout, stderr) => {
      const code = error ? (typeof (error as { code?: unknown }).code === 'number' ? ((error as { code: number }).code) : null) : 0;
      resolve({ code, stdout: String(stdout ?? ''), stderr: String(stderr ?? ''), ...((error as NodeJS.ErrnoException | null)?.code === 'ENOENT' ? { missing: true } : {}) });
    });
  });

const DRIVERLESS_FAX = ['/usr/lib/cups/driver/driverless-fax', '/usr/local/lib/cups/driver/driverless-fax'];

export async function hasDriverlessFax(): Promise<boolean> {
  return DRIVERLESS_FAX.some((f) => fs.existsSync(f));
}

export function accountReadiness(accounts: Pick<AccountService, 'enabledAccounts' | 'clientFor'>, settings: Pick<SettingsService, 'values'>): () => Promise<PrinterReadiness> {
  return async () => {
    const enabled = accounts.enabledAccounts();
    if (!enabled.length) {
      return { ok: false, status: 'not-accepting', message: 'Faxdesk has no fax account to send from. Add one (or switch one on) in Faxdesk under Settings › Accounts, then print again.' };
    }
    const account = enabled.find((a) => a.id === settings.values.defaultAccountId) ?? enabled[0]!;
    try {
      await accounts.clientFor(account.id);
      return { ok: true };
    } catch (error) {
      if (error instanceof AppError && error.code === 'KEYCHAIN') {
        return { ok: false, status: 'unavailable', message: `Faxdesk is locked: the system keychain holding the key of "${account.displayLabel}" is locked. Unlock it; the print job waits and is taken then.` };
      }
      return { ok: false, status: 'unavailable', message: 'Faxdesk cannot open its fax account right now. Try printing again in a moment.' };
    }
  };
}

export type FaxPrinterOptions = Partial<Pick<FaxPrinterServiceDeps, 'commands' | 'platform' | 'hasDriverlessFax' | 'maxJobBytes'>>;

export function createFaxPrinter(deps: Omit<FaxPrinterServiceDeps, 'commands' | 'platform' | 'hasDriverlessFax'> & FaxPrinterOptions): FaxPrinterService {
  return new FaxPrinterService({
    commands: execCommand,
    platform: process.platform,
    hasDriverlessFax,
    ...deps,
  });
}
