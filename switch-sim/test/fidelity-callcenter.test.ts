// Fidelity against the mod_callcenter captures: 06/07 (null agent, plain/json), 06 FAIL (a
// loopback agent cannot be bridged: bridge-agent-fail), 08/09 (a registered SIP agent, ALL plain
// and json). Compared: per-channel sequences, the global order of channel milestones and
// callcenter::info actions, header names/order (fixed headers exactly, variables as an ordered
// subset since they depend on FreeSWITCH thread timing), and deterministic values.
import { describe, expect, it } from 'vitest';
import { headerDiffs, pairEvents } from './compare.ts';
import { assertDeterministicValues, assertMilestones, assertPerChannel } from './fidelity-asserts.ts';
import { fixtureEvents, get } from './fixtures.ts';
import { callcenterFlow, QUEUE_EVENTS, SIP_JSON } from './flows.ts';

const ccActions = (events: ReturnType<typeof fixtureEvents>): string[] =>
  events.filter((e) => get(e, 'Event-Subclass') === 'callcenter::info').map((e) => [get(e, 'CC-Action'), get(e, 'CC-Agent-State') ?? get(e, 'CC-Agent-Status') ?? get(e, 'CC-Cause') ?? ''].join(':'));

describe('mod_callcenter flows', () => {
  it('06: null agent, plain, filtered subscription', async () => {
    const mine = await callcenterFlow('null', `plain ${QUEUE_EVENTS}`);
    const theirs = fixtureEvents('06_callcenter_plain.raw');
    assertPerChannel(mine, theirs);
    assertMilestones(mine, theirs);
    expect(ccActions(mine)).toEqual(ccActions(theirs));
    expect(headerDiffs(pairEvents(mine, theirs), 'subset')).toEqual([]);
    assertDeterministicValues(pairEvents(mine, theirs));
  });

  it('07: null agent, json', async () => {
    const mine = await callcenterFlow('null', `json ${QUEUE_EVENTS}`);
    const theirs = fixtureEvents('07_callcenter_json.raw');
    assertPerChannel(mine, theirs);
    expect(ccActions(mine)).toEqual(ccActions(theirs));
    expect(headerDiffs(pairEvents(mine, theirs), 'subset')).toEqual([]);
    assertDeterministicValues(pairEvents(mine, theirs));
  });

  it('06 FAIL: a loopback agent is offered, never bridged (bridge-agent-fail, BREAK_OUT)', async () => {
    const mine = await callcenterFlow('loopback', `plain ${QUEUE_EVENTS}`);
    const theirs = fixtureEvents('06_callcenter_loopbackagent_FAIL_plain.raw');
    assertPerChannel(mine, theirs);
    assertMilestones(mine, theirs);
    expect(ccActions(mine)).toEqual(ccActions(theirs));
    expect(headerDiffs(pairEvents(mine, theirs), 'subset')).toEqual([]);
    assertDeterministicValues(pairEvents(mine, theirs));
  });

  it('08: registered SIP agent, plain ALL', async () => {
    const mine = await callcenterFlow('sip', 'plain ALL');
    const theirs = fixtureEvents('08_sip_callcenter_ALL_plain.raw');
    assertPerChannel(mine, theirs);
    assertMilestones(mine, theirs);
    expect(ccActions(mine)).toEqual(ccActions(theirs));
    expect(headerDiffs(pairEvents(mine, theirs), 'subset')).toEqual([]);
    assertDeterministicValues(pairEvents(mine, theirs));
  });

  it('09: registered SIP agent, json', async () => {
    const mine = await callcenterFlow('sip', `json ${SIP_JSON}`);
    const theirs = fixtureEvents('09_sip_callcenter_json.raw');
    assertPerChannel(mine, theirs);
    assertMilestones(mine, theirs);
    expect(ccActions(mine)).toEqual(ccActions(theirs));
    expect(headerDiffs(pairEvents(mine, theirs), 'subset')).toEqual([]);
    assertDeterministicValues(pairEvents(mine, theirs));
  });
});
