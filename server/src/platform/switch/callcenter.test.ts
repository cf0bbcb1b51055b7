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
    await callCenter.upsertAgent(switchAgentName('abc'), callCenterContact('1000', 'acme.pbx.localhost'), 'Available');
    expect(sent).toEqual([
      'callcenter_config agent add a-abc callback',
      'callcenter_config agent set contact a-abc [leg_timeout=20]user/1000@acme.pbx.localhost',
      "callcenter_config agent set status a-abc 'Available'",
    ]);
  });

  it('refuses a value that could end the command line or add another one', async () => {
    const { callCenter } = recording();
    await expect(callCenter.removeAgent('a-1 \n api system')).rejects.toThrow(/Unsafe/);
    await expect(callCenter.removeTier('q-1', "a'b")).rejects.toThrow(/Unsafe/);
  });
});
