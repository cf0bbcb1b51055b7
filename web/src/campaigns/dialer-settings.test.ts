import { describe, expect, it } from 'vitest';
import { STATE_POLICIES } from '@callcenter/rules/state-policies';
import { fractionOf, percentOf, policiesOf, retryFieldsOf, retryMinutesOf, STATE_POLICY_IDS } from './dialer-settings.ts';

describe('dialer settings in the console', () => {
  it('shows fractions as percent and stores percent as fractions, without float noise', () => {
    expect(percentOf(0.03)).toBe(3);
    expect(percentOf(0.025)).toBe(2.5);
    expect(percentOf(0.6)).toBe(60);
    expect(percentOf(0.849)).toBe(84.9);
    expect(fractionOf(3)).toBe(0.03);
    expect(fractionOf(2.5)).toBe(0.025);
    expect(fractionOf(60)).toBe(0.6);
    expect(fractionOf(84.9)).toBe(0.849);
    for (const percent of [0.1, 1.7, 3, 14.3, 20, 33.3, 84.9]) expect(percentOf(fractionOf(percent))).toBe(percent);
  });

  it('turns blank retry fields into no override, and back', () => {
    const fields = retryFieldsOf({ BUSY: 5, ABANDONED: 120 });
    expect(fields).toEqual({ BUSY: 5, NO_ANSWER: null, FAILED: null, ABANDONED: 120 });
    expect(retryMinutesOf(fields)).toEqual({ BUSY: 5, ABANDONED: 120 });
    expect(retryMinutesOf(retryFieldsOf(undefined))).toEqual({});
  });

  it('offers the server’s own policies and sends a choice in their order, each once', () => {
    expect(STATE_POLICY_IDS).toEqual(Object.keys(STATE_POLICIES));
    expect(policiesOf(['SP_COLLECTION', 'RJ_TELEMARKETING', 'SP_COLLECTION', 'XX'])).toEqual(['RJ_TELEMARKETING', 'SP_COLLECTION']);
  });
});
