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
  it('names a configured FreeSWITCH by host:port and says it is connected, then that it is not', async () => {
    const address = `${t.runtime.target.host}:${t.runtime.target.port}`;
    expect(await switchInfo()).toEqual({ kind: 'freeswitch', address, connected: true });
    await t.stopSwitch();
    const after = await until(switchInfo, (info: { connected: boolean }) => !info.connected);
    expect(after).toEqual({ kind: 'freeswitch', address, connected: false });
  });
});
