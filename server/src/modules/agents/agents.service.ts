// Agents as the tenant administers them. References from the body (userId, extensionId) are
// checked against the token's tenant: another tenant's id looks exactly like an unknown one (400).
// The state is never written here: only presence (login, pause, resume, logout) and calls move it.
import { E } from '../../platform/http/error-codes.ts';
import type { TenantActor } from '../../platform/auth/guard.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { namedColumns } from '../../platform/db/columns.ts';
import { isUniqueViolation, type Tx } from '../../platform/db/database.ts';
import { badRequest, conflict, notFound } from '../../platform/http/errors.ts';
import { assertQuota } from '../../platform/quotas/quotas.ts';
import { markSwitchConfigChanged } from '../../platform/switch/config-outbox.ts';
import type { ModuleServices } from '../module-services.ts';
import { switchStatusOf } from './agent-state.ts';
import * as repo from './agents.repo.ts';
import type { Agent, AgentCreateBody, AgentPatchBody, AssignableUser } from './agents.schema.ts';
import { callCenterContact } from '../../platform/switch/naming.ts';
import type { CallCenterSync } from './callcenter-sync.ts';
import { agentReach } from './presence.repo.ts';
import { forceLogout, publishStateChange, type StateChange } from './presence.service.ts';


/** The body fields that are mod_callcenter settings of the agent (they reach the switch). */
const SWITCH_SETTINGS = ['wrapUpSeconds', 'maxNoAnswer', 'rejectDelaySeconds', 'busyDelaySeconds', 'noAnswerDelaySeconds'] as const;

const stateIsReadOnly = () =>
  badRequest(
    E.AGENT_STATE_READ_ONLY,
    'The state of an agent changes only by login, pause, resume, logout and calls',
  );
const userTaken = () => conflict('agentUser', undefined, 'This user is an agent already (deleted agents count)');
const extensionTaken = () => conflict('agentExtension', undefined, 'This extension serves another agent already (deleted agents count)');

/** Maps the two unique keys of agents to their 409, for creations racing past the checks. */
function uniqueConflict(error: unknown): never {
  if (isUniqueViolation(error, 'agents_tenant_id_user_id_key')) throw userTaken();
  if (isUniqueViolation(error, 'agents_extension_id_key')) throw extensionTaken();
  throw error;
}

async function assertUsableExtension(tx: Tx, extensionId: string): Promise<void> {
  if (!(await repo.isUsableExtension(tx, extensionId))) {
    throw badRequest(
      E.INVALID_EXTENSION,
      'extensionId must be an extension of this tenant that is not deleted',
    );
  }
}

export class AgentsService {
  constructor(
    private readonly services: Pick<ModuleServices, 'db' | 'realtime' | 'log'>,
    private readonly sync: CallCenterSync,
  ) {}

  async list(tenantId: string): Promise<Agent[]> {
    return (await this.services.db.withTenant(tenantId, repo.listAgents)).map(repo.toAgent);
  }

  async assignableUsers(tenantId: string): Promise<AssignableUser[]> {
    return this.services.db.withTenant(tenantId, repo.listAssignableUsers);
  }

  async get(tenantId: string, id: string): Promise<Agent> {
    const row = await this.services.db.withTenant(tenantId, (tx) => repo.findAgent(tx, id));
    if (!row) throw notFound('agent');
    return repo.toAgent(row);
  }

  async create(actor: TenantActor, body: AgentCreateBody): Promise<Agent> {
    if (body.state !== undefined) throw stateIsReadOnly();
    const created = await this.services.db
      .withTenant(actor.tenantId, async (tx) => {
        await assertQuota(tx, 'agents');
        if (!(await repo.isTenantMember(tx, body.userId)))
          throw badRequest(E.INVALID_USER, 'userId must be a member of this tenant');
        await assertUsableExtension(tx, body.extensionId);
        if (await repo.userHasAgent(tx, body.userId)) throw userTaken();
        if (await repo.extensionServesAgent(tx, body.extensionId)) throw extensionTaken();
        const { id } = await repo.insertAgent(tx, {
          tenantId: actor.tenantId,
          userId: body.userId,
          extensionId: body.extensionId,
          name: body.name?.trim() ?? null,
          ...namedColumns(body, SWITCH_SETTINGS),
        });
        await recordAudit(tx, actor, {
          action: 'AGENT_CREATED',
          targetType: 'agent',
          targetId: id,
          details: { userId: body.userId, extensionId: body.extensionId },
        });
        const reach = await agentReach(tx, id);
        return { agent: repo.toAgent((await repo.findAgent(tx, id))!), contact: callCenterContact(reach.number, reach.domain) };
      })
      .catch(uniqueConflict);
    // Known to the switch from the start (logged out), so its settings are there before any login.
    await this.sync.agentCreated(created.agent.id, created.contact, created.agent);
    return created.agent;
  }

  async update(actor: TenantActor, id: string, body: AgentPatchBody): Promise<Agent> {
    if (body.state !== undefined) throw stateIsReadOnly();
    const { agent, newContact } = await this.services.db
      .withTenant(actor.tenantId, async (tx) => {
        if (body.extensionId !== undefined) await assertUsableExtension(tx, body.extensionId);
        const current = await repo.lockAgent(tx, id);
        if (!current) throw notFound('agent');
        const moved = body.extensionId !== undefined && body.extensionId !== current.extensionId;
        if (moved && (await repo.extensionServesAgent(tx, body.extensionId!))) throw extensionTaken();
        await repo.updateAgent(tx, id, {
          ...(body.extensionId !== undefined ? { extensionId: body.extensionId } : {}),
          ...(body.name !== undefined ? { name: body.name?.trim() ?? null } : {}),
          ...namedColumns(body, SWITCH_SETTINGS),
        });
        await recordAudit(tx, actor, {
          action: 'AGENT_UPDATED',
          targetType: 'agent',
          targetId: id,
          details: { changed: Object.keys(body) },
        });
        // An agent that changed phone must be reached at the new one from now on.
        let newContact: string | null = null;
        if (moved) {
          const reach = await agentReach(tx, id);
          newContact = callCenterContact(reach.number, reach.domain);
        }
        return { agent: repo.toAgent((await repo.findAgent(tx, id))!), newContact };
      })
      .catch(uniqueConflict);
    if (newContact) await this.sync.agentContactChanged(id, newContact, switchStatusOf(agent.state), agent);
    else if (SWITCH_SETTINGS.some((key) => body[key] !== undefined)) await this.sync.agentSettingsChanged(id, agent);
    return agent;
  }

  /** Soft delete; a logged-in agent is logged out first (session, pause and state events closed). */
  async remove(actor: TenantActor, id: string): Promise<void> {
    const change: StateChange | null = await this.services.db.withTenant(actor.tenantId, async (tx) => {
      const current = await repo.lockAgent(tx, id);
      if (!current) throw notFound('agent');
      const loggedOut = await forceLogout(tx, actor.tenantId, current, 'agent_deleted');
      const queues = await repo.deleteTiersOfAgent(tx, id);
      await repo.softDeleteAgent(tx, id);
      if (queues.length > 0) await markSwitchConfigChanged(tx, actor.tenantId, 'callcenter');
      await recordAudit(tx, actor, {
        action: 'AGENT_DELETED',
        targetType: 'agent',
        targetId: id,
        details: { loggedOut: loggedOut !== null, tiersRemoved: queues.length },
      });
      return loggedOut;
    });
    // mod_callcenter drops the agent's tiers with the agent.
    await this.sync.agentRemoved(id);
    if (change) await publishStateChange(this.services, actor.tenantId, change);
  }
}
