import type { QueryClient } from '@tanstack/react-query';
import { api, apiBlob } from '../app/api-client.ts';

export interface IvrOption {
  /** One key of the phone pad: 0-9, * or #. */
  digit: string;
  /** The option transfers the call to this extension number of the tenant. */
  targetExtension: string;
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
  options?: {
    digit: string;
    targetExtension: string;
    label?: string | null;
    positionX?: number | null;
    positionY?: number | null;
  }[];
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
  uploadPrompt: (id: string, file: File) => {
    const form = new FormData();
    form.append('file', file);
    return api<IvrMenu>(promptPath(id), { method: 'POST', body: form });
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
