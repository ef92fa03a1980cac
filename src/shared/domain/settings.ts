/**
 * User preferences. Each key has its own schema and default, so one unreadable stored value costs
 * only that key (it falls back to its default and is reported), never the others.
 */
import { z } from 'zod';
import { HISTORY_IMPORT_RANGES } from './history-import';

export const SettingsSchema = z.object({
  theme: z.enum(['system', 'light', 'dark']),
  /** Seconds between background polls of the service while idle. */
  pollIntervalSeconds: z.number().int().min(15).max(3600),
  notifyInbound: z.boolean(),
  notifyOutbound: z.boolean(),
  autoPrintInbound: z.boolean(),
  closeToTray: z.boolean(),
  startAtLogin: z.boolean(),
  /** Folder watched for PDFs to fax (print-to-fax); empty means off. */
  hotFolder: z
    .string()
    .max(4096)
    .refine(
      (v) => v === '' || /^(\/|[A-Za-z]:[\\/]|\\\\)/.test(v),
      'Enter the full path of a folder (for example /home/you/Faxes or C:\\Faxes), or leave it empty to turn the hot folder off.',
    ),
  /** The account new faxes are sent from; empty means the first account. */
  defaultAccountId: z.string().max(200),
  /** Faxdesk's own IPP printer on 127.0.0.1 (Settings › Fax printer); off until turned on. */
  faxPrinterEnabled: z.boolean(),
  /** Its port on 127.0.0.1. */
  faxPrinterPort: z
    .number()
    .int('The port is a whole number.')
    .min(1024, 'Use a port from 1024 to 65535 (lower ones need administrator rights).')
    .max(65535, 'Use a port from 1024 to 65535 (lower ones need administrator rights).'),
  /** Pre-fill the recipient from a "Fax: +1 212 555 0147" line in a printed document's text. */
  faxPrinterReadFaxLine: z.boolean(),
  /** How far back an account's older faxes are imported (first sync of an account that already holds faxes). */
  historyImportRange: z.enum(HISTORY_IMPORT_RANGES, { error: 'Choose all, the last year, or the last 90 days.' }),
  /**
   * This desk's name, carried in every fax it sends so other desks on the account can say who sent it
   * ("Sent by Front desk (maria)"); empty means the computer's name.
   */
  installationName: z
    .string()
    .max(60, 'Keep the desk name to 60 characters or fewer.')
    // eslint-disable-next-line no-control-regex -- a name is one line
    .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), 'Write the desk name on one line, without control characters.'),
});
export type Settings = z.infer<typeof SettingsSchema>;
export type SettingKey = keyof Settings;

export const DEFAULT_SETTINGS: Readonly<Settings> = Object.freeze({
  theme: 'system',
  pollIntervalSeconds: 60,
  notifyInbound: true,
  notifyOutbound: true,
  autoPrintInbound: false,
  closeToTray: true,
  startAtLogin: false,
  hotFolder: '',
  defaultAccountId: '',
  faxPrinterEnabled: false,
  // Not 631 (CUPS's own) nor a common development port; registered to nothing at IANA.
  faxPrinterPort: 8631,
  faxPrinterReadFaxLine: false,
  historyImportRange: 'all',
  installationName: '',
});

export const SETTING_KEYS = Object.keys(SettingsSchema.shape) as SettingKey[];

/** A partial update: only known keys, each checked by its own schema; unknown keys are refused. */
export const SettingsPatchSchema = SettingsSchema.partial().strict();
export type SettingsPatch = z.infer<typeof SettingsPatchSchema>;

/** What settings:get returns: the values, plus any stored value that could not be read. */
export interface SettingsSnapshot {
  values: Settings;
  /** Keys whose stored value was unreadable and was replaced by the default. */
  problems: { key: string; message: string }[];
}
