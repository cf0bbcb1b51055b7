// How tenant objects are named inside the switch, where every name is global: contexts carry
// the tenant code (codes have no '_'), callcenter queues and agents use their ids.

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

/** Trunk names have no '-' (codes may), so the last '-' separates the two. */
export function switchGatewayName(tenantCode: string, trunkName: string): string {
  return `${tenantCode}-${trunkName}`;
}

export function parseGatewayName(gateway: string): { tenantCode: string; trunkName: string } | null {
  const dash = gateway.lastIndexOf('-');
  return dash > 0 && dash < gateway.length - 1 ? { tenantCode: gateway.slice(0, dash), trunkName: gateway.slice(dash + 1) } : null;
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

/** The dial string of an extension in its tenant's domain. */
export function extensionDialString(number: string, domain: string): string {
  return `user/${number}@${domain}`;
}

/** An agent's mod_callcenter contact: its extension, rung for at most `ringSeconds`. */
export function callCenterContact(number: string, domain: string, ringSeconds = 20): string {
  return `[leg_timeout=${ringSeconds}]${extensionDialString(number, domain)}`;
}
