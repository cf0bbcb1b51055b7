// Fidelity against 01_loopback_park_plain and 02_loopback_echo_json: per-channel event sequences,
// the order of the call's milestones, every header name in FreeSWITCH's order (variables
// included, exactly), and the values that do not depend on time or random ids.
import { describe, expect, it } from 'vitest';
import { headerDiffs, pairEvents } from './compare.ts';
import { assertDeterministicValues, assertMilestones, assertPerChannel } from './fidelity-asserts.ts';
import { fixtureEvents } from './fixtures.ts';
import { loopbackFlow } from './flows.ts';

describe('loopback flows', () => {
  it('01: api originate loopback/peers_park &park, uuid_kill (plain, ALL)', async () => {
    const mine = await loopbackFlow('plain', 'peers_park', false);
    const theirs = fixtureEvents('01_loopback_park_plain.raw');
    assertPerChannel(mine, theirs);
    assertMilestones(mine, theirs);
    expect(headerDiffs(pairEvents(mine, theirs), 'exact')).toEqual([]);
    assertDeterministicValues(pairEvents(mine, theirs));
  });

  it('02: bgapi originate loopback/9196 (echo), uuid_kill (json, ALL)', async () => {
    const mine = await loopbackFlow('json', '9196', true);
    const theirs = fixtureEvents('02_loopback_echo_json.raw');
    assertPerChannel(mine, theirs);
    assertMilestones(mine, theirs);
    expect(headerDiffs(pairEvents(mine, theirs), 'exact')).toEqual([]);
    assertDeterministicValues(pairEvents(mine, theirs));
  });
});
