// Platform administration of tenants. Creating one is a single transaction: the tenant, its first
// Tenant Admin (a new account with a one-time password, or an existing one untouched) and the
// default dialplan with an ACTIVE version 1.
import { E } from '../../platform/http/error-codes.ts';
import type { Actor } from '../../platform/auth/guard.ts';
import { generatePassword, hashPassword } from '../../platform/auth/passwords.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { isUniqueViolation, type DatabaseHandles, type Tx } from '../../platform/db/database.ts';
import { badRequest, conflict, notFound } from '../../platform/http/errors.ts';
import { markSwitchConfigChanged, SWITCH_CONFIG_KINDS } from '../../platform/switch/config-outbox.ts';
import { switchContextName } from '../../platform/switch/naming.ts';
import { compileContext, defaultDialplanRules } from '../dialplan/dialplan.compiler.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { DEFAULT_PLAN_ID } from '../plans/plans.service.ts';
import { seedStarterLists } from '../code-lists/starter-lists.ts';
import { suggestTelephonyDomain, telephonyDomainProblem } from './telephony-domain.ts';
import * as repo from './tenants.repo.ts';
import type { Tenant, TenantCreateBody, TenantPatchBody } from './tenants.schema.ts';

export const DEFAULT_CONTEXT = 'default';


export class TenantsService {
  constructor(
    private readonly db: DatabaseHandles,
    private readonly auth: AuthService,
    private readonly baseDomain: string,
  ) {}

  async list(): Promise<Tenant[]> {
    const rows = await this.db.withPlatform(repo.listTenantsWithMemberCount);
    return rows.map(({ memberCount, ...row }) => repo.toTenant(row, memberCount ?? 0));
  }

  async get(id: string): Promise<Tenant> {
    const row = await this.db.withPlatform((tx) => repo.findTenant(tx, id));
    if (!row) throw notFound('tenant');
    return repo.toTenant(row);
  }

  async create(actor: Actor, body: TenantCreateBody) {
    const telephonyDomain = (body.telephonyDomain?.trim() ?? suggestTelephonyDomain(body.code, this.baseDomain)).toLowerCase();
    // It is the host part of the phones' SIP addresses and the switch's directory domain.
    const problem = telephonyDomainProblem(telephonyDomain);
    if (problem) {
      throw badRequest(E.INVALID_TELEPHONY_DOMAIN, 'The telephony domain is not a valid host name', [{ path: 'telephonyDomain', message: problem }]);
    }
    const email = body.admin.email.trim().toLowerCase();
    const password = generatePassword();
    // Hash outside the transaction: Argon2 is deliberately slow and needs no lock.
    const passwordHash = await hashPassword(password);
    try {
      return await this.db.withPlatform(async (tx) => {
        const planId = body.planId ?? DEFAULT_PLAN_ID;
        await assertPlanExists(tx, planId);
        const tenant = await tx
          .insertInto('tenants')
          .values({ code: body.code, name: body.name, planId, telephonyDomain, ...(body.locale ? { locale: body.locale } : {}) })
          .returningAll()
          .executeTakeFirstOrThrow();

        const existing = await tx.selectFrom('users').select(['id', 'email']).where('email', '=', email).executeTakeFirst();
        const admin =
          existing ??
          (await tx
            .insertInto('users')
            .values({ email, name: body.admin.name ?? null, passwordHash, mustChangePassword: true })
            .returning(['id', 'email'])
            .executeTakeFirstOrThrow());
        await tx.insertInto('tenantMemberships').values({ tenantId: tenant.id, userId: admin.id, role: 'tenant_admin' }).execute();
        await seedDefaultDialplan(tx, tenant.id, tenant.code);
        await seedStarterLists(tx, tenant.id, tenant.locale);
        await markSwitchConfigChanged(tx, tenant.id, 'directory', 'dialplan', 'public');

        await recordAudit(tx, actor, {
          action: 'TENANT_CREATED',
          targetType: 'tenant',
          targetId: tenant.id,
          tenantId: tenant.id,
          details: { code: tenant.code, planId, adminUserId: admin.id, adminAccountCreated: !existing },
        });
        return {
          tenant: repo.toTenant(tenant, 1),
          admin: { id: admin.id, email: admin.email, password: existing ? null : password },
        };
      });
    } catch (error) {
      if (isUniqueViolation(error, 'tenants_code_key')) throw conflict('tenantCode', body.code, `Tenant code ${body.code} is already taken`);
      if (isUniqueViolation(error, 'tenants_telephony_domain_key')) {
        throw conflict('telephonyDomain', telephonyDomain, `Telephony domain ${telephonyDomain} is already used by another tenant`);
      }
      throw error;
    }
  }

  async update(actor: Actor, id: string, body: TenantPatchBody): Promise<Tenant> {
    const { tenant, suspended } = await this.db.withPlatform(async (tx) => {
      const current = await repo.findTenant(tx, id);
      if (!current) throw notFound('tenant');
      if (body.planId !== undefined) await assertPlanExists(tx, body.planId);
      const updated = await repo.updateTenant(tx, id, body);
      // Only an active tenant is live on the switch: the config sync removes a suspended one
      // (files, gateways, queues, calls, registrations) and writes it back on reactivation.
      if (body.status !== undefined && body.status !== current.status) await markSwitchConfigChanged(tx, id, ...SWITCH_CONFIG_KINDS);
      await recordAudit(tx, actor, {
        action: body.status && body.status !== current.status ? (body.status === 'ACTIVE' ? 'TENANT_REACTIVATED' : 'TENANT_SUSPENDED') : 'TENANT_UPDATED',
        targetType: 'tenant',
        targetId: id,
        tenantId: id,
        details: { changed: Object.keys(body), from: { status: current.status, planId: current.planId }, to: body },
      });
      return { tenant: updated, suspended: body.status === 'SUSPENDED' && current.status !== 'SUSPENDED' };
    });
    // Members of a suspended tenant lose access now, not when their token expires.
    if (suspended) await this.auth.revokeTenantSessions(id);
    return repo.toTenant(tenant);
  }
}

async function assertPlanExists(tx: Tx, planId: string): Promise<void> {
  const plan = await tx.selectFrom('plans').select('id').where('id', '=', planId).executeTakeFirst();
  if (!plan) throw badRequest(E.UNKNOWN_PLAN, `Plan ${planId} does not exist`, undefined, { planId });
}

async function seedDefaultDialplan(tx: Tx, tenantId: string, tenantCode: string): Promise<void> {
  const rules = defaultDialplanRules();
  for (const rule of rules) {
    await tx
      .insertInto('dialplanRules')
      .values({
        tenantId,
        context: DEFAULT_CONTEXT,
        name: rule.name,
        conditionField: rule.conditionField,
        conditionExpression: rule.conditionExpression,
        actions: JSON.stringify(rule.actions),
        antiActions: JSON.stringify(rule.antiActions),
        continue: rule.continue,
        sortOrder: rule.sortOrder,
        enabled: rule.enabled,
      })
      .execute();
  }
  await tx
    .insertInto('dialplanVersions')
    .values({
      tenantId,
      context: DEFAULT_CONTEXT,
      number: 1,
      xml: compileContext(switchContextName(tenantCode, DEFAULT_CONTEXT), rules),
      status: 'ACTIVE',
      activatedAt: new Date(),
    })
    .execute();
}
