import type { JSX } from 'react';
import { NotBuilt } from '../components/NotBuilt';

export function ActivityPage(): JSX.Element {
  return <NotBuilt title="Activity" what="The webhook notification log with filters and a Ping button." issue="History store, sync and inbox (issue 5)" />;
}
