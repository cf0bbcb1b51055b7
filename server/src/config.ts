// The one place that reads the environment. Everything else receives a typed, frozen Config.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { isPlainSwitchPath } from './platform/switch/naming.ts';
import { parseAllowList, type HostPort } from './platform/net/private-hosts.ts';

export type StorageProvider = 'local' | 's3';
export type SipTransport = 'udp' | 'tcp' | 'tls';

/** Where a phone registers: what the console shows next to a SIP password. */
export interface SipRegistrar {
  readonly host: string;
  readonly port: number;
  readonly transport: SipTransport;
}

export interface Config {
  readonly nodeEnv: string;
  readonly production: boolean;
  readonly appEnv: string;
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  /** Unset: an embedded PostgreSQL is started under dataDir/postgres. */
  readonly databaseUrl: string | undefined;
  /** Unset: in-process coordination (single instance only). */
  readonly redisUrl: string | undefined;
  /**
   * REDIS_KEY_PREFIX (default `cc:`): put before every Redis key and the live-events channel, so
   * several platforms can share one Redis without ever seeing each other's events, locks or counters.
   */
  readonly redisKeyPrefix: string;
  readonly jwtSecret: string | undefined;
  /** 32 bytes, base64. */
  readonly encryptionKey: string | undefined;
  readonly platformAdminEmail: string | undefined;
  readonly platformAdminPassword: string | undefined;
  readonly baseDomain: string;
  readonly freeswitch: {
    readonly host: string | undefined;
    readonly port: number;
    readonly password: string;
    readonly confDir: string;
    /**
     * FREESWITCH_RECORDINGS_DIR (default: confDir/recordings): the folder the switch records into
     * and the platform collects from, a folder both see at this same path (shared like confDir).
     */
    readonly recordingsDir: string;
  };
  /** SIP_REGISTRAR_HOST (default: the switch host, 127.0.0.1 with the simulator), SIP_REGISTRAR_PORT (5060), SIP_TRANSPORT (udp). */
  readonly sipRegistrar: SipRegistrar;
  readonly dialerSimulation: boolean;
  readonly dialerRealOutbound: boolean;
  readonly storage: {
    readonly provider: StorageProvider;
    readonly s3: {
      readonly endpoint: string | undefined;
      readonly bucket: string | undefined;
      readonly region: string | undefined;
      readonly accessKeyId: string | undefined;
      readonly secretAccessKey: string | undefined;
    };
  };
  readonly swaggerEnabled: boolean;
  readonly trustProxy: boolean;
  /** TRUNK_PRIVATE_HOSTS: `host[:port]` a trunk may use although loopback, link-local or private. */
  readonly trunkPrivateHosts: readonly HostPort[];
  readonly asterisk: {
    readonly host: string | undefined;
    readonly port: number;
    readonly username: string | undefined;
    readonly secret: string | undefined;
    readonly confDir: string;
  };
}

/** The event-socket password FreeSWITCH ships with (event_socket.conf.xml). */
export const FREESWITCH_DEFAULT_ESL_PASSWORD = 'ClueCon';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n- ${problems.join('\n- ')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

/** Parses the environment; collects every problem before failing so an operator fixes them in one go. */
export function parseConfig(env: Env): Config {
  const problems: string[] = [];
  const str = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value === undefined || value === '' ? undefined : value;
  };
  const int = (name: string, fallback: number, min = 1, max = 65535): number => {
    const raw = str(name);
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name} must be an integer between ${min} and ${max}`);
      return fallback;
    }
    return value;
  };
  const bool = (name: string, fallback: boolean): boolean => {
    const raw = str(name)?.toLowerCase();
    if (raw === undefined) return fallback;
    if (['true', '1', 'yes'].includes(raw)) return true;
    if (['false', '0', 'no'].includes(raw)) return false;
    problems.push(`${name} must be true or false`);
    return fallback;
  };

  const nodeEnv = str('NODE_ENV') ?? 'development';
  const production = nodeEnv === 'production';
  // Relative to where the user ran npm (INIT_CWD), not to the workspace npm switches into: `npm start`
  // at the root keeps its data in the root's ./data, as the README says.
  const dataDir = path.resolve(str('INIT_CWD') ?? process.cwd(), str('DATA_DIR') ?? './data');
  const jwtSecret = str('JWT_SECRET');
  const encryptionKey = str('ENCRYPTION_KEY');

  if (production && !jwtSecret) problems.push('JWT_SECRET is required when NODE_ENV=production');
  if (production && !encryptionKey) problems.push('ENCRYPTION_KEY is required when NODE_ENV=production');
  if (jwtSecret !== undefined && jwtSecret.length < 32) problems.push('JWT_SECRET must be at least 32 characters');
  if (encryptionKey !== undefined && Buffer.from(encryptionKey, 'base64').length !== 32) {
    problems.push('ENCRYPTION_KEY must be 32 bytes, base64-encoded');
  }

  const freeswitchConfDir = path.resolve(str('FREESWITCH_CONF_DIR') ?? path.join(dataDir, 'freeswitch'));
  // Sounds are played by their absolute path below it, and the switch cuts a path at spaces, quotes
  // and commas (isPlainSwitchPath): refused here rather than an IVR that plays nothing (decision 0055).
  if (!isPlainSwitchPath(freeswitchConfDir)) {
    problems.push(
      `FREESWITCH_CONF_DIR (default DATA_DIR/freeswitch) must be an absolute path of only letters, digits and / . _ - (no space, quote, comma or other sign) because FreeSWITCH splits a sound's path at spaces (play_and_get_digits), quotes and commas; it is ${JSON.stringify(freeswitchConfDir)}`,
    );
  }
  const storageProvider = str('STORAGE_PROVIDER') ?? 'local';
  if (storageProvider !== 'local' && storageProvider !== 's3') {
    problems.push('STORAGE_PROVIDER must be local or s3');
  }
  const s3 = {
    endpoint: str('S3_ENDPOINT'),
    bucket: str('S3_BUCKET'),
    region: str('S3_REGION'),
    accessKeyId: str('S3_ACCESS_KEY_ID'),
    secretAccessKey: str('S3_SECRET_ACCESS_KEY'),
  };
  if (storageProvider === 's3') {
    for (const [name, value] of Object.entries({ S3_BUCKET: s3.bucket, S3_REGION: s3.region })) {
      if (!value) problems.push(`${name} is required when STORAGE_PROVIDER=s3`);
    }
  }

  const sipTransport = (str('SIP_TRANSPORT') ?? 'udp').toLowerCase();
  if (!['udp', 'tcp', 'tls'].includes(sipTransport)) problems.push('SIP_TRANSPORT must be udp, tcp or tls');

  const redisKeyPrefix = str('REDIS_KEY_PREFIX') ?? 'cc:';
  // A key prefix of plain characters: no glob character (keys are scanned by prefix) and no space.
  if (!/^[A-Za-z0-9_.:-]{1,64}$/.test(redisKeyPrefix)) problems.push('REDIS_KEY_PREFIX must be 1 to 64 letters, digits or _ . : -');

  // ClueCon is FreeSWITCH's shipped default: whoever reaches the port with it can read every tenant's
  // SIP password, so production refuses it; the built-in simulator takes a fresh random one per start.
  const eslHost = str('FREESWITCH_ESL_HOST');
  const eslPassword = str('FREESWITCH_ESL_PASSWORD');
  if (production && eslHost !== undefined && (eslPassword === undefined || eslPassword === FREESWITCH_DEFAULT_ESL_PASSWORD)) {
    problems.push(
      `FREESWITCH_ESL_PASSWORD must be set, and not to FreeSWITCH's default ${FREESWITCH_DEFAULT_ESL_PASSWORD}, when NODE_ENV=production and FREESWITCH_ESL_HOST is set (anyone reaching the event socket with it can read every tenant's SIP passwords)`,
    );
  }

  const dialerSimulation = bool('DIALER_SIMULATION', true);
  const dialerRealOutbound = bool('DIALER_REAL_OUTBOUND', false);

  const config: Config = {
    nodeEnv,
    production,
    appEnv: str('APP_ENV') ?? 'development',
    port: int('PORT', 3000, 0),
    host: str('HOST') ?? '127.0.0.1',
    dataDir,
    databaseUrl: str('DATABASE_URL'),
    redisUrl: str('REDIS_URL'),
    redisKeyPrefix,
    jwtSecret,
    encryptionKey,
    platformAdminEmail: str('PLATFORM_ADMIN_EMAIL'),
    platformAdminPassword: str('PLATFORM_ADMIN_PASSWORD'),
    baseDomain: str('BASE_DOMAIN') ?? 'pbx.localhost',
    freeswitch: {
      host: eslHost,
      port: int('FREESWITCH_ESL_PORT', 8021),
      password: eslPassword ?? (eslHost !== undefined ? FREESWITCH_DEFAULT_ESL_PASSWORD : randomBytes(24).toString('base64url')),
      confDir: freeswitchConfDir,
      recordingsDir: path.resolve(str('FREESWITCH_RECORDINGS_DIR') ?? path.join(freeswitchConfDir, 'recordings')),
    },
    sipRegistrar: {
      host: str('SIP_REGISTRAR_HOST') ?? str('FREESWITCH_ESL_HOST') ?? '127.0.0.1',
      port: int('SIP_REGISTRAR_PORT', 5060),
      transport: sipTransport === 'tcp' || sipTransport === 'tls' ? sipTransport : 'udp',
    },
    dialerSimulation,
    dialerRealOutbound,
    storage: { provider: storageProvider === 's3' ? 's3' : 'local', s3 },
    swaggerEnabled: bool('SWAGGER_ENABLED', false),
    trustProxy: bool('TRUST_PROXY', false),
    trunkPrivateHosts: parseAllowList(str('TRUNK_PRIVATE_HOSTS')),
    asterisk: {
      host: str('ASTERISK_AMI_HOST'),
      port: int('ASTERISK_AMI_PORT', 5038),
      username: str('ASTERISK_AMI_USERNAME'),
      secret: str('ASTERISK_AMI_SECRET'),
      confDir: path.resolve(str('ASTERISK_CONF_DIR') ?? path.join(dataDir, 'asterisk')),
    },
  };

  if (problems.length > 0) throw new ConfigError(problems);
  return deepFreeze(config);
}

/** Real outbound calls need both flags set explicitly; nothing turns them on by itself. */
export function realOutboundAllowed(config: Config): boolean {
  return !config.dialerSimulation && config.dialerRealOutbound;
}

/**
 * Development only: JWT_SECRET and ENCRYPTION_KEY are generated once into DATA_DIR so restarts keep
 * sessions and encrypted secrets readable. Production refuses to start without them (parseConfig).
 */
export function withDevSecrets(config: Config): Config {
  if (config.jwtSecret && config.encryptionKey) return config;
  const file = path.join(config.dataDir, 'dev-secrets.json');
  let stored: { jwtSecret?: string; encryptionKey?: string } = {};
  if (existsSync(file)) stored = JSON.parse(readFileSync(file, 'utf8')) as typeof stored;
  const secrets = {
    jwtSecret: stored.jwtSecret ?? randomBytes(48).toString('base64url'),
    encryptionKey: stored.encryptionKey ?? randomBytes(32).toString('base64'),
  };
  if (stored.jwtSecret !== secrets.jwtSecret || stored.encryptionKey !== secrets.encryptionKey) {
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  }
  return deepFreeze({
    ...config,
    jwtSecret: config.jwtSecret ?? secrets.jwtSecret,
    encryptionKey: config.encryptionKey ?? secrets.encryptionKey,
  });
}

function deepFreeze<T extends object>(value: T): T {
  for (const child of Object.values(value)) {
    if (child !== null && typeof child === 'object' && !Object.isFrozen(child)) deepFreeze(child as object);
  }
  return Object.freeze(value);
}
