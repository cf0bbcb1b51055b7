import { describe, expect, it } from 'vitest';
import { CallFacts } from './call-facts.ts';

const tenant = '11111111-1111-4111-8111-111111111111';

describe('CallFacts', () => {
  it('places a committed leg in its call and tenant, as locate() would find it; an unknown leg is asked of the database', () => {
    const facts = new CallFacts();
    expect(facts.placeOf('leg-a')).toBeNull();
    facts.noteLeg('leg-a', 'call-1', tenant);
    facts.noteLeg('leg-b', 'call-1', tenant);
    expect(facts.placeOf('leg-b')).toEqual({ callId: 'call-1', tenantId: tenant, found: 'leg-b', asLeg: true });
    expect([facts.hits, facts.misses]).toEqual([1, 1]);
  });

  it('reads an id behind a switch name once per call; nothing is read for no name', async () => {
    const facts = new CallFacts();
    let reads = 0;
    const read = async () => {
      reads += 1;
      return 'queue-id';
    };
    expect(await facts.idOf('call-1', 'queues', 'q', read)).toBe('queue-id');
    expect(await facts.idOf('call-1', 'queues', 'q', read)).toBe('queue-id');
    expect(await facts.idOf('call-2', 'queues', 'q', read)).toBe('queue-id');
    expect(await facts.idOf('call-1', 'queues', null, read)).toBeNull();
    expect(reads).toBe(2);
  });

  it('forgets an ended call once the events that trail its hangup are past', () => {
    const facts = new CallFacts();
    facts.noteLeg('leg-a', 'call-1', tenant);
    facts.callEnded('call-1', 1_000);
    expect(facts.placeOf('leg-a')).not.toBeNull();
    facts.noteLeg('leg-x', 'call-2', tenant);
    facts.callEnded('call-2', 12_000);
    expect(facts.placeOf('leg-a')).toBeNull();
    expect(facts.placeOf('leg-x')).not.toBeNull();
  });

  it('is bounded: the least recently used call goes first', () => {
    const facts = new CallFacts(2);
    facts.noteLeg('leg-1', 'call-1', tenant);
    facts.noteLeg('leg-2', 'call-2', tenant);
    facts.noteLeg('leg-1b', 'call-1', tenant);
    facts.noteLeg('leg-3', 'call-3', tenant);
    expect(facts.size).toBe(2);
    expect(facts.placeOf('leg-2')).toBeNull();
    expect(facts.placeOf('leg-1')).not.toBeNull();
    expect(facts.placeOf('leg-3')).not.toBeNull();
  });
});
