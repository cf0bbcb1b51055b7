// mod_callcenter commands the platform sends one at a time (agents and tiers); queues themselves
// travel as configuration files through the config sync.
import type { EslClient } from './esl-client.ts';
import { SwitchCommandError, SwitchQueueNotLoadedError } from './errors.ts';

export type CallCenterAgentStatus = 'Available' | 'On Break' | 'Logged Out';

/** The per-agent settings of mod_callcenter, by the keys of `callcenter_config agent set`. */
export interface CallCenterAgentSettings {
  wrap_up_time: number;
  max_no_answer: number;
  reject_delay_time: number;
  busy_delay_time: number;
  no_answer_delay_time: number;
}

export interface CallCenterCommands {
  /** Adds (or re-adds) an agent with its contact, its settings and its status. */
  upsertAgent(agent: string, contact: string, status: CallCenterAgentStatus, settings: CallCenterAgentSettings): Promise<void>;
  /** Sets every setting of an agent the switch knows. */
  setAgentSettings(agent: string, settings: CallCenterAgentSettings): Promise<void>;
  setAgentStatus(agent: string, status: CallCenterAgentStatus): Promise<void>;
  removeAgent(agent: string): Promise<void>;
  upsertTier(queue: string, agent: string, level: number, position: number): Promise<void>;
  removeTier(queue: string, agent: string): Promise<void>;
  reloadQueue(queue: string): Promise<void>;
}

/** mod_callcenter.c's replies to `tier add` (cc_config_api_function, 1.10.12). */
const QUEUE_NOT_FOUND = '-ERR Queue not found!';
const TIER_EXISTS = '-ERR Tier already exist!';

/** Values reach the switch inside a command line: only safe tokens pass. */
function token(value: string): string {
  if (!/^[A-Za-z0-9@._:/{}[\]=,+-]+$/.test(value)) throw new Error(`Unsafe switch token: ${value}`);
  return value;
}

export class EslCallCenter implements CallCenterCommands {
  constructor(private readonly esl: EslClient) {}

  async upsertAgent(agent: string, contact: string, status: CallCenterAgentStatus, settings: CallCenterAgentSettings): Promise<void> {
    const name = token(agent);
    // `agent add` fails when the agent exists already; the settings below apply either way.
    await this.esl.api(`callcenter_config agent add ${name} callback`).catch(() => undefined);
    await this.esl.api(`callcenter_config agent set contact ${name} ${token(contact)}`);
    await this.setAgentSettings(agent, settings);
    await this.setAgentStatus(agent, status);
  }

  async setAgentSettings(agent: string, settings: CallCenterAgentSettings): Promise<void> {
    const name = token(agent);
    for (const [key, value] of Object.entries(settings)) {
      // Integers only: mod_callcenter reads them with atoi.
      await this.esl.api(`callcenter_config agent set ${key} ${name} ${Math.trunc(Number(value))}`);
    }
  }

  async setAgentStatus(agent: string, status: CallCenterAgentStatus): Promise<void> {
    await this.esl.api(`callcenter_config agent set status ${token(agent)} '${status}'`);
  }

  async removeAgent(agent: string): Promise<void> {
    await this.esl.api(`callcenter_config agent del ${token(agent)}`);
  }

  /**
   * `tier add` places a new tier at its level and position; only an existing one is `tier set`.
   * A queue mod_callcenter cannot load yet is told apart (SwitchQueueNotLoadedError): sending
   * `tier set` then would only fail again, with a reply that names the wrong cause.
   */
  async upsertTier(queue: string, agent: string, level: number, position: number): Promise<void> {
    const [q, a] = [token(queue), token(agent)];
    try {
      await this.esl.api(`callcenter_config tier add ${q} ${a} ${level} ${position}`);
      return;
    } catch (error) {
      if (!(error instanceof SwitchCommandError)) throw error;
      if (error.reply.startsWith(QUEUE_NOT_FOUND)) throw new SwitchQueueNotLoadedError(error.command, error.reply);
      if (!error.reply.startsWith(TIER_EXISTS)) throw error;
    }
    await this.esl.api(`callcenter_config tier set level ${q} ${a} ${level}`);
    await this.esl.api(`callcenter_config tier set position ${q} ${a} ${position}`);
  }

  async removeTier(queue: string, agent: string): Promise<void> {
    await this.esl.api(`callcenter_config tier del ${token(queue)} ${token(agent)}`);
  }

  async reloadQueue(queue: string): Promise<void> {
    await this.esl.api(`callcenter_config queue reload ${token(queue)}`);
  }
}
