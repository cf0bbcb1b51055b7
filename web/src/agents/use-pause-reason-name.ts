// The name of an agent's current pause reason, one lookup for every page that shows agent states.
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../app/auth-context.tsx';
import { codeListApi, codeListKey } from '../code-lists/code-lists.api.ts';
import { pauseReasonLabel } from './pause-reason-label.ts';

/** Disabled reasons included: a pause may outlive its reason. The list is readable with agents.view. */
export function usePauseReasonName(): (id: string | null) => string | undefined {
  const { t } = useTranslation();
  const { me, can } = useAuth();
  const tenantId = me?.tenantId ?? null;
  const pauseReasons = useQuery({
    queryKey: codeListKey('pauseReasons', tenantId, true),
    queryFn: () => codeListApi('pauseReasons').list(true),
    enabled: can('agents.view'),
  });
  const reasons = pauseReasons.data;
  return useCallback(
    (id: string | null) => {
      if (!id) return undefined;
      const reason = reasons?.find((one) => one.id === id);
      return reason ? pauseReasonLabel(reason, t) : undefined;
    },
    [reasons, t],
  );
}
