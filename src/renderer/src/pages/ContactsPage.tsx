import type { JSX } from 'react';
import { NotBuilt } from '../components/NotBuilt';

export function ContactsPage(): JSX.Element {
  return <NotBuilt title="Contacts" what="Address book, distribution lists, CSV and vCard import and export." issue="Compose and send (issue 6)" />;
}
