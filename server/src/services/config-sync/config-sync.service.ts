// Writes what FreeSWITCH needs into FREESWITCH_CONF_DIR and tells it to load it. Pending changes
// come from the outbox (marked in the same transaction as each change), so a switch that is down
// loses nothing: marks are cleared only after the switch accepted the reload. Everything is
// resynchronised at start and after every reconnect. One instance syncs at a time (a lock).
import type { Logger } from 'pino';
import type { Coordination, Lock } from '../../platform/coordination/coordination.ts';
import type { SwitchConfigKind } from '../../platform/db/schema.ts';
import type { ObjectStorage } from '../../platform/storage/storage.ts';
import type { CallCenterAgentStatus, CallCenterCommands } from '../../platform/switch/callcenter.ts';
import type { EslClient } from '../../platform/switch/esl-client.ts';
import { SwitchCommandError } from '../../platform/switch/errors.ts';
import { callCenterContact, switchAgentName, switchQueueName } from '../../platform/switch/naming.ts';
import { ConfigFiles } from './config-files.ts';
import type { ConfigSyncRepo, PendingChange } from './config-sync.repo.ts';
import { directoryXml, gatewayXml, publicRoutesXml, queueXml, type TenantInfo } from './switch-xml.ts';

const ALL_KINDS: SwitchConfigKind[] = ['directory', 'dialplan', 'public', 'gateways', 'callcenter'];
const LOCK_TTL_MS = 15_000;

export interface ConfigSyncDeps {
  repo: ConfigSyncRepo;
  esl: EslClient;
  callCenter: CallCenterCommands;
  storage: ObjectStorage;
  coordination: Coordination;
  confDir: string;
  log: Logger;
  intervalMs?: number;
}

export const agentStatusFor = (state: string): CallCenterAgentStatus =>
  state === 'LOGGED_OUT' ? 'Logged Out' : state === 'PAUSED' ? 'On Break' : 'Available';

export class ConfigSync {
  private readonly files: ConfigFiles;
  private readonly log: Logger;
  private timer: NodeJS.Timeout | null = null;
  private lock: Lock | null = null;
  private running: Promise<void> = Promise.resolve();
  private needsFullSync = true;

  constructor(private readonly deps: ConfigSyncDeps) {
    this.files = new ConfigFiles(deps.confDir);
    this.log = deps.log.child({ service: 'config-sync' });
  }

  start(): void {
    this.deps.esl.on('connected', this.onConnected);
    this.timer = setInterval(() => void this.tick(), this.deps.intervalMs ?? 1_000);
    void this.tick();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.deps.esl.off('connected', this.onConnected);
    await this.running;
    await this.lock?.release().catch(() => undefined);
  }

  /** Resolves when the current pass (if any) is over; for tests and shutdown. */
  settled(): Promise<void> {
    return this.running;
  }

  private readonly onConnected = () => {
    this.needsFullSync = true;
    void this.tick();
  };

  tick(): Promise<void> {
    this.running = this.running.then(() => this.pass()).catch((error: unknown) => this.log.warn({ err: error }, 'config sync pass failed'));
    return this.running;
  }

  private async pass(): Promise<void> {
    // While the switch is away, changes wait in the outbox; the reconnect triggers a full sync.
    if (!this.deps.esl.connected || !(await this.holdLock())) return;
    if (this.needsFullSync) {
      await this.syncAll();
      this.needsFullSync = false;
      return;
    }
    const pending = await this.deps.repo.pending();
    if (pending.length === 0) return;
    const tenants = new Map((await this.deps.repo.tenants()).map((tenant) => [tenant.id, tenant]));
    for (const change of pending) await this.syncChange(change, tenants.get(change.tenantId));
  }

  private async holdLock(): Promise<boolean> {
    if (this.lock && (await this.lock.renew(LOCK_TTL_MS))) return true;
    this.lock = await this.deps.coordination.acquireLock('config-sync', LOCK_TTL_MS);
    return this.lock !== null;
  }

  private async syncAll(): Promise<void> {
    const pending = await this.deps.repo.pending();
    const tenants = await this.deps.repo.tenants();
    for (const tenant of tenants) {
      for (const kind of ALL_KINDS) await this.write(tenant, kind);
    }
    await reloadXml(this.deps.esl);
    await this.deps.esl.api('sofia profile external rescan').catch((error: unknown) => this.log.warn({ err: error }, 'gateway rescan failed'));
    for (const tenant of tenants) await this.loadCallCenter(tenant, true);
    for (const change of pending) await this.deps.repo.clear(change);
    this.log.info('switch configuration resynchronised');
  }

  /** A change of a tenant that is no longer active is cleared without writing. */
  private async syncChange(change: PendingChange, tenant: TenantInfo | undefined): Promise<void> {
    if (tenant) {
      await this.write(tenant, change.kind);
      await reloadXml(this.deps.esl);
      if (change.kind === 'gateways') await this.reloadGateways(tenant);
      if (change.kind === 'callcenter') await this.loadCallCenter(tenant, false);
    }
    await this.deps.repo.clear(change);
  }

  /** Writes one kind of file for one tenant and removes the ones that no longer exist. */
  private async write(tenant: TenantInfo, kind: SwitchConfigKind): Promise<void> {
    const { repo } = this.deps;
    switch (kind) {
      case 'directory':
        await this.files.write(`directory/${tenant.domain}.xml`, directoryXml(tenant, await repo.directoryUsers(tenant.id)), { private: true });
        return;
      case 'dialplan': {
        const contexts = await repo.activeDialplans(tenant.id);
        const names = new Set(contexts.map((row) => `${tenant.code}_${row.context}.xml`));
        for (const row of contexts) await this.files.write(`dialplan/${tenant.code}_${row.context}.xml`, row.xml);
        await this.files.prune('dialplan', (name) => name.startsWith(`${tenant.code}_`), names);
        const prompts = await repo.prompts(tenant.id);
        for (const prompt of prompts) {
          const object = await this.deps.storage.get(prompt.promptObjectKey);
          if (object) await this.files.write(`sounds/${tenant.code}/ivr-${prompt.id}.wav`, await streamToBuffer(object.stream));
        }
        // A deleted menu or a removed prompt leaves no copy behind on the switch's side.
        await this.files.prune(`sounds/${tenant.code}`, (name) => name.startsWith('ivr-'), new Set(prompts.map((prompt) => `ivr-${prompt.id}.wav`)));
        return;
      }
      case 'public': {
        const { routes, callGroups } = await repo.inboundRoutes(tenant.id);
        await this.files.write(`dialplan/public/${tenant.code}.xml`, publicRoutesXml(tenant, routes, callGroups));
        return;
      }
      case 'gateways': {
        const { live } = await repo.gateways(tenant);
        for (const gateway of live) await this.files.write(`gateways/${gateway.name}.xml`, gatewayXml(gateway), { private: true });
        await this.files.prune('gateways', (name) => name.startsWith(`${tenant.code}-`), new Set(live.map((gateway) => `${gateway.name}.xml`)));
        return;
      }
      case 'callcenter': {
        const { live, removed } = await repo.queues(tenant.id);
        const template = `${this.deps.confDir}/recordings/${tenant.code}/\${strftime(%Y-%m-%d)}/\${uuid}.wav`;
        for (const queue of live) await this.files.write(`callcenter/${switchQueueName(queue.id)}.xml`, queueXml(queue, template));
        const gone = new Set(removed.map((id) => `${switchQueueName(id)}.xml`));
        await this.files.prune('callcenter', (name) => gone.has(name), new Set());
        return;
      }
    }
  }

  private async reloadGateways(tenant: TenantInfo): Promise<void> {
    const { removed } = await this.deps.repo.gateways(tenant);
    for (const name of removed) await this.deps.esl.api(`sofia profile external killgw ${name}`).catch(() => undefined);
    await this.deps.esl.api('sofia profile external rescan');
  }

  /** Queues by command (load/reload/unload); with `members`, agents and tiers re-pushed too. */
  private async loadCallCenter(tenant: TenantInfo, members: boolean): Promise<void> {
    const { live, removed } = await this.deps.repo.queues(tenant.id);
    for (const id of removed) await this.deps.esl.api(`callcenter_config queue unload ${switchQueueName(id)}`).catch(() => undefined);
    for (const queue of live) {
      await this.deps.esl.api(`callcenter_config queue load ${switchQueueName(queue.id)}`).catch(() => undefined);
      await this.deps.callCenter.reloadQueue(switchQueueName(queue.id));
    }
    if (!members) return;
    const { agents, tiers } = await this.deps.repo.callCenterMembers(tenant.id);
    for (const agent of agents) {
      await this.deps.callCenter.upsertAgent(switchAgentName(agent.id), callCenterContact(agent.number, tenant.domain), agentStatusFor(agent.state));
    }
    for (const tier of tiers) {
      await this.deps.callCenter.upsertTier(switchQueueName(tier.queueId), switchAgentName(tier.agentId), tier.level, tier.position);
    }
  }
}

/** FreeSWITCH answers a failed reloadxml with "+OK [[error near line N]: …]"; that is a failure. */
export async function reloadXml(esl: Pick<EslClient, 'api'>): Promise<void> {
  const reply = await esl.api('reloadxml');
  if (reply.includes('[[error')) throw new SwitchCommandError('reloadxml', reply);
}

async function streamToBuffer(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}
