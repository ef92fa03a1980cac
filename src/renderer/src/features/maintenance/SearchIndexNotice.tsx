/**
 * Said under a search box while the search index of its list is being rebuilt after an upgrade: the
 * newest faxes are indexed first, so a search may miss older ones until it is done. Mounted with one
 * line where a list is searched (Inbox, Outbox & Sent, Contacts); shown only while a search is typed.
 */
import type { JSX } from 'react';
import type { SearchScope } from '../../../../shared/domain/maintenance';
import { useIncompleteSearch } from './maintenance-store';

const WHAT: Record<SearchScope, string> = { received: 'older faxes', outbound: 'older faxes', contacts: 'some contacts' };

export function SearchIndexNotice({ scope, searching }: { scope: SearchScope; searching: boolean }): JSX.Element | null {
  const task = useIncompleteSearch(scope);
  if (!task || !searching) return null;
  return (
    <p className="search-index-notice" role="status" data-testid="search-index-notice">
      The search index is being updated ({task.percent} %): {WHAT[scope]} may be missing from these results until it is done.
    </p>
  );
}
