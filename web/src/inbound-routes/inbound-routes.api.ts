import { api } from '../app/api-client.ts';

export const DESTINATION_TYPES = ['EXTENSION', 'IVR', 'QUEUE', 'CALL_GROUP'] as const;
export type DestinationType = (typeof DESTINATION_TYPES)[number];

export interface InboundRoute {
  id: string;
  /** Unique across every tenant: it is how an inbound call finds its tenant. */
  didNumber: string;
  destinationType: DestinationType;
  /** EXTENSION: extension number; IVR: menu context; QUEUE: queue id; CALL_GROUP: a callGroup. */
  destinationNumber: string;
  description: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface InboundRouteInput {
  didNumber: string;
  destinationType: DestinationType;
  destinationNumber: string;
  description: string | null;
}

export const inboundRoutesKey = (tenantId: string | null) => ['inbound-routes', tenantId] as const;

const one = (id: string) => `/inbound-routes/${encodeURIComponent(id)}`;

export const inboundRoutesApi = {
  list: () => api<InboundRoute[]>('/inbound-routes'),
  create: (input: InboundRouteInput) => api<InboundRoute>('/inbound-routes', { method: 'POST', body: input }),
  update: (id: string, patch: Partial<InboundRouteInput>) =>
    api<InboundRoute>(one(id), { method: 'PATCH', body: patch }),
  remove: (id: string) => api<void>(one(id), { method: 'DELETE' }),
};
