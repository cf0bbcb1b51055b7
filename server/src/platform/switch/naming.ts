// How tenant objects are named inside the switch, where every name is global: contexts carry
// the tenant code (codes have no '_'), gateways, callcenter queues and agents use their ids. No
// name of one tenant may be a prefix of another tenant's, and nothing is ever found by prefix.

export function switchContextName(tenantCode: string, context: string): string {
  return `${tenantCode}_${context}`;
}

export function switchQueueName(queueId: string): string {
  return `q-${queueId}`;
}

const QUEUE_NAME = /^q-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** The queue id in a switch queue name (q-<uuid>), or null for anything else. */
export function parseQueueName(name: string): string | null {
  return QUEUE_NAME.exec(name)?.[1] ?? null;
}

export function switchAgentName(agentId: string): string {
  return `a-${agentId}`;
}

const AGENT_NAME = /^a-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** The agent id in a switch agent name (a-<uuid>), or null for anything else. */
export function parseAgentName(name: string | undefined): string | null {
  return AGENT_NAME.exec(name ?? '')?.[1]?.toLowerCase() ?? null;
}

/**
 * A trunk's gateway: its id alone, so the name is unique across tenants, carries no tenant code
 * (codes may be prefixes of each other) and survives a rename of the trunk.
 */
export function switchGatewayName(trunkId: string): string {
  return `gw-${trunkId}`;
}

const GATEWAY_NAME = /^gw-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** The trunk id in a switch gateway name (gw-<uuid>), or null for anything else. */
export function parseGatewayName(gateway: string): string | null {
  return GATEWAY_NAME.exec(gateway)?.[1]?.toLowerCase() ?? null;
}

/** Trunk names of the first naming scheme: no '-', so `<code>-<name>` named one tenant's trunk. */
const LEGACY_TRUNK_NAME = /^[a-z0-9][a-z0-9_]{0,39}$/;

/**
 * The gateway name a trunk had before gateways were named by id (`<code>-<name>`), so the config
 * sync can remove what an older version left on the switch; null when the trunk could not have had one.
 */
export function legacyGatewayName(tenantCode: string, trunkName: string): string | null {
  return LEGACY_TRUNK_NAME.test(trunkName) ? `${tenantCode}-${trunkName}` : null;
}

/**
 * Whether a path reaches the switch's applications unchanged. A prompt goes to `play_and_get_digits`,
 * whose data mod_dptools splits on ' ' (switch_separate_string: `'` groups, `\` escapes), after
 * variable expansion (`$`); the abandon message goes through `uuid_transfer <uuid> '<app:data,…>'
 * inline`, whose apps are split on `,` too. Only letters and digits (of any script: those parsers
 * look at single ASCII bytes, so "/home/joão" passes unchanged) and `/ . _ -` pass; an absolute
 * path, no `..` segment. FREESWITCH_CONF_DIR must be one (parseConfig, decision 0055).
 */
export function isPlainSwitchPath(path: string): boolean {
  return /^\/[\p{L}\p{M}\p{N}._/-]+$/u.test(path) && !path.split('/').includes('..');
}

/** A tenant's prompt folder, relative to FREESWITCH_CONF_DIR. */
export function promptSoundFolder(tenantCode: string): string {
  return `sounds/${tenantCode}`;
}

/** Where the config sync puts an IVR menu's prompt, relative to FREESWITCH_CONF_DIR. */
export function promptSoundFile(tenantCode: string, menuId: string): string {
  return `${promptSoundFolder(tenantCode)}/ivr-${menuId}.wav`;
}

/** The same file as the compiled dialplan plays it: an absolute path on the switch. */
export function promptSoundPath(confDir: string, tenantCode: string, menuId: string): string {
  return `${confDir}/${promptSoundFile(tenantCode, menuId)}`;
}

/** Where the config sync puts a campaign's abandon message, relative to FREESWITCH_CONF_DIR (decision 0052). */
export function abandonSoundFile(tenantCode: string, campaignId: string): string {
  return `${promptSoundFolder(tenantCode)}/abandon-${campaignId}.wav`;
}

/** The same file as the dialer plays it: an absolute path on the switch. */
export function abandonSoundPath(confDir: string, tenantCode: string, campaignId: string): string {
  return `${confDir}/${abandonSoundFile(tenantCode, campaignId)}`;
}

/** The dial string of an extension in its tenant's domain. */
export function extensionDialString(number: string, domain: string): string {
  return `user/${number}@${domain}`;
}

/** An agent's mod_callcenter contact: its extension, rung for at most `ringSeconds`. */
export function callCenterContact(number: string, domain: string, ringSeconds = 20): string {
  return `[leg_timeout=${ringSeconds}]${extensionDialString(number, domain)}`;
}
