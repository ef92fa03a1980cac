import type { JSX } from 'react';
import type { OutboxDetail } from '../../../../shared/domain/outbox';
import { timelineEntries } from './timeline';
import { Time } from './Time';

/** The fax's status timeline, every source's events oldest first. */
export function JobTimeline({ detail }: { detail: OutboxDetail }): JSX.Element {
  const entries = timelineEntries(detail.timeline);
  if (entries.length === 0) return <p className="muted">Nothing recorded yet.</p>;
  return (
    <ol className="outbox-timeline" data-testid="outbox-timeline">
      {entries.map((e) => (
        <li key={e.key} className={`outbox-event outbox-event-${e.tone}`}>
          <span className="outbox-event-dot" aria-hidden="true" />
          <div className="outbox-event-body">
            <div className="outbox-event-head">
              <span className="outbox-event-title">{e.title}</span>
              <Time time={e.time} className="outbox-event-time" />
              <span className="outbox-event-source" title={e.sourceDescription}>
                <span className="sr-only">Source: </span>
                {e.sourceLabel}
              </span>
            </div>
            {e.notes.map((n, i) => (
              <p key={i} className="outbox-event-note">
                {n}
              </p>
            ))}
          </div>
        </li>
      ))}
    </ol>
  );
}
