import { api } from '../app/api-client.ts';

export interface SystemConfig {
  dialerSimulation: boolean;
  dialerRealOutbound: boolean;
  eventSocketConfigured: boolean;
  switch: { kind: 'simulator' | 'freeswitch'; address: string | null; connected: boolean; activity: SwitchActivity | null };
  storageProvider: string;
  environment: string;
  baseDomain: string;
  coordination: string;
}

/** What this instance's event consumer and agent self-healing counted since it started. */
export interface SwitchActivity {
  unattributedEvents: { total: number; byKind: Record<string, number> };
  healing: { passes: number; agentsChecked: number; corrections: number; byKind: { state: number; status: number; readd: number; tiers: number } };
}

export interface ComponentHealth {
  ok: boolean;
  error?: string;
}

export interface PlatformHealth {
  ok: boolean;
  components: { database: ComponentHealth; cache: ComponentHealth; switch: ComponentHealth };
}

export const systemConfigKey = ['platform', 'system-config'] as const;
export const platformHealthKey = ['platform', 'health'] as const;

export const systemApi = {
  config: () => api<SystemConfig>('/platform/system-config'),
  health: () => api<PlatformHealth>('/platform/health'),
};
