// Dialplan rules and their numbered versions, per tenant and context. Rules are checked against
// the safety rules (dialplan.rules.ts) before they are stored; a version is the compiled XML of
// a context's enabled rules, generated as a DRAFT and activated (or re-activated: the rollback).
import { E } from '../../platform/http/error-codes.ts';
import type { TenantActor } from '../../platform/auth/guard.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { AuditAction } from '../../platform/audit/audit-actions.ts';
import type { Tx } from '../../platform/db/database.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import { markSwitchConfigChanged } from '../../platform/switch/config-outbox.ts';
import { parseQueueName, switchContextName } from '../../platform/switch/naming.ts';
import type { ModuleServices } from '../module-services.ts';
import { compileContext } from './dialplan.compiler.ts';
import * as repo from './dialplan.repo.ts';
import { validateRule } from './dialplan.rules.ts';
import { unknownTrunks, withGatewayNames } from './dialplan.trunks.ts';
import type { DialplanRule, DialplanVersion, DialplanVersionWithXml, RuleCreateBody, RulePatchBody } from './dialplan.schema.ts';
import * as versions from './dialplan.versions.ts';


/** The platform's inbound context: DIDs are routed there, never by a tenant's rules. */
export const RESERVED_CONTEXT = 'public';

export class DialplanService {
  constructor(private readonly services: Pick<ModuleServices, 'db'>) {}

  async listRules(tenantId: string, context?: string): Promise<DialplanRule[]> {
    return (await this.services.db.withTenant(tenantId, (tx) => repo.listRules(tx, context))).map(repo.toRule);
  }

  async getRule(tenantId: string, id: string): Promise<DialplanRule> {
    const row = await this.services.db.withTenant(tenantId, (tx) => repo.findRule(tx, id));
    if (!row) throw notFound('dialplanRule');
    return repo.toRule(row);
  }

  async createRule(actor: TenantActor, body: RuleCreateBody): Promise<DialplanRule> {
    return this.services.db.withTenant(actor.tenantId, async (tx) => {
      await this.assertSafe(tx, { ...body, context: body.context ?? 'default' });
      const row = await repo.insertRule(tx, actor.tenantId, body);
      await this.changed(tx, actor, 'DIALPLAN_RULE_CREATED', row.id, { context: row.context, name: row.name });
      return repo.toRule(row);
    });
  }

  async updateRule(actor: TenantActor, id: string, body: RulePatchBody): Promise<DialplanRule> {
    return this.services.db.withTenant(actor.tenantId, async (tx) => {
      await this.assertSafe(tx, body);
      if (!(await repo.findRule(tx, id))) throw notFound('dialplanRule');
      const row = await repo.updateRule(tx, id, body);
      await this.changed(tx, actor, 'DIALPLAN_RULE_UPDATED', id, { context: row.context, changed: Object.keys(body) });
      return repo.toRule(row);
    });
  }

  async removeRule(actor: TenantActor, id: string): Promise<void> {
    await this.services.db.withTenant(actor.tenantId, async (tx) => {
      const row = await repo.findRule(tx, id);
      if (!row) throw notFound('dialplanRule');
      await repo.softDeleteRule(tx, id);
      await this.changed(tx, actor, 'DIALPLAN_RULE_DELETED', id, { context: row.context, name: row.name });
    });
  }

  async listVersions(tenantId: string, context?: string): Promise<DialplanVersion[]> {
    return (await this.services.db.withTenant(tenantId, (tx) => versions.listVersions(tx, context))).map(versions.toVersion);
  }

  async getVersion(tenantId: string, id: string): Promise<DialplanVersionWithXml> {
    const row = await this.services.db.withTenant(tenantId, (tx) => versions.findVersion(tx, id));
    if (!row) throw notFound('dialplanVersion');
    return versions.toVersionWithXml(row);
  }

  /** Compiles the context's enabled rules into the next numbered DRAFT (the switch is untouched). */
  async generateVersion(actor: TenantActor, context: string): Promise<DialplanVersionWithXml> {
    return this.services.db.withTenant(actor.tenantId, async (tx) => {
      await assertTenantContext(tx, context);
      const rules = await tx.selectFrom('dialplanRules').select('id').where('context', '=', context).executeTakeFirst();
      const anyVersion = await tx.selectFrom('dialplanVersions').select('id').where('context', '=', context).executeTakeFirst();
      if (!rules && !anyVersion) throw badRequest(E.UNKNOWN_CONTEXT, `The context ${context} has no rules`, [{ path: 'context', message: 'has no rules' }], { context });
      const { tenantCode } = await repo.tenantScope(tx);
      const live = await repo.listRules(tx, context);
      // A trunk deleted since the rule was saved leaves nothing to bridge to: say so, compile nothing.
      const trunks = await repo.liveTrunks(tx);
      const enabled = live.filter((rule) => rule.enabled);
      const missing = enabled.flatMap((rule) => unknownTrunks(rule, trunks, tenantCode).map((problem) => ({ ...problem, path: `${rule.name}.${problem.path}` })));
      if (missing.length > 0) throw badRequest(E.UNKNOWN_TRUNK, 'A rule of this context names a trunk that does not exist', missing);
      const compiled = enabled.map((rule) => ({ ...rule, actions: withGatewayNames(rule.actions, trunks, tenantCode), antiActions: withGatewayNames(rule.antiActions, trunks, tenantCode) }));
      const xml = compileContext(switchContextName(tenantCode, context), compiled);
      const row = await versions.insertVersion(tx, { tenantId: actor.tenantId, context, xml, createdBy: actor.userId }, 'DRAFT');
      await recordAudit(tx, actor, {
        action: 'DIALPLAN_VERSION_GENERATED',
        targetType: 'dialplan_version',
        targetId: row.id,
        details: { context, number: row.number, rules: live.length },
      });
      return versions.toVersionWithXml(row);
    });
  }

  /** DRAFT or SUPERSEDED → ACTIVE, the previous ACTIVE → SUPERSEDED, in one transaction. */
  async activateVersion(actor: TenantActor, id: string): Promise<DialplanVersion> {
    return this.services.db.withTenant(actor.tenantId, async (tx) => {
      const found = await versions.findVersion(tx, id);
      if (!found) throw notFound('dialplanVersion');
      // Re-read under the context lock: a concurrent activation may have just happened.
      await versions.lockContext(tx, actor.tenantId, found.context);
      const current = (await versions.findVersion(tx, id))!;
      if (current.status === 'ACTIVE') throw badRequest(E.VERSION_ALREADY_ACTIVE, `Version ${current.number} of ${current.context} is already active`, undefined, { number: current.number, context: current.context });
      const menu = await tx.selectFrom('ivrMenus').select('deletedAt').where('context', '=', current.context).executeTakeFirst();
      if (menu?.deletedAt) throw badRequest(E.CONTEXT_RESERVED, `The IVR menu of ${current.context} was deleted`, undefined, { context: current.context });
      const row = await versions.activate(tx, actor.tenantId, current);
      await markSwitchConfigChanged(tx, actor.tenantId, 'dialplan');
      await recordAudit(tx, actor, {
        action: 'DIALPLAN_VERSION_ACTIVATED',
        targetType: 'dialplan_version',
        targetId: id,
        details: { context: row.context, number: row.number, from: current.status },
      });
      return versions.toVersion(row);
    });
  }

  /** 400 with every violation of the safety rules (and unknown queues), before anything is written. */
  private async assertSafe(tx: Tx, rule: RulePatchBody): Promise<void> {
    if (rule.context !== undefined) await assertTenantContext(tx, rule.context);
    const scope = await repo.tenantScope(tx);
    const details = validateRule(rule, scope);
    details.push(...(await unknownQueues(tx, rule)));
    if (details.length === 0) details.push(...unknownTrunks(rule, await repo.liveTrunks(tx), scope.tenantCode));
    if (details.length > 0) throw badRequest(E.DIALPLAN_NOT_ALLOWED, 'The rule is not allowed', details);
  }

  /** Rules reach the switch only through an activated version, so a rule change marks nothing. */
  private async changed(tx: Tx, actor: TenantActor, action: AuditAction, id: string, details: Record<string, unknown>): Promise<void> {
    await recordAudit(tx, actor, { action, targetType: 'dialplan_rule', targetId: id, details });
  }
}

/** Pure: nothing of a tenant's may sit in the platform's public context (it maps DIDs to tenants). */
export function assertNotPublicContext(context: string | undefined): void {
  if (context === RESERVED_CONTEXT) {
    throw badRequest(E.CONTEXT_RESERVED, 'The public context is reserved for the platform', [{ path: 'context', message: 'is reserved' }], { context: 'public' });
  }
}

/** Rules may not write the platform's public context nor an IVR menu's generated context. */
export async function assertTenantContext(tx: Tx, context: string): Promise<void> {
  assertNotPublicContext(context);
  if (await repo.isIvrContext(tx, context)) {
    throw badRequest(E.CONTEXT_RESERVED, `The context ${context} belongs to an IVR menu`, [{ path: 'context', message: 'belongs to an IVR menu' }], { context });
  }
}

/** callcenter actions must name a live queue of the tenant (their format is checked before). */
async function unknownQueues(tx: Tx, rule: RulePatchBody) {
  const wanted: { path: string; id: string }[] = [];
  for (const list of ['actions', 'antiActions'] as const) {
    (rule[list] ?? []).forEach((action, index) => {
      const id = action.application === 'callcenter' ? parseQueueName(action.data) : null;
      if (id) wanted.push({ path: `${list}.${index}.data`, id });
    });
  }
  const known = await repo.existingQueueIds(tx, wanted.map((item) => item.id.toLowerCase()));
  return wanted.filter((item) => !known.has(item.id.toLowerCase())).map((item) => ({ path: item.path, message: 'is not a queue of this tenant' }));
}
