import { describe, expect, it } from 'vitest';
import { sandboxMarkingNotifier } from '../../../../src/main/desktop/sandbox-marking';
import type { DesktopNotification } from '../../../../src/main/platform/ports';

describe('Sandbox notifications say they are practice', () => {
  it('marks a notification about a Sandbox fax (by account or by job) and leaves real ones alone', () => {
    const shown: DesktopNotification[] = [];
    const jobs: Record<string, string> = { 'job-s': 'sandbox', 'job-r': 'live-1' };
    const notifier = sandboxMarkingNotifier(
      { show: (n) => shown.push(n) },
      (target) => (target && 'accountId' in target ? target.accountId : target && 'jobId' in target ? (jobs[target.jobId] ?? null) : null),
      (id) => id === 'sandbox',
    );
    notifier.show({ title: 'New fax from +1 415 555 2000', body: '1 page. Click to open it.', target: { page: 'inbox', faxId: 'f', accountId: 'sandbox' } });
    notifier.show({ title: 'Fax delivered', body: 'Your fax to +1 212 555 0100 was delivered.', target: { page: 'outbox', jobId: 'job-s' } });
    notifier.show({ title: 'Fax delivered', body: 'Your fax to +1 212 555 0100 was delivered.', target: { page: 'outbox', jobId: 'job-r' } });
    notifier.show({ title: 'Faxdesk', body: 'Hello' });
    expect(shown.map((n) => n.title)).toEqual(['Sandbox (practice): New fax from +1 415 555 2000', 'Sandbox (practice): Fax delivered', 'Fax delivered', 'Faxdesk']);
    expect(shown[1]!.body).toBe('Your fax to +1 212 555 0100 was delivered. Practice only: nothing was really faxed.');
  });
});
