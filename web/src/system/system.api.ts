import { api } from '../app/api-client.ts';

export interface SystemConfig {
  dialerSimulation: boolean;
  dialerRealOutbound: boolean;
  switch: { kind: 'simulator' | 'freeswitch'; address: string | null; connected: boolean };
  storageProvider: string;
  environment: string;
  baseDomain: string;
  coordination: string;
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
