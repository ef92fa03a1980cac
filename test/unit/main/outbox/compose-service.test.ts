import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ComposeDraftSchema } from '../../../../src/shared/domain/outbox';
import { calls } from '../../../../src/shared/ipc/contract';
import { createGate } from '../../../../src/main/ipc/gate';
import type { HandlerTable } from '../../../../src/main/ipc/gate';
import { silentLogger } from '../../../../src/main/platform/logger';
import { harness, type Harness } from './support';

let h: Harness;
afterEach(async () => h?.cleanup());

describe('compose: documents in', () => {
  it('stores dropped files content-addressed, reports what cannot be sent, and counts what is already attached', async () => {
    h = await harness();
    const good = path.join(h.dir, 'memo.txt');
    const empty = path.join(h.dir, 'empty.pdf');
    fs.writeFileSync(good, 'A memo.\n');
    fs.writeFileSync(empty, '');
    const result = await h.module.compose.addFiles({ paths: [good, empty, path.join(h.dir, 'missing.pdf')], existing: [] });
    expect(result.documents.map((d) => [d.name, d.type])).toEqual([['memo.txt', 'TXT']]);
    expect(await h.store.has(result.documents[0]!.id)).toBe(true);
    expect(result.problems.map((p) => [p.file, p.code])).toEqual([
      ['empty.pdf', 'EMPTY'],
      ['missing.pdf', 'UNREADABLE'],
    ]);
    const existing = Array.from({ length: 25 }, (_, i) => ({ id: String(i).padStart(64, '0'), name: `d${i}.pdf`, size: 10 }));
    const over = await h.module.compose.addFiles({ paths: [good], existing });
    expect(over.problems.map((p) => p.code)).toEqual(['TOO_MANY']);
  });

  it('takes bytes from a browser drop or paste (base64, data: URL too), and refuses damaged base64', async () => {
    h = await harness();
    const text = Buffer.from('Pasted text.\n').toString('base64');
    const plain = await h.module.compose.addBytes({ name: 'paste.txt', base64: text, existing: [] });
    const dataUrl = await h.module.compose.addBytes({ name: 'paste.txt', base64: `data:text/plain;base64,${text}`, existing: [] });
    expect(plain.documents[0]!.id).toBe(dataUrl.documents[0]!.id);
    await expect(h.module.compose.addBytes({ name: 'x.pdf', base64: 'not base64!', existing: [] })).rejects.toMatchObject({ code: 'VALIDATION', field: 'base64' });
  });
});

describe('compose:validate', () => {
  it('checks the stored documents and the account, and sums up pages and payload', async () => {
    h = await harness();
    const ok = await h.module.compose.validate(h.draft({ options: { coverPage: { fromName: 'Me', subject: '', message: '' } } }));
    expect(ok).toMatchObject({ ok: true, problems: [], summary: { destinations: 1, documents: 1, pages: 2 } });
    expect(ok.summary.payloadBytes).toBeGreaterThan(64 * 1024);
    const bad = await h.module.compose.validate(
      ComposeDraftSchema.parse({
        accountId: 'gone',
        recipients: [{ number: '12125550100' }],
        documents: [{ id: 'f'.repeat(64), type: 'PDF', name: 'lost.pdf', pages: 1, size: 5 }],
      }),
    );
    expect(bad.ok).toBe(false);
    expect(bad.problems.map((p) => p.field)).toEqual(['accountId', 'documents.0']);
  });
});

describe('the IPC contract', () => {
  it('compose:send goes through the gate: shape errors name the field; a repeated send returns the same jobs', async () => {
    h = await harness();
    const handlers = h.module.handlers as unknown as HandlerTable;
    const dispatch = createGate(handlers, silentLogger);
    const composeId = '8d1f3a52-0c5e-4b7e-9a33-4a9f0e7b2c11';
    const draft = h.draft();
    const bad = await dispatch('compose:send', { ...draft, composeId: 'not-a-uuid' });
    expect(bad).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', field: 'composeId' } });
    const first = await dispatch('compose:send', { ...draft, composeId });
    const second = await dispatch('compose:send', { ...draft, composeId });
    expect(first.ok && second.ok).toBe(true);
    if (first.ok && second.ok) {
      expect((second.value as { created: boolean }).created).toBe(false);
      expect((first.value as { jobs: { id: string }[] }).jobs[0]!.id).toBe((second.value as { jobs: { id: string }[] }).jobs[0]!.id);
    }
    const invalid = await dispatch('compose:send', { ...draft, composeId: '9d1f3a52-0c5e-4b7e-9a33-4a9f0e7b2c11', recipients: [{ number: '123' }] });
    expect(invalid).toMatchObject({ ok: false, error: { code: 'VALIDATION', field: 'recipients.0.number' } });
    expect(Object.keys(calls).filter((n) => n.startsWith('compose:') || n.startsWith('outbox:')).sort()).toEqual(Object.keys(h.module.handlers).sort());
  });
});
