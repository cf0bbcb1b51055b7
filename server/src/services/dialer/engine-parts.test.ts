// The dialer engine's small pure parts: outcomes from the switch, the simulated far end, the agents
// as pacing sees them, the fair share of campaigns, the CPS levels, the calling rules and the
// tick's rounds.
import { describe, expect, it } from 'vitest';
import { agentLoad } from './agent-load.ts';
import { fairShare } from './campaign-ownership.ts';
import { originateFailureCause, unansweredOutcome } from './dial-outcome.ts';
import { callingRulesOf, cpsBuckets } from './campaign-rules.ts';
import { tenantRounds } from './tick-rounds.ts';
import { DEFAULT_SIMULATION_MODEL, drawSimulatedOutcome } from './simulated-outcome.ts';

describe('outcomes from the switch', () => {
  it('maps hangup causes: busy and rejected → BUSY, the timeouts → NO_ANSWER, anything else → FAILED', () => {
    expect(unansweredOutcome('USER_BUSY')).toBe('BUSY');
    expect(unansweredOutcome('CALL_REJECTED')).toBe('BUSY');
    expect(unansweredOutcome('NO_ANSWER')).toBe('NO_ANSWER');
    expect(unansweredOutcome('NO_USER_RESPONSE')).toBe('NO_ANSWER');
    expect(unansweredOutcome('UNALLOCATED_NUMBER')).toBe('FAILED');
    expect(unansweredOutcome(null)).toBe('FAILED');
  });
  it('reads the cause of a failed originate’s job body', () => {
    expect(originateFailureCause('-ERR USER_BUSY\n')).toBe('USER_BUSY');
    expect(originateFailureCause('-ERR INVALID_GATEWAY\n')).toBe('INVALID_GATEWAY');
    expect(originateFailureCause('+OK 1234\n')).toBeNull();
  });
});

describe('drawSimulatedOutcome', () => {
  it('draws by the weights, rings within the range and the ring timeout, and only an answer talks', () => {
    const sequence = (...values: number[]) => {
      let i = 0;
      return () => values[i++ % values.length]!;
    };
    const model = { ...DEFAULT_SIMULATION_MODEL, weights: { ANSWER: 1, BUSY: 1, NO_ANSWER: 1, FAILED: 1 } };
    expect(drawSimulatedOutcome(model, 30, sequence(0.1, 0.5, 0.5)).kind).toBe('ANSWER');
    const busy = drawSimulatedOutcome(model, 30, sequence(0.3, 0));
    expect(busy).toMatchObject({ kind: 'BUSY', ringMs: 1000, talkMs: 0, hangupCause: 'USER_BUSY' });
    expect(drawSimulatedOutcome(model, 20, sequence(0.6, 0.5))).toMatchObject({ kind: 'NO_ANSWER', ringMs: 20_000, hangupCause: 'NO_ANSWER' });
    expect(drawSimulatedOutcome(model, 30, sequence(0.9, 0.5)).hangupCause).toBe('NORMAL_TEMPORARY_FAILURE');
    const answered = drawSimulatedOutcome(model, 30, sequence(0.1, 0.5, 1 - Math.exp(-1)));
    expect(answered.ringMs).toBe(7500);
    expect(answered.talkMs).toBe(90_000);
  });
  it('follows the default weights over many draws', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    const counts = { ANSWER: 0, BUSY: 0, NO_ANSWER: 0, FAILED: 0 };
    for (let i = 0; i < 20_000; i++) counts[drawSimulatedOutcome(DEFAULT_SIMULATION_MODEL, 30, random).kind]++;
    expect(counts.ANSWER / 20_000).toBeCloseTo(0.35, 1);
    expect(counts.NO_ANSWER / 20_000).toBeCloseTo(0.45, 1);
  });
});

describe('agentLoad', () => {
  it('counts free agents, busy ones with how long (offered ones as just starting), leaves paused ones out, once per agent', () => {
    const now = new Date('2026-11-25T13:00:00Z');
    const ago = (seconds: number) => now.getTime() - seconds * 1000;
    const load = agentLoad(
      [
        { agentId: 'a', state: 'AVAILABLE', stateChangedAtMs: ago(5), wrapUpSeconds: 10 },
        { agentId: 'a', state: 'AVAILABLE', stateChangedAtMs: ago(5), wrapUpSeconds: 10 },
        { agentId: 'b', state: 'IN_CALL', stateChangedAtMs: ago(90), wrapUpSeconds: 20 },
        { agentId: 'c', state: 'RINGING', stateChangedAtMs: ago(3), wrapUpSeconds: 30 },
        { agentId: 'd', state: 'WRAP_UP', stateChangedAtMs: ago(4), wrapUpSeconds: 20 },
        { agentId: 'e', state: 'PAUSED', stateChangedAtMs: ago(400), wrapUpSeconds: 99 },
      ],
      now,
    );
    expect(load.available).toBe(1);
    expect(load.busy).toEqual([
      { phase: 'TALK', elapsedSeconds: 90 },
      { phase: 'TALK', elapsedSeconds: 0 },
      { phase: 'WRAP_UP', elapsedSeconds: 4 },
    ]);
    expect(load.wrapUpSeconds).toBe(20);
  });
});

describe('fairShare', () => {
  it('splits the campaigns over the live dialers, rounding up so none is left over', () => {
    expect(fairShare(6, 2)).toBe(3);
    expect(fairShare(7, 2)).toBe(4);
    expect(fairShare(3, 0)).toBe(3);
    expect(fairShare(0, 3)).toBe(0);
  });
});

describe('cpsBuckets', () => {
  it('takes on every level with a limit: GLOBAL always, TENANT from the plan, TRUNK and CAMPAIGN from their fields', () => {
    const campaign = { id: 'c', tenantId: 't', trunkId: 'k', planMaxCps: 10, trunkCpsLimit: 5, cpsLimit: 2 };
    expect(cpsBuckets(campaign, 200)).toEqual([
      { level: 'GLOBAL', key: 'global', capacity: 200 },
      { level: 'TENANT', key: 't', capacity: 10 },
      { level: 'TRUNK', key: 'k', capacity: 5 },
      { level: 'CAMPAIGN', key: 'c', capacity: 2 },
    ]);
    expect(cpsBuckets({ ...campaign, planMaxCps: null, trunkCpsLimit: null, cpsLimit: null }, 50)).toEqual([{ level: 'GLOBAL', key: 'global', capacity: 50 }]);
  });
});

describe('callingRulesOf', () => {
  it('keeps the policies the code knows and drops any other id', () => {
    expect(callingRulesOf({ timezone: 'America/Sao_Paulo', schedule: {}, callingPolicies: ['RJ_TELEMARKETING', 'toString', 'NOPE'] }).policies).toEqual(['RJ_TELEMARKETING']);
  });
});

describe('tenantRounds', () => {
  it('puts each tenant’s campaigns in successive rounds (one per tenant per round), keeping the order otherwise', () => {
    const c = (id: string, tenantId: string) => ({ id, tenantId });
    expect(tenantRounds([c('a1', 'a'), c('b1', 'b'), c('a2', 'a'), c('c1', 'c'), c('a3', 'a'), c('b2', 'b')])).toEqual([
      [c('a1', 'a'), c('b1', 'b'), c('c1', 'c')],
      [c('a2', 'a'), c('b2', 'b')],
      [c('a3', 'a')],
    ]);
    expect(tenantRounds([])).toEqual([]);
  });
});
