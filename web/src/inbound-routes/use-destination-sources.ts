import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../app/auth-context.tsx';
import { extensionsApi, extensionsKey } from '../extensions/extensions.api.ts';
import { ivrMenusApi, ivrMenusKey } from '../ivr-menus/ivr-menus.api.ts';
import { queuesApi, queuesKey } from '../queues/queues.api.ts';
import type { DestinationSources } from './destinations.ts';

/** The tenant's extensions, IVR menus and queues, each read only when the user may see it. */
export function useDestinationSources(): { sources: DestinationSources; pending: boolean; error: unknown } {
  const { me, can } = useAuth();
  const tenantId = me?.tenantId ?? null;
  const extensions = useQuery({
    queryKey: extensionsKey(tenantId),
    queryFn: extensionsApi.list,
    enabled: can('extensions.view'),
  });
  const ivrMenus = useQuery({
    queryKey: ivrMenusKey(tenantId),
    queryFn: ivrMenusApi.list,
    enabled: can('freeswitch.view'),
  });
  const queues = useQuery({
    queryKey: queuesKey(tenantId),
    queryFn: queuesApi.list,
    enabled: can('queues.view'),
  });
  const all = [extensions, ivrMenus, queues];
  return {
    sources: { extensions: extensions.data, ivrMenus: ivrMenus.data, queues: queues.data },
    // A disabled query stays pending forever; only the ones actually fetching count.
    pending: all.some((query) => query.isLoading),
    error: extensions.error ?? ivrMenus.error ?? queues.error,
  };
}
