import { api } from '../app/api-client.ts';

/** A number of the platform's inventory, assigned to one tenant; `number` is E.164. */
export interface PhoneNumber {
  id: string;
  number: string;
  createdAt: string;
}

/** One number, or a block of consecutive numbers; any written form (`(11) 3000-2000`). */
export type NumberAssignment = { number: string } | { from: string; to: string };

export const ownNumbersKey = (tenantId: string | null) => ['numbers', tenantId] as const;
export const tenantNumbersKey = (tenantId: string) => ['tenant-numbers', tenantId] as const;

const ofTenant = (tenantId: string) => `/tenants/${encodeURIComponent(tenantId)}/numbers`;

export const numbersApi = {
  /** The signed-in tenant's own numbers: what a route or a caller ID may use. */
  own: () => api<PhoneNumber[]>('/numbers'),
  ofTenant: (tenantId: string) => api<PhoneNumber[]>(ofTenant(tenantId)),
  assign: (tenantId: string, body: NumberAssignment) =>
    api<PhoneNumber[]>(ofTenant(tenantId), { method: 'POST', body }),
  release: (tenantId: string, number: string) =>
    api<void>(`${ofTenant(tenantId)}/${encodeURIComponent(number)}`, { method: 'DELETE' }),
};
