/**
 * Several desks on one fax account: two or three whole cores (each its own data folder, real SQLite file,
 * memory keychain) against ONE emulator with a manual clock, all signed in to the same account (App ID,
 * API key, user-id), each with its own desk name. The cores read time from the emulator's clock; their
 * background timers are set far apart so the tests drive everything explicitly: `poll(desk)` is one
 * poll (every feed once, then the image downloads), `settle(desk)` one reconciliation pass.
 */
import os from 'node:os';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { startEmulator, type RunningEmulator } from '../../../src/emulator';
import type { OutboundJob } from '../../../src/shared/domain/history';
import type { SendOutcome } from '../../../src/shared/domain/outbox';
import type { AccountView } from '../../../src/shared/ipc/contract/accounts';
import type { DesktopNotification } from '../../../src/main/platform/ports';
import type { CoreTuning } from '../../../src/main/core';
import { startCore, tempDir, type CoreFixture } from '../accounts/core-fixture';

export interface Desk {
  name: string;
  fixture: CoreFixture;
  accountId: string;
  shown: DesktopNotification[];
  printed: string[];
  document: { id: string; type: string; name: string; pages: number | null };
}

export interface Office {
  emulator: RunningEmulator;
  desks: Desk[];
  /** One poll of a desk: every feed once, then its image downloads. */
  poll(desk: Desk): Promise<void>;
  /** One reconciliation pass of a desk's outbox. */
  settle(desk: Desk): Promise<void>;
  send(desk: Desk, recipient: { number: string; name?: string; company?: string }, clientData?: Record<string, string>): Promise<SendOutcome>;
  jobsOf(desk: Desk, composeId: string): OutboundJob[];
  /** POST /faxes requests that reached the emulator. */
  posts(): number;
  stop(): Promise<void>;
}

/** Everything the tests drive by hand: the background waits are an hour. */
export const SLOW_TUNING: CoreTuning = {
  outbox: { reconcileIntervalMs: 3_600_000, lateReconcileIntervalMs: 3_600_000, trackIntervalMs: 3_600_000, settleMs: 30 * 60_000 },
  sync: { intervals: { fastMs: 3_600_000, idleMs: 3_600_000, backoffBaseMs: 3_600_000, backoffMaxMs: 3_600_000 }, sweepEveryMs: 3_600_000, printClaim: { recheckMs: 20 } },
  http: { timeoutMs: 10_000, retry: { attempts: 1 } },
};

export const OS_USER = (() => {
  try {
    return os.userInfo().username.replace(/[()]/g, '');
  } catch {
    return process.env.USER ?? '';
  }
})();

async function onePagePdf(title: string): Promise<string> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([612, 792]).drawText(title, { x: 72, y: 700, size: 14, font });
  return Buffer.from(await doc.save()).toString('base64');
}

export async function startOffice(names: readonly string[], options: { autoPrint?: readonly string[]; tuning?: CoreTuning } = {}): Promise<Office> {
  const emulator = await startEmulator({ clock: 'manual', quiet: true });
  const desks: Desk[] = [];
  for (const name of names) {
    const shown: DesktopNotification[] = [];
    const printed: string[] = [];
    const fixture = await startCore({
      dataDir: tempDir('faxdesk-desks-it-'),
      startEmulator: null,
      now: () => new Date(emulator.control.clock().now),
      notifier: { show: (n) => void shown.push(n) },
      printer: {
        printPdf: async (file: string) => {
          printed.push(file);
          return { outcome: 'printed' as const };
        },
      },
      tuning: options.tuning ?? SLOW_TUNING,
    });
    await fixture.ok('settings:set', { installationName: name, autoPrintInbound: options.autoPrint?.includes(name) ?? false });
    const account = await fixture.ok<AccountView>('accounts:add', {
      label: 'Office fax',
      baseUrl: emulator.baseUrl,
      appId: emulator.demo.appId,
      apiKey: emulator.demo.apiKey,
      userId: emulator.demo.userId,
    });
    const prepared = await fixture.ok<{ documents: Desk['document'][] }>('compose:addBytes', { name: `${name}.pdf`, base64: await onePagePdf(`From ${name}`) });
    const { id, type, name: fileName, pages } = prepared.documents[0]!;
    desks.push({ name, fixture, accountId: account.id, shown, printed, document: { id, type, name: fileName, pages } });
  }
  const office: Office = {
    emulator,
    desks,
    async poll(desk) {
      const outcomes = await desk.fixture.core.sync.syncNow(desk.accountId);
      const failed = outcomes.filter((o) => !o.ok);
      if (failed.length) throw new Error(`${desk.name}: ${failed.map((o) => `${o.feed}: ${o.error?.message}`).join('; ')}`);
      await desk.fixture.core.inbox.drainDownloads();
    },
    async settle(desk) {
      await desk.fixture.core.outbox.reconcileNow();
    },
    async send(desk, recipient, clientData = {}) {
      const composeId = crypto.randomUUID();
      const outcome = await desk.fixture.ok<SendOutcome>('compose:send', {
        composeId,
        accountId: desk.accountId,
        recipients: [{ name: '', company: '', ...recipient }],
        documents: [desk.document],
        options: { clientData },
      });
      await desk.fixture.core.outbox.drain();
      return outcome;
    },
    jobsOf(desk, composeId) {
      return desk.fixture.core.outbox.outbound.listByCompose(composeId);
    },
    posts() {
      return emulator.control.requests().filter((r) => r.method === 'POST' && /^\/api\/faxes\/?(\?|$)/.test(r.path)).length;
    },
    async stop() {
      for (const desk of desks) await desk.fixture.stop().catch(() => undefined);
      await emulator.stop();
    },
  };
  return office;
}
