import { describe, expect, it } from 'vitest';
import { EslCallCenter } from './callcenter.ts';
import type { EslClient } from './esl-client.ts';
import { callCenterContact, switchAgentName } from './naming.ts';

/** Records the api lines an EslCallCenter sends (the ESL client is the edge here). */
function recording() {
  const sent: string[] = [];
  const esl = { api: (command: string) => (sent.push(command), Promise.resolve('+OK')) } as unknown as EslClient;
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
});
