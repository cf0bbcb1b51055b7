import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../app/auth-context.tsx';
import { AudioUpload } from '../app/audio-upload.tsx';
import { ivrMenusApi, ivrMenusKey, rememberMenu, type IvrMenu } from './ivr-menus.api.ts';
import { usePromptUrl } from './use-prompt-url.ts';

/** The menu's audio: upload (WAV only, checked by the server), listen, replace, remove. */
export function IvrPrompt({ menu, readOnly }: { menu: IvrMenu; readOnly: boolean }) {
  const { me } = useAuth();
  const queryClient = useQueryClient();
  const preview = usePromptUrl(menu.hasPrompt ? menu.id : null, menu.updatedAt);
  const tenantId = me?.tenantId ?? null;

  return (
    <AudioUpload
      texts="ivrMenus.prompt"
      present={menu.hasPrompt}
      sizeBytes={menu.promptSizeBytes}
      preview={preview}
      readOnly={readOnly}
      // The answer is the menu with its new prompt: it replaces the cached copies.
      upload={async (file, onProgress) => rememberMenu(queryClient, tenantId, await ivrMenusApi.uploadPrompt(menu.id, file, onProgress))}
      remove={async () => {
        try {
          await ivrMenusApi.removePrompt(menu.id);
          rememberMenu(queryClient, tenantId, { ...menu, hasPrompt: false, promptSizeBytes: null });
        } finally {
          // The removal answers no body: read the menu again for what the server changed with it.
          await queryClient.invalidateQueries({ queryKey: ivrMenusKey(tenantId) });
        }
      }}
    />
  );
}
