// The tenant's pause reasons. Deleting disables (the row and its code stay, pauses keep their
// reason); a disabled reason answers 404 by id, except to PATCH { enabled: true }, which restores it.
import type { Actor } from '../../platform/auth/guard.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { isUniqueViolation, type DatabaseHandles } from '../../platform/db/database.ts';
import { conflict, notFound } from '../../platform/http/errors.ts';
import * as repo from './pause-reasons.repo.ts';
import type { PauseReason, PauseReasonCreateBody, PauseReasonPatchBody } from './pause-reasons.schema.ts';

type TenantActor = Actor & { tenantId: string };

const codeInUse = (code: string) =>
  conflict(`A pause reason with code ${code} already exists (disabled ones count)`);

export class PauseReasonsService {
  constructor(private readonly db: DatabaseHandles) {}

  async list(tenantId: string): Promise<PauseReason[]> {
    return (await this.db.withTenant(tenantId, repo.listEnabledPauseReasons)).map(repo.toPauseReason);
  }

  async get(tenantId: string, id: string): Promise<PauseReason> {
    const row = await this.db.withTenant(tenantId, (tx) => repo.findPauseReason(tx, id));
    if (!row) throw notFound('Pause reason');
    return repo.toPauseReason(row);
  }

  async create(actor: TenantActor, body: PauseReasonCreateBody): Promise<PauseReason> {
    return this.uniqueCode(body.code, () =>
      this.db.withTenant(actor.tenantId, async (tx) => {
        if (await repo.codeTaken(tx, body.code)) throw codeInUse(body.code);
        const row = await repo.insertPauseReason(tx, { tenantId: actor.tenantId, ...body });
        await recordAudit(tx, actor, {
          action: 'PAUSE_REASON_CREATED',
          targetType: 'pause_reason',
          targetId: row.id,
          details: { code: row.code },
        });
        return repo.toPauseReason(row);
      }),
    );
  }

  async update(actor: TenantActor, id: string, body: PauseReasonPatchBody): Promise<PauseReason> {
    return this.uniqueCode(body.code, () =>
      this.db.withTenant(actor.tenantId, async (tx) => {
        const current = await repo.findPauseReason(tx, id, { includeDisabled: body.enabled === true });
        if (!current) throw notFound('Pause reason');
        if (body.code !== undefined && (await repo.codeTaken(tx, body.code, id))) throw codeInUse(body.code);
        const row = await repo.updatePauseReason(tx, id, body);
        await recordAudit(tx, actor, {
          action: 'PAUSE_REASON_UPDATED',
          targetType: 'pause_reason',
          targetId: id,
          details: { changed: Object.keys(body) },
        });
        return repo.toPauseReason(row);
      }),
    );
  }

  async remove(actor: TenantActor, id: string): Promise<void> {
    await this.db.withTenant(actor.tenantId, async (tx) => {
      if (!(await repo.findPauseReason(tx, id))) throw notFound('Pause reason');
      await repo.updatePauseReason(tx, id, { enabled: false });
      await recordAudit(tx, actor, {
        action: 'PAUSE_REASON_DISABLED',
        targetType: 'pause_reason',
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
