// Keeps a campaign's leads table live: the leads are re-read (at most every 2 s) when the dialer
// ticks for this campaign (every 2 s while it dials: attempts end, leads move), when one of its
// calls ends (a disposition may follow), when a lead import for it progresses, and on reconnect.
// Without the realtime stream (it needs monitoring.view) the table is polled instead.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useAuth } from '../app/auth-context.tsx';
import { useRealtime } from '../app/realtime.ts';
import { throttle } from '../wallboard/wallboard-view.ts';

const REREAD_AT_MOST_EVERY_MS = 2_000;
/** How often the leads are re-read when the page is not live. */
export const LEADS_POLL_MS = 15_000;

const isFor = (campaignId: string) => (payload: unknown) =>
  typeof payload === 'object' && payload !== null && (payload as { campaignId?: unknown }).campaignId === campaignId;

export function useLiveLeads(campaignId: string): { connected: boolean } {
  const { me, can } = useAuth();
  const tenantId = me?.tenantId ?? null;
  const queryClient = useQueryClient();
  const reread = useMemo(
    () =>
      throttle(
        () => void queryClient.invalidateQueries({ queryKey: ['campaigns', tenantId, campaignId, 'leads'] }),
        REREAD_AT_MOST_EVERY_MS,
      ),
    [queryClient, tenantId, campaignId],
  );
  useEffect(() => () => reread.cancel(), [reread]);
  const ours = isFor(campaignId);
  const onOurs = (payload: unknown) => {
    if (ours(payload)) reread();
  };
  return useRealtime(can('monitoring.view'), {
    on: { CAMPAIGN_DIALER_UPDATED: onOurs, CALL_ENDED: onOurs, LIST_IMPORT_PROGRESS: onOurs, CAMPAIGN_STATUS_CHANGED: onOurs },
    onConnect: reread,
  });
}
