// Writes what FreeSWITCH needs into FREESWITCH_CONF_DIR and tells it to load it. Pending changes
// come from the outbox (marked in the same transaction as each change), so a switch that is down
// loses nothing: marks are cleared only after the switch accepted the reload. Everything is
// resynchronised at start and after every reconnect. One instance syncs at a time (a lock). A
// tenant whose files cannot be written (a damaged row, a missing prompt) is retried on its own.
// Only active tenants are live on the switch: a suspended tenant's files are removed, its calls
// hung up and its phones unregistered, and its reactivation writes everything back. Every file is
// named after the tenant's own known objects (ids, its code, its domain), never found by a prefix.
import path from 'node:path';
import type { Logger } from 'pino';
import type { Coordination, Lock } from '../../platform/coordination/coordination.ts';
import type { SwitchConfigKind } from '../../platform/db/schema.ts';
import type { ObjectStorage } from '../../platform/storage/storage.ts';
import { SWITCH_CONFIG_KINDS } from '../../platform/switch/config-outbox.ts';
import type { CallCenterCommands } from '../../platform/switch/callcenter.ts';
import type { EslClient } from '../../platform/switch/esl-client.ts';
import { SwitchCommandError } from '../../platform/switch/errors.ts';
import { queueRecordTemplate } from '../../platform/switch/queue-entry.ts';
import { prepareTenantRecordingsFolder } from './recordings-folder.ts';
import { warnRegistrarMismatch } from './registrar-check.ts';
import { warnMissingSounds } from './sound-check.ts';
import { abandonSoundFile, callCenterContact, promptSoundFile, promptSoundFolder, switchAgentName, switchContextName, switchQueueName } from '../../platform/switch/naming.ts';
import { switchStatusOf } from '../../modules/agents/agent-state.ts';
import { agentSwitchSettings } from '../../modules/agents/callcenter-sync.ts';
import { recompileContextXml } from '../../modules/dialplan/dialplan.compiler.ts';
import { ConfigFiles } from './config-files.ts';
import type { ConfigSyncRepo, PendingChange } from './config-sync.repo.ts';
import type { SwitchTenant } from '../event-consumer/tenant-resolver.ts';
import { directoryXml, gatewayXml, publicRoutesXml, queueXml, type QueueInfo } from './switch-xml.ts';


/**
 * The files a change of one kind rewrites. The public context spells out each call group's
 * members, which come from the extensions (the directory's data), so it follows them.
 */
export const FILES_OF: Readonly<Record<SwitchConfigKind, readonly SwitchConfigKind[]>> = {
  directory: ['directory', 'public'],
  dialplan: ['dialplan'],
  public: ['public'],
  gateways: ['gateways'],
  callcenter: ['callcenter'],
};

/** What a written kind leaves for the switch to do besides reloadxml. */
interface Written {
  tenant: SwitchTenant;
  kind: SwitchConfigKind;
  /** gateways: the gateways whose files were just removed (to kill). */
  removedGateways?: string[];
  /** gateways: the gateways whose files changed (to kill and start again: a rescan skips running ones). */
  changedGateways?: string[];
  /** callcenter: the live queues, and the queues whose files were just removed (to unload). */
  queues?: { live: QueueInfo[]; removed: string[] };
}
const LOCK_TTL_MS = 15_000;

export interface ConfigSyncDeps {
  repo: ConfigSyncRepo;
  esl: EslClient;
  callCenter: CallCenterCommands;
  storage: ObjectStorage;
  coordination: Coordination;
  confDir: string;
  /** FREESWITCH_RECORDINGS_DIR: where the switch writes recordings (the same path on both sides). */
  recordingsDir: string;
  log: Logger;
  intervalMs?: number;
  /** Where the console tells phones to register, checked against the switch at each connect. */
  registrar?: { host: string; port: number };
}

export class ConfigSync {
  private readonly files: ConfigFiles;
  private readonly log: Logger;
  private timer: NodeJS.Timeout | null = null;
  private lock: Lock | null = null;
  private running: Promise<void> = Promise.resolve();
  private needsFullSync = true;
  /** Writes that failed, tried again on the next pass (a full sync leaves no outbox row behind). */
  private readonly retries = new Map<string, { tenantId: string; kind: SwitchConfigKind }>();

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
    const full = this.needsFullSync;
    const pending = await this.deps.repo.pending();
    if (!full && pending.length === 0 && this.retries.size === 0) return;
    const tenants = await this.deps.repo.tenants();
    // A tenant that is not active is synchronised too: to nothing.
    const work = full ? tenants.flatMap((tenant) => SWITCH_CONFIG_KINDS.map((kind) => ({ tenant, kind }))) : writesFor([...pending, ...this.retries.values()], tenants);
    this.retries.clear();
    const written: Written[] = [];
    const failed = new Set<string>();
    for (const { tenant, kind } of work) {
      try {
        written.push(await this.write(tenant, kind));
      } catch (error) {
        // One tenant's unreadable row or missing file must not hold back every other tenant's
        // configuration: its changes stay pending and are tried again on the next pass.
        failed.add(tenant.id);
        this.retries.set(`${tenant.id}:${kind}`, { tenantId: tenant.id, kind });
        this.log.warn({ err: error, tenantId: tenant.id, kind }, 'switch configuration of a tenant not written; tried again next pass');
      }
    }
    await this.apply(written, { rescan: full, members: full });
    for (const change of pending) if (!failed.has(change.tenantId)) await this.deps.repo.clear(change);
    if (full) {
      this.needsFullSync = false;
      this.log.info('switch configuration resynchronised');
      await warnMissingSounds(this.deps.esl, this.log, written.flatMap((item) => item.queues?.live ?? []));
      if (this.deps.registrar) await warnRegistrarMismatch(this.deps.esl, this.log, this.deps.registrar);
    }
  }

  private async holdLock(): Promise<boolean> {
    if (this.lock && (await this.lock.renew(LOCK_TTL_MS))) return true;
    this.lock = await this.deps.coordination.acquireLock('config-sync', LOCK_TTL_MS);
    return this.lock !== null;
  }

  /**
   * One reloadxml for everything written, then what XML alone does not do: gateways are started
   * by a rescan and stopped by killgw, queues are (re)loaded and unloaded by command. After a
   * (re)connect the switch may have restarted, so agents and tiers are pushed again too.
   */
  private async apply(written: Written[], options: { rescan: boolean; members: boolean }): Promise<void> {
    const { esl } = this.deps;
    await reloadXml(esl);
    // Its directory is gone, so a phone of a suspended tenant cannot register again: end what is live.
    for (const tenant of new Map(written.filter((item) => !item.tenant.active).map((item) => [item.tenant.id, item.tenant])).values()) {
      await esl.api(`hupall MANAGER_REQUEST svc_tenant_id ${tenant.id}`);
      await esl.api(`sofia profile internal flush_inbound_reg @${tenant.domain}`);
    }
    const gateways = written.filter((item) => item.kind === 'gateways');
    for (const name of gateways.flatMap((item) => [...(item.removedGateways ?? []), ...(item.changedGateways ?? [])])) {
      await esl.api(`sofia profile external killgw ${name}`).catch(() => undefined);
    }
    // Not caught: a failed rescan fails the pass, so the changes stay pending and are tried again.
    if (options.rescan || gateways.length > 0) await esl.api('sofia profile external rescan');
    for (const item of written) {
      if (item.queues) await this.loadCallCenter(item.tenant, item.queues, options.members);
    }
  }

  /**
   * Writes one kind of file for one tenant and removes the tenant's own ones that no longer exist;
   * a tenant that is not active keeps none.
   */
  private async write(tenant: SwitchTenant, kind: SwitchConfigKind): Promise<Written> {
    const { repo } = this.deps;
    const owned = (names: Iterable<string>) => {
      const set = new Set(names);
      return (name: string) => set.has(name);
    };
    switch (kind) {
      case 'directory': {
        const file = `directory/${tenant.domain}.xml`;
        if (tenant.active) await this.files.write(file, directoryXml(tenant, await repo.directoryUsers(tenant.id)), { private: true });
        else await this.files.remove(file);
        return { tenant, kind };
      }
      case 'dialplan': {
        const { active, contexts } = await repo.dialplans(tenant.id);
        const live = tenant.active ? active : [];
        const fileOf = (context: string) => `${switchContextName(tenant.code, context)}.xml`;
        // Recompiled, not copied: a version stored by an older compiler (re-activated by a
        // rollback) still reaches the switch with today's queue entry (decision 0041).
        for (const row of live) await this.files.write(`dialplan/${fileOf(row.context)}`, recompileContextXml(row.xml));
        await this.files.prune('dialplan', owned(contexts.map(fileOf)), new Set(live.map((row) => fileOf(row.context))));
        // The tenant's sounds: IVR prompts and campaigns' abandon messages (decision 0052).
        const prompts = tenant.active ? await repo.prompts(tenant.id) : [];
        const abandonMessages = tenant.active ? await repo.abandonMessages(tenant.id) : [];
        const sounds = [
          ...prompts.map((prompt) => ({ file: promptSoundFile(tenant.code, prompt.id), key: prompt.promptObjectKey })),
          ...abandonMessages.map((message) => ({ file: abandonSoundFile(tenant.code, message.id), key: message.objectKey })),
        ];
        for (const sound of sounds) {
          const object = await this.deps.storage.get(sound.key);
          if (object) await this.files.write(sound.file, await streamToBuffer(object.stream));
        }
        // A deleted menu or campaign, a removed prompt or message leaves no copy behind on the
        // switch's side. The folder is the tenant's own (codes are unique and a folder name is the whole code).
        const kept = new Set(sounds.map((sound) => path.basename(sound.file)));
        await this.files.prune(promptSoundFolder(tenant.code), (name) => name.startsWith('ivr-') || name.startsWith('abandon-'), kept);
        return { tenant, kind };
      }
      case 'public': {
        const file = `dialplan/public/${tenant.code}.xml`;
        if (tenant.active) {
          const { routes, callGroups } = await repo.inboundRoutes(tenant.id);
          await this.files.write(file, publicRoutesXml(tenant, routes, callGroups));
        } else {
          await this.files.remove(file);
        }
        return { tenant, kind };
      }
      case 'gateways': {
        const gateways = await repo.gateways(tenant);
        const live = tenant.active ? gateways.live : [];
        const changed: string[] = [];
        for (const gateway of live) {
          const file = `gateways/${gateway.name}.xml`;
          const xml = gatewayXml(gateway);
          const before = await this.files.read(file);
          if (before === xml) continue;
          await this.files.write(file, xml, { private: true });
          // sofia keeps a running gateway's params until it is killed: a changed trunk starts again.
          if (before !== null) changed.push(gateway.name);
        }
        // Only the tenant's own gateways, by name: its trunks' ids and their names of the old scheme.
        const fileOf = (name: string) => `${name}.xml`;
        const removed = await this.files.prune('gateways', owned(gateways.owned.map(fileOf)), new Set(live.map((gateway) => fileOf(gateway.name))));
        return { tenant, kind, removedGateways: removed.map((name) => name.replace(/\.xml$/, '')), changedGateways: changed };
      }
      case 'callcenter': {
        const queues = await repo.queues(tenant.id);
        const live = tenant.active ? queues.live : [];
        const template = queueRecordTemplate(this.deps.recordingsDir, tenant.id);
        for (const queue of live) await this.files.write(`callcenter/${switchQueueName(queue.id)}.xml`, queueXml(queue, template));
        // Before the switch records (recordings-folder.ts); a folder we cannot make is the switch's to make.
        if (live.some((queue) => queue.recordingEnabled)) await prepareTenantRecordingsFolder(this.deps.recordingsDir, tenant.id).catch(() => undefined);
        // Queue files carry no tenant code: only this tenant's queues are pruned, and a queue is
        // unloaded once, when its file goes.
        const fileOf = (id: string) => `${switchQueueName(id)}.xml`;
        const ids = [...queues.deletedIds, ...queues.live.map((queue) => queue.id)];
        const removed = await this.files.prune('callcenter', owned(ids.map(fileOf)), new Set(live.map((queue) => fileOf(queue.id))));
        return { tenant, kind, queues: { live, removed: removed.map((name) => name.replace(/\.xml$/, '')) } };
      }
    }
  }

  /**
   * Queues by command (load/reload/unload); with `members`, agents and tiers re-pushed too.
   * Without it, a loaded queue that has fewer tiers on the switch than here gets them pushed:
   * mod_callcenter refuses a tier whose queue it cannot load yet (an agent placed or logged in
   * before the queue's first sync), and nothing else would send that tier again.
   */
  private async loadCallCenter(tenant: SwitchTenant, queues: { live: QueueInfo[]; removed: string[] }, members: boolean): Promise<void> {
    const { esl, callCenter, repo } = this.deps;
    for (const name of queues.removed) await esl.api(`callcenter_config queue unload ${name}`).catch(() => undefined);
    for (const queue of queues.live) {
      await esl.api(`callcenter_config queue load ${switchQueueName(queue.id)}`).catch(() => undefined);
      await callCenter.reloadQueue(switchQueueName(queue.id));
    }
    if (!tenant.active) return;
    if (members) {
      const { agents, tiers } = await repo.callCenterMembers(tenant.id);
      for (const agent of agents) {
        await callCenter.upsertAgent(switchAgentName(agent.id), callCenterContact(agent.number, tenant.domain), switchStatusOf(agent.state), agentSwitchSettings(agent));
      }
      for (const tier of tiers) await callCenter.upsertTier(switchQueueName(tier.queueId), switchAgentName(tier.agentId), tier.level, tier.position);
      return;
    }
    if (queues.live.length === 0) return;
    const tiers = await repo.callCenterTiers(tenant.id);
    for (const queue of queues.live) {
      const wanted = tiers.filter((tier) => tier.queueId === queue.id);
      if (wanted.length === 0) continue;
      const onSwitch = Number.parseInt(await esl.api(`callcenter_config queue count tiers ${switchQueueName(queue.id)}`), 10);
      if (onSwitch >= wanted.length) continue;
      for (const tier of wanted) await callCenter.upsertTier(switchQueueName(tier.queueId), switchAgentName(tier.agentId), tier.level, tier.position);
      // The usual end of a tier assigned before its queue's first sync: healed, not a warning.
      this.log.debug({ tenantId: tenant.id, queueId: queue.id, tiers: wanted.length - onSwitch }, 'tiers added after their queue was loaded');
    }
  }
}

/** Pure: the (tenant, kind) files the pending changes rewrite (or remove, for a tenant not active), each once. */
export function writesFor<T extends { id: string }>(pending: readonly Pick<PendingChange, 'tenantId' | 'kind'>[], tenants: readonly T[]): { tenant: T; kind: SwitchConfigKind }[] {
  const byId = new Map(tenants.map((tenant) => [tenant.id, tenant]));
  const seen = new Set<string>();
  const work: { tenant: T; kind: SwitchConfigKind }[] = [];
  for (const change of pending) {
    const tenant = byId.get(change.tenantId);
    if (!tenant) continue;
    for (const kind of FILES_OF[change.kind]) {
      const key = `${tenant.id}:${kind}`;
      if (seen.has(key)) continue;
      seen.add(key);
      work.push({ tenant, kind });
    }
  }
  return work;
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
