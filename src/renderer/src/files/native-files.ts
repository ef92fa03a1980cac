/**
 * Saving and opening files: in the desktop app main shows the OS "Save as" / "Open" dialogs and
 * writes the file (files:*); in the browser harness the page downloads and uses the browser's file
 * input. Which one is main's word (AppInfo.fileDialogs), asked once.
 */
import type { SaveOutcome, SaveRequest } from '../../../shared/ipc/contract/files';
import type { ComposeFile } from '../../../shared/ipc/contract/desktop';
import { faxdesk, unwrap } from '../api';

let native: Promise<boolean> | null = null;

export function hasNativeFileDialogs(): Promise<boolean> {
  native ??= unwrap(faxdesk.app.info()).then(
    (info) => info.fileDialogs === 'native',
    () => false,
  );
  return native;
}

export function saveWithDialog(request: SaveRequest): Promise<SaveOutcome> {
  return unwrap(faxdesk.files.saveAs(request));
}

export async function openWithDialog(): Promise<ComposeFile[]> {
  return (await unwrap(faxdesk.files.openForCompose())).files;
}

/** "Saved report.pdf to /home/ann/Faxes." plus what the report could not print, if anything. */
export function savedSentence(outcome: Extract<SaveOutcome, { saved: true }>): string {
  const missing = outcome.missingCharacters.length > 0 ? ` ${missingSentence(outcome.missingCharacters)}` : '';
  return `Saved to ${outcome.path}.${missing}`;
}

export function missingSentence(characters: readonly string[]): string {
  const codes = characters.map((c) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`).join(', ');
  return `No font Faxdesk ships has ${characters.length === 1 ? 'one character' : `${characters.length} characters`} of it (${codes}); ${characters.length === 1 ? 'it is' : 'they are'} printed as "\uFFFD".`;
}
