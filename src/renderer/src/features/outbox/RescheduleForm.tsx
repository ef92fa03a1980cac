import { useId, useState, type JSX } from 'react';
import type { OutboxItem } from '../../../../shared/domain/outbox';
import { fromLocalInputValue, toLocalInputValue } from '../../model/times';

/** A scheduled fax: a new time, or send it now. */
export function RescheduleForm({ job, busy, onReschedule }: { job: OutboxItem; busy: boolean; onReschedule(at: string | null): void }): JSX.Element {
  const [value, setValue] = useState(toLocalInputValue(job.scheduledAt));
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = useId();
  const submit = () => {
    const at = fromLocalInputValue(value);
    if (!at) return setProblem('Pick a date and a time.');
    if (Date.parse(at) <= Date.now()) return setProblem('That time has passed. Pick a later time, or choose “Send now”.');
    setProblem(null);
    onReschedule(at);
  };
  return (
    <form
      className="outbox-reschedule"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <label htmlFor={inputId}>Send at</label>
      <input id={inputId} type="datetime-local" value={value} aria-invalid={problem ? true : undefined} onChange={(e) => setValue(e.target.value)} />
      <button type="submit" disabled={busy || value === toLocalInputValue(job.scheduledAt)}>
        Reschedule
      </button>
      <button type="button" disabled={busy} onClick={() => onReschedule(null)}>
        Send now
      </button>
      {problem ? (
        <span className="error" role="alert">
          {problem}
        </span>
      ) : null}
    </form>
  );
}
