// A hostile tenant admin may not aim the switch at the operator's network: private, loopback and
// link-local targets are refused unless TRUNK_PRIVATE_HOSTS lists them (CONTRACT, decision 0059).
import { describe, expect, it } from 'vitest';
import { createTenant, expectError, useTestApp } from '../../../test/harness.ts';

const t = useTestApp({ env: { TRUNK_PRIVATE_HOSTS: '10.0.0.9:5080,pbx.localhost' } });
const { call } = t;

describe('trunk targets on private networks', () => {
  it('refuses loopback, private and localhost targets in any field sofia sends to, writing nothing', async () => {
    const fixture = await createTenant(t.app, t.platform);
    for (const payload of [
      { host: '127.1' },
      { host: '0x7f.1:5060' },
      { host: 'localhost' },
      { host: '169.254.169.254' },
      { host: 'sip.carrier.example', proxy: '192.168.0.10' },
      { host: 'sip.carrier.example', outboundProxy: '10.0.0.9' }, // listed on 5080 only
      { host: 'sip.carrier.example', registerProxy: 'db.localhost' },
    ]) {
      const response = await call('POST', '/trunks', fixture.admin.session, { name: 'inside', ...payload });
      expectError(response, 400, 'TRUNK_HOST_PRIVATE');
      expect(response.json().details[0].path).toBe(Object.keys(payload).at(-1));
    }
    expect((await call('GET', '/trunks', fixture.admin.session)).json()).toEqual([]);
  });

  it('allows the hosts the operator listed, and judges a change the same way', async () => {
    const fixture = await createTenant(t.app, t.platform);
    const listed = await call('POST', '/trunks', fixture.admin.session, {
      name: 'lab',
      host: '10.0.0.9:5080',
      proxy: 'pbx.localhost',
    });
    expect(listed.statusCode).toBe(201);
    const { id } = listed.json<{ id: string }>();
    expectError(
      await call('PATCH', `/trunks/${id}`, fixture.admin.session, { host: '[::ffff:127.0.0.1]' }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await call('PATCH', `/trunks/${id}`, fixture.admin.session, { host: '10.0.0.10' }),
      400,
      'TRUNK_HOST_PRIVATE',
    );
    expect((await call('GET', `/trunks/${id}`, fixture.admin.session)).json()).toMatchObject({
      host: '10.0.0.9:5080',
    });
    expect(
      (await call('PATCH', `/trunks/${id}`, fixture.admin.session, { host: 'sip.carrier.example' }))
        .statusCode,
    ).toBe(200);
  });
});
