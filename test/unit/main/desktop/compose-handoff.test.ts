import { describe, expect, it } from 'vitest';
import { ComposeHandoff, MAX_PENDING_FILES } from '../../../../src/main/desktop/compose-handoff';
import { EventBus } from '../../../../src/main/ipc/events';
import { silentLogger } from '../../../../src/main/platform/logger';

function setup() {
  const events = new EventBus();
  const seen: [string, unknown][] = [];
  events.subscribe((name, payload) => seen.push([name, payload]));
  return { handoff: new ComposeHandoff(events, silentLogger), seen };
}

describe('ComposeHandoff', () => {
  it('keeps documents handed over before any page is ready, until a page takes them', () => {
    const { handoff } = setup();
    handoff.offer(['/docs/a.pdf'], 'command-line');
    handoff.offer(['/docs/b.tif', '/docs/a.pdf'], 'second-instance');
    expect(handoff.take()).toEqual({
      files: [
        { path: '/docs/a.pdf', name: 'a.pdf' },
        { path: '/docs/b.tif', name: 'b.tif' },
      ],
    });
    expect(handoff.take()).toEqual({ files: [] });
  });

  it('tells an open page to go to Compose and take the new documents', () => {
    const { handoff, seen } = setup();
    handoff.offer(['/docs/a.pdf'], 'hot-folder');
    handoff.offer(['/docs/a.pdf'], 'hot-folder'); // already waiting: nothing new, no events
    expect(seen).toEqual([
      ['ui:navigate', { page: 'compose' }],
      ['compose:open', { files: [{ path: '/docs/a.pdf', name: 'a.pdf' }] }],
    ]);
  });

  it('hands a document over again once the earlier one was taken', () => {
    const { handoff } = setup();
    handoff.offer(['/docs/a.pdf'], 'open-file');
    handoff.take();
    expect(handoff.offer(['/docs/a.pdf'], 'open-file')).toHaveLength(1);
    expect(handoff.pendingCount).toBe(1);
  });

  it('drops the oldest documents past the limit', () => {
    const { handoff } = setup();
    handoff.offer(Array.from({ length: MAX_PENDING_FILES + 5 }, (_, i) => `/docs/${i}.pdf`), 'command-line');
    const { files } = handoff.take();
    expect(files).toHaveLength(MAX_PENDING_FILES);
    expect(files[0]!.name).toBe('5.pdf');
  });
});
