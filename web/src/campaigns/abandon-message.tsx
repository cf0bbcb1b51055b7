// The campaign's own abandon message (decision 0052): what a customer the dialer answered but no
// agent took hears before the call ends. Without one, the platform's default plays.
import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../app/auth-context.tsx';
import { AudioUpload } from '../app/audio-upload.tsx';
import { useBlobUrl } from '../app/use-blob-url.ts';
import { campaignKey, campaignsApi, campaignsKey, type Campaign } from './campaigns.api.ts';

export function AbandonMessage({ campaign }: { campaign: Campaign }) {
  const { me, can } = useAuth();
  const queryClient = useQueryClient();
  const tenantId = me?.tenantId ?? null;
  // updatedAt moves with every upload and removal: a replaced message is fetched again.
  const preview = useBlobUrl(campaign.hasAbandonMessage ? `${campaign.id}@${campaign.updatedAt}` : null, () =>
    campaignsApi.abandonMessage(campaign.id),
  );
  const remember = (saved: Campaign) => {
    queryClient.setQueryData(campaignKey(tenantId, saved.id), saved);
    void queryClient.invalidateQueries({ queryKey: campaignsKey(tenantId), exact: true });
  };

  return (
    <AudioUpload
      texts="campaigns.abandonMessage"
      heading="h2"
      present={campaign.hasAbandonMessage}
      sizeBytes={campaign.abandonMessageSizeBytes}
      preview={preview}
      readOnly={!can('campaigns.manage')}
      upload={async (file, onProgress) => remember(await campaignsApi.uploadAbandonMessage(campaign.id, file, onProgress))}
      remove={async () => {
        try {
          await campaignsApi.removeAbandonMessage(campaign.id);
        } finally {
          // The removal answers no body: read the campaign again.
          await queryClient.invalidateQueries({ queryKey: campaignKey(tenantId, campaign.id), exact: true });
        }
      }}
    />
  );
}
