/**
 * The outcome of "Test connection": every step main ran, in order, each ok / failed / skipped with
 * main's sentence; the failed step is highlighted and named in the summary.
 */
import type { JSX } from 'react';
import type { AccountTestReport, AccountTestStep } from '../../../../shared/ipc/contract/accounts';

const OUTCOME_WORD: Record<AccountTestStep['outcome'], string> = { ok: 'OK', failed: 'Failed', skipped: 'Skipped' };
const OUTCOME_MARK: Record<AccountTestStep['outcome'], string> = { ok: '✓', failed: '✗', skipped: '–' };

export type TestState = { phase: 'running' } | { phase: 'done'; report: AccountTestReport } | { phase: 'error'; message: string };

export function TestReport({ state, id }: { state: TestState; id: string }): JSX.Element {
  if (state.phase === 'running') {
    return (
      <div className="acct-test" role="status" id={id} data-testid="test-report" data-result="running">
        <p className="acct-test-summary">Testing the connection…</p>
      </div>
    );
  }
  if (state.phase === 'error') {
    return (
      <div className="acct-test acct-test-failed" role="alert" id={id} data-testid="test-report" data-result="error">
        <p className="acct-test-summary">The test could not run: {state.message}</p>
      </div>
    );
  }
  const { report } = state;
  const failed = report.steps.find((s) => s.outcome === 'failed');
  return (
    <div className={`acct-test ${report.ok ? 'acct-test-ok' : 'acct-test-failed'}`} role={report.ok ? 'status' : 'alert'} id={id} data-testid="test-report" data-result={report.ok ? 'ok' : 'failed'} data-failed-step={report.failedStep ?? undefined}>
      <p className="acct-test-summary">
        {report.ok ? 'Connection test passed: every step worked.' : `Connection test failed at step “${failed?.title ?? report.failedStep}”.`}
      </p>
      <ol className="acct-steps" aria-label="Test steps">
        {report.steps.map((step) => (
          <li key={step.id} className={`acct-step acct-step-${step.outcome}`} data-step={step.id} data-outcome={step.outcome} aria-current={step.outcome === 'failed' ? 'step' : undefined}>
            <span className="acct-step-mark" aria-hidden="true">
              {OUTCOME_MARK[step.outcome]}
            </span>
            <span className="acct-step-title">{step.title}</span>
            <span className="acct-step-outcome">{OUTCOME_WORD[step.outcome]}</span>
            <span className="acct-step-message">
              {step.message}
              {step.code && step.outcome === 'failed' ? <span className="muted"> ({step.code})</span> : null}
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
