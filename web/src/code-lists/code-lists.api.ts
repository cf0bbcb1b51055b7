// One client for the tenant's code lists, configured per list the way the server shares one
// service (server/src/modules/code-lists): same routes and rules, a few list-specific fields.
import type { PermissionKey } from '@callcenter/rules/permissions';
import { api } from '../app/api-client.ts';

export type CodeListKind = 'pauseReasons' | 'dispositions';

/** What classifying a call with a disposition does to its lead (the dialer reads it). */
export const DISPOSITION_ACTIONS = ['NONE', 'CALLBACK', 'DO_NOT_CALL', 'SUCCESS'] as const;
export type DispositionAction = (typeof DISPOSITION_ACTIONS)[number];

/** An entry as the server lists it; `action` exists on dispositions only. */
export interface CodeListItem {
  id: string;
  code: string;
  name: string;
  enabled: boolean;
  action?: DispositionAction;
  createdAt: string;
  updatedAt: string;
}

export interface CodeListInput {
  code: string;
  name: string;
  enabled: boolean;
  action?: DispositionAction;
}

export interface CodeListSpec {
  path: string;
  /** Who may create, edit, disable and enable (reading is the route's guard). */
  write: PermissionKey;
  /** Dispositions carry an action. */
  hasAction: boolean;
}

export const CODE_LISTS: Readonly<Record<CodeListKind, CodeListSpec>> = {
  pauseReasons: { path: '/pause-reasons', write: 'pause_reasons.manage', hasAction: false },
  dispositions: { path: '/dispositions', write: 'dispositions.manage', hasAction: true },
};

/** The server's code rule (pause-reasons.schema.ts), as an HTML pattern. */
export const CODE_PATTERN = '[A-Za-z0-9_\\-]{1,40}';

export const codeListKey = (kind: CodeListKind, tenantId: string | null, includeDisabled: boolean) =>
  ['code-lists', kind, tenantId, includeDisabled] as const;

export function codeListApi(kind: CodeListKind) {
  const { path } = CODE_LISTS[kind];
  const one = (id: string) => `${path}/${encodeURIComponent(id)}`;
  return {
    /** Enabled entries; with `includeDisabled`, the disabled ones too (to enable one again). */
    list: (includeDisabled = false) =>
      api<CodeListItem[]>(includeDisabled ? `${path}?includeDisabled=true` : path),
    create: (input: CodeListInput) => api<CodeListItem>(path, { method: 'POST', body: input }),
    update: (id: string, input: Partial<CodeListInput>) =>
      api<CodeListItem>(one(id), { method: 'PATCH', body: input }),
    /** The server never erases: deleting disables (past pauses and calls keep pointing at it). */
    remove: (id: string) => api<void>(one(id), { method: 'DELETE' }),
    enable: (id: string) => api<CodeListItem>(one(id), { method: 'PATCH', body: { enabled: true } }),
  };
}
