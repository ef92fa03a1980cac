import type { JSX } from 'react';
import { NotBuilt } from '../components/NotBuilt';

export function InboxPage(): JSX.Element {
  return <NotBuilt title="Inbox" what="Received faxes, the viewer, printing and desktop notifications." issue="History store, sync and inbox (issue 5)" />;
}
