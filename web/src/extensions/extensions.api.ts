import { api } from '../app/api-client.ts';

export interface Extension {
  id: string;
  number: string;
  domain: string;
  callerId: string | null;
  callGroup: string | null;
  codecs: Codec[];
  maxRegistrations: number;
  registeredAt: string | null;
  /** The last REGISTER the switch refused, and from where. */
  lastRegistrationFailureAt: string | null;
  lastRegistrationFailureIp: string | null;
  createdAt: string;
  updatedAt: string;
}

/** Only the create, reset-password and reveal-password answers carry the SIP password. */
export interface ExtensionWithPassword extends Extension {
  sipPassword: string;
  /** Where the phone registers (the platform's SIP_REGISTRAR_* configuration). */
  registrar: { host: string; port: number; transport: 'udp' | 'tcp' | 'tls' };
}

/** The codecs the server accepts, in the order the form lists them. */
export const CODECS = ['PCMA', 'PCMU', 'G722', 'OPUS', 'G729'] as const;
export type Codec = (typeof CODECS)[number];

export interface ExtensionPatch {
  callerId?: string | null;
  callGroup?: string | null;
  codecs?: Codec[];
  maxRegistrations?: number;
}

export interface ExtensionInput {
  number: string;
  callerId?: string | null;
  callGroup?: string | null;
}

export const extensionsKey = (tenantId: string | null) => ['extensions', tenantId] as const;

const one = (id: string) => `/extensions/${encodeURIComponent(id)}`;

export const extensionsApi = {
  list: () => api<Extension[]>('/extensions'),
  create: (input: ExtensionInput) =>
    api<ExtensionWithPassword>('/extensions', { method: 'POST', body: input }),
  update: (id: string, patch: ExtensionPatch) => api<Extension>(one(id), { method: 'PATCH', body: patch }),
  remove: (id: string) => api<void>(one(id), { method: 'DELETE' }),
  resetPassword: (id: string) => api<ExtensionWithPassword>(`${one(id)}/reset-password`, { method: 'POST' }),
  revealPassword: (id: string) =>
    api<ExtensionWithPassword>(`${one(id)}/reveal-password`, { method: 'POST' }),
};
