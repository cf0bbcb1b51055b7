import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { CallCenterCommands } from '../../platform/switch/callcenter.ts';
import {
  SwitchCommandError,
  SwitchQueueNotLoadedError,
  SwitchTimeoutError,
  SwitchUnavailableError,
} from '../../platform/switch/errors.ts';
import { CallCenterSync } from './callcenter-sync.ts';

const AGENT = '11111111-1111-4111-8111-111111111111';
const QUEUE = '22222222-2222-4222-8222-222222222222';
const OTHER_QUEUE = '33333333-3333-4333-8333-333333333333';
const FIELDS = { wrapUpSeconds: 15, maxNoAnswer: 3, rejectDelaySeconds: 4, busyDelaySeconds: 5, noAnswerDelaySeconds: 6 };

/** Records every command; `fail` decides, per command, what to throw. */
function fakeSwitch(fail: (command: string) => Error | undefined = () => undefined) {
  const sent: string[] = [];
  const run = (command: string) => {
    sent.push(command);
    const error = fail(command);
    return error ? Promise.reject(error) : Promise.resolve();
  };
  const commands: CallCenterCommands = {
    upsertAgent: (agent, contact, status, settings) => run(`upsertAgent ${agent} ${contact} ${status} ${settings.wrap_up_time}`),
    setAgentSettings: (agent, settings) => run(`setAgentSettings ${agent} ${JSON.stringify(settings)}`),
    setAgentStatus: (agent, status) => run(`setAgentStatus ${agent} ${status}`),
    removeAgent: (agent) => run(`removeAgent ${agent}`),
    upsertTier: (queue, agent, level, position) => run(`upsertTier ${queue} ${agent} ${level} ${position}`),
    removeTier: (queue, agent) => run(`removeTier ${queue} ${agent}`),
    reloadQueue: (queue) => run(`reloadQueue ${queue}`),
  };
  const logged: unknown[] = [];
  const log = pino({ level: 'debug' }, { write: (line: string) => logged.push(JSON.parse(line)) });
  return { sent, logged, sync: new CallCenterSync(commands, log) };
}

describe('CallCenterSync', () => {
  it('login adds the agent as Available, then pushes every tier', async () => {
    const { sync, sent } = fakeSwitch();
    await sync.agentLoggedIn(AGENT, 'user/1001@d', [
      { queueId: QUEUE, level: 1, position: 2 },
      { queueId: AGENT, level: 3, position: 4 },
    ], FIELDS);
    expect(sent).toEqual([
      `upsertAgent a-${AGENT} user/1001@d Available 15`,
      `upsertTier q-${QUEUE} a-${AGENT} 1 2`,
      `upsertTier q-${AGENT} a-${AGENT} 3 4`,
    ]);
  });

  it('one intent, one command: status, contact, removal, tiers', async () => {
    const { sync, sent } = fakeSwitch();
    await sync.agentStatusChanged(AGENT, 'On Break');
    await sync.agentContactChanged(AGENT, 'user/1002@d', 'Available', FIELDS);
    await sync.agentCreated(AGENT, 'user/1003@d', FIELDS);
    await sync.agentSettingsChanged(AGENT, FIELDS);
    await sync.agentRemoved(AGENT);
    await sync.tierAssigned(QUEUE, AGENT, 2, 5);
    await sync.tierRemoved(QUEUE, AGENT);
    expect(sent).toEqual([
      `setAgentStatus a-${AGENT} On Break`,
      `upsertAgent a-${AGENT} user/1002@d Available 15`,
      `upsertAgent a-${AGENT} user/1003@d Logged Out 15`,
      `setAgentSettings a-${AGENT} {"wrap_up_time":15,"max_no_answer":3,"reject_delay_time":4,"busy_delay_time":5,"no_answer_delay_time":6}`,
      `removeAgent a-${AGENT}`,
      `upsertTier q-${QUEUE} a-${AGENT} 2 5`,
      `removeTier q-${QUEUE} a-${AGENT}`,
    ]);
  });

  it('a switch that is down or slow is logged with the ids, never thrown', async () => {
    for (const error of [new SwitchUnavailableError('down'), new SwitchTimeoutError('slow')]) {
      const { sync, logged } = fakeSwitch(() => error);
      await expect(sync.agentStatusChanged(AGENT, 'Available')).resolves.toBeUndefined();
      await expect(sync.tierRemoved(QUEUE, AGENT)).resolves.toBeUndefined();
      expect(logged).toMatchObject([
        { agentId: AGENT, intent: 'agent-status', level: 40 },
        { queueId: QUEUE, agentId: AGENT, intent: 'tier-remove', level: 40 },
      ]);
    }
  });

  it('login with the switch unreachable does not try the tiers; a refused tier does not stop the others', async () => {
    const down = fakeSwitch(() => new SwitchUnavailableError('down'));
    await down.sync.agentLoggedIn(AGENT, 'c', [{ queueId: QUEUE, level: 1, position: 1 }], FIELDS);
    expect(down.sent).toHaveLength(1);

    const refusing = fakeSwitch((command) =>
      command.includes(`q-${QUEUE}`) ? new SwitchCommandError('callcenter_config', '-ERR') : undefined,
    );
    await refusing.sync.agentLoggedIn(AGENT, 'c', [
      { queueId: QUEUE, level: 1, position: 1 },
      { queueId: OTHER_QUEUE, level: 1, position: 1 },
    ], FIELDS);
    expect(refusing.sent).toEqual([
      `upsertAgent a-${AGENT} c Available 15`,
      `upsertTier q-${QUEUE} a-${AGENT} 1 1`,
      `upsertTier q-${OTHER_QUEUE} a-${AGENT} 1 1`,
    ]);
    expect(refusing.logged).toHaveLength(1);
  });

  it('any other error is logged as an error, never thrown: the change is committed already', async () => {
    const { sync, logged, sent } = fakeSwitch((command) =>
      command.startsWith('upsertAgent') ? new Error('Unsafe switch token') : undefined,
    );
    await expect(
      sync.agentLoggedIn(AGENT, 'c', [{ queueId: QUEUE, level: 1, position: 1 }], FIELDS),
    ).resolves.toBeUndefined();
    expect(logged).toMatchObject([{ agentId: AGENT, intent: 'agent-login', level: 50 }]);
    // Not a connection problem: the tiers are still tried.
    expect(sent).toHaveLength(2);
  });

  it('a tier of a queue the switch has not loaded yet is a debug line, not a warning: the sync adds it after the load', async () => {
    const { sync, logged } = fakeSwitch(() => new SwitchQueueNotLoadedError('callcenter_config tier add', '-ERR Queue not found!\n'));
    await expect(sync.tierAssigned(QUEUE, AGENT, 1, 1)).resolves.toBeUndefined();
    expect(logged).toMatchObject([{ queueId: QUEUE, agentId: AGENT, intent: 'tier-assign', level: 20 }]);
  });
});
