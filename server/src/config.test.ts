import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig, realOutboundAllowed, withDevSecrets } from './config.ts';

const key = Buffer.alloc(32, 1).toString('base64');

describe('parseConfig', () => {
  it('applies the contract defaults', () => {
    const config = parseConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
    expect(config.baseDomain).toBe('pbx.localhost');
    expect(config.dialerSimulation).toBe(true);
    expect(config.dialerRealOutbound).toBe(false);
    expect(config.storage.provider).toBe('local');
    expect(config.swaggerEnabled).toBe(false);
    expect(config.trustProxy).toBe(false);
    expect(config.appEnv).toBe('development');
    expect(config.freeswitch.confDir).toBe(path.join(config.dataDir, 'freeswitch'));
    expect(Object.isFrozen(config.freeswitch)).toBe(true);
  });

  it('reads REDIS_KEY_PREFIX (default cc:) and refuses one that is not plain characters', () => {
    expect(parseConfig({}).redisKeyPrefix).toBe('cc:');
    expect(parseConfig({ REDIS_KEY_PREFIX: 'site-b:' }).redisKeyPrefix).toBe('site-b:');
    for (const bad of ['a b', 'cc*', 'x'.repeat(65)]) expect(() => parseConfig({ REDIS_KEY_PREFIX: bad }), bad).toThrow(/REDIS_KEY_PREFIX/);
  });

  it('refuses a FREESWITCH_CONF_DIR the switch would cut at a space, quote or comma (its sounds are played by that path)', () => {
    expect(parseConfig({ FREESWITCH_CONF_DIR: '/var/lib/callcenter/free_switch-1.10' }).freeswitch.confDir).toBe('/var/lib/callcenter/free_switch-1.10');
    // Letters of any script are single words to the switch's parsers (a Brazilian developer's home).
    expect(parseConfig({ DATA_DIR: '/home/joão/central' }).freeswitch.confDir).toBe('/home/joão/central/freeswitch');
    for (const bad of ['/srv/my sounds', "/srv/o'brien", '/srv/a,b', '/srv/a\\b', '/srv/${x}']) {
      expect(() => parseConfig({ FREESWITCH_CONF_DIR: bad }), bad).toThrow(/FREESWITCH_CONF_DIR .*must be an absolute path of only letters, digits and/);
    }
    // The default follows DATA_DIR, so a DATA_DIR with a space is refused for the same reason.
    expect(() => parseConfig({ DATA_DIR: '/srv/call center' })).toThrow(/FREESWITCH_CONF_DIR \(default DATA_DIR\/freeswitch\)/);
    expect(parseConfig({ DATA_DIR: '/srv/call center', FREESWITCH_CONF_DIR: '/srv/freeswitch' }).freeswitch.confDir).toBe('/srv/freeswitch');
  });

  it('tells phones where to register: the switch host by default, or the variables', () => {
    expect(parseConfig({}).sipRegistrar).toEqual({ host: '127.0.0.1', port: 5060, transport: 'udp' });
    expect(parseConfig({ FREESWITCH_ESL_HOST: '10.0.0.5' }).sipRegistrar).toEqual({ host: '10.0.0.5', port: 5060, transport: 'udp' });
    expect(parseConfig({ FREESWITCH_ESL_HOST: '10.0.0.5', SIP_REGISTRAR_HOST: 'sip.example.com', SIP_REGISTRAR_PORT: '5080', SIP_TRANSPORT: 'TLS' }).sipRegistrar).toEqual({
      host: 'sip.example.com',
      port: 5080,
      transport: 'tls',
    });
    try {
      parseConfig({ SIP_REGISTRAR_PORT: '0', SIP_TRANSPORT: 'ws' });
      expect.unreachable();
    } catch (error) {
      const problems = (error as ConfigError).problems.join('\n');
      for (const name of ['SIP_REGISTRAR_PORT', 'SIP_TRANSPORT']) expect(problems).toContain(name);
    }
  });

  it('resolves a relative DATA_DIR from where npm was run, not from the workspace it switched into', () => {
    const root = path.join(tmpdir(), 'project');
    expect(parseConfig({ INIT_CWD: root }).dataDir).toBe(path.join(root, 'data'));
    expect(parseConfig({ INIT_CWD: root, DATA_DIR: 'state' }).dataDir).toBe(path.join(root, 'state'));
    expect(parseConfig({ INIT_CWD: root, DATA_DIR: '/var/lib/cc' }).dataDir).toBe('/var/lib/cc');
    expect(parseConfig({}).dataDir).toBe(path.resolve('data'));
  });

  it('refuses production without JWT_SECRET and ENCRYPTION_KEY, naming both', () => {
    try {
      parseConfig({ NODE_ENV: 'production' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems).toEqual([
        'JWT_SECRET is required when NODE_ENV=production',
        'ENCRYPTION_KEY is required when NODE_ENV=production',
      ]);
    }
  });

  it('starts in production with both secrets', () => {
    const config = parseConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), ENCRYPTION_KEY: key });
    expect(config.production).toBe(true);
  });

  it('refuses FreeSWITCH\'s default event-socket password against a real switch in production (issue 19, item 24)', () => {
    const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), ENCRYPTION_KEY: key, FREESWITCH_ESL_HOST: 'fs.example.test' };
    for (const env of [production, { ...production, FREESWITCH_ESL_PASSWORD: 'ClueCon' }]) {
      expect(() => parseConfig(env), JSON.stringify(env)).toThrow(/FREESWITCH_ESL_PASSWORD must be set, and not to FreeSWITCH's default ClueCon/);
    }
    expect(parseConfig({ ...production, FREESWITCH_ESL_PASSWORD: 'long-and-ours' }).freeswitch.password).toBe('long-and-ours');
    // Development against a real switch keeps FreeSWITCH's default, which a stock switch answers to.
    expect(parseConfig({ FREESWITCH_ESL_HOST: 'fs.example.test' }).freeswitch.password).toBe('ClueCon');
  });

  it('gives the built-in simulator a random event-socket password unless one is set', () => {
    const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), ENCRYPTION_KEY: key };
    const [one, two] = [parseConfig(production).freeswitch.password, parseConfig({}).freeswitch.password];
    expect(one).not.toBe('ClueCon');
    expect(one).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(two).not.toBe(one);
    expect(parseConfig({ FREESWITCH_ESL_PASSWORD: 'chosen' }).freeswitch.password).toBe('chosen');
  });

  it('lists every bad variable at once', () => {
    try {
      parseConfig({ PORT: 'abc', ENCRYPTION_KEY: 'short', SWAGGER_ENABLED: 'maybe', STORAGE_PROVIDER: 'ftp' });
      expect.unreachable();
    } catch (error) {
      const problems = (error as ConfigError).problems.join('\n');
      for (const name of ['PORT', 'ENCRYPTION_KEY', 'SWAGGER_ENABLED', 'STORAGE_PROVIDER']) expect(problems).toContain(name);
    }
  });

  it('allows real outbound only when both flags say so', () => {
    expect(realOutboundAllowed(parseConfig({ DIALER_REAL_OUTBOUND: 'true' }))).toBe(false);
    expect(realOutboundAllowed(parseConfig({ DIALER_SIMULATION: 'false' }))).toBe(false);
    expect(realOutboundAllowed(parseConfig({ DIALER_SIMULATION: 'false', DIALER_REAL_OUTBOUND: 'true' }))).toBe(true);
  });
});

describe('withDevSecrets', () => {
  it('generates the development secrets once and reuses them', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cfg-'));
    const first = withDevSecrets(parseConfig({ DATA_DIR: dataDir }));
    const second = withDevSecrets(parseConfig({ DATA_DIR: dataDir }));
    expect(first.jwtSecret).toBeTruthy();
    expect(Buffer.from(first.encryptionKey!, 'base64')).toHaveLength(32);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(second.encryptionKey).toBe(first.encryptionKey);
    expect(JSON.parse(readFileSync(path.join(dataDir, 'dev-secrets.json'), 'utf8'))).toHaveProperty('jwtSecret');
  });
});
