import type { Wallboard } from '@callcenter/rules/monitoring/wallboard-shapes';
import { api } from '../app/api-client.ts';

/** A queue, a call and the whole wallboard as GET /monitoring/wallboard answers them. */
export type { CallInProgress, Wallboard, WallboardQueue as QueueToday } from '@callcenter/rules/monitoring/wallboard-shapes';

export const wallboardKey = (tenantId: string | null) => ['wallboard', tenantId] as const;

export const wallboardApi = {
  get: () => api<Wallboard>('/monitoring/wallboard'),
};
