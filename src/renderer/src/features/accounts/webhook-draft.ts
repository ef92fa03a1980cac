/**
 * What "Save" on the webhook settings sends: one webhooks:set per direction whose address changed
 * (or every configured direction, when only the HMAC secret changed). Addresses the service would
 * never deliver to are refused here with the contract's own rule, before anything is sent.
 */
import { webhookUrlProblem, type FaxDirection } from '../../../../shared/domain/fax';
import type { CallInput } from '../../../../shared/ipc/contract';
import type { WebhookSettingsView } from '../../../../shared/ipc/contract/webhooks';

export interface WebhookDraft {
  inbound: string;
  outbound: string;
  /** Write-only: '' keeps the secret the service has. */
  hmacSecret: string;
}

export type WebhookField = keyof WebhookDraft;

export const DIRECTION_FIELD: Record<FaxDirection, 'inbound' | 'outbound'> = { INBOUND: 'inbound', OUTBOUND: 'outbound' };

export function draftFromWebhooks(view: WebhookSettingsView | null): WebhookDraft {
  return { inbound: view?.inbound?.url ?? '', outbound: view?.outbound?.url ?? '', hmacSecret: '' };
}

export type WebhookPlan =
  | { ok: true; calls: CallInput<'webhooks:set'>[] }
  | { ok: false; errors: Partial<Record<WebhookField, string>> };

export function planWebhookSave(accountId: string, view: WebhookSettingsView | null, draft: WebhookDraft): WebhookPlan {
  const errors: Partial<Record<WebhookField, string>> = {};
  const calls: CallInput<'webhooks:set'>[] = [];
  const secret = draft.hmacSecret;
  for (const direction of ['INBOUND', 'OUTBOUND'] as const) {
    const field = DIRECTION_FIELD[direction];
    const url = draft[field].trim();
    const current = (direction === 'INBOUND' ? view?.inbound : view?.outbound)?.url ?? '';
    if (url === '') {
      // Clearing an address is a removal: that has its own confirmed button.
      if (current !== '') errors[field] = 'To stop these notifications, use “Remove” instead of emptying the address.';
      continue;
    }
    if (url === current && secret === '') continue;
    const problem = webhookUrlProblem(url);
    if (problem) {
      errors[field] = problem;
      continue;
    }
    calls.push({ accountId, direction, url, ...(secret !== '' ? { hmacSecret: secret } : {}) });
  }
  if (secret !== '' && calls.length === 0 && Object.keys(errors).length === 0) {
    errors.hmacSecret = 'Enter a webhook address first: the secret is set together with an address.';
  }
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, calls };
}

/** Input paths of webhooks:set onto the form: `url` belongs to the direction being saved. */
export function webhookFieldOf(path: string, direction: FaxDirection): WebhookField | null {
  if (path === 'url') return DIRECTION_FIELD[direction];
  if (path === 'hmacSecret') return 'hmacSecret';
  return null;
}
