/**
 * Files the desktop app saves and opens through the operating system's dialogs: main shows the
 * dialog, writes the file the person chose and says where. The renderer never passes a path to write.
 * In the browser bridge (AppInfo.fileDialogs 'browser') these calls refuse and the page downloads
 * instead: files:download hands it the same file, in the format it chose.
 */
import { z } from 'zod';
import { OUTBOUND_PHASES } from '../../domain/history';
import { call } from '../define';
import { CONTACTS_FILE_FORMATS } from './contacts';
import type { ComposeFile } from './desktop';

const Ref = z.string().trim().min(1, 'Say which one.').max(100);

/** A fax as Faxdesk keeps it (PDF), or as the service stores it (TIFF, fetched when asked for). */
export const FAX_FILE_FORMATS = ['PDF', 'TIFF'] as const;
export type FaxFileFormat = (typeof FAX_FILE_FORMATS)[number];
/** The format offered first (the Save dialog's default filter) or, for files:download, the one made. Default PDF. */
const FaxFormat = z.enum(FAX_FILE_FORMATS, { error: 'Choose PDF or TIFF.' }).optional();

export const SaveRequestSchema = z.discriminatedUnion('what', [
  /** A received fax's image: PDF or TIFF. */
  z.object({ what: z.literal('inbox-fax'), id: Ref, format: FaxFormat }).strict(),
  /** A sent fax's delivered image: PDF or TIFF. */
  z.object({ what: z.literal('sent-fax'), jobId: Ref, format: FaxFormat }).strict(),
  /** The transmission report of a sent fax (PDF). */
  z.object({ what: z.literal('report'), jobId: Ref }).strict(),
  /** A delivered fax's confirmation: its transmission report with page 1 of the fax on it (PDF). */
  z.object({ what: z.literal('confirmation'), jobId: Ref }).strict(),
  /** The Outbox list as CSV, with the page's filters. */
  z
    .object({ what: z.literal('outbox-csv'), accountId: z.string().max(200).optional(), phase: z.enum(OUTBOUND_PHASES).optional(), search: z.string().max(500).optional() })
    .strict(),
  /** A .zip of logs, versions and settings for support (no secrets). */
  z.object({ what: z.literal('diagnostics') }).strict(),
  /** Every contact, as CSV or vCard. */
  z.object({ what: z.literal('contacts'), format: z.enum(CONTACTS_FILE_FORMATS, { error: 'Choose CSV or vCard.' }) }).strict(),
]);
export type SaveRequest = z.infer<typeof SaveRequestSchema>;

/** The files of the webhook receiver's own HTTPS: its certificate and its private key (both PEM). */
export const TLS_FILE_KINDS = ['certificate', 'key'] as const;
export type TlsFileKind = (typeof TLS_FILE_KINDS)[number];

export type SaveOutcome =
  | {
      saved: true;
      path: string;
      bytes: number;
      /** A report's characters no bundled font has (printed as placeholders). */
      missingCharacters: string[];
    }
  | { saved: false };

/** What "Save as" would write, for the browser to download. */
export interface DownloadContent {
  fileName: string;
  mimeType: string;
  bytes: number;
  base64: string;
  missingCharacters: string[];
}

export const fileCalls = {
  /**
   * Shows "Save as" (starting in the last folder used) with a filter per format (a fax: PDF and TIFF),
   * makes the file in the format whose extension the chosen name has, writes it there. `saved: false`
   * when cancelled.
   */
  'files:saveAs': call(SaveRequestSchema).returns<SaveOutcome>(),
  /** The same file for the browser bridge to download (the first or the asked-for format). Works in both shells. */
  'files:download': call(SaveRequestSchema).returns<DownloadContent>(),
  /** Shows "Open" filtered to the types Faxdesk can fax; the chosen files, for Compose to add by path. */
  'files:openForCompose': call(z.void()).returns<{ files: ComposeFile[] }>(),
  /**
   * Shows "Open" for one PEM file of the webhook receiver's HTTPS (Settings › Instant updates); its full
   * path, or null when cancelled. Only the path: receiver:configure reads and checks the file.
   */
  'files:openTlsFile': call(z.object({ what: z.enum(TLS_FILE_KINDS, { error: 'Say whether the certificate or the key is chosen.' }) }).strict()).returns<{ path: string | null }>(),
} as const;
