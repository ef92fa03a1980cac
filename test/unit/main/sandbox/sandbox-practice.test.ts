import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DESTINATION_RULES } from '../../../../src/emulator/carrier/destination-rules';
import type { SandboxHost } from '../../../../src/main/accounts/sandbox';
import { createDocumentStore, type DocumentStore } from '../../../../src/main/documents/document-store';
import { SandboxPractice, TEST_FAX_SENDER } from '../../../../src/main/sandbox/sandbox-practice';

function host(state: 'ready' | 'starting', inbound?: (input: { from?: string | null }) => Promise<{ fax_id: string }>): SandboxHost {
  return {
    credentials: () => ({ faxNumber: '14155552000' }),
    status: () => ({ state, message: null }),
    receiveTestFax: async (from: string) => {
      if (!inbound) throw new Error('not running');
      return { faxId: (await inbound({ from })).fax_id };
    },
  } as unknown as SandboxHost;
}

describe('SandboxPractice', () => {
  let dataDir: string;
  let store: DocumentStore;
  const synced: string[] = [];

  beforeEach(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'faxdesk-practice-'));
    store = createDocumentStore(dataDir);
    synced.length = 0;
  });
  afterEach(async () => {
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('lists its own number, then every destination rule of the emulator, with how each ends', () => {
    const practice = new SandboxPractice({ host: host('ready'), store, syncNow: (id) => synced.push(id) });
    const { numbers } = practice.testNumbers();
    expect(numbers.map((n) => n.number)).toEqual(['14155552000', ...DESTINATION_RULES.map((r) => r.example)]);
    expect(numbers[0]).toMatchObject({ kind: 'own', display: '+1 415 555 2000', result: 'delivered', errorCode: null });
    expect(numbers.find((n) => n.number === '12125550103')).toMatchObject({ name: 'Invalid number format', result: 'failed', errorCode: 'E51', display: '+1 212 555 0103' });
    expect(numbers.find((n) => n.number === '12125550101')).toMatchObject({ name: 'Busy, then success', result: 'delivered' });
    // The slow one stays in progress long enough to cancel it.
    expect(numbers.find((n) => n.number === '12125550113')!.inProgressSeconds).toBeGreaterThanOrEqual(600);
  });

  it('stores the sample invoice as a checked document, the same one each time', async () => {
    const practice = new SandboxPractice({ host: host('ready'), store, syncNow: () => {} });
    const first = await practice.sampleDocument();
    expect(first).toMatchObject({ name: 'Sandbox sample invoice.pdf', type: 'PDF', pages: 2 });
    expect(await store.has(first.id)).toBe(true);
    expect((await practice.sampleDocument()).id).toBe(first.id);
  });

  it('makes a test fax arrive from a fictional number and syncs the Sandbox; says why when it cannot', async () => {
    const asked: unknown[] = [];
    const practice = new SandboxPractice({ host: host('ready', async (input) => (asked.push(input), { fax_id: 'f-1' })), store, syncNow: (id) => synced.push(id) });
    await expect(practice.receiveTestFax()).resolves.toEqual({ faxId: 'f-1', from: '+1 312 555 0170' });
    expect(asked).toEqual([{ from: TEST_FAX_SENDER }]);
    expect(synced).toEqual(['sandbox']);

    const starting = new SandboxPractice({ host: host('starting'), store, syncNow: () => {} });
    await expect(starting.receiveTestFax()).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('not running yet') });
    const none = new SandboxPractice({ host: null, store, syncNow: () => {} });
    expect(() => none.testNumbers()).toThrow(/no Sandbox in this window/);
  });
});
