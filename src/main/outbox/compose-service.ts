/**
 * The Compose page's main-process side: files in (read, checked, stored content-addressed in the data
 * folder right away, so a queued fax never depends on the original file), and the full check of a
 * draft: the shared rules (src/shared/domain/outbox.ts) plus what only main can see, the stored
 * documents' real sizes and the account.
 */
import path from 'node:path';
import { estimatePayloadBytes, type PreparedDocument } from '../../shared/domain/documents';
import { checkComposeDraft, type ComposeCheck, type ComposeDraft, type ComposeValidation } from '../../shared/domain/outbox';
import type { PreparedDocuments } from '../../shared/ipc/contract/outbox';
import { isDocumentId, type DocumentStore } from '../documents/document-store';
import { prepareDocumentFromBytes, prepareDocuments } from '../documents/prepare';
import { AppError, isAppError } from '../errors';
import type { OutboxAccounts } from './ports';

export interface ComposeServiceDeps {
  store: DocumentStore;
  accounts: Pick<OutboxAccounts, 'describe'>;
  now: () => Date;
}

interface Attached {
  id: string;
  name: string;
  size: number;
}

/** prepare*() only reads name, size and id of what is already attached. */
function asPrepared(existing: readonly Attached[]): PreparedDocument[] {
  return existing.map((d) => ({ id: d.id, name: d.name, size: d.size, type: 'PDF', pages: null, convertedByService: false, warnings: [] }));
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export class ComposeService {
  constructor(private readonly deps: ComposeServiceDeps) {}

  async addFiles(input: { paths: string[]; existing: Attached[] }): Promise<PreparedDocuments> {
    // Only full paths: a relative one would be read from wherever Faxdesk happens to run.
    const relative = input.paths.filter((p) => !path.isAbsolute(p));
    const result = await prepareDocuments(
      input.paths.filter((p) => path.isAbsolute(p)).map((p) => ({ path: p })),
      { store: this.deps.store, existing: asPrepared(input.existing) },
    );
    for (const p of relative) {
      result.problems.unshift({ file: p.slice(0, 200), code: 'UNREADABLE', message: `"${p.slice(0, 200)}" is not a full path to a file. Add the file by dropping it here or choosing it.` });
    }
    return result;
  }

  async addBytes(input: { name: string; base64: string; existing: Attached[] }): Promise<PreparedDocuments> {
    const compact = input.base64.replace(/[\r\n\t ]+/g, '').replace(/^data:[^,]*;base64,/, '');
    if (compact.length === 0 || compact.length % 4 === 1 || !BASE64.test(compact)) {
      throw new AppError('VALIDATION', `"${input.name || 'The file'}" did not arrive intact (its contents are not valid base64). Add it again.`, { field: 'base64' });
    }
    return prepareDocumentFromBytes(input.name, Buffer.from(compact, 'base64'), { store: this.deps.store, existing: asPrepared(input.existing) });
  }

  /** The shared rules plus the stored documents and the account. */
  async check(draft: ComposeDraft): Promise<ComposeCheck> {
    const sizes = new Map<string, number>();
    await Promise.all(
      draft.documents.map(async (d) => {
        if (!isDocumentId(d.id)) return;
        try {
          sizes.set(d.id, await this.deps.store.size(d.id));
        } catch (error) {
          if (!isAppError(error) || error.code !== 'NOT_FOUND') throw error;
        }
      }),
    );
    const result = checkComposeDraft({ ...draft, documents: draft.documents.map(({ size: _size, ...d }) => d) }, { now: this.deps.now(), documentSizes: sizes });
    const accountId = draft.accountId.trim();
    if (accountId !== '') {
      const account = this.deps.accounts.describe(accountId);
      const problem = !account
        ? 'That account no longer exists (it may have been removed). Choose another account.'
        : !account.enabled
          ? `The account "${account.label}" is switched off. Switch it on in Settings > Accounts, or choose another account.`
          : null;
      if (problem) {
        result.problems.unshift({ field: 'accountId', message: problem });
        delete result.value;
      }
    }
    return result;
  }

  async validate(draft: ComposeDraft): Promise<ComposeValidation> {
    const result = await this.check(draft);
    const sizes: number[] = [];
    for (const d of draft.documents) {
      if (isDocumentId(d.id)) {
        try {
          sizes.push(await this.deps.store.size(d.id));
        } catch {
          // reported as a problem already
        }
      }
    }
    let pages: number | null = draft.options.coverPage ? 1 : 0;
    for (const d of draft.documents) pages = pages === null || d.pages === null ? null : pages + d.pages;
    return {
      problems: result.problems,
      warnings: result.warnings,
      ok: result.problems.length === 0,
      summary: {
        destinations: draft.recipients.length,
        documents: draft.documents.length,
        pages,
        payloadBytes: estimatePayloadBytes(sizes),
      },
    };
  }
}
