import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { MemoryCoordination } from '../../platform/coordination/memory.ts';
import { claimed, eventClaims } from './event-claims.ts';

const log = pino({ level: 'silent' });
const event = (sequence: number) => ({ 'Core-UUID': 'c0re', 'Event-Sequence': String(sequence), 'CC-Action': 'members-count' });

describe('event claims', () => {
  it('runs a handler once per event across instances sharing the store, per group', async () => {
    const store = new MemoryCoordination();
    const runs: string[] = [];
    const onA = claimed(eventClaims(store, log), 'queues', async (headers) => void runs.push(`a${headers['Event-Sequence']}`));
    const onB = claimed(eventClaims(store, log), 'queues', async (headers) => void runs.push(`b${headers['Event-Sequence']}`));
    const otherGroup = claimed(eventClaims(store, log), 'agents', async (headers) => void runs.push(`g${headers['Event-Sequence']}`));
    await Promise.all([onA(event(1)), onB(event(1))]);
    await onB(event(2));
    await onA(event(2));
    await otherGroup(event(1));
    expect(runs.filter((run) => run.endsWith('1') && !run.startsWith('g'))).toHaveLength(1);
    expect(runs).toContain('b2');
    expect(runs).not.toContain('a2');
    expect(runs).toContain('g1');
  });

  it('without claims every event runs; with the store down it runs rather than being lost', async () => {
    const runs: number[] = [];
    const alone = claimed(undefined, 'queues', async () => void runs.push(1));
    await alone(event(1));
    await alone(event(1));
    const down = { claimFlag: () => Promise.reject(new Error('cache store down')) };
    const degraded = claimed(eventClaims(down, log), 'queues', async () => void runs.push(2));
    await degraded(event(1));
    expect(runs).toEqual([1, 1, 2]);
  });
});
