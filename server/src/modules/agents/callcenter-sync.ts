// Every mod_callcenter command the call-center modules send, one method per intent, in one place.
// Queues themselves are not here: the config sync writes their XML and then loads or reloads them.
// The database is the truth: these run after the commit and are best-effort. When the switch is
// down, slow or refuses, we log a warning and carry on; the configuration sync re-pushes agents and
// tiers when the switch comes back. Any other error is a bug: logged as an error, but a committed
// change is never answered with a 500.
import type { Logger } from 'pino';
import type { CallCenterAgentStatus, CallCenterCommands } from '../../platform/switch/callcenter.ts';
import {
  SwitchCommandError,
  SwitchTimeoutError,
  SwitchUnavailableError,
} from '../../platform/switch/errors.ts';
import { switchAgentName, switchQueueName } from '../../platform/switch/naming.ts';

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

  /** Login: the agent (re)added with its contact, then every tier of the agent re-pushed. */
  async agentLoggedIn(agentId: string, contact: string, tiers: TierPlacement[]): Promise<void> {
    const agent = switchAgentName(agentId);
    const added = await this.attempt('agent-login', { agentId }, () =>
      this.commands.upsertAgent(agent, contact, 'Available'),
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

  /** The agent's extension changed while logged in: a new contact, the same status. */
  async agentContactChanged(agentId: string, contact: string, status: CallCenterAgentStatus): Promise<void> {
    await this.attempt('agent-contact', { agentId }, () =>
      this.commands.upsertAgent(switchAgentName(agentId), contact, status),
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
  ): Promise<'done' | 'refused' | 'unreachable' | 'failed'> {
    try {
      await command();
      return 'done';
    } catch (error) {
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
