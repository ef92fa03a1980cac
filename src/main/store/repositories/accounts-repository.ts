import { z } from 'zod';
import type { AccountFields, AccountKind } from '../../../shared/ipc/contract/accounts';
import type { Db } from '../database';

export type AccountKindValue = AccountKind;

/** Per-account preferences kept as JSON in accounts.settings. Never a secret. */
export const AccountSettingsSchema = z
  .object({
    /** The account's own fax number, for display (the Sandbox's demo number). */
    faxNumber: z.string().max(40).optional(),
  })
  .catchall(z.unknown());
export type AccountSettings = z.infer<typeof AccountSettingsSchema>;

/** A row of the accounts table: the fields every account view shows (declared once, in the contract), plus what stays in main. */
export interface AccountRecord extends AccountFields {
  settings: AccountSettings;
  archivedAt: string | null;
}

interface Row {
  id: string;
  label: string;
  kind: string;
  enabled: number;
  base_url: string;
  admin_base_url: string | null;
  app_id: string;
  user_id: string;
  admin_id: string | null;
  admin_username: string | null;
  has_api_key: number;
  has_admin_password: number;
  has_hmac_secret: number;
  settings: string;
  archived_at: string | null;
  created_at: string;
  updated_at: string;
}

function fromRow(row: Row): AccountRecord {
  let settings: AccountSettings = {};
  try {
    const parsed = AccountSettingsSchema.safeParse(JSON.parse(row.settings));
    if (parsed.success) settings = parsed.data;
  } catch {
    // The column is CHECKed as a JSON object; an unreadable value only costs the preferences.
  }
  return {
    id: row.id,
    label: row.label,
    kind: row.kind === 'sandbox' ? 'sandbox' : 'live',
    enabled: row.enabled === 1,
    baseUrl: row.base_url,
    adminBaseUrl: row.admin_base_url,
    appId: row.app_id,
    userId: row.user_id,
    adminId: row.admin_id,
    adminUsername: row.admin_username,
    hasApiKey: row.has_api_key === 1,
    hasAdminPassword: row.has_admin_password === 1,
    hasHmacSecret: row.has_hmac_secret === 1,
    settings,
    archivedAt: row.archived_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toParams(r: AccountRecord): Row {
  return {
    id: r.id,
    label: r.label,
    kind: r.kind,
    enabled: r.enabled ? 1 : 0,
    base_url: r.baseUrl,
    admin_base_url: r.adminBaseUrl,
    app_id: r.appId,
    user_id: r.userId,
    admin_id: r.adminId,
    admin_username: r.adminUsername,
    has_api_key: r.hasApiKey ? 1 : 0,
    has_admin_password: r.hasAdminPassword ? 1 : 0,
    has_hmac_secret: r.hasHmacSecret ? 1 : 0,
    settings: JSON.stringify(r.settings),
    archived_at: r.archivedAt,
    created_at: r.createdAt,
    updated_at: r.updatedAt,
  };
}

const COLUMNS = [
  'id',
  'label',
  'kind',
  'enabled',
  'base_url',
  'admin_base_url',
  'app_id',
  'user_id',
  'admin_id',
  'admin_username',
  'has_api_key',
  'has_admin_password',
  'has_hmac_secret',
  'settings',
  'archived_at',
  'created_at',
  'updated_at',
] as const;

/** Rows of the accounts table. No secrets pass through here: only whether each is set. */
export class AccountsRepository {
  private readonly selectActive;
  private readonly selectAll;
  private readonly selectOne;
  private readonly insertOne;
  private readonly updateOne;
  private readonly deleteOne;

  constructor(private readonly db: Db) {
    const cols = COLUMNS.join(', ');
    this.selectActive = db.prepare<[], Row>(`SELECT ${cols} FROM accounts WHERE archived_at IS NULL ORDER BY kind = 'sandbox' DESC, label COLLATE NOCASE, created_at`);
    this.selectAll = db.prepare<[], Row>(`SELECT ${cols} FROM accounts ORDER BY kind = 'sandbox' DESC, label COLLATE NOCASE, created_at`);
    this.selectOne = db.prepare<[string], Row>(`SELECT ${cols} FROM accounts WHERE id = ?`);
    this.insertOne = db.prepare<[Row]>(`INSERT INTO accounts (${cols}) VALUES (${COLUMNS.map((c) => `@${c}`).join(', ')})`);
    this.updateOne = db.prepare<[Row]>(
      `UPDATE accounts SET ${COLUMNS.filter((c) => c !== 'id' && c !== 'created_at')
        .map((c) => `${c} = @${c}`)
        .join(', ')} WHERE id = @id`,
    );
    this.deleteOne = db.prepare<[string]>('DELETE FROM accounts WHERE id = ?');
  }

  /** Accounts in use (not archived): the Sandbox first, then by label. */
  list(options: { includeArchived?: boolean } = {}): AccountRecord[] {
    return (options.includeArchived ? this.selectAll : this.selectActive).all().map(fromRow);
  }

  get(id: string): AccountRecord | null {
    const row = this.selectOne.get(id);
    return row ? fromRow(row) : null;
  }

  insert(record: AccountRecord): void {
    this.insertOne.run(toParams(record));
  }

  update(record: AccountRecord): void {
    const result = this.updateOne.run(toParams(record));
    if (result.changes !== 1) throw new Error(`account ${record.id} vanished while being updated`);
  }

  /**
   * Deletes the row. Returns 'restricted' instead when fax history still refers to the account
   * (history tables restrict deletion), so the caller can archive it instead.
   */
  delete(id: string): 'deleted' | 'missing' | 'restricted' {
    try {
      return this.deleteOne.run(id).changes === 1 ? 'deleted' : 'missing';
    } catch (error) {
      // RESTRICT reports SQLITE_CONSTRAINT_TRIGGER, a plain foreign key SQLITE_CONSTRAINT_FOREIGNKEY.
      const code = (error as { code?: string }).code ?? '';
      if (code.startsWith('SQLITE_CONSTRAINT') && /FOREIGN KEY/i.test((error as Error).message)) return 'restricted';
      throw error;
    }
  }

  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn)();
  }
}
