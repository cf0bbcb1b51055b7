import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../app/auth-context.tsx';
import { sortedExtensions } from '../extensions/extension-label.ts';
import { extensionsApi, extensionsKey, type Extension } from '../extensions/extensions.api.ts';
import { describeDestination } from './ivr-destinations.ts';

export interface Destinations {
  /** The tenant's extensions, or undefined while unknown (loading, or not readable by this user). */
  extensions: Extension[] | undefined;
  /** An option's destination by the name people know it. */
  nameOf: (targetExtension: string) => string;
  error: unknown;
}

export function useDestinations(): Destinations {
  const { t } = useTranslation();
  const { me, can } = useAuth();
  const query = useQuery({
    queryKey: extensionsKey(me?.tenantId ?? null),
    queryFn: extensionsApi.list,
    enabled: can('extensions.view'),
  });
  const extensions = query.data ? sortedExtensions(query.data) : undefined;
  const nameOf = (targetExtension: string) => {
    const destination = describeDestination(targetExtension, extensions);
    return destination.kind === 'extension'
      ? t('ivrMenus.destination.extension', { extension: destination.label })
      : t('ivrMenus.destination.unknown', { number: destination.number });
  };
  return { extensions, nameOf, error: query.error };
}
