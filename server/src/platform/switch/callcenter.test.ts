import { describe, expect, it } from 'vitest';
import { EslCallCenter } from './callcenter.ts';
import type { EslClient } from './esl-client.ts';
import { SwitchCommandError, SwitchQueueNotLoadedError } from './errors.ts';
import { callCenterContact, switchAgentName } from './naming.ts';

/** Records the api lines an EslCallCenter sends (the ESL client is the edge here); `reply` answers a line with -ERR. */
function recording(reply: (command: string) => string | undefined = () => undefined) {
  const sent: string[] = [];
  const esl = {
    api: (command: string) => {
      sent.push(command);
      const refusal = reply(command);
      // As EslClient.api: a -ERR reply rejects.
      return refusal ? Promise.reject(new SwitchCommandError(command, refusal)) : Promise.resolve('+OK\n');
    },
  } as unknown as EslClient;
  return { sent, callCenter: new EslCallCenter(esl) };
}

describe('EslCallCenter', () => {
  it('sends an agent with the contact the platform builds, brackets included', async () => {
    const { sent, callCenter } = recording();
    const settings = { wrap_up_time: 30, max_no_answer: 3, reject_delay_time: 10, busy_delay_time: 60, no_answer_delay_time: 5 };
    await callCenter.upsertAgent(switchAgentName('abc'), callCenterContact('1000', 'acme.pbx.localhost'), 'Available', settings);
    expect(sent).toEqual([
      'callcenter_config agent add a-abc callback',
      'callcenter_config agent set contact a-abc [leg_timeout=20]user/1000@acme.pbx.localhost',
      'callcenter_config agent set wrap_up_time a-abc 30',
      'callcenter_config agent set max_no_answer a-abc 3',
      'callcenter_config agent set reject_delay_time a-abc 10',
      'callcenter_config agent set busy_delay_time a-abc 60',
      'callcenter_config agent set no_answer_delay_time a-abc 5',
      "callcenter_config agent set status a-abc 'Available'",
    ]);
  });

  it('refuses a value that could end the command line or add another one', async () => {
    const { callCenter } = recording();
    await expect(callCenter.removeAgent('a-1 \n api system')).rejects.toThrow(/Unsafe/);
    await expect(callCenter.removeTier('q-1', "a'b")).rejects.toThrow(/Unsafe/);
  });

  describe('upsertTier, by the replies of mod_callcenter 1.10.12', () => {
    const add = 'callcenter_config tier add q-1 a-1 2 3';
    const sets = ['callcenter_config tier set level q-1 a-1 2', 'callcenter_config tier set position q-1 a-1 3'];

    it('a new tier: one `tier add`, which takes the level and position', async () => {
      const { sent, callCenter } = recording();
      await callCenter.upsertTier('q-1', 'a-1', 2, 3);
      expect(sent).toEqual([add]);
    });

    it('an existing tier: its level and position set', async () => {
      const { sent, callCenter } = recording((command) => (command.startsWith('callcenter_config tier add') ? '-ERR Tier already exist!\n' : undefined));
      await callCenter.upsertTier('q-1', 'a-1', 2, 3);
      expect(sent).toEqual([add, ...sets]);
    });

    it('a queue the switch cannot load yet: told apart, and no `tier set` that would fail with a misleading reply', async () => {
      const { sent, callCenter } = recording(() => '-ERR Queue not found!\n');
      await expect(callCenter.upsertTier('q-1', 'a-1', 2, 3)).rejects.toBeInstanceOf(SwitchQueueNotLoadedError);
      expect(sent).toEqual([add]);
    });

    it('an agent the switch does not know: the refusal as it is', async () => {
      const { callCenter } = recording(() => '-ERR Agent not found!\n');
      const refused = callCenter.upsertTier('q-1', 'a-1', 2, 3);
      await expect(refused).rejects.toBeInstanceOf(SwitchCommandError);
      await expect(refused).rejects.not.toBeInstanceOf(SwitchQueueNotLoadedError);
    });
  });
});
