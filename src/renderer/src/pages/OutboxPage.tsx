import type { JSX } from 'react';
import { NotBuilt } from '../components/NotBuilt';

export function OutboxPage(): JSX.Element {
  return (
    <NotBuilt
      title="Outbox & Sent"
      what="Every fax you send, its live status timeline, cancel and resend."
      issue="Compose and send (issue 6)"
    />
  );
}
