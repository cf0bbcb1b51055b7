// The system configuration names the switch the platform drives and says whether it is connected now.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlatformAdmin, login, type Session } from '../../../test/harness.ts';
import { startSwitchedApp, until, type SwitchedApp } from '../../../test/switch.ts';

let t: SwitchedApp;
let platform: Session;

beforeAll(async () => {
  t = await startSwitchedApp();
  const admin = await createPlatformAdmin(t.db);
  platform = await login(t.app, admin.email, admin.password);
}, 60_000);
afterAll(() => t.close());

const switchInfo = async () =>
  (await t.app.inject({ method: 'GET', url: '/platform/system-config', headers: platform.auth })).json().switch;

describe('system configuration: the switch', () => {
  it('counts what the event consumer dropped for want of a tenant and what the self-healing did, for this instance', async () => {
    const before = (await switchInfo()).activity as { unattributedEvents: { total: number; byKind: Record<string, number> }; healing: { passes: number } };
    expect(before.healing).toMatchObject({ passes: expect.any(Number), agentsChecked: expect.any(Number), corrections: expect.any(Number) });
    // A call to a number no tenant owns: its channel events name no tenant.
    t.simulator().control.inbound({ did: '5599900000001', callerIdNumber: '5511987650000' });
    const after = await until(switchInfo, (info: { activity: typeof before }) => info.activity.unattributedEvents.total > before.unattributedEvents.total);
    expect(after.activity.unattributedEvents.byKind.CHANNEL_CREATE).toBeGreaterThan(before.unattributedEvents.byKind.CHANNEL_CREATE ?? 0);
  });

  it('names a configured FreeSWITCH by host:port and says it is connected, then that it is not', async () => {
    const address = `${t.runtime.target.host}:${t.runtime.target.port}`;
    // The seed's plain flag, beside the others (issue 19, item 27).
    const config = (await t.app.inject({ method: 'GET', url: '/platform/system-config', headers: platform.auth })).json();
    expect(config).toMatchObject({ eventSocketConfigured: true, dialerSimulation: true });
    expect(await switchInfo()).toMatchObject({ kind: 'freeswitch', address, connected: true });
    await t.stopSwitch();
    const after = await until(switchInfo, (info: { connected: boolean }) => !info.connected);
    expect(after).toMatchObject({ kind: 'freeswitch', address, connected: false });
  });
});
