// Tenant-customisable lists of codes (pause reasons, dispositions): one implementation, configured
// per list. Deleting disables (the row and its code stay, since pauses and calls keep pointing at
// them); a disabled entry answers 404 by id, except to PATCH { enabled: true }, which restores it.
// Codes of disabled entries stay taken. Lists show enabled entries unless asked for all.
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { TSchema } from 'typebox';
import type { TenantActor } from '../../platform/auth/guard.ts';
import type { PermissionKey } from '@callcenter/rules/permissions';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { AuditTargetType } from '../../platform/audit/audit-actions.ts';
import { isUniqueViolation, type DatabaseHandles, type Tx } from '../../platform/db/database.ts';
import type { PauseReasonsTable } from '../../platform/db/schema.ts';
import { conflict, notFound } from '../../platform/http/errors.ts';
import { namedColumns } from '../../platform/db/columns.ts';

export type CodeListTable = 'pauseReasons' | 'dispositions';

export interface CodeListSpec {
  table: CodeListTable;
  /** Route prefix, e.g. /pause-reasons. */
  path: string;
  /** For messages: "Pause reason", "Disposition". */
  label: string;
  /** How errors name it (error-codes.ts). */
  resource: 'pauseReason' | 'disposition';
  audit: { actionPrefix: 'DISPOSITION' | 'PAUSE_REASON'; targetType: AuditTargetType };
  access: { read: PermissionKey; write: PermissionKey };
  /** Validation and serialisation; a list may add fields (dispositions: action). */
  schemas: { item: TSchema; create: TSchema; patch: TSchema };
  /** The list's own writable columns besides code, name and enabled (each named in its schemas). */
  extraColumns: readonly string[];
}

/** What every list has; list-specific fields travel through as they are. */
export interface CodeListItem {
  id: string;
  code: string;
  name: string;
  enabled: boolean;
  createdAt: string;
  updatedAt: string;
}
export type CodeListCreate = { code: string; name: string; enabled?: boolean } & Record<string, unknown>;
export type CodeListPatch = { code?: string; name?: string; enabled?: boolean } & Record<string, unknown>;

// Both tables share these columns (dispositions add `action`, named in their spec's extraColumns);
// Kysely is given one of them so the queries below are typed once.
type Row = Selectable<PauseReasonsTable>;
const as = (table: CodeListTable) => table as 'pauseReasons';
/** The SQL name of a list's table (pauseReasons → pause_reasons), for its constraint names. */
const snakeCase = (table: CodeListTable) => table.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** The columns a body may write, named one by one: nothing else of a request reaches SQL. */
const toColumns = (body: CodeListPatch, extraColumns: readonly string[]): Updateable<PauseReasonsTable> =>
  namedColumns(body, ['code', 'name', 'enabled', ...extraColumns]);

export function listEnabled(tx: Tx, table: CodeListTable): Promise<Row[]> {
  return listRows(tx, table, { includeDisabled: false });
}

function listRows(tx: Tx, table: CodeListTable, options: { includeDisabled: boolean }): Promise<Row[]> {
  let query = tx.selectFrom(as(table)).selectAll();
  if (!options.includeDisabled) query = query.where('enabled', '=', true);
  return query.orderBy('name').orderBy('code').execute();
}

function find(tx: Tx, table: CodeListTable, id: string, options: { includeDisabled?: boolean } = {}) {
  let query = tx.selectFrom(as(table)).selectAll().where('id', '=', id);
  if (!options.includeDisabled) query = query.where('enabled', '=', true);
  return query.executeTakeFirst();
}

/** A row as the API shows it: no tenant id, ISO timestamps. */
export function toItem({ tenantId: _tenantId, createdAt, updatedAt, ...row }: Row): CodeListItem {
  return { ...row, createdAt: createdAt.toISOString(), updatedAt: updatedAt.toISOString() };
}

export class CodeListService {
  constructor(
    private readonly db: DatabaseHandles,
    readonly spec: CodeListSpec,
  ) {}

  /** Enabled entries; with `includeDisabled`, the disabled ones too (an admin restoring one). */
  async list(tenantId: string, options: { includeDisabled?: boolean } = {}): Promise<CodeListItem[]> {
    const includeDisabled = options.includeDisabled ?? false;
    return (await this.db.withTenant(tenantId, (tx) => listRows(tx, this.spec.table, { includeDisabled }))).map(toItem);
  }

  async get(tenantId: string, id: string): Promise<CodeListItem> {
    const row = await this.db.withTenant(tenantId, (tx) => find(tx, this.spec.table, id));
    if (!row) throw notFound(this.spec.resource);
    return toItem(row);
  }

  async create(actor: TenantActor, body: CodeListCreate): Promise<CodeListItem> {
    return this.uniqueCode(body.code, () =>
      this.db.withTenant(actor.tenantId, async (tx) => {
        const values = { ...toColumns(body, this.spec.extraColumns), tenantId: actor.tenantId } as Insertable<PauseReasonsTable>;
        const row = await tx.insertInto(as(this.spec.table)).values(values).returningAll().executeTakeFirstOrThrow();
        await this.audit(tx, actor, 'CREATED', row.id, { code: row.code });
        return toItem(row);
      }),
    );
  }

  async update(actor: TenantActor, id: string, body: CodeListPatch): Promise<CodeListItem> {
    return this.uniqueCode(body.code, () =>
      this.db.withTenant(actor.tenantId, async (tx) => {
        if (!(await find(tx, this.spec.table, id, { includeDisabled: body.enabled === true }))) throw notFound(this.spec.resource);
        const row = await this.write(tx, id, toColumns(body, this.spec.extraColumns));
        await this.audit(tx, actor, 'UPDATED', id, { changed: Object.keys(body) });
        return toItem(row);
      }),
    );
  }

  async remove(actor: TenantActor, id: string): Promise<void> {
    await this.db.withTenant(actor.tenantId, async (tx) => {
      if (!(await find(tx, this.spec.table, id))) throw notFound(this.spec.resource);
      await this.write(tx, id, { enabled: false });
      await this.audit(tx, actor, 'DISABLED', id);
    });
  }

  private write(tx: Tx, id: string, values: Updateable<PauseReasonsTable>) {
    return tx.updateTable(as(this.spec.table)).set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
  }

  private audit(tx: Tx, actor: TenantActor, what: 'CREATED' | 'UPDATED' | 'DISABLED', targetId: string, details?: Record<string, unknown>) {
    const { actionPrefix, targetType } = this.spec.audit;
    return recordAudit(tx, actor, { action: `${actionPrefix}_${what}` as const, targetType, targetId, ...(details ? { details } : {}) });
  }

  private codeInUse(code: string) {
    return conflict(`${this.spec.resource}Code`, code, `A ${this.spec.label.toLowerCase()} with code ${code} already exists (disabled ones count)`);
  }

  /** The unique key (disabled entries included) is the one check, concurrent writes too. */
  private async uniqueCode<T>(code: string | undefined, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error, `${snakeCase(this.spec.table)}_tenant_id_code_key`)) throw this.codeInUse(code ?? '');
      throw error;
    }
  }
}
