import { api } from '../app/api-client.ts';

/** A queue the signed-in agent serves, with its tier. */
export interface MyQueue {
  id: string;
  name: string;
  strategy: string;
  level: number;
  position: number;
}

export const myQueuesKey = (tenantId: string | null, userId: string | null) =>
  ['agents', 'me', 'queues', tenantId, userId] as const;

export const homeApi = {
  myQueues: () => api<MyQueue[]>('/agents/me/queues'),
};
