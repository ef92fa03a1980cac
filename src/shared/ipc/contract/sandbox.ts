/**
 * The Sandbox teaching itself: its test numbers (each gives one outcome: delivered, busy then
 * delivered, fails with E51, slow enough to cancel…), a sample document to fax, and a test fax that
 * arrives in its Inbox. The numbers are the emulator's own destination rules
 * (src/emulator/carrier/destination-rules.ts), read by main: there is no second list.
 */
import { z } from 'zod';
import type { PreparedDocument } from '../../domain/documents';
import { call } from '../define';

export interface SandboxTestNumber {
  /** Digits with the country code, as Faxdesk sends them. */
  number: string;
  /** "+1 212 555 0101". */
  display: string;
  /** "Busy, then success". */
  name: string;
  /** What happens, in a sentence. */
  outcome: string;
  /** How it ends with the default retries. */
  result: 'delivered' | 'failed';
  /** The service's error code it ends with ("E51"), or null when delivered. */
  errorCode: string | null;
  /** Seconds it stays in progress before its first result is known (the slow one gives time to cancel). */
  inProgressSeconds: number;
  /** 'own': the Sandbox's own number, whose faxes arrive back in its Inbox. */
  kind: 'rule' | 'own';
}

export interface SandboxTestNumbers {
  numbers: SandboxTestNumber[];
}

export interface TestFaxArrival {
  faxId: string;
  /** Who it seems to come from (a fictional number). */
  from: string;
}

export const sandboxCalls = {
  'sandbox:testNumbers': call(z.void()).returns<SandboxTestNumbers>(),
  /** Stores a sample document (an invoice of the Sandbox's samples) and returns it, ready for Compose. */
  'sandbox:sampleDocument': call(z.void()).returns<PreparedDocument>(),
  /** Makes a fax arrive in the Sandbox's Inbox now (the emulator's control surface), then syncs. */
  'sandbox:receiveTestFax': call(z.void()).returns<TestFaxArrival>(),
} as const;
