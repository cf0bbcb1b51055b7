import { describe, expect, it } from 'vitest';
import type { SwitchAgentRow } from './agent-list.ts';
import { isCorrection, planHealing, type HealingInput } from './healing-plan.ts';

const row = (fields: Partial<SwitchAgentRow>): SwitchAgentRow => ({
  name: 'a-1',
  contact: 'user/1000@d',
  status: 'Available',
  state: 'Waiting',
  wrapUpTime: 0,
  lastBridgeEnd: 0,
  externalCallsCount: 0,
  raw: {},
  ...fields,
});
const input = (fields: Partial<HealingInput>): HealingInput => ({
  state: 'AVAILABLE',
  row: row({}),
  externalCall: false,
  tiers: { platform: [], switch: [] },
  nowSeconds: 10_000,
  ...fields,
});

describe('planHealing', () => {
  it('agreement: nothing to do', () => {
    const plan = planHealing(input({}));
    expect(plan).toEqual({ readd: false, status: null, tiers: { upsert: [], remove: [] }, state: null });
    expect(isCorrection(plan)).toBe(false);
    expect(isCorrection(planHealing(input({ state: 'PAUSED', row: row({ status: 'On Break' }) })))).toBe(false);
    expect(isCorrection(planHealing(input({ state: 'LOGGED_OUT', row: undefined })))).toBe(false);
  });

  it('a call that ended while the events were lost: the switch’s Waiting wins, in its wrap-up or after it', () => {
    expect(planHealing(input({ state: 'IN_CALL', row: row({ lastBridgeEnd: 9_990, wrapUpTime: 30 }) })).state).toEqual({ to: 'WRAP_UP', cause: 'healed' });
    expect(planHealing(input({ state: 'IN_CALL', row: row({ lastBridgeEnd: 9_000, wrapUpTime: 30 }) })).state).toEqual({ to: 'AVAILABLE', cause: 'healed' });
    expect(planHealing(input({ state: 'RINGING' })).state).toEqual({ to: 'AVAILABLE', cause: 'healed' });
  });

  it('the end of the module’s wrap-up is a move, not a correction', () => {
    const plan = planHealing(input({ state: 'WRAP_UP', row: row({ lastBridgeEnd: 9_000, wrapUpTime: 30 }) }));
    expect(plan.state).toEqual({ to: 'AVAILABLE', cause: 'wrap_up_end' });
    expect(isCorrection(plan)).toBe(false);
  });

  it('the switch forgot a logged-in agent (restarted): re-added with the platform’s status, and free', () => {
    const plan = planHealing(input({ state: 'IN_CALL', row: undefined }));
    expect(plan).toMatchObject({ readd: true, status: null, state: { to: 'AVAILABLE', cause: 'healed' } });
    expect(planHealing(input({ state: 'PAUSED', row: undefined }))).toMatchObject({ readd: true, state: null });
  });

  it('login and pause are the platform’s: a status the switch set on its own is put back', () => {
    expect(planHealing(input({ state: 'AVAILABLE', row: row({ status: 'On Break' }) })).status).toBe('Available');
    expect(planHealing(input({ state: 'AVAILABLE', row: row({ status: 'Logged Out' }) })).status).toBe('Available');
    expect(planHealing(input({ state: 'AVAILABLE', row: row({ status: 'Available (On Demand)' }) })).status).toBeNull();
    expect(planHealing(input({ state: 'PAUSED', row: row({ status: 'Available' }) })).status).toBe('On Break');
    expect(planHealing(input({ state: 'LOGGED_OUT', row: row({ status: 'Available' }) })).status).toBe('Logged Out');
    // A paused agent stays paused whatever the switch's state says.
    expect(planHealing(input({ state: 'PAUSED', row: row({ status: 'On Break', state: 'In a queue call' }) })).state).toBeNull();
  });

  it('tiers are the platform’s: missing or different ones are written, foreign ones removed', () => {
    const plan = planHealing(
      input({
        tiers: {
          platform: [
            { queue: 'q-a', level: 1, position: 1 },
            { queue: 'q-b', level: 2, position: 1 },
          ],
          switch: [
            { queue: 'q-b', level: 1, position: 1 },
            { queue: 'q-c', level: 1, position: 1 },
          ],
        },
      }),
    );
    expect(plan.tiers).toEqual({ upsert: [{ queue: 'q-a', level: 1, position: 1 }, { queue: 'q-b', level: 2, position: 1 }], remove: ['q-c'] });
    expect(isCorrection(plan)).toBe(true);
  });

  it('a call not from a queue on the extension: ON_EXTERNAL_CALL (also from callcenter_track’s counter)', () => {
    expect(planHealing(input({ externalCall: true })).state).toEqual({ to: 'ON_EXTERNAL_CALL', cause: 'healed' });
    expect(planHealing(input({ row: row({ externalCallsCount: 1 }) })).state).toEqual({ to: 'ON_EXTERNAL_CALL', cause: 'healed' });
    expect(planHealing(input({ state: 'ON_EXTERNAL_CALL' })).state).toEqual({ to: 'AVAILABLE', cause: 'healed' });
  });
});
