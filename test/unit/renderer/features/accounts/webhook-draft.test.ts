import { describe, expect, it } from 'vitest';
import { calls } from '../../../../../src/shared/ipc/contract';
import type { WebhookSettingsView } from '../../../../../src/shared/ipc/contract/webhooks';
import { draftFromWebhooks, planWebhookSave, webhookFieldOf } from '../../../../../src/renderer/src/features/accounts/webhook-draft';

const none: WebhookSettingsView = { accountId: 'a1', inbound: null, outbound: null, hasHmacSecret: false };
const inboundSet: WebhookSettingsView = { ...none, inbound: { notificationId: 'n1', direction: 'INBOUND', url: 'https://hooks.example.com/in', enabled: true } };

describe('webhook settings plan', () => {
  it('refuses addresses the service never delivers to before anything is sent', () => {
    const plan = planWebhookSave('a1', none, { inbound: 'http://hooks.example.com/in', outbound: 'https://hooks.example.com:8080/out', hmacSecret: '' });
    expect(plan.ok).toBe(false);
    if (plan.ok) return;
    expect(plan.errors.inbound).toContain('HTTPS');
    expect(plan.errors.outbound).toContain('8080');
  });

  it('sends one call per changed direction, with the secret when one was typed, in the shape the contract accepts', () => {
    const plan = planWebhookSave('a1', inboundSet, { inbound: 'https://hooks.example.com/in', outbound: 'https://hooks.example.com:8443/out', hmacSecret: '' });
    expect(plan).toEqual({ ok: true, calls: [{ accountId: 'a1', direction: 'OUTBOUND', url: 'https://hooks.example.com:8443/out' }] });
    const withSecret = planWebhookSave('a1', inboundSet, { ...draftFromWebhooks(inboundSet), hmacSecret: 'sixteen-chars-secret' });
    expect(withSecret).toEqual({ ok: true, calls: [{ accountId: 'a1', direction: 'INBOUND', url: 'https://hooks.example.com/in', hmacSecret: 'sixteen-chars-secret' }] });
    if (withSecret.ok) for (const call of withSecret.calls) expect(calls['webhooks:set'].input.safeParse(call).success).toBe(true);
  });

  it('says what to do instead of emptying an address, or setting a secret with no address', () => {
    const cleared = planWebhookSave('a1', inboundSet, { inbound: '', outbound: '', hmacSecret: '' });
    expect(cleared.ok || cleared.errors.inbound).toContain('Remove');
    const secretOnly = planWebhookSave('a1', none, { inbound: '', outbound: '', hmacSecret: 'sixteen-chars-secret' });
    expect(secretOnly.ok || secretOnly.errors.hmacSecret).toContain('address first');
    expect(planWebhookSave('a1', inboundSet, draftFromWebhooks(inboundSet))).toEqual({ ok: true, calls: [] });
  });

  it('puts main’s url error on the direction being saved', () => {
    expect(webhookFieldOf('url', 'OUTBOUND')).toBe('outbound');
    expect(webhookFieldOf('hmacSecret', 'INBOUND')).toBe('hmacSecret');
    expect(webhookFieldOf('accountId', 'INBOUND')).toBeNull();
  });
});
