/**
 * The control surface under {controlUrl} (= http://127.0.0.1:N/control): for tests, demos and
 * integrators, never part of the emulated service (no auth, no faults). Each route maps to one
 * EmulatorControl method.
 */
import { badRequest } from '../http/errors';
import { parseFaultSpec } from '../http/faults';
import type { Router } from '../http/router';
import type { InboundInput } from '../inbound';
import type { EmulatorControl } from '../types';
import { describeType, isPlainObject } from '../util';
import { jsonBody } from './request-helpers';

function parseInbound(body: unknown): InboundInput {
  if (body === undefined) return {};
  if (!isPlainObject(body)) throw badRequest('body', `The body must be an object {userId?, toNumber?, from?, pages?, tsid?}; got ${describeType(body)}.`);
  const unknown = Object.keys(body).filter((k) => !['userId', 'toNumber', 'from', 'pages', 'tsid'].includes(k));
  if (unknown.length > 0) throw badRequest(unknown[0]!, `Unknown field ${unknown.join(', ')}; allowed: userId, toNumber, from, pages, tsid.`);
  const input: InboundInput = {};
  for (const key of ['userId', 'toNumber', 'tsid'] as const) {
    const v = body[key];
    if (v === undefined || v === null) continue;
    if (typeof v !== 'string') throw badRequest(key, `${key} must be a string.`);
    input[key] = v;
  }
  if (body.from !== undefined) {
    if (body.from !== null && typeof body.from !== 'string') throw badRequest('from', 'from must be a fax number (string), or null for an unknown sender.');
    input.from = body.from as string | null;
  }
  if (body.pages !== undefined) {
    if (typeof body.pages !== 'number' || !Number.isInteger(body.pages) || body.pages < 1 || body.pages > 200) {
      throw badRequest('pages', 'pages must be a whole number from 1 to 200.');
    }
    input.pages = body.pages;
  }
  return input;
}

export function registerControl(router: Router, control: EmulatorControl): void {
  const route = (method: string, template: string, handler: Parameters<Router['add']>[3]) => router.add('control', method, template, handler);

  route('GET', '/health', () => ({ status: 200, body: { status: 'UP' } }));
  route('GET', '/demo', () => ({ status: 200, body: control.demo() }));
  route('POST', '/accounts', () => ({ status: 201, body: control.createAccount() }));
  route('GET', '/rules', () => ({ status: 200, body: control.rules() }));

  route('POST', '/reset', async () => {
    await control.reset();
    return { status: 200, body: { reset: true } };
  });

  route('GET', '/clock', () => ({ status: 200, body: control.clock() }));
  route('POST', '/clock/advance', async (ctx) => {
    const body = jsonBody(ctx);
    if (!isPlainObject(body) || typeof body.ms !== 'number' || !Number.isFinite(body.ms) || body.ms < 0) {
      throw badRequest('ms', 'The body must be {"ms": <milliseconds, 0 or more>}.');
    }
    if (control.clock().mode !== 'manual') throw badRequest('clock', 'The emulator runs on the real clock; start it with --clock manual to advance time.');
    return { status: 200, body: await control.advance(body.ms) };
  });

  route('POST', '/idle', async () => {
    await control.idle();
    return { status: 200, body: { idle: true } };
  });

  route('POST', '/history', (ctx) => {
    const body = jsonBody(ctx);
    if (!isPlainObject(body) || typeof body.sent !== 'number' || !Number.isInteger(body.sent) || body.sent < 1 || body.sent > 5_000_000) {
      throw badRequest('sent', 'The body must be {"sent": <1 to 5,000,000>, "userId"?: "<user-id>"}.');
    }
    if (body.userId !== undefined && typeof body.userId !== 'string') throw badRequest('userId', 'userId must be a string.');
    return { status: 201, body: control.history({ sent: body.sent, ...(body.userId ? { userId: body.userId } : {}) }) };
  });
  route('POST', '/history/seed', async (ctx) => {
    const body = jsonBody(ctx);
    const count = (name: 'received' | 'sent'): number => {
      const v = isPlainObject(body) ? body[name] : undefined;
      if (v === undefined) return 0;
      if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 2_000_000) throw badRequest(name, `${name} must be a whole number from 0 to 2,000,000.`);
      return v;
    };
    if (!isPlainObject(body)) throw badRequest('body', 'The body must be {"received": N, "sent": N, "spanDays"?: D, "userId"?: "<user-id>"}.');
    const unknown = Object.keys(body).filter((k) => !['received', 'sent', 'spanDays', 'userId'].includes(k));
    if (unknown.length > 0) throw badRequest(unknown[0]!, `Unknown field ${unknown.join(', ')}; allowed: received, sent, spanDays, userId.`);
    const spanDays = body.spanDays;
    if (spanDays !== undefined && (typeof spanDays !== 'number' || !Number.isFinite(spanDays) || spanDays <= 0 || spanDays > 36_500)) {
      throw badRequest('spanDays', 'spanDays must be a number of days above 0 (at most 36,500).');
    }
    if (body.userId !== undefined && typeof body.userId !== 'string') throw badRequest('userId', 'userId must be a string.');
    const input = { received: count('received'), sent: count('sent'), ...(spanDays !== undefined ? { spanDays: spanDays as number } : {}), ...(body.userId ? { userId: body.userId as string } : {}) };
    return { status: 201, body: await control.seedHistory(input) };
  });
  route('POST', '/inbound', async (ctx) => ({ status: 201, body: await control.inbound(parseInbound(jsonBody(ctx, false))) }));

  route('GET', '/faults', () => ({ status: 200, body: control.faults() }));
  route('POST', '/faults', (ctx) => ({ status: 201, body: control.addFault(parseFaultSpec(jsonBody(ctx))) }));
  route('DELETE', '/faults', () => ({ status: 200, body: control.clearFaults() }));
  route('DELETE', '/faults/:id', (ctx) => {
    if (!control.removeFault(ctx.params.id!)) throw badRequest('id', `No fault ${ctx.params.id}.`);
    return { status: 204 };
  });

  route('GET', '/requests', (ctx) => {
    const since = ctx.query.get('since');
    if (since !== null && !/^\d+$/.test(since)) throw badRequest('since', 'since must be a request seq number.');
    return { status: 200, body: control.requests(since === null ? undefined : Number(since)) };
  });
  route('DELETE', '/requests', () => {
    control.clearRequests();
    return { status: 204 };
  });

  route('POST', '/tokens/revoke', (ctx) => {
    const body = jsonBody(ctx, false);
    if (body !== undefined && !isPlainObject(body)) throw badRequest('body', 'The body must be {"access_token"?: string}.');
    const token = isPlainObject(body) ? body.access_token : undefined;
    if (token !== undefined && typeof token !== 'string') throw badRequest('access_token', 'access_token must be a string.');
    return { status: 200, body: control.revokeTokens(token) };
  });

  route('POST', '/faxes/:faxId/force-complete', async (ctx) => ({ status: 200, body: await control.forceComplete(ctx.params.faxId!) }));

  route('GET', '/webhooks/deliveries', () => ({ status: 200, body: control.webhookDeliveries() }));
}
