// Self-healing of agent states: every period (30 s) and after every (re)connect of the event socket,
// every agent of every active tenant is compared with mod_callcenter (`callcenter_config agent list`,
// `tier list`) and the live channels (`show channels as json`). The switch is the truth for call
// states, the platform for login, pause and tiers; each disagreement is corrected, logged with
// before/after, counted and emitted. One instance heals at a time (a coordination lock), and every
// correction is idempotent anyway (a state move is decided again under the agent's row lock).
import type { Logger } from 'pino';
import type { Coordination, Lock } from '../../platform/coordination/coordination.ts';
import type { DatabaseHandles } from '../../platform/db/database.ts';
import type { AgentState } from '../../platform/db/schema.ts';
import type { RealtimePublisher } from '../../platform/realtime/events.ts';
import type { CallCenterCommands } from '../../platform/switch/callcenter.ts';
import type { EslClient } from '../../platform/switch/esl-client.ts';
import { SwitchQueueNotLoadedError } from '../../platform/switch/errors.ts';
import { parseShowJson } from '../../platform/switch/introspection.ts';
import { callCenterContact, parseQueueName, switchAgentName, switchQueueName } from '../../platform/switch/naming.ts';
import { switchStatusOf } from '../../modules/agents/agent-state.ts';
import { agentSwitchSettings } from '../../modules/agents/callcenter-sync.ts';
import { moveBySwitch, publishSwitchStatus } from '../../modules/agents/switch-moves.ts';
import { externalChannels, WrapUpWatch } from '../event-consumer/agents.ts';
import { wrapUpEndsAt } from '../event-consumer/agent-mapping.ts';
import { parseAgentList, parseTierList, type SwitchAgentRow, type SwitchTierRow } from './agent-list.ts';
import { isCorrection, planHealing, type HealingPlan, type TierSpec } from './healing-plan.ts';

export const DEFAULT_HEALING_INTERVAL_MS = 30_000;
/** How long a disagreement must last before it is corrected (events in flight settle first). */
export const DEFAULT_GRACE_MS = 2_000;

/** Counters of the self-healing (read by tests and by whoever exposes metrics). */
export interface HealingMetrics {
  passes: number;
  agentsChecked: number;
  /** Agents with at least one correction. */
  corrections: number;
  byKind: { state: number; status: number; readd: number; tiers: number };
}

export interface AgentHealingDeps {
  db: DatabaseHandles;
  esl: Pick<EslClient, 'api' | 'on' | 'off' | 'connected'>;
  callCenter: CallCenterCommands;
  coordination: Coordination;
  realtime: RealtimePublisher;
  log: Logger;
  intervalMs?: number;
  graceMs?: number;
  /** Awaited before each pass: the configuration sync's resynchronisation after a reconnect. */
  settledBefore?: () => Promise<void>;
}

interface PlatformAgent {
  id: string;
  userId: string;
  state: AgentState;
  number: string;
  wrapUpSeconds: number;
  maxNoAnswer: number;
  rejectDelaySeconds: number;
  busyDelaySeconds: number;
  noAnswerDelaySeconds: number;
}

export class AgentHealing {
  readonly metrics: HealingMetrics = { passes: 0, agentsChecked: 0, corrections: 0, byKind: { state: 0, status: 0, readd: 0, tiers: 0 } };
  private readonly log: Logger;
  private readonly wrapUps: WrapUpWatch;
  private timer: NodeJS.Timeout | null = null;
  private lock: Lock | null = null;
  private running: Promise<void> = Promise.resolve();

  constructor(private readonly deps: AgentHealingDeps) {
    this.log = deps.log.child({ service: 'agent-healing' });
    this.wrapUps = new WrapUpWatch({ db: deps.db, realtime: deps.realtime, log: this.log, switchApi: deps.esl });
  }

  start(): void {
    this.deps.esl.on('connected', this.onConnected);
    this.timer = setInterval(() => void this.tick(), this.deps.intervalMs ?? DEFAULT_HEALING_INTERVAL_MS);
    this.timer.unref();
    void this.tick();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.deps.esl.off('connected', this.onConnected);
    this.wrapUps.stop();
    await this.running;
    await this.lock?.release().catch(() => undefined);
  }

  /** Resolves when the pass in progress (if any) is over. */
  settled(): Promise<void> {
    return this.running;
  }

  private readonly onConnected = () => void this.tick();

  tick(): Promise<void> {
    this.running = this.running.then(() => this.pass()).catch((error: unknown) => this.log.warn({ err: error }, 'agent healing pass failed'));
    return this.running;
  }

  private async holdLock(): Promise<boolean> {
    const ttl = Math.max(15_000, 2 * (this.deps.intervalMs ?? DEFAULT_HEALING_INTERVAL_MS));
    if (this.lock && (await this.lock.renew(ttl))) return true;
    this.lock = await this.deps.coordination.acquireLock('agent-healing', ttl);
    return this.lock !== null;
  }

  private async pass(): Promise<void> {
    await this.deps.settledBefore?.();
    if (!this.deps.esl.connected || !(await this.holdLock())) return;
    const first = await this.look();
    const suspects = first.filter((item) => item.plan.state !== null || isCorrection(item.plan));
    this.metrics.agentsChecked += first.length;
    if (suspects.length > 0) {
      // An event still on its way (a state the switch changed a moment ago) is not a disagreement:
      // only what the switch and the platform still disagree on after a short grace is corrected.
      await new Promise((resolve) => setTimeout(resolve, this.deps.graceMs ?? DEFAULT_GRACE_MS));
      const again = new Map((await this.look(new Set(suspects.map((item) => item.agent.id)))).map((item) => [item.agent.id, item]));
      for (const before of suspects) {
        const now = again.get(before.agent.id);
        if (!now || now.agent.state !== before.agent.state || !samePlan(now.plan, before.plan)) continue;
        try {
          await this.apply(now.tenant, now.agent, now.row, now.plan, now.tiers);
        } catch (error) {
          this.log.warn({ err: error, tenantId: now.tenant.id, agentId: now.agent.id }, 'agent could not be healed; next pass');
        }
      }
    }
    this.metrics.passes++;
  }

  /** Every agent of every active tenant (or only `only`) beside the switch's view of it, with the plan. */
  private async look(only?: Set<string>) {
    const { esl } = this.deps;
    const rows = new Map(parseAgentList(await esl.api('callcenter_config agent list')).map((row) => [row.name, row]));
    const tiers = parseTierList(await esl.api('callcenter_config tier list'));
    const channels = parseShowJson(await esl.api('show channels as json'));
    const tenants = await this.deps.db.withPlatform((tx) =>
      tx.selectFrom('tenants').select(['id', 'telephonyDomain as domain']).where('status', '=', 'ACTIVE').execute(),
    );
    const looked: { tenant: { id: string; domain: string }; agent: PlatformAgent; row: SwitchAgentRow | undefined; plan: HealingPlan; tiers: TierSpec[] }[] = [];
    for (const tenant of tenants) {
      const { agents, platformTiers } = await this.platformAgents(tenant.id);
      for (const agent of agents) {
        if (only && !only.has(agent.id)) continue;
        const name = switchAgentName(agent.id);
        const row = rows.get(name);
        const agentTiers = platformTiers.get(agent.id) ?? [];
        const plan = planHealing({
          state: agent.state,
          row,
          externalCall: externalChannels(channels, agent.number, tenant.domain).length > 0,
          tiers: { platform: agentTiers, switch: switchTiersOf(tiers, name) },
          nowSeconds: Date.now() / 1000,
        });
        looked.push({ tenant, agent, row, plan, tiers: agentTiers });
      }
    }
    return looked;
  }

  private async platformAgents(tenantId: string) {
    return this.deps.db.withTenant(tenantId, async (tx) => {
      const agents: PlatformAgent[] = await tx
        .selectFrom('agents as a')
        .innerJoin('extensions as e', 'e.id', 'a.extensionId')
        .select(['a.id', 'a.userId', 'a.state', 'e.number', 'a.wrapUpSeconds', 'a.maxNoAnswer', 'a.rejectDelaySeconds', 'a.busyDelaySeconds', 'a.noAnswerDelaySeconds'])
        .where('a.deletedAt', 'is', null)
        .execute();
      const tierRows = await tx
        .selectFrom('queueTiers as qt')
        .innerJoin('queues as q', 'q.id', 'qt.queueId')
        .select(['qt.agentId', 'qt.queueId', 'qt.level', 'qt.position'])
        .where('q.deletedAt', 'is', null)
        .execute();
      const platformTiers = new Map<string, TierSpec[]>();
      for (const tier of tierRows) {
        const list = platformTiers.get(tier.agentId) ?? [];
        list.push({ queue: switchQueueName(tier.queueId), level: tier.level, position: tier.position });
        platformTiers.set(tier.agentId, list);
      }
      return { agents, platformTiers };
    });
  }

  private async apply(tenant: { id: string; domain: string }, agent: PlatformAgent, row: SwitchAgentRow | undefined, plan: HealingPlan, tiers: TierSpec[]): Promise<void> {
    const { callCenter } = this.deps;
    const name = switchAgentName(agent.id);
    // A queue not loaded yet gets its tiers from the configuration sync that loads it: not a failure.
    const upsertTier = (tier: TierSpec) =>
      callCenter.upsertTier(tier.queue, name, tier.level, tier.position).catch((error: unknown) => {
        if (!(error instanceof SwitchQueueNotLoadedError)) throw error;
        this.log.debug({ agentId: agent.id, queue: tier.queue }, 'tier left to the sync that loads its queue');
      });
    if (plan.readd) {
      await callCenter.upsertAgent(name, callCenterContact(agent.number, tenant.domain), switchStatusOf(agent.state), agentSwitchSettings(agent));
      for (const tier of tiers) await upsertTier(tier).catch((error: unknown) => this.log.warn({ err: error, agentId: agent.id, queue: tier.queue }, 'tier not re-added'));
    }
    if (plan.status) await callCenter.setAgentStatus(name, plan.status);
    for (const tier of plan.tiers.upsert) await upsertTier(tier);
    for (const queue of plan.tiers.remove) await callCenter.removeTier(queue, name);
    let state = agent.state;
    if (plan.state) {
      const planned = plan.state;
      // Decided again under the row lock: a move the events made meanwhile wins.
      const moved = await moveBySwitch({ db: this.deps.db, realtime: this.deps.realtime, log: this.log }, tenant.id, agent.id, (locked) =>
        locked.state === agent.state ? planned : null,
      );
      state = moved?.agent.state ?? state;
      if (state === 'WRAP_UP' && row) {
        const end = wrapUpEndsAt(row.lastBridgeEnd, row.wrapUpTime);
        if (end !== null) this.wrapUps.watch(tenant.id, agent.id, end);
      }
    }
    if (!isCorrection(plan)) return;
    this.metrics.corrections++;
    if (plan.state?.cause === 'healed') this.metrics.byKind.state++;
    if (plan.status) this.metrics.byKind.status++;
    if (plan.readd) this.metrics.byKind.readd++;
    if (plan.tiers.upsert.length + plan.tiers.remove.length > 0) this.metrics.byKind.tiers++;
    const switchStatus = plan.readd || plan.status ? switchStatusOf(agent.state) : (row?.status ?? null);
    this.log.info(
      {
        tenantId: tenant.id,
        agentId: agent.id,
        before: { state: agent.state, switchStatus: row?.status ?? null, switchState: row?.state ?? null },
        after: { state, switchStatus },
        readd: plan.readd,
        tiers: plan.tiers,
      },
      'agent disagreed with the switch; corrected',
    );
    await publishSwitchStatus({ realtime: this.deps.realtime, log: this.log }, tenant.id, {
      agentId: agent.id,
      userId: agent.userId,
      switchStatus,
      switchState: plan.readd ? 'Waiting' : (row?.state ?? null),
      state,
      source: 'healing',
    });
  }
}

/** Two looks want the same corrections (the second confirms the first). */
function samePlan(a: HealingPlan, b: HealingPlan): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The switch's tiers of one agent, for our queues only (`q-<uuid>`). */
function switchTiersOf(tiers: SwitchTierRow[], agentName: string): TierSpec[] {
  return tiers
    .filter((tier) => tier.agent === agentName && parseQueueName(tier.queue) !== null)
    .map((tier) => ({ queue: tier.queue, level: tier.level, position: tier.position }));
}

