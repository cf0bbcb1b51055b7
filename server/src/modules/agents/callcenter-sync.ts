// Every mod_callcenter command the call-center modules send, one method per intent, in one place.
// Queues themselves are not here: the config sync writes their XML and then loads or reloads them.
// The database is the truth: these run after the commit and are best-effort. When the switch is
// down, slow or refuses, we log a warning and carry on; the configuration sync re-pushes agents and
// tiers when the switch comes back. A tier of a queue the switch has not loaded yet is only a debug
// line: the sync loads the queue, then adds its missing tiers. Any other error is a bug: logged as
// an error, but a committed change is never answered with a 500.
import type { Logger } from 'pino';
import type { CallCenterAgentSettings, CallCenterAgentStatus, CallCenterCommands } from '../../platform/switch/callcenter.ts';
import {
  SwitchCommandError,
  SwitchQueueNotLoadedError,
  SwitchTimeoutError,
  SwitchUnavailableError,
} from '../../platform/switch/errors.ts';
import { switchAgentName, switchQueueName } from '../../platform/switch/naming.ts';

/** The agent's columns that mod_callcenter has too. */
export interface AgentSwitchFields {
  wrapUpSeconds: number;
  maxNoAnswer: number;
  rejectDelaySeconds: number;
  busyDelaySeconds: number;
  noAnswerDelaySeconds: number;
}

/** Our agent fields by mod_callcenter's names (`callcenter_config agent set <key>`). */
export function agentSwitchSettings(agent: AgentSwitchFields): CallCenterAgentSettings {
  return {
    wrap_up_time: agent.wrapUpSeconds,
    max_no_answer: agent.maxNoAnswer,
    reject_delay_time: agent.rejectDelaySeconds,
    busy_delay_time: agent.busyDelaySeconds,
    no_answer_delay_time: agent.noAnswerDelaySeconds,
  };
}

export interface TierPlacement {
  queueId: string;
  level: number;
  position: number;
}

const isSwitchFailure = (error: unknown) =>
  error instanceof SwitchUnavailableError ||
  error instanceof SwitchTimeoutError ||
  error instanceof SwitchCommandError;

export class CallCenterSync {
  constructor(
    private readonly commands: CallCenterCommands,
    private readonly log: Logger,
  ) {}

  /** A new agent is known to the switch from the start, logged out, with its settings. */
  async agentCreated(agentId: string, contact: string, fields: AgentSwitchFields): Promise<void> {
    await this.attempt('agent-create', { agentId }, () =>
      this.commands.upsertAgent(switchAgentName(agentId), contact, 'Logged Out', agentSwitchSettings(fields)),
    );
  }

  /** An edited agent: its settings again (the status is left alone: setting it resets counters). */
  async agentSettingsChanged(agentId: string, fields: AgentSwitchFields): Promise<void> {
    await this.attempt('agent-settings', { agentId }, () =>
      this.commands.setAgentSettings(switchAgentName(agentId), agentSwitchSettings(fields)),
    );
  }

  /** Login: the agent (re)added with its contact and settings, then every tier of the agent re-pushed. */
  async agentLoggedIn(agentId: string, contact: string, tiers: TierPlacement[], fields: AgentSwitchFields): Promise<void> {
    const agent = switchAgentName(agentId);
    const added = await this.attempt('agent-login', { agentId }, () =>
      this.commands.upsertAgent(agent, contact, 'Available', agentSwitchSettings(fields)),
    );
    // Without the agent in the switch every tier command would fail the same way.
    if (added !== 'unreachable') {
      for (const tier of tiers) {
        await this.attempt('tier-resync', { agentId, queueId: tier.queueId }, () =>
          this.commands.upsertTier(switchQueueName(tier.queueId), agent, tier.level, tier.position),
        );
      }
    }
  }

  async agentStatusChanged(agentId: string, status: CallCenterAgentStatus): Promise<void> {
    await this.attempt('agent-status', { agentId, status }, () =>
      this.commands.setAgentStatus(switchAgentName(agentId), status),
    );
  }

  /**
   * The agent ended its wrap-up early (decision 0083). mod_callcenter offers an agent only once
   * `last_bridge_end < now - wrap_up_time`, and nothing sets last_bridge_end, so the agent's
   * wrap_up_time is 0 until the cut wrap-up would have ended (plus the switch's whole second),
   * then its own again, ready for the next call's wrap-up. A lost restore is healed at the next
   * login or settings change, which push every setting.
   */
  async wrapUpEnded(agentId: string, fields: AgentSwitchFields, restoreInMs: number): Promise<void> {
    await this.attempt('agent-wrap-up-end', { agentId }, () =>
      this.commands.setAgentSettings(switchAgentName(agentId), { ...agentSwitchSettings(fields), wrap_up_time: 0 }),
    );
    const timer = setTimeout(() => void this.agentSettingsChanged(agentId, fields), restoreInMs + 2_000);
    timer.unref();
  }

  /** The agent's extension changed: a new contact, the same status, its settings. */
  async agentContactChanged(agentId: string, contact: string, status: CallCenterAgentStatus, fields: AgentSwitchFields): Promise<void> {
    await this.attempt('agent-contact', { agentId }, () =>
      this.commands.upsertAgent(switchAgentName(agentId), contact, status, agentSwitchSettings(fields)),
    );
  }

  async agentRemoved(agentId: string): Promise<void> {
    await this.attempt('agent-remove', { agentId }, () =>
      this.commands.removeAgent(switchAgentName(agentId)),
    );
  }

  async tierAssigned(queueId: string, agentId: string, level: number, position: number): Promise<void> {
    await this.attempt('tier-assign', { queueId, agentId }, () =>
      this.commands.upsertTier(switchQueueName(queueId), switchAgentName(agentId), level, position),
    );
  }

  async tierRemoved(queueId: string, agentId: string): Promise<void> {
    await this.attempt('tier-remove', { queueId, agentId }, () =>
      this.commands.removeTier(switchQueueName(queueId), switchAgentName(agentId)),
    );
  }

  private async attempt(
    intent: string,
    ids: Record<string, string>,
    command: () => Promise<void>,
  ): Promise<'done' | 'deferred' | 'refused' | 'unreachable' | 'failed'> {
    try {
      await command();
      return 'done';
    } catch (error) {
      // A queue created a moment ago: its file is on its way, and the sync that loads it pushes
      // this tier right after. Expected, so not a warning.
      if (error instanceof SwitchQueueNotLoadedError) {
        this.log.debug({ ...ids, intent }, 'queue not loaded on the switch yet; the configuration sync adds the tier after loading it');
        return 'deferred';
      }
      if (!isSwitchFailure(error)) {
        this.log.error({ ...ids, intent, err: error }, 'switch command could not be sent');
        return 'failed';
      }
      this.log.warn(
        { ...ids, intent, err: error },
        'switch command failed; the configuration sync will re-push it',
      );
      return error instanceof SwitchCommandError ? 'refused' : 'unreachable';
    }
  }
}
