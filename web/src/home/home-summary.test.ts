import { describe, expect, it } from 'vitest';
import { agentsByState, countRegistered, setupChecklist } from './home-summary.ts';

describe('setupChecklist', () => {
  it('lists the readable steps in setup order, done when one exists', () => {
    expect(setupChecklist({ queue: 0, extensions: 2, agents: null, trunk: 1 })).toEqual([
      { step: 'extensions', path: '/tenant/extensions', count: 2, done: true },
      { step: 'trunk', path: '/tenant/trunks', count: 1, done: true },
      { step: 'queue', path: '/tenant/queues', count: 0, done: false },
      { step: 'agents', path: '/tenant/agents', count: null, done: false },
    ]);
  });
});

describe('countRegistered', () => {
  const extensions = [
    { id: 'a', registeredAt: '2026-11-25T10:00:00Z' },
    { id: 'b', registeredAt: null },
    { id: 'c', registeredAt: null },
  ];
  it('counts the read registration times without a live stream', () => {
    expect(countRegistered(extensions, null)).toEqual({ registered: 1, total: 3 });
  });
  it('lets the live stream override what was read', () => {
    const live = new Map([
      ['a', null],
      ['b', '2026-11-25T11:00:00Z'],
      ['c', '2026-11-25T11:00:01Z'],
    ]);
    expect(countRegistered(extensions, live)).toEqual({ registered: 2, total: 3 });
  });
});

describe('agentsByState', () => {
  it('counts every state, zeros included', () => {
    const counts = new Map(
      agentsByState([{ state: 'AVAILABLE' }, { state: 'PAUSED' }, { state: 'AVAILABLE' }]),
    );
    expect(counts.get('AVAILABLE')).toBe(2);
    expect(counts.get('PAUSED')).toBe(1);
    expect(counts.get('LOGGED_OUT')).toBe(0);
  });
});
