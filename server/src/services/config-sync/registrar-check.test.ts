import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { SwitchCommandError } from '../../platform/switch/errors.ts';
import { profileSipAddress, registrarMismatch, warnRegistrarMismatch } from './registrar-check.ts';

// As a real FreeSWITCH 1.10.12 prints it (stock profiles bound to $${local_ip_v4}).
const STATUS = [
  '=================================================================================================',
  'Name             \tinternal',
  'SIP-IP           \t10.0.0.5',
  'URL              \tsip:mod_sofia@10.0.0.5:5060',
  'BIND-URL         \tsip:mod_sofia@10.0.0.5:5060;maddr=10.0.0.5;transport=udp,tcp',
].join('\n');

describe('profileSipAddress', () => {
  it('reads the address and port of the profile URL', () => {
    expect(profileSipAddress(STATUS)).toEqual({ host: '10.0.0.5', port: 5060 });
    expect(profileSipAddress('Invalid Profile!\n')).toBeNull();
  });
});

describe('registrarMismatch', () => {
  it('is the event socket’s loopback shown to phones while SIP listens on the host’s address', () => {
    expect(registrarMismatch({ host: '127.0.0.1', port: 5060 }, { host: '10.0.0.5', port: 5060 })).toBe(true);
    expect(registrarMismatch({ host: '10.0.0.5', port: 5070 }, { host: '10.0.0.5', port: 5060 })).toBe(true);
    expect(registrarMismatch({ host: '10.0.0.5', port: 5060 }, { host: '10.0.0.5', port: 5060 })).toBe(false);
  });

  it('does not judge a host name, nor a profile bound to every address', () => {
    expect(registrarMismatch({ host: 'sip.example.com', port: 5060 }, { host: '10.0.0.5', port: 5060 })).toBe(false);
    expect(registrarMismatch({ host: '127.0.0.1', port: 5060 }, { host: '0.0.0.0', port: 5060 })).toBe(false);
  });
});

describe('warnRegistrarMismatch', () => {
  const run = async (reply: string | Error, registrar: { host: string; port: number }) => {
    const logged: { level: number; registrar?: string; profile?: string }[] = [];
    const log = pino({ level: 'debug' }, { write: (line: string) => void logged.push(JSON.parse(line) as (typeof logged)[number]) });
    const esl = { api: () => (reply instanceof Error ? Promise.reject(reply) : Promise.resolve(reply)) };
    await warnRegistrarMismatch(esl, log, registrar);
    return logged;
  };

  it('warns with both addresses when they differ, and says nothing when they agree or the switch cannot tell', async () => {
    expect(await run(STATUS, { host: '127.0.0.1', port: 5060 })).toEqual([
      expect.objectContaining({ level: 40, registrar: '127.0.0.1:5060', profile: '10.0.0.5:5060' }),
    ]);
    expect(await run(STATUS, { host: '10.0.0.5', port: 5060 })).toEqual([]);
    expect(await run(new SwitchCommandError('sofia', '-ERR no reply\n'), { host: '127.0.0.1', port: 5060 })).toEqual([]);
  });
});
