/** What the outbox needs from the rest of main, as small interfaces (FaxServiceClient and AccountService fit). */
import type { FaxImage, FaxMetadata, ImageFormat, Page, SendRequest, SendResult, SentFax, SentFilter, TransmissionDetail } from '../../shared/domain/fax';
import type { CallOptions } from '../api/fax-service-client';

export interface OutboxClient {
  send(request: SendRequest, options?: CallOptions): Promise<SendResult>;
  listSent(filter?: SentFilter, options?: CallOptions): Promise<Page<SentFax>>;
  getMetadata(faxId: string, options?: CallOptions): Promise<FaxMetadata>;
  getTransmissionDetail(faxId: string, options?: CallOptions): Promise<TransmissionDetail>;
  cancel(faxId: string, options?: CallOptions): Promise<{ accepted: true }>;
  /** GET /faxes/{id}/image: the delivered image (outbox:image asks for PDF). */
  getImage(faxId: string, format?: ImageFormat, options?: CallOptions): Promise<FaxImage>;
}

export interface OutboxAccounts {
  /** A ready client; throws an AppError a person can act on when the account cannot be used now. */
  clientFor(accountId: string): Promise<OutboxClient>;
  /** The account's label and whether it is switched on; null when there is no such account. */
  describe(accountId: string): { label: string; enabled: boolean; sandbox?: boolean } | null;
}

/**
 * Named points of a submission, for the crash-points harness (verify/harness/core-child.ts dies at one). In the
 * app the hook is absent and costs nothing.
 */
export const OUTBOX_CHECKPOINTS = ['persisted', 'payload-built', 'claimed', 'response-received', 'stored'] as const;
export type OutboxCheckpoint = (typeof OUTBOX_CHECKPOINTS)[number];
