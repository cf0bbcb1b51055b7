import { describe, expect, it } from 'vitest';
import { AGENT_STATES } from '../agents/agent-state.ts';
import type { DeskCall } from './agent-bar.api.ts';
import { canLogOut, needsDisposition, wrapUpEndsAt } from './desk-rules.ts';

const call = (fields: Partial<DeskCall>): DeskCall => ({
  id: 'c1',
  direction: 'OUTBOUND',
  number: '+5511987654321',
  queueId: null,
  queueName: null,
  createdAt: '2026-11-28T12:00:00Z',
  answerAt: '2026-11-28T12:00:05Z',
  bridgedAt: '2026-11-28T12:00:06Z',
  endedAt: '2026-11-28T12:03:00Z',
  dispositionId: null,
  disposition: null,
  lead: null,
  ...fields,
});

describe('the agent desk', () => {
  it('asks for a disposition only for an ended call the agent talked, once', () => {
    expect(needsDisposition(call({}))).toBe(true);
    expect(needsDisposition(null)).toBe(false);
    expect(needsDisposition(call({ endedAt: null }))).toBe(false);
    // Offered but never bridged to the agent (unanswered): nothing to classify.
    expect(needsDisposition(call({ bridgedAt: null }))).toBe(false);
    expect(needsDisposition(call({ dispositionId: 'd1', disposition: 'SOLD' }))).toBe(false);
  });

  it('offers logging out only without a call in front of the agent', () => {
    const offered = AGENT_STATES.filter(canLogOut);
    expect(offered).toEqual(['AVAILABLE', 'PAUSED', 'WRAP_UP']);
  });
});

describe('wrapUpEndsAt', () => {
  it("is the agent's wrap-up time after it entered wrap-up", () => {
    expect(wrapUpEndsAt({ stateChangedAt: '2026-11-25T12:00:00.000Z', wrapUpSeconds: 20 })).toBe('2026-11-25T12:00:20.000Z');
  });
});
