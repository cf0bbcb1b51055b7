import { describe, expect, it } from 'vitest';
import { adminPasswordBanner, boxed, readyBanner } from './startup-banner.ts';

describe('startup banners', () => {
  it('frames every line at the same width', () => {
    const lines = boxed(['short', 'a much longer line']).split('\n');
    expect(new Set(lines.map((line) => line.length)).size).toBe(1);
    expect(lines[0]).toMatch(/^┌─+┐$/);
    expect(lines.at(-1)).toMatch(/^└─+┘$/);
    expect(lines[1]).toBe('│ short              │');
  });

  it('puts the generated password on a line of its own, away from any log line', () => {
    const banner = adminPasswordBanner('admin@localhost', 'Zx9-generated-Pw');
    expect(banner.startsWith('\n┌')).toBe(true);
    expect(banner.endsWith('┘\n\n')).toBe(true);
    expect(banner).toMatch(/^│ {3}password: Zx9-generated-Pw +│$/m);
    expect(banner).toMatch(/^│ {3}e-mail: {3}admin@localhost +│$/m);
  });

  it('names the simulator control address plainly, with the command that uses it', () => {
    const banner = readyBanner('http://127.0.0.1:3000', {
      kind: 'simulator',
      controlUrl: 'http://127.0.0.1:8089',
      controlToken: 'tok-123',
    });
    expect(banner).toContain('Console:  http://127.0.0.1:3000');
    expect(banner).toContain('control API http://127.0.0.1:8089');
    expect(banner).toContain('try it:  npm run sim -- calls');
    expect(banner).toMatch(/^│ +token +tok-123 .*SWITCH_SIM_CONTROL_TOKEN\) +│$/m);
    // Another port (8089 was taken): the command carries the address.
    expect(
      readyBanner('http://h:1', {
        kind: 'simulator',
        controlUrl: 'http://127.0.0.1:41234',
        controlToken: 't',
      }),
    ).toContain('SWITCH_SIM_CONTROL_URL=http://127.0.0.1:41234 npm run sim -- calls');
  });

  it('names a real switch by its event-socket address', () => {
    expect(readyBanner('http://h:3000', { kind: 'freeswitch', host: '10.0.0.5', port: 8021 })).toContain(
      'FreeSWITCH event socket at 10.0.0.5:8021',
    );
  });
});
