import { api } from '../app/api-client.ts';

export interface DialplanAction {
  application: string;
  data: string;
}

export interface DialplanRule {
  id: string;
  context: string;
  name: string;
  conditionField: string;
  conditionExpression: string;
  actions: DialplanAction[];
  antiActions: DialplanAction[];
  continue: boolean;
  /** Evaluation order inside the context: lower first. */
  order: number;
  enabled: boolean;
  createdAt: string;
  updatedAt: string;
}

export type DialplanRuleInput = Omit<DialplanRule, 'id' | 'createdAt' | 'updatedAt'>;

export const VERSION_STATUSES = ['DRAFT', 'ACTIVE', 'SUPERSEDED'] as const;
export type VersionStatus = (typeof VERSION_STATUSES)[number];

export interface DialplanVersion {
  id: string;
  context: string;
  number: number;
  status: VersionStatus;
  /** The user who generated it; null for the version seeded with the tenant. */
  createdBy: string | null;
  createdAt: string;
  activatedAt: string | null;
}

export interface DialplanVersionWithXml extends DialplanVersion {
  xml: string;
}

export const rulesKey = (tenantId: string | null) => ['dialplan', 'rules', tenantId] as const;
export const versionsKey = (tenantId: string | null) => ['dialplan', 'versions', tenantId] as const;
/** A version's XML never changes once generated. */
export const versionXmlKey = (id: string) => ['dialplan', 'version-xml', id] as const;

const rule = (id: string) => `/dialplan/rules/${encodeURIComponent(id)}`;
const version = (id: string) => `/dialplan/versions/${encodeURIComponent(id)}`;

export const dialplanApi = {
  rules: () => api<DialplanRule[]>('/dialplan/rules'),
  createRule: (input: DialplanRuleInput) =>
    api<DialplanRule>('/dialplan/rules', { method: 'POST', body: input }),
  updateRule: (id: string, input: DialplanRuleInput) =>
    api<DialplanRule>(rule(id), { method: 'PATCH', body: input }),
  removeRule: (id: string) => api<void>(rule(id), { method: 'DELETE' }),
  versions: () => api<DialplanVersion[]>('/dialplan/versions'),
  version: (id: string) => api<DialplanVersionWithXml>(version(id)),
  /** Compiles the context's enabled rules into the next numbered DRAFT; the switch is untouched. */
  generate: (context: string) =>
    api<DialplanVersionWithXml>('/dialplan/versions', { method: 'POST', body: { context } }),
  /** DRAFT or SUPERSEDED → ACTIVE; re-activating an older version is the rollback. */
  activate: (id: string) => api<DialplanVersion>(`${version(id)}/activate`, { method: 'POST' }),
};
