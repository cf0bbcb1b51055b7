import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../app/auth-context.tsx';
import { extensionsApi, extensionsKey } from '../extensions/extensions.api.ts';
import { describeDestination, sortedExtensions, type ExtensionSummary } from './ivr-destinations.ts';

export interface Destinations {
  /** The tenant's extensions, or undefined while unknown (loading, or not readable by this user). */
  extensions: ExtensionSummary[] | undefined;
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
    switch (destination.kind) {
      case 'named':
        return t('ivrMenus.destination.named', { number: destination.number, name: destination.name });
      case 'plain':
        return t('ivrMenus.destination.extension', { number: destination.number });
      case 'unknown':
        return t('ivrMenus.destination.unknown', { number: destination.number });
    }
  };
  return { extensions, nameOf, error: query.error };
}
