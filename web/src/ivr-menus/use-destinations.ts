import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../app/auth-context.tsx';
import { sortedExtensions } from '../extensions/extension-label.ts';
import { extensionsApi, extensionsKey, type Extension } from '../extensions/extensions.api.ts';
import { queuesApi, queuesKey, type Queue } from '../queues/queues.api.ts';
import { describeDestination } from './ivr-destinations.ts';
import type { DraftTarget } from './ivr-draft.ts';
import { ivrMenusApi, ivrMenusKey, type IvrMenu } from './ivr-menus.api.ts';

export interface Destinations {
  /** The tenant's extensions, or undefined while unknown (loading, or not readable by this user). */
  extensions: Extension[] | undefined;
  /** The tenant's queues, or undefined while unknown. */
  queues: Queue[] | undefined;
  /** The tenant's IVR menus, or undefined while unknown. */
  menus: IvrMenu[] | undefined;
  /** A target by the name people know it. */
  nameOf: (target: DraftTarget) => string;
  error: unknown;
}

export function useDestinations(): Destinations {
  const { t } = useTranslation();
  const { me, can } = useAuth();
  const tenantId = me?.tenantId ?? null;
  const extensionsQuery = useQuery({ queryKey: extensionsKey(tenantId), queryFn: extensionsApi.list, enabled: can('extensions.view') });
  const queuesQuery = useQuery({ queryKey: queuesKey(tenantId), queryFn: queuesApi.list, enabled: can('queues.view') });
  const menusQuery = useQuery({ queryKey: ivrMenusKey(tenantId), queryFn: ivrMenusApi.list });
  const extensions = extensionsQuery.data ? sortedExtensions(extensionsQuery.data) : undefined;
  const queues = queuesQuery.data ? [...queuesQuery.data].sort((a, b) => a.name.localeCompare(b.name)) : undefined;
  const menus = menusQuery.data ? [...menusQuery.data].sort((a, b) => a.name.localeCompare(b.name)) : undefined;
  const nameOf = (target: DraftTarget) => {
    switch (target.type) {
      case 'EXTENSION': {
        const destination = describeDestination(target.value, extensions);
        return destination.kind === 'extension'
          ? t('ivrMenus.destination.extension', { extension: destination.label })
          : t('ivrMenus.destination.unknown', { number: destination.number });
      }
      case 'QUEUE': {
        const queue = queues?.find((item) => item.id === target.value);
        return queue ? t('ivrMenus.destination.queue', { name: queue.name }) : t('ivrMenus.destination.someQueue');
      }
      case 'IVR': {
        const menu = menus?.find((item) => item.id === target.value);
        return menu ? t('ivrMenus.destination.menu', { name: menu.name }) : t('ivrMenus.destination.someMenu');
      }
      case 'HANGUP':
        return t('ivrMenus.destination.hangup');
    }
  };
  return { extensions, queues, menus, nameOf, error: extensionsQuery.error ?? queuesQuery.error ?? menusQuery.error };
}
