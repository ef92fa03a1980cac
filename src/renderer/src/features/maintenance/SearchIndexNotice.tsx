/**
 * Said under a search box while the search index of its list is being rebuilt after an upgrade: the
 * newest faxes are indexed first, so a search may miss older ones until it is done. Mounted with one
 * line where a list is searched (Inbox, Outbox & Sent, Contacts); shown only while a search is typed.
 */
import type { JSX } from 'react';
import { searchIndexNotice, type SearchScope } from '../../../../shared/domain/maintenance';
import { useMaintenanceStore } from '../../stores/maintenance-store';

export function SearchIndexNotice({ scope, searching }: { scope: SearchScope; searching: boolean }): JSX.Element | null {
  const notice = useMaintenanceStore((s) => searchIndexNotice(s.status, scope));
  if (notice === null || !searching) return null;
  return (
    <p className="search-index-notice" role="status" data-testid="search-index-notice">
      {notice}
    </p>
  );
}
