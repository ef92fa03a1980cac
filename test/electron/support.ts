/** What the tier's tests share: the lab on the staged app, a PDF to fax, the Sandbox's control surface. */
import fs from 'node:fs';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { inject } from 'vitest';
import { EmulatorControlClient } from '../../src/emulator/control-client';
import { Lab, until, type RunningApp } from '../electron-model/launch';
import type { ModelPage } from '../electron-model/page';

export function newLab(): Lab {
  return new Lab(inject('stagedResources'));
}

/** A one-page PDF on disk, as a person's document. */
export async function writePdf(dir: string, name: string, text: string): Promise<string> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([612, 792]).drawText(text, { x: 72, y: 700, size: 18, font });
  const file = path.join(dir, name);
  fs.writeFileSync(file, await pdf.save());
  return file;
}

/** The Sandbox emulator's control surface, found where the app's net.fetch went. */
export function sandboxControl(app: RunningApp): EmulatorControlClient {
  const call = app.model.calls.find((c) => c.api === 'net.fetch' && /^http:\/\/127\.0\.0\.1:\d+\/api\//.test((c.detail as { url: string }).url));
  if (!call) throw new Error('the app has not talked to its Sandbox yet');
  return new EmulatorControlClient(`${new URL((call.detail as { url: string }).url).origin}/control`);
}

/** Waits until the Sandbox account has completed a sync of every feed. */
export async function synced(page: ModelPage): Promise<void> {
  await until('the Sandbox to sync', async () => {
    const status = await page.ok<{ accounts: { accountId: string; lastSyncedAt: string | null }[] }>('sync:status');
    return status.accounts.find((a) => a.accountId === 'sandbox')?.lastSyncedAt ?? null;
  }, 30_000);
}
