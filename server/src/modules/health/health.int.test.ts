import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { buildApp } from '../../app.ts';
import { createCoordination } from '../../platform/coordination/index.ts';
import { openTestDatabase, startTestApp, testConfig, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ redis: true });
});
afterAll(() => t.close());

describe('health', () => {
  it('reports database and cache state, publicly', async () => {
    for (const url of ['/health', '/health/ready']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok', database: { ok: true }, cache: { ok: true } });
    }
    expect((await t.app.inject({ method: 'GET', url: '/health/live' })).json()).toEqual({ status: 'ok' });
  });

  it('is not ready (503) while the cache store is down, but still alive', async () => {
    const db = openTestDatabase();
    const deadRedis = createCoordination({ redisUrl: 'redis://127.0.0.1:1/0', keyPrefix: 'dead:' });
    const app = await buildApp({ config: testConfig(), db, coordination: deadRedis, log: pino({ level: 'silent' }) });
    try {
      const ready = await app.inject({ method: 'GET', url: '/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'unavailable', database: { ok: true }, cache: { ok: false } });
      expect((await app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await deadRedis.close();
      await db.close();
    }
  });
});
