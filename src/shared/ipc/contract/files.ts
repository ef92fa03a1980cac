/**
 * Files the desktop app saves and opens through the operating system's dialogs: main shows the
 * dialog, writes the file the person chose and says where. The renderer never passes a path to write.
 * In the browser bridge (AppInfo.fileDialogs 'browser') these calls refuse; the page downloads instead.
 */
import { z } from 'zod';
import { OUTBOUND_PHASES } from '../../domain/history';
import { call } from '../define';
import type { ComposeFile } from './desktop';

const Ref = z.string().trim().min(1, 'Say which one.').max(100);

export const SaveRequestSchema = z.discriminatedUnion('what', [
  /** A received fax's image (PDF). */
  z.object({ what: z.literal('inbox-fax'), id: Ref }).strict(),
  /** A sent fax's delivered image (PDF). */
  z.object({ what: z.literal('sent-fax'), jobId: Ref }).strict(),
  /** The transmission report of a sent fax (PDF). */
  z.object({ what: z.literal('report'), jobId: Ref }).strict(),
  /** The Outbox list as CSV, with the page's filters. */
  z
    .object({ what: z.literal('outbox-csv'), accountId: z.string().max(200).optional(), phase: z.enum(OUTBOUND_PHASES).optional(), search: z.string().max(500).optional() })
    .strict(),
  /** A .zip of logs, versions and settings for support (no secrets). */
  z.object({ what: z.literal('diagnostics') }).strict(),
]);
export type SaveRequest = z.infer<typeof SaveRequestSchema>;

export type SaveOutcome =
  | {
      saved: true;
      path: string;
      bytes: number;
      /** A report's characters no bundled font has (printed as placeholders). */
      missingCharacters: string[];
    }
  | { saved: false };

export const fileCalls = {
  /** Shows "Save as" (starting in the last folder used), writes the file there. `saved: false` when cancelled. */
  'files:saveAs': call(SaveRequestSchema).returns<SaveOutcome>(),
  /** Shows "Open" filtered to the types Faxdesk can fax; the chosen files, for Compose to add by path. */
  'files:openForCompose': call(z.void()).returns<{ files: ComposeFile[] }>(),
} as const;
