/**
 * What the fault soak sends and which faults it injects.
 *
 * Sends: 1-50 destinations (most composes have a few, some many), one or two documents from the
 * corpus (PDFs and TIFFs of 1-20 pages). Destinations use the emulator's rule numbers (1 NPA 555 01NN,
 * random area code) so faxes end in every final state: delivered at once or after retries, failed
 * (busy, system error, invalid number), and slow ones that are cancelled while they are being sent.
 *
 * Faults: one spec per kind on every route of the emulated service, each with the same probability,
 * so that one request in five (1 − (1 − p)^kinds = 0.2) gets one: 500/502/503 before or after the
 * request was processed (the gateway's wording for some), 429 with Retry-After, a reset connection
 * before or after, a response that never comes in time (the client's timeout; processed late or
 * already processed; or processed only after Faxdesk reported the fax "not sent"), a body cut short
 * and a body that is not JSON (before or after). A token revoked
 * mid-session comes from the control surface, on a timer.
 */
import { randomUUID } from 'node:crypto';
import type { FaultSpec } from '../../src/emulator';
import type { CorpusDocument } from './documents';

export interface SoakCompose {
  composeId: string;
  numbers: string[];
  files: string[];
  /** Its faxes are cancelled while they are being sent. */
  cancel: boolean;
}

const rand = (n: number) => Math.floor(Math.random() * n);
const pick = <T>(items: readonly T[]): T => items[rand(items.length)]!;

/** A North American area code that is not special (N11) and not the emulator's own 415. */
function areaCode(): string {
  for (;;) {
    const npa = `${2 + rand(8)}${rand(10)}${rand(10)}`;
    if (!npa.endsWith('11') && npa !== '415') return npa;
  }
}

/** Rule suffixes (555-01NN) and how often each is dialled; the rest are plain numbers that deliver. */
const RULES: [suffix: string, weight: number][] = [
  ['00', 6], // quick success
  ['01', 8], // busy, then success
  ['03', 4], // invalid number: ERROR at once
  ['07', 4], // interrupted, then success
  ['09', 3], // line noise twice, then success
  ['10', 3], // system error x3: ERROR
  ['15', 3], // two failures, then success
];
const RULE_WEIGHT = RULES.reduce((n, [, w]) => n + w, 0);
const PLAIN_WEIGHT = 69;

export function soakDestination(): string {
  let roll = rand(RULE_WEIGHT + PLAIN_WEIGHT);
  for (const [suffix, weight] of RULES) {
    if (roll < weight) return `1${areaCode()}55501${suffix}`;
    roll -= weight;
  }
  return `1${areaCode()}555${String(1000 + rand(9000))}`;
}

/** 1 destination most of the time; 2-5, 6-20 and 21-50 less and less often. */
function destinationCount(): number {
  const roll = Math.random();
  if (roll < 0.65) return 1;
  if (roll < 0.87) return 2 + rand(4);
  if (roll < 0.96) return 6 + rand(15);
  return 21 + rand(30);
}

export function planSoak(count: number, corpus: readonly CorpusDocument[]): SoakCompose[] {
  const pdfs = corpus.filter((d) => d.kind === 'PDF');
  const tiffs = corpus.filter((d) => d.kind === 'TIFF');
  const out: SoakCompose[] = [];
  for (let i = 0; i < count; i++) {
    const cancel = i % 20 === 7;
    const numbers = new Set<string>();
    // Cancelled composes go to the slow-success rule (10 minutes on the line), so the cancel lands mid-send.
    const wanted = cancel ? 1 + rand(3) : destinationCount();
    while (numbers.size < wanted) numbers.add(cancel ? `1${areaCode()}5550113` : soakDestination());
    const documents = 1 + (Math.random() < 0.1 ? 1 : 0);
    const files = Array.from({ length: documents }, () => (Math.random() < 0.25 ? pick(tiffs) : pick(pdfs)).file);
    out.push({ composeId: randomUUID(), numbers: [...numbers], files, cancel });
  }
  return out;
}

/** The client's timeout is below this: a delayed answer is a timeout the client really hits. */
export const SOAK_DELAY_MS = 1_500;
/** The outbox's settle time in the soak: an unknown outcome not found in the sent list by then is "not sent". */
export const SOAK_SETTLE_MS = 4_000;
/**
 * Longer than the outbox's settle time in the soak: the service takes the request only after Faxdesk
 * has given up looking for it ("not sent"), the late find the reconciler must still adopt.
 */
export const SOAK_LATE_MS = SOAK_SETTLE_MS + 2_000;

/** The fault kinds, each on every route ('*'), each with probability p; together 1 request in `rate`. */
export function soakFaults(rate: number): FaultSpec[] {
  const kinds: Omit<FaultSpec, 'route' | 'probability'>[] = [
    { kind: 'status', status: 500 },
    { kind: 'status', status: 502, gatewayStyle: true },
    { kind: 'status', status: 503, gatewayStyle: true },
    { kind: 'status', status: 500, phase: 'after' },
    { kind: 'status', status: 503, phase: 'after' },
    { kind: 'rate-limit', retryAfterSeconds: 1 },
    { kind: 'reset' },
    { kind: 'reset', phase: 'after' },
    { kind: 'delay', delayMs: SOAK_DELAY_MS },
    { kind: 'delay', delayMs: SOAK_DELAY_MS, phase: 'after' },
    { kind: 'delay', delayMs: SOAK_LATE_MS },
    { kind: 'truncate' },
    { kind: 'truncate', phase: 'after' },
    { kind: 'malformed' },
    { kind: 'malformed', phase: 'after' },
  ];
  const p = 1 - Math.pow(1 - rate, 1 / kinds.length);
  return kinds.map((k) => ({ ...k, route: '*', probability: Math.round(p * 1e6) / 1e6 }));
}

export function describeFault(f: Pick<FaultSpec, 'kind' | 'status' | 'phase' | 'delayMs'>): string {
  const what = f.kind === 'status' ? String(f.status) : f.kind === 'rate-limit' ? '429' : f.kind === 'delay' ? ((f.delayMs ?? 0) >= SOAK_LATE_MS ? 'late' : 'timeout') : f.kind;
  return `${what}/${f.phase ?? 'before'}`;
}
