// The configuration the simulator reads from the conf dir (directory, dialplan, gateways,
// callcenter), already resolved from XML.
export interface DirectoryUser {
  id: string;
  domain: string;
  numberAlias?: string;
  params: Record<string, string>;
  /** <variables>, in document order (domain, then group, then user). */
  variables: Array<[string, string]>;
}

export interface DialplanAction {
  application: string;
  data: string;
  inline: boolean;
}

export interface DialplanCondition {
  field?: string;
  expression?: string;
  breakOn: 'on-false' | 'on-true' | 'always' | 'never';
  actions: DialplanAction[];
  antiActions: DialplanAction[];
}

export interface DialplanExtension {
  name: string;
  continueOnMatch: boolean;
  conditions: DialplanCondition[];
}

export interface GatewayConfig {
  name: string;
  profile: string;
  params: Record<string, string>;
}

export interface QueueConfig {
  name: string;
  /** The queue's direct <param> children, names lower-cased, the first of two equal names kept. */
  params: Record<string, string>;
}

export interface AgentConfig {
  name: string;
  attrs: Record<string, string>;
}

export interface TierConfig {
  queue: string;
  agent: string;
  /** As written (load_tier: empty or missing means 1, otherwise atoi). */
  level?: string;
  position?: string;
}

export interface SwitchConfig {
  /** user@domain → user */
  users: Map<string, DirectoryUser>;
  domains: Set<string>;
  /** context → extensions in file order */
  contexts: Map<string, DialplanExtension[]>;
  gateways: Map<string, GatewayConfig>;
  queues: Map<string, QueueConfig>;
  agents: AgentConfig[];
  tiers: TierConfig[];
  /** X-PRE-PROCESS set variables ($${name}). */
  globals: Map<string, string>;
}

export function emptyConfig(): SwitchConfig {
  return {
    users: new Map(),
    domains: new Set(),
    contexts: new Map(),
    gateways: new Map(),
    queues: new Map(),
    agents: [],
    tiers: [],
    globals: new Map(),
  };
}
