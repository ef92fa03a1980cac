/**
 * When webhooks may stand in for polling (pure policy, so it can be tested without a clock):
 * an account is healthy while a test notification made the round trip recently and nothing since
 * said otherwise. A failed ping, or a fax that polling saw finish with no notification for it, puts the
 * account back on normal polling until the next successful round trip.
 */
import type { FaxDirection } from '../../shared/domain/fax';
import type { InstantUpdatesStatus } from '../../shared/domain/sync';

/** A round trip older than this no longer vouches for the receiver. */
export const HEALTH_WINDOW_MS = 30 * 60_000;
/** Received/sent/notification lists while healthy: a safety net, not the way news arrives. */
export const RELAXED_POLL_MS = 15 * 60_000;
/** How often the receiver pings itself through the service while it is on. */
export const SELF_CHECK_EVERY_MS = 10 * 60_000;
/** How long after polling saw a fax finish its notification may still come (delivery is seconds; one 5xx retry is 5 min). */
export const EVENT_GRACE_MS = 2 * 60_000;
/** How long a test waits for its notification. */
export const PING_WAIT_MS = 15_000;
/** The spec's retry window: a notification is FAILED for good only after it (delivery rule 8). */
export const RETRY_WINDOW_MS = 20 * 60_000;

export interface AccountHealth {
  lastPingOkAt: number | null;
  lastPingRoundTripMs: number | null;
  lastEventAt: number | null;
  /** Why polling is back to normal; null when nothing said so. */
  fallback: { reason: string; at: number } | null;
}

export function newHealth(): AccountHealth {
  return { lastPingOkAt: null, lastPingRoundTripMs: null, lastEventAt: null, fallback: null };
}

export function isHealthy(health: AccountHealth, now: number): boolean {
  return health.fallback === null && health.lastPingOkAt !== null && now - health.lastPingOkAt <= HEALTH_WINDOW_MS;
}

export function pingSucceeded(health: AccountHealth, at: number, roundTripMs: number): AccountHealth {
  return { ...health, lastPingOkAt: at, lastPingRoundTripMs: roundTripMs, lastEventAt: at, fallback: null };
}

export function fellBack(health: AccountHealth, reason: string, at: number): AccountHealth {
  return { ...health, fallback: { reason, at } };
}

export function instantStatus(health: AccountHealth, now: number, normalPollSeconds: number, directions: readonly FaxDirection[] = ['INBOUND', 'OUTBOUND']): InstantUpdatesStatus {
  if (health.fallback) {
    return { state: 'fallback', message: `Instant updates paused: ${health.fallback.reason} Checking every ${normalPollSeconds} s instead.`, pollSeconds: normalPollSeconds };
  }
  if (isHealthy(health, now)) {
    const lists = directions.length === 1 ? (directions[0] === 'INBOUND' ? 'received faxes' : 'sent faxes') : 'lists';
    const other = directions.length === 1 ? ` ${directions[0] === 'INBOUND' ? 'Sent' : 'Received'} faxes are checked as usual: their webhooks do not come here.` : '';
    return { state: 'active', message: `Instant updates on (${lists} checked every ${RELAXED_POLL_MS / 60_000} min as a safety net).${other}`, pollSeconds: RELAXED_POLL_MS / 1000 };
  }
  return { state: 'checking', message: `Instant updates: waiting for a test notification to come through; checking every ${normalPollSeconds} s meanwhile.`, pollSeconds: normalPollSeconds };
}
