import { describe, expect, it } from 'vitest';
import type { InboxFax } from '../../../../src/shared/domain/history';
import type { InboxPage } from '../../../../src/shared/ipc/contract/inbox';
import { windowAt } from '../../../../src/renderer/src/model/inbox/list-window';
import {
  addToBatch,
  applyLoad,
  held,
  openedImage,
  sameFax,
  withDeleted,
  withFax,
  withImage,
  withoutFax,
  withReadAt,
  type InboxView,
  type OpenedFax,
} from '../../../../src/renderer/src/stores/inbox-updates';
import { fax } from '../features/inbox/fixtures';

function page(items: InboxFax[], offset = 0, total = items.length): InboxPage {
  return { items, next: null, previous: null, position: { offset, total } };
}

function view(items: InboxFax[], overrides: Partial<InboxView> = {}): InboxView {
  return { ...held(windowAt(page(items))), activeId: null, opened: null, notice: null, ...overrides };
}

function opened(f: InboxFax): OpenedFax {
  return { fax: f, image: { status: 'loading' }, markedRead: false };
}

describe('a fax as main now has it', () => {
  it('replaces its row and the viewer\'s copy, and nothing else', () => {
    const a = fax({ id: 'a' });
    const b = fax({ id: 'b' });
    const state = view([a, b], { opened: opened(b) });
    const b2 = { ...b, note: 'Call back' };
    const next = withFax(state, b2);
    expect(next.items).toEqual([a, b2]);
    expect(next.opened?.fax).toEqual(b2);
    expect(withFax(state, { ...a, note: 'x' }).opened).toBe(state.opened);
  });

  it('changes nothing held when the fax is not held', () => {
    const state = view([fax({ id: 'a' })]);
    expect(withFax(state, fax({ id: 'z' }))).toEqual({ opened: null });
  });
});

describe('read and unread', () => {
  it('sets readAt on the row and the open fax, and says whether opening did it', () => {
    const a = fax({ id: 'a', readAt: null });
    const state = view([a], { opened: opened(a) });
    const read = withReadAt(state, 'a', '2024-05-10T10:00:00.000Z', true);
    expect(read.items?.[0]?.readAt).toBe('2024-05-10T10:00:00.000Z');
    expect(read.opened).toMatchObject({ fax: { readAt: '2024-05-10T10:00:00.000Z' }, markedRead: true });
    const unread = withReadAt({ ...state, ...read } as InboxView, 'a', null, false);
    expect(unread.items?.[0]?.readAt).toBeNull();
    expect(unread.opened?.markedRead).toBe(false);
  });
});

describe('a fax the person deleted', () => {
  it('leaves the list, the keyboard goes to the row that took its place (or the one above)', () => {
    const [a, b, c] = [fax({ id: 'a' }), fax({ id: 'b' }), fax({ id: 'c' })];
    expect(withoutFax(view([a, b, c], { activeId: 'b' }), 'b', true)).toMatchObject({ items: [a, c], activeId: 'c' });
    expect(withoutFax(view([a, b, c], { activeId: 'c' }), 'c', true)).toMatchObject({ items: [a, b], activeId: 'b' });
    expect(withoutFax(view([a, b, c], { activeId: 'a' }), 'c', true).activeId).toBe('a');
  });

  it('closes it in the viewer and says where it was deleted', () => {
    const a = fax({ id: 'a' });
    const here = withoutFax(view([a], { opened: opened(a) }), 'a', true);
    expect(here.opened).toBeNull();
    expect(here.notice?.text).toBe('The fax was deleted from the service and from this computer.');
    expect(withoutFax(view([a]), 'a', false).notice?.text).toContain('already gone from the service');
  });
});

describe('faxes deleted elsewhere', () => {
  it('leave the list, and the viewer says so when the open one went', () => {
    const [a, b] = [fax({ id: 'a' }), fax({ id: 'b' })];
    const { patch, allHeld } = withDeleted(view([a, b], { opened: opened(b) }), new Set(['b']));
    expect(patch.items).toEqual([a]);
    expect(patch.opened).toBeNull();
    expect(patch.notice).toEqual({ kind: 'info', text: 'The fax you had open was deleted.' });
    expect(allHeld).toBe(true);
  });

  it('say when some were not held (where the rows sit must be read again)', () => {
    const notice = { kind: 'info' as const, text: 'Printed.' };
    const { patch, allHeld } = withDeleted(view([fax({ id: 'a' })], { notice }), new Set(['a', 'far-below']));
    expect(allHeld).toBe(false);
    expect(patch.notice).toBe(notice);
  });
});

describe('inbox:changed gathered into one batch', () => {
  it('sorts ids by reason, and remembers that faxes arrived', () => {
    let batch = addToBatch(null, { accountId: 'sandbox', ids: ['n1'], reason: 'arrived', unread: 1 });
    batch = addToBatch(batch, { accountId: 'sandbox', ids: ['d1'], reason: 'deleted', unread: 1 });
    batch = addToBatch(batch, { accountId: 'sandbox', ids: ['i1'], reason: 'image', unread: 1 });
    expect(batch.arrived).toBe(true);
    expect([...batch.deleted]).toEqual(['d1']);
    expect([...batch.changed]).toEqual(['n1', 'i1']);
    expect([...batch.images]).toEqual(['i1']);
  });
});

describe('pages read for the view', () => {
  it('jump: the window is the page read, where it sits', () => {
    const rows = [fax({ id: 'x' })];
    expect(applyLoad(windowAt(page([fax({ id: 'a' })])), { kind: 'jump', skip: 400 }, page(rows, 400, 900))).toEqual(windowAt(page(rows, 400, 900)));
  });
});

describe('the open fax\'s image', () => {
  it('is ready with the PDF\'s bytes, or says why there is none', () => {
    const ready = openedImage({ kind: 'pdf', id: 'a', fileName: 'fax.pdf', bytes: 3, base64: 'JVBE' });
    expect(ready).toMatchObject({ status: 'ready', fileName: 'fax.pdf', document: { kind: 'pdf' } });
    expect(ready.status === 'ready' && Array.from(ready.document.data)).toEqual([0x25, 0x50, 0x44]);
  });

  it('goes only to the fax still open', () => {
    const a = fax({ id: 'a' });
    const state = { opened: opened(a) };
    expect(withImage(state, 'a', { status: 'error', message: 'x' }).opened?.image).toEqual({ status: 'error', message: 'x' });
    expect(withImage(state, 'b', { status: 'error', message: 'x' })).toEqual({});
  });
});

describe('the same fax', () => {
  it('is the same account and service id', () => {
    const a = fax({ accountId: 'acc', faxId: 'F1' });
    expect(sameFax(a, 'acc', 'F1')).toBe(true);
    expect(sameFax(a, 'other', 'F1')).toBe(false);
  });
});
