/**
 * A typed client of the emulator's HTTP control surface, for tests and tools in another process than
 * the emulator (in-process code uses RunningEmulator.control). Uses the global fetch.
 *
 *   const control = new EmulatorControlClient(controlUrl);
 *   await control.reset();
 *   await control.advance(5 * 60_000);
 */
import type { DemoAccount, Fault, FaultSpec, InboundInput, RecordedRequest, WebhookDelivery, ClockMode, DestinationRule, SeedHistoryInput } from './types';

export class EmulatorControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
  }
}

export class EmulatorControlClient {
  private readonly base: string;

  /** `controlUrl` as RunningEmulator.controlUrl or the CLI's first line gives it (…/control). */
  constructor(controlUrl: string) {
    this.base = controlUrl.replace(/\/+$/, '');
  }

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${this.base}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    const parsed: unknown = text === '' ? undefined : JSON.parse(text);
    if (!res.ok) {
      const first = (parsed as { errors?: { user_message?: string }[] } | undefined)?.errors?.[0]?.user_message;
      throw new EmulatorControlError(res.status, `Emulator control ${method} ${path} answered ${res.status}${first ? `: ${first}` : ''}`, parsed);
    }
    return parsed as T;
  }

  health(): Promise<{ status: string }> {
    return this.call('GET', '/health');
  }
  demo(): Promise<DemoAccount> {
    return this.call('GET', '/demo');
  }
  createAccount(): Promise<DemoAccount> {
    return this.call('POST', '/accounts');
  }
  rules(): Promise<DestinationRule[]> {
    return this.call('GET', '/rules');
  }
  async reset(): Promise<void> {
    await this.call('POST', '/reset');
  }
  clock(): Promise<{ now: string; mode: ClockMode }> {
    return this.call('GET', '/clock');
  }
  advance(ms: number): Promise<{ now: string }> {
    return this.call('POST', '/clock/advance', { ms });
  }
  async idle(): Promise<void> {
    await this.call('POST', '/idle');
  }
  inbound(input: InboundInput = {}): Promise<{ fax_id: string }> {
    return this.call('POST', '/inbound', input);
  }
  addFault(spec: FaultSpec): Promise<{ id: string }> {
    return this.call('POST', '/faults', spec);
  }
  faults(): Promise<Fault[]> {
    return this.call('GET', '/faults');
  }
  clearFaults(): Promise<{ removed: number }> {
    return this.call('DELETE', '/faults');
  }
  async removeFault(id: string): Promise<void> {
    await this.call('DELETE', `/faults/${encodeURIComponent(id)}`);
  }
  history(input: { userId?: string; sent: number }): Promise<{ added: number }> {
    return this.call('POST', '/history', input);
  }
  seedHistory(input: SeedHistoryInput): Promise<{ received: number; sent: number }> {
    return this.call('POST', '/history/seed', input);
  }
  requests(since?: number): Promise<RecordedRequest[]> {
    return this.call('GET', since === undefined ? '/requests' : `/requests?since=${since}`);
  }
  async clearRequests(): Promise<void> {
    await this.call('DELETE', '/requests');
  }
  revokeTokens(accessToken?: string): Promise<{ revoked: number }> {
    return this.call('POST', '/tokens/revoke', accessToken === undefined ? {} : { access_token: accessToken });
  }
  forceComplete(faxId: string): Promise<{ fax_id: string; status: string }> {
    return this.call('POST', `/faxes/${encodeURIComponent(faxId)}/force-complete`);
  }
  webhookDeliveries(): Promise<WebhookDelivery[]> {
    return this.call('GET', '/webhooks/deliveries');
  }
}
