/** The commands that work on every page: New fax, Go to page N. (The help dialog registers its own.) */
import { useEffect } from 'react';
import type { PageId } from '../../../shared/domain/navigation';
import { useAppStore } from '../stores/app-store';
import { commands } from './registry';
import { useCommand } from './use-shortcuts';

/** `pages`: the pages the sidebar lists now (Admin only with an admin account): Ctrl+6 does nothing without it. */
export function useAppCommands(pages: readonly PageId[]): void {
  useCommand('new-fax', () => useAppStore.getState().navigate({ page: 'compose' }));
  const listed = pages.join(' ');
  useEffect(() => {
    const offs = (listed.split(' ') as PageId[]).map((page) => commands.register(`go-to-${page}`, () => useAppStore.getState().navigate({ page })));
    return () => offs.forEach((off) => off());
  }, [listed]);
}
