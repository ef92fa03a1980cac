import { describe, expect, it } from 'vitest';
import { notificationFor } from '../../../../src/main/desktop/notification-policy';

const on = { notifyInbound: true, notifyOutbound: true };

describe('notificationFor', () => {
  it('announces an inbound fax and opens it on click', () => {
    expect(notificationFor(on, { kind: 'inbound', accountId: 'acc-1', faxId: 'fx-9', from: '15551234567', pages: 3 })).toEqual({
      title: 'New fax from +1 555 123 4567',
      body: '3 pages. Click to open it.',
      target: { page: 'inbox', faxId: 'fx-9', accountId: 'acc-1' },
    });
    expect(notificationFor(on, { kind: 'inbound', accountId: 'a', faxId: 'f', from: 'UNKNOWN', pages: 1 })).toMatchObject({ title: 'New fax received', body: '1 page. Click to open it.' });
    expect(notificationFor(on, { kind: 'inbound', accountId: 'a', faxId: 'f' })).toMatchObject({ title: 'New fax received', body: 'Click to open it.' });
  });

  it('announces each final outbound state, opening the job', () => {
    const base = { kind: 'outbound-final' as const, jobId: 'job-7', destination: '+442071234567' };
    expect(notificationFor(on, { ...base, state: 'COMPLETED' })).toEqual({
      title: 'Fax delivered',
      body: 'Your fax to +44 20 7123 4567 was delivered.',
      target: { page: 'outbox', jobId: 'job-7' },
    });
    expect(notificationFor(on, { ...base, state: 'ERROR', errorReason: 'The line was busy' })).toMatchObject({
      title: 'Fax failed',
      body: 'Your fax to +44 20 7123 4567 could not be delivered: The line was busy.',
    });
    expect(notificationFor(on, { ...base, state: 'ERROR' })?.body).toBe('Your fax to +44 20 7123 4567 could not be delivered: The service did not say why.');
    expect(notificationFor(on, { ...base, state: 'CANCELED' })).toMatchObject({ title: 'Fax cancelled' });
  });

  it('keeps a long failure reason short and on one line', () => {
    const body = notificationFor(on, { kind: 'outbound-final', jobId: 'j', destination: '15551234567', state: 'ERROR', errorReason: 'x\n'.repeat(300) })!.body;
    expect(body).not.toContain('\n');
    expect(body.length).toBeLessThan(260);
    expect(body.endsWith('…')).toBe(true);
  });

  it('honours each setting separately', () => {
    const inbound = { kind: 'inbound' as const, accountId: 'a', faxId: 'f' };
    const outbound = { kind: 'outbound-final' as const, jobId: 'j', destination: '1', state: 'COMPLETED' as const };
    expect(notificationFor({ notifyInbound: false, notifyOutbound: true }, inbound)).toBeNull();
    expect(notificationFor({ notifyInbound: false, notifyOutbound: true }, outbound)).not.toBeNull();
    expect(notificationFor({ notifyInbound: true, notifyOutbound: false }, outbound)).toBeNull();
    expect(notificationFor({ notifyInbound: true, notifyOutbound: false }, inbound)).not.toBeNull();
  });
});
