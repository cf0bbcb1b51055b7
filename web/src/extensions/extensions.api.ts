import { api } from '../app/api-client.ts';

export interface Extension {
  id: string;
  number: string;
  domain: string;
  callerId: string | null;
  callGroup: string | null;
  registeredAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** Only the create, reset-password and reveal-password answers carry the SIP password. */
export interface ExtensionWithPassword extends Extension {
  sipPassword: string;
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
  remove: (id: string) => api<void>(one(id), { method: 'DELETE' }),
  resetPassword: (id: string) => api<ExtensionWithPassword>(`${one(id)}/reset-password`, { method: 'POST' }),
  revealPassword: (id: string) =>
    api<ExtensionWithPassword>(`${one(id)}/reveal-password`, { method: 'POST' }),
};
