import type { JSX } from 'react';
import type { Badge } from './badges';

/** A job's state: a shape, words and a colour (never the colour alone); the tooltip explains it. */
export function StateBadge({ badge, large = false }: { badge: Badge; large?: boolean }): JSX.Element {
  return (
    <span className={`outbox-badge outbox-badge-${badge.tone}${large ? ' outbox-badge-large' : ''}`} title={badge.description} data-status={badge.status}>
      <span className="outbox-badge-symbol" aria-hidden="true">
        {badge.symbol}
      </span>
      <span className="outbox-badge-text">{badge.text}</span>
    </span>
  );
}
