import { useBlobUrl, type BlobUrl } from '../app/use-blob-url.ts';
import { ivrMenusApi } from './ivr-menus.api.ts';

/**
 * An object URL for the menu's prompt, fetched with the session. `revision` changes whenever the
 * prompt may have changed (the menu's updatedAt), so a replaced prompt is fetched again.
 */
export function usePromptUrl(menuId: string | null, revision: string): BlobUrl {
  return useBlobUrl(menuId ? `${menuId}@${revision}` : null, () => ivrMenusApi.prompt(menuId!));
}
