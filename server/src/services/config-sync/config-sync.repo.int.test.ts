// The outbox the config sync drains: a change made while a pass was writing stays pending.
import { describe, expect, it } from 'vitest';
import { createTenant, useTestApp } from '../../../test/harness.ts';
import { TEST_ENCRYPTION_KEY } from '../../../test/env.ts';
import { SecretBox } from '../../platform/crypto/secrets.ts';
import { markSwitchConfigChanged } from '../../platform/switch/config-outbox.ts';
import { ConfigSyncRepo } from './config-sync.repo.ts';

const t = useTestApp();

describe('ConfigSyncRepo outbox', () => {
  it('clears what a pass wrote, and keeps a change marked again while it was writing', async () => {
    const { tenant } = await createTenant(t.app, t.platform);
    const repo = new ConfigSyncRepo(t.db, new SecretBox(TEST_ENCRYPTION_KEY));
    await t.db.withTenant(tenant.id, (tx) => markSwitchConfigChanged(tx, tenant.id, 'gateways', 'directory'));
    const mine = (changes: Awaited<ReturnType<ConfigSyncRepo['pending']>>) => changes.filter((change) => change.tenantId === tenant.id);
    const seen = mine(await repo.pending());
    const gateways = seen.find((change) => change.kind === 'gateways');
    const directory = seen.find((change) => change.kind === 'directory');
    expect(gateways).toBeDefined();
    expect(directory).toBeDefined();

    // Meanwhile someone edits a trunk: its mark moves forward by microseconds only.
    await t.db.withTenant(tenant.id, (tx) => markSwitchConfigChanged(tx, tenant.id, 'gateways'));
    await repo.clear(gateways!);
    await repo.clear(directory!);

    const left = mine(await repo.pending()).map((change) => change.kind);
    expect(left).toContain('gateways');
    expect(left).not.toContain('directory');
  });
});
