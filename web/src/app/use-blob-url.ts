import { useEffect, useRef, useState } from 'react';

export interface BlobUrl {
  url: string | null;
  error: unknown;
}

/**
 * An object URL for a binary resource fetched with the session (an <audio> cannot send the bearer
 * token itself). `key` names the resource's current version (null: none): when it changes the old
 * URL is revoked and the new one fetched; revoked on unmount too.
 */
export function useBlobUrl(key: string | null, load: () => Promise<Blob>): BlobUrl {
  const [state, setState] = useState<BlobUrl & { key: string | null }>({ key: null, url: null, error: null });
  // The latest loader without refetching on every render.
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });

  useEffect(() => {
    if (key === null) return;
    let live = true;
    let url: string | null = null;
    loadRef.current().then(
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
  }, [key]);

  // What is left from an earlier version is never shown: its URL is revoked already.
  return key !== null && state.key === key ? state : { url: null, error: null };
}
