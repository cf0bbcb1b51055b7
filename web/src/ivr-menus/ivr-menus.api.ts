import type { QueryClient } from '@tanstack/react-query';
import { api, apiBlob, apiUpload } from '../app/api-client.ts';

export const IVR_TARGET_TYPES = ['EXTENSION', 'QUEUE', 'IVR', 'HANGUP'] as const;
export type IvrTargetType = (typeof IVR_TARGET_TYPES)[number];

/** Where an option, or a menu whose tries ran out, sends the caller: the field of its type is set. */
export interface IvrTarget {
  targetType: IvrTargetType;
  /** An extension number of the tenant. */
  targetExtension: string | null;
  targetQueueId: string | null;
  targetMenuId: string | null;
}

export interface IvrOption extends IvrTarget {
  /** One key of the phone pad: 0-9, * or #. */
  digit: string;
  label: string | null;
  positionX: number | null;
  positionY: number | null;
}

export interface IvrMenu {
  id: string;
  name: string;
  /** The menu's own dialplan context; inbound routes send calls to it. */
  context: string;
  greeting: string;
  hasPrompt: boolean;
  promptSizeBytes: number | null;
  entryPositionX: number | null;
  entryPositionY: number | null;
  options: IvrOption[];
  /** Seconds the switch waits for a key, each try. */
  timeoutSeconds: number;
  /** Tries (a wrong key or none) before the caller goes to failureTarget. */
  maxFailures: number;
  failureTarget: IvrTarget;
  createdAt: string;
  updatedAt: string;
}

export interface IvrMenuCreateInput {
  name: string;
  context?: string;
  greeting?: string;
}

/** What PATCH accepts: any subset of the menu's editable fields; options replace the whole list. */
export interface IvrMenuPatch {
  name?: string;
  context?: string;
  greeting?: string;
  entryPositionX?: number | null;
  entryPositionY?: number | null;
  options?: (TargetInput & {
    digit: string;
    label?: string | null;
    positionX?: number | null;
    positionY?: number | null;
  })[];
  timeoutSeconds?: number;
  maxFailures?: number;
  failureTarget?: TargetInput;
}

/** A target as sent: its type and only the field that type needs. */
export interface TargetInput {
  targetType: IvrTargetType;
  targetExtension?: string;
  targetQueueId?: string;
  targetMenuId?: string;
}

export const ivrMenusKey = (tenantId: string | null) => ['ivr-menus', tenantId] as const;
export const ivrMenuKey = (tenantId: string | null, id: string) => ['ivr-menus', tenantId, id] as const;

const one = (id: string) => `/ivr-menus/${encodeURIComponent(id)}`;
export const promptPath = (id: string) => `${one(id)}/prompt`;

export const ivrMenusApi = {
  list: () => api<IvrMenu[]>('/ivr-menus'),
  get: (id: string) => api<IvrMenu>(one(id)),
  create: (input: IvrMenuCreateInput) => api<IvrMenu>('/ivr-menus', { method: 'POST', body: input }),
  update: (id: string, patch: IvrMenuPatch) => api<IvrMenu>(one(id), { method: 'PATCH', body: patch }),
  remove: (id: string) => api<void>(one(id), { method: 'DELETE' }),
  /** The server reads the multipart field "file" and checks the WAV header and format itself. */
  uploadPrompt: (id: string, file: File, onProgress: (fraction: number) => void = () => undefined) => {
    const form = new FormData();
    form.append('file', file);
    return apiUpload<IvrMenu>(promptPath(id), form, onProgress);
  },
  prompt: (id: string) => apiBlob(promptPath(id)),
  removePrompt: (id: string) => api<void>(promptPath(id), { method: 'DELETE' }),
};

/** Puts the server's answer in the menu's cache and the list's, so neither shows the old copy. */
export function rememberMenu(queryClient: QueryClient, tenantId: string | null, menu: IvrMenu): void {
  queryClient.setQueryData(ivrMenuKey(tenantId, menu.id), menu);
  queryClient.setQueryData<IvrMenu[]>(ivrMenusKey(tenantId), (list) =>
    list?.some((item) => item.id === menu.id)
      ? list.map((item) => (item.id === menu.id ? menu : item))
      : list && [...list, menu],
  );
}
