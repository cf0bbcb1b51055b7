import { describe, expect, it } from 'vitest';
import { emptyQueueSums } from '../reports/queue-report.ts';
import type { QueueSettingsRow } from '../reports/queue-report.repo.ts';
import { buildWallboardQueues } from './wallboard.ts';

const queue = (queueId: string, name: string, deleted = false): QueueSettingsRow => ({
  queueId,
  name,
  serviceLevelSeconds: 30,
  serviceLevelTarget: 0.9,
  abandonRateTarget: 0.03,
  shortAbandonSeconds: 5,
  deleted,
});

describe('buildWallboardQueues', () => {
  it('lists every live queue with its targets, today’s sums read as numbers, and who waits now', () => {
    const since = new Date('2026-11-29T12:00:00Z');
    const [support, sales] = buildWallboardQueues({
      queues: [queue('q1', 'Suporte'), queue('q2', 'Vendas'), queue('q3', 'Antiga', true)],
      // bigint sums as the driver may hand them: numeric text.
      today: [{ ...emptyQueueSums(), queueId: 'q1', offered: '4', answered: '2', answeredInSl: '1', abandoned: '2', abandonedShort: '1' } as never],
      waiting: [{ queueId: 'q1', waiting: 2, longestWaitSince: since }],
      formula: 'EXCLUDE_SHORT_ABANDONS',
    });
    expect(support).toMatchObject({ name: 'Suporte', waiting: 2, longestWaitSince: since.toISOString(), offered: 4, answered: 2, abandoned: 2, shortAbandoned: 1 });
    expect(support!.serviceLevel).toBeCloseTo(1 / 3);
    expect(support!.abandonRate).toBeCloseTo(1 / 3);
    expect(sales).toMatchObject({ name: 'Vendas', waiting: 0, longestWaitSince: null, offered: 0, serviceLevel: null, abandonRate: null, serviceLevelTarget: 0.9 });
  });

  it('leaves deleted queues out', () => {
    const queues = buildWallboardQueues({ queues: [queue('q3', 'Antiga', true)], today: [], waiting: [], formula: 'ALL_OFFERED' });
    expect(queues).toEqual([]);
  });
});
