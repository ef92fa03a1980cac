import type { JSX } from 'react';
import type { ShownTime } from '../../model/times';

/** A local time with the same instant in UTC as its tooltip. */
export function Time({ time, className }: { time: ShownTime; className?: string }): JSX.Element {
  return (
    <time dateTime={time.iso} title={time.utc} className={className}>
      {time.local}
    </time>
  );
}
