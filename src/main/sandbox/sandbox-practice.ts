/**
 * What the Sandbox offers a person learning Faxdesk (contract: src/shared/ipc/contract/sandbox.ts):
 * - its test numbers, read from the emulator's destination rules (the table the simulated carrier
 *   dials by), plus its own number, whose faxes come back into its Inbox;
 * - a sample document to fax, one of the Sandbox's sample PDFs, stored and checked like any file;
 * - a test fax arriving in its Inbox, made by the running emulator's control (as POST /control/inbound).
 */
import { DESTINATION_RULES, LOOPBACK_RULE, type DestinationRule } from '../../emulator/carrier/destination-rules';
import type { PreparedDocument } from '../../shared/domain/documents';
import { formatFaxNumber } from '../../shared/fax-number';
import type { SandboxTestNumber, SandboxTestNumbers, TestFaxArrival } from '../../shared/ipc/contract/sandbox';
import { SANDBOX_ACCOUNT_ID, type SandboxHost } from '../accounts/sandbox';
import type { DocumentStore } from '../documents/document-store';
import { prepareDocumentFromBytes } from '../documents/prepare';
import { AppError } from '../errors';

/** The sample a practice fax carries: a two-page invoice (resources/sandbox/invoice.pdf, or generated). */
export const SAMPLE_DOCUMENT = { sample: 'invoice.pdf', name: 'Sandbox sample invoice.pdf' } as const;

/** Who a test fax comes from: a fictional 555-01xx number outside the rule digits. */
export const TEST_FAX_SENDER = '13125550170';

export interface SandboxPracticeDeps {
  host: SandboxHost | null;
  store: DocumentStore;
  /** Where the Sandbox's sample PDFs are (the packaged app's resources); the emulator's default otherwise. */
  samplesDir?: string;
  /** Asks the sync to look at the account now (the test fax shows up within a moment). */
  syncNow(accountId: string): void;
}

function testNumber(rule: DestinationRule, number: string, kind: SandboxTestNumber['kind']): SandboxTestNumber {
  const first = rule.attempts[0];
  return {
    number,
    display: formatFaxNumber(number),
    name: kind === 'own' ? 'Your Sandbox number' : rule.name,
    outcome: kind === 'own' ? 'Delivered within seconds, then it arrives in your Inbox, as a fax from you.' : rule.outcome,
    result: rule.finalState === 'COMPLETED' ? 'delivered' : 'failed',
    errorCode: rule.finalCode,
    inProgressSeconds: Math.round((rule.queuedMs + (first === 'OK' ? rule.attemptMs : rule.failMs)) / 1000),
    kind,
  };
}

export class SandboxPractice {
  constructor(private readonly deps: SandboxPracticeDeps) {}

  private host(): SandboxHost {
    if (!this.deps.host) throw new AppError('NOT_FOUND', 'There is no Sandbox in this window, so there are no practice numbers or samples.');
    return this.deps.host;
  }

  testNumbers(): SandboxTestNumbers {
    const own = this.host().credentials()?.faxNumber;
    return {
      numbers: [...(own ? [testNumber(LOOPBACK_RULE, own, 'own')] : []), ...DESTINATION_RULES.map((rule) => testNumber(rule, rule.example, 'rule'))],
    };
  }

  async sampleDocument(): Promise<PreparedDocument> {
    this.host();
    // The emulator's sample loader: the files in resources/sandbox, or the same documents generated.
    const { loadSampleDocuments, defaultSamplesDir } = await import('../../emulator/images/samples');
    const samples = await loadSampleDocuments(this.deps.samplesDir ?? defaultSamplesDir());
    const sample = samples.find((s) => s.name === SAMPLE_DOCUMENT.sample) ?? samples[0];
    if (!sample) throw new AppError('FILE', 'The Sandbox has no sample documents. Add a file of your own instead.');
    const result = await prepareDocumentFromBytes(SAMPLE_DOCUMENT.name, sample.pdf, { store: this.deps.store });
    const document = result.documents[0];
    if (!document) throw new AppError('INTERNAL', `The sample document could not be prepared: ${result.problems[0]?.message ?? 'no reason given'}`);
    return document;
  }

  async receiveTestFax(): Promise<TestFaxArrival> {
    const host = this.host();
    if (host.status().state !== 'ready') {
      throw new AppError('CONFLICT', 'The Sandbox is not running yet. Wait until the status bar shows it synced, then try again.');
    }
    const arrived = await host.receiveTestFax(TEST_FAX_SENDER);
    this.deps.syncNow(SANDBOX_ACCOUNT_ID);
    return { faxId: arrived.faxId, from: formatFaxNumber(TEST_FAX_SENDER) };
  }
}
