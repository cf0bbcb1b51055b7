import { describe, expect, it } from 'vitest';
import { createTenant, expectError, useTestApp } from '../../../test/harness.ts';

const t = useTestApp();

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, headers = t.platform.auth) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

describe('/plans', () => {
  it('has the seed plan trial with its limits', async () => {
    const trial = (await call('GET', '/plans/trial')).json();
    expect(trial).toMatchObject({ id: 'trial', max_extensions: 5, max_campaigns: 2 });
    for (const field of ['max_agents', 'max_trunks', 'max_queues', 'max_cps', 'max_concurrent_calls', 'maxMonthlyCalls', 'maxRecordingStorageGb']) {
      expect(typeof trial[field]).toBe('number');
    }
    expect(trial.recordingRetentionDays).toBeGreaterThan(0);
  });

  it('creates, reads, updates and deletes a plan; null means unlimited', async () => {
    const created = await call('POST', '/plans', { id: `p-${Date.now()}`, name: 'Enterprise', max_extensions: null, maxRecordingStorageGb: 12.5 });
    expect(created.statusCode).toBe(201);
    const plan = created.json();
    expect(plan).toMatchObject({ name: 'Enterprise', max_extensions: null, maxRecordingStorageGb: 12.5, recordingRetentionDays: 90 });
    const updated = await call('PATCH', `/plans/${plan.id}`, { max_extensions: 100, aiEnabled: true });
    expect(updated.json()).toMatchObject({ max_extensions: 100, aiEnabled: true, name: 'Enterprise' });
    expect((await call('GET', '/plans')).json().some((row: { id: string }) => row.id === plan.id)).toBe(true);
    expect((await call('DELETE', `/plans/${plan.id}`)).statusCode).toBe(204);
    expectError(await call('GET', `/plans/${plan.id}`), 404, 'NOT_FOUND');
    const audit = await t.db.withPlatform((tx) => tx.selectFrom('auditLog').select('action').where('targetId', '=', plan.id).execute());
    expect(audit.map((row) => row.action).sort()).toEqual([
      'PLAN_CREATED',
      'PLAN_DELETED',
      'PLAN_UPDATED',
    ]);
  });

  it('refuses deleting a plan in use and the default plan', async () => {
    const plan = (await call('POST', '/plans', { name: 'Used' })).json();
    await createTenant(t.app, t.platform, { planId: plan.id });
    expectError(await call('DELETE', `/plans/${plan.id}`), 400, 'PLAN_IN_USE');
    expectError(await call('DELETE', '/plans/trial'), 400, 'PLAN_IS_DEFAULT');
  });

  it('answers 409 for a duplicate id and 400 for bad limits', async () => {
    expectError(await call('POST', '/plans', { id: 'trial', name: 'Again' }), 409, 'ALREADY_EXISTS');
    expectError(await call('POST', '/plans', { name: 'Neg', max_cps: -1 }), 400, 'VALIDATION_FAILED');
    expectError(await call('POST', '/plans', { name: 'Frac', max_extensions: 1.5 }), 400, 'VALIDATION_FAILED');
    expectError(await call('POST', '/plans', { max_cps: 1 }), 400, 'VALIDATION_FAILED');
    expectError(await call('PATCH', '/plans/trial', {}), 400, 'VALIDATION_FAILED');
  });

  it('is platform-only', async () => {
    const { admin } = await createTenant(t.app, t.platform);
    expectError(await call('GET', '/plans', undefined, admin.session.auth), 403, 'PLATFORM_ONLY');
    expectError(await call('POST', '/plans', { name: 'x' }, admin.session.auth), 403, 'PLATFORM_ONLY');
  });
});
