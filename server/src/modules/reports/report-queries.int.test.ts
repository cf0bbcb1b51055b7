// The period reports' query strings, generated: whatever a client sends, the answer is a report or a
// 4xx in the contract's shape with its requestId — never a 5xx.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTenant, useTestApp } from '../../../test/harness.ts';

const t = useTestApp();

const instant = fc.oneof(
  fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2200-01-01T00:00:00Z'), noInvalidDate: true }).map((date) => date.toISOString()),
  fc.integer({ min: 0, max: 4 * 24 * 30 }).map((quarters) => new Date(Date.UTC(2026, 10, 1) + quarters * 900_000).toISOString()),
  fc.string({ maxLength: 30 }),
);
const query = fc.record(
  {
    preset: fc.oneof(fc.constantFrom('today', 'yesterday', 'this_week', 'last_7_days', 'this_month'), fc.string({ maxLength: 12 })),
    from: instant,
    to: instant,
    interval: fc.oneof(fc.constantFrom('15m', 'hour', 'day', 'week', 'month'), fc.string({ maxLength: 8 })),
    queueId: fc.oneof(fc.uuid(), fc.string({ maxLength: 40 })),
    // Hostile forms too: a NUL byte, XML-encoded text, a huge number; the filter picks the rollup read.
    agentId: fc.oneof(fc.uuid(), fc.string({ maxLength: 40 }), fc.constantFrom('\u0000', '&lt;x&gt;', '1e309')),
    campaignId: fc.oneof(fc.uuid(), fc.constant('00000000-0000-0000-0000-000000000000')),
    // A key the schema does not know is refused, never passed on.
    tenantId: fc.uuid(),
  },
  { requiredKeys: [] },
);

describe('GET /reports/* query strings', () => {
  it('answers 200 or a 4xx in the contract’s shape for any filters', async () => {
    const { admin } = await createTenant(t.app, t.platform);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('queues', 'agents', 'campaigns'), query, async (report, params) => {
        const response = await t.call('GET', `/reports/${report}?${new URLSearchParams(params as Record<string, string>)}`, admin.session);
        expect(response.statusCode, response.body).toBeLessThan(500);
        if (response.statusCode !== 200) {
          expect(response.statusCode).toBe(400);
          const body = response.json<{ code: string; requestId: string; message: string }>();
          expect(body.requestId).toBe(response.headers['x-request-id']);
          expect(body.code).toMatch(/^[A-Z_]+$/);
        }
      }),
      { numRuns: 150, seed: 2026_20 },
    );
  });
});
