// How tenant objects are named inside the switch, where every name is global: contexts carry
// the tenant code (codes have no '_'), callcenter queues and agents use their ids.

export function switchContextName(tenantCode: string, context: string): string {
  return `${tenantCode}_${context}`;
}

export function switchQueueName(queueId: string): string {
  return `q-${queueId}`;
}

export function switchAgentName(agentId: string): string {
  return `a-${agentId}`;
}

export function switchGatewayName(tenantCode: string, trunkName: string): string {
  return `${tenantCode}-${trunkName}`;
}

/** Where the config sync puts an IVR menu's prompt, inside FREESWITCH_CONF_DIR; the compiled dialplan plays it from there. */
export function promptSoundPath(confDir: string, tenantCode: string, menuId: string): string {
  return `${confDir}/sounds/${tenantCode}/ivr-${menuId}.wav`;
}

/** The dial string of an extension in its tenant's domain. */
export function extensionDialString(number: string, domain: string): string {
  return `user/${number}@${domain}`;
}

/** An agent's mod_callcenter contact: its extension, rung for at most `ringSeconds`. */
export function callCenterContact(number: string, domain: string, ringSeconds = 20): string {
  return `[leg_timeout=${ringSeconds}]${extensionDialString(number, domain)}`;
}
