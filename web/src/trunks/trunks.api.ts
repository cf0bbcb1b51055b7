import { api } from '../app/api-client.ts';

export const TRANSPORTS = ['udp', 'tcp', 'tls'] as const;
export const DTMF_MODES = ['rfc2833', 'info', 'inband'] as const;

export interface Trunk {
  id: string;
  name: string;
  host: string;
  register: boolean;
  username: string | null;
  /** The password itself is write-only. */
  hasPassword: boolean;
  dtmfMode: string;
  transport: string;
  proxy: string | null;
  realm: string | null;
  fromUser: string | null;
  fromDomain: string | null;
  registerProxy: string | null;
  outboundProxy: string | null;
  expireSeconds: number | null;
  callerIdInFrom: boolean;
  /** Calls per second the carrier accepts on this trunk; null: no trunk limit. */
  cpsLimit: number | null;
  status: string;
  statusUpdatedAt: string | null;
  createdAt: string;
}

export interface TrunkInput {
  name: string;
  host: string;
  username?: string | null;
  password?: string | null;
  register?: boolean;
  transport?: (typeof TRANSPORTS)[number];
  dtmfMode?: (typeof DTMF_MODES)[number];
  realm?: string | null;
  fromUser?: string | null;
  fromDomain?: string | null;
  registerProxy?: string | null;
  outboundProxy?: string | null;
  expireSeconds?: number | null;
  callerIdInFrom?: boolean;
  cpsLimit?: number | null;
}

export const trunksKey = (tenantId: string | null) => ['trunks', tenantId] as const;

export const trunksApi = {
  list: () => api<Trunk[]>('/trunks'),
  create: (input: TrunkInput) => api<Trunk>('/trunks', { method: 'POST', body: input }),
  /** Settings and, when given, a new password (leaving it out keeps the stored one). */
  update: (id: string, input: Partial<TrunkInput>) =>
    api<Trunk>(`/trunks/${encodeURIComponent(id)}`, { method: 'PATCH', body: input }),
  remove: (id: string) => api<void>(`/trunks/${encodeURIComponent(id)}`, { method: 'DELETE' }),
};
