import { useEffect, useState } from 'react';
import { ivrMenusApi } from './ivr-menus.api.ts';

interface PromptUrl {
  url: string | null;
  error: unknown;
}

/**
 * An object URL for the menu's prompt, fetched with the session (an <audio> cannot send the
 * bearer token itself). Revoked when the prompt is replaced or removed and on unmount.
 * `revision` changes whenever the prompt may have changed (the menu's updatedAt).
 */
export function usePromptUrl(menuId: string | null, revision: string): PromptUrl {
  const key = menuId ? `${menuId}@${revision}` : '';
  const [state, setState] = useState<PromptUrl & { key: string }>({ key: '', url: null, error: null });

  useEffect(() => {
    if (!menuId) return;
    let live = true;
    let url: string | null = null;
    ivrMenusApi.prompt(menuId).then(
      (blob) => {
        if (!live) return;
        url = URL.createObjectURL(blob);
        setState({ key, url, error: null });
      },
      (error: unknown) => {
        if (live) setState({ key, url: null, error });
      },
    );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [menuId, key]);

  // What is left from an earlier prompt is never shown: its URL is revoked already.
  return key !== '' && state.key === key ? state : { url: null, error: null };
}
