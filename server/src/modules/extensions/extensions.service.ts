// SIP extensions of a tenant. The SIP password is generated here, sealed at rest (AES-256-GCM)
// and shown in plaintext only by create, reset-password and the audited reveal-password.
import { E } from '../../platform/http/error-codes.ts';
import type { TenantActor } from '../../platform/auth/guard.ts';
import { generatePassword } from '../../platform/auth/passwords.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { isUniqueViolation, type Tx } from '../../platform/db/database.ts';
import { badRequest, conflict, notFound } from '../../platform/http/errors.ts';
import { assertQuota } from '../../platform/quotas/quotas.ts';
import { markSwitchConfigChanged } from '../../platform/switch/config-outbox.ts';
import type { ModuleServices } from '../module-services.ts';
import { assertNotPublicContext } from '../dialplan/dialplan.service.ts';
import { tenantScope } from '../dialplan/dialplan.repo.ts';
import * as repo from './extensions.repo.ts';
import type { Extension, ExtensionCreateBody, ExtensionPatchBody, ExtensionWithPassword } from './extensions.schema.ts';


/** 24 characters of a 56-letter alphabet (~139 bits): typed into phones, so no look-alikes. */
export const SIP_PASSWORD_LENGTH = 24;

export class ExtensionsService {
  constructor(private readonly services: Pick<ModuleServices, 'db' | 'secrets' | 'sipRegistrar'>) {}

  list(tenantId: string): Promise<Extension[]> {
    return this.services.db.readAsTenant(tenantId, repo.LIST_EXTENSIONS);
  }

  async get(tenantId: string, id: string): Promise<Extension> {
    return this.services.db.withTenant(tenantId, async (tx) => repo.toExtension(await found(tx, id), (await tenantScope(tx)).domain));
  }

  async create(actor: TenantActor, body: ExtensionCreateBody): Promise<ExtensionWithPassword> {
    assertNotPublicContext(body.context);
    const sipPassword = generatePassword(SIP_PASSWORD_LENGTH);
    try {
      return await this.services.db.withTenant(actor.tenantId, async (tx) => {
        await assertQuota(tx, 'extensions');
        const row = await repo.insertExtension(tx, actor.tenantId, body, this.services.secrets.seal(sipPassword));
        await markSwitchConfigChanged(tx, actor.tenantId, 'directory');
        await recordAudit(tx, actor, { action: 'EXTENSION_CREATED', targetType: 'extension', targetId: row.id, details: { number: row.number } });
        return { ...repo.toExtension(row, (await tenantScope(tx)).domain), sipPassword, registrar: { ...this.services.sipRegistrar } };
      });
    } catch (error) {
      // The unique key (deleted extensions included) is the one check, concurrent creations too.
      if (isUniqueViolation(error, 'extensions_tenant_id_number_key')) throw conflict('extensionNumber', body.number, `Extension ${body.number} already exists (numbers are never reused)`);
      throw error;
    }
  }

  async update(actor: TenantActor, id: string, body: ExtensionPatchBody): Promise<Extension> {
    assertNotPublicContext(body.context);
    return this.services.db.withTenant(actor.tenantId, async (tx) => {
      await found(tx, id);
      const row = await repo.updateExtension(tx, id, repo.columnsOf(body));
      await markSwitchConfigChanged(tx, actor.tenantId, 'directory');
      await recordAudit(tx, actor, { action: 'EXTENSION_UPDATED', targetType: 'extension', targetId: id, details: { number: row.number, changed: Object.keys(body) } });
      return repo.toExtension(row, (await tenantScope(tx)).domain);
    });
  }

  /** Soft delete: the row (and so the number) stays; refused while something routes to it. */
  async remove(actor: TenantActor, id: string): Promise<void> {
    await this.services.db.withTenant(actor.tenantId, async (tx) => {
      const row = await found(tx, id);
      const uses = await repo.usesOf(tx, row);
      if (uses.length > 0) throw badRequest(E.EXTENSION_IN_USE, `Extension ${row.number} is used by ${uses.join(', ')}`, undefined, { number: row.number });
      await repo.updateExtension(tx, id, { deletedAt: new Date() });
      await markSwitchConfigChanged(tx, actor.tenantId, 'directory');
      await recordAudit(tx, actor, { action: 'EXTENSION_DELETED', targetType: 'extension', targetId: id, details: { number: row.number } });
    });
  }

  async resetPassword(actor: TenantActor, id: string): Promise<ExtensionWithPassword> {
    const sipPassword = generatePassword(SIP_PASSWORD_LENGTH);
    return this.services.db.withTenant(actor.tenantId, async (tx) => {
      await found(tx, id);
      const row = await repo.updateExtension(tx, id, { sipPasswordSealed: this.services.secrets.seal(sipPassword) });
      await markSwitchConfigChanged(tx, actor.tenantId, 'directory');
      await recordAudit(tx, actor, { action: 'EXTENSION_PASSWORD_RESET', targetType: 'extension', targetId: id, details: { number: row.number } });
      return { ...repo.toExtension(row, (await tenantScope(tx)).domain), sipPassword, registrar: { ...this.services.sipRegistrar } };
    });
  }

  /** The current password, audited as EXTENSION_PASSWORD_REVEALED (the audit never holds it). */
  async revealPassword(actor: TenantActor, id: string): Promise<ExtensionWithPassword> {
    return this.services.db.withTenant(actor.tenantId, async (tx) => {
      const row = await found(tx, id);
      const sipPassword = this.services.secrets.open(row.sipPasswordSealed);
      await recordAudit(tx, actor, { action: 'EXTENSION_PASSWORD_REVEALED', targetType: 'extension', targetId: id, details: { number: row.number } });
      return { ...repo.toExtension(row, (await tenantScope(tx)).domain), sipPassword, registrar: { ...this.services.sipRegistrar } };
    });
  }
}

async function found(tx: Tx, id: string): Promise<repo.ExtensionRow> {
  const row = await repo.findExtension(tx, id);
  if (!row) throw notFound('extension');
  return row;
}
