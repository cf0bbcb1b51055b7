// The tenant's call dispositions. Deleting disables (the row and its code stay, classified calls
// keep theirs); a disabled one answers 404 by id, except to PATCH { enabled: true }, which restores it.
import type { Actor } from '../../platform/auth/guard.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { isUniqueViolation, type DatabaseHandles } from '../../platform/db/database.ts';
import { conflict, notFound } from '../../platform/http/errors.ts';
import * as repo from './dispositions.repo.ts';
import type { Disposition, DispositionCreateBody, DispositionPatchBody } from './dispositions.schema.ts';

type TenantActor = Actor & { tenantId: string };

const codeInUse = (code: string) =>
  conflict(`A disposition with code ${code} already exists (disabled ones count)`);

export class DispositionsService {
  constructor(private readonly db: DatabaseHandles) {}

  async list(tenantId: string): Promise<Disposition[]> {
    return (await this.db.withTenant(tenantId, repo.listEnabledDispositions)).map(repo.toDisposition);
  }

  async get(tenantId: string, id: string): Promise<Disposition> {
    const row = await this.db.withTenant(tenantId, (tx) => repo.findDisposition(tx, id));
    if (!row) throw notFound('Disposition');
    return repo.toDisposition(row);
  }

  async create(actor: TenantActor, body: DispositionCreateBody): Promise<Disposition> {
    return this.uniqueCode(body.code, () =>
      this.db.withTenant(actor.tenantId, async (tx) => {
        if (await repo.codeTaken(tx, body.code)) throw codeInUse(body.code);
        const row = await repo.insertDisposition(tx, { tenantId: actor.tenantId, ...body });
        await recordAudit(tx, actor, {
          action: 'DISPOSITION_CREATED',
          targetType: 'disposition',
          targetId: row.id,
          details: { code: row.code },
        });
        return repo.toDisposition(row);
      }),
    );
  }

  async update(actor: TenantActor, id: string, body: DispositionPatchBody): Promise<Disposition> {
    return this.uniqueCode(body.code, () =>
      this.db.withTenant(actor.tenantId, async (tx) => {
        const current = await repo.findDisposition(tx, id, { includeDisabled: body.enabled === true });
        if (!current) throw notFound('Disposition');
        if (body.code !== undefined && (await repo.codeTaken(tx, body.code, id))) throw codeInUse(body.code);
        const row = await repo.updateDisposition(tx, id, body);
        await recordAudit(tx, actor, {
          action: 'DISPOSITION_UPDATED',
          targetType: 'disposition',
          targetId: id,
          details: { changed: Object.keys(body) },
        });
        return repo.toDisposition(row);
      }),
    );
  }

  async remove(actor: TenantActor, id: string): Promise<void> {
    await this.db.withTenant(actor.tenantId, async (tx) => {
      if (!(await repo.findDisposition(tx, id))) throw notFound('Disposition');
      await repo.updateDisposition(tx, id, { enabled: false });
      await recordAudit(tx, actor, {
        action: 'DISPOSITION_DISABLED',
        targetType: 'disposition',
        targetId: id,
      });
    });
  }

  /** Two concurrent creations of one code both pass the check; the unique key decides. */
  private async uniqueCode<T>(code: string | undefined, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw codeInUse(code ?? '');
      throw error;
    }
  }
}
