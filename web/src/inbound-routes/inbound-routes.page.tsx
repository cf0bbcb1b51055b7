import { MyNumbers } from '../numbers/my-numbers.tsx';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../app/auth-context.tsx';
import { EditDeleteButtons } from '../app/edit-delete-buttons.tsx';
import { ErrorMessage, Loading, SuccessMessage } from '../app/feedback.tsx';
import { useFormat } from '../app/use-format.ts';
import { destinationName } from './destinations.ts';
import { InboundRouteForm } from './inbound-route.form.tsx';
import { inboundRoutesApi, inboundRoutesKey, type InboundRoute } from './inbound-routes.api.ts';
import { formatDid } from './did-format.ts';
import { useDestinationSources } from './use-destination-sources.ts';

type Panel = { kind: 'create' } | { kind: 'edit'; route: InboundRoute } | null;

export function InboundRoutesPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const { me, can } = useAuth();
  const queryClient = useQueryClient();
  const routes = useQuery({
    queryKey: inboundRoutesKey(me?.tenantId ?? null),
    queryFn: inboundRoutesApi.list,
  });
  const destinations = useDestinationSources();
  const [panel, setPanel] = useState<Panel>(null);
  const remove = useMutation({
    mutationFn: inboundRoutesApi.remove,
    onSuccess: () => setPanel(null),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['inbound-routes'] }),
  });
  const canConfigure = can('freeswitch.configure');
  const close = () => setPanel(null);
  const open = (next: Panel) => {
    remove.reset();
    setPanel(next);
  };

  return (
    <section>
      <div className="page-title">
        <h1>{t('inboundRoutes.title')}</h1>
        {canConfigure && panel === null && (
          <button type="button" onClick={() => open({ kind: 'create' })}>
            {t('inboundRoutes.newButton')}
          </button>
        )}
      </div>
      <p className="muted">{t('inboundRoutes.intro')}</p>
      {panel && (
        <InboundRouteForm
          key={panel.kind === 'edit' ? panel.route.id : 'new'}
          route={panel.kind === 'edit' ? panel.route : undefined}
          sources={destinations.sources}
          sourcesPending={destinations.pending}
          onSaved={close}
          onCancel={close}
        />
      )}
      <ErrorMessage error={routes.error ?? remove.error ?? destinations.error} />
      {remove.isSuccess && <SuccessMessage>{t('inboundRoutes.deleted')}</SuccessMessage>}
      {routes.isPending ? (
        <Loading />
      ) : routes.data?.length === 0 ? (
        <p>{t('inboundRoutes.empty')}</p>
      ) : (
        <div className="table-scroll">
          <table>
            <thead>
              <tr>
                <th>{t('inboundRoutes.didNumber')}</th>
                <th>{t('inboundRoutes.destinationType')}</th>
                <th>{t('inboundRoutes.destination')}</th>
                <th>{t('inboundRoutes.description')}</th>
                <th>{t('common.createdAt')}</th>
                {canConfigure && <th>{t('common.actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {routes.data?.map((route) => (
                <tr key={route.id}>
                  <td className="nowrap">{formatDid(route.didNumber)}</td>
                  <td>{t(`inboundRoutes.types.${route.destinationType}`)}</td>
                  <td>
                    {destinationName(route.destinationType, route.destinationNumber, destinations.sources) ??
                      route.destinationNumber}
                  </td>
                  <td>{route.description}</td>
                  <td className="nowrap">{format.dateTime(route.createdAt)}</td>
                  {canConfigure && (
                    <td className="row-actions">
                      <EditDeleteButtons
                        onEdit={() => open({ kind: 'edit', route })}
                        onDelete={() => remove.mutate(route.id)}
                        confirmLabel={t('inboundRoutes.confirmDelete')}
                        deleting={remove.isPending}
                      />
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <MyNumbers routed={new Set(routes.data?.map((route) => route.didNumber))} />
    </section>
  );
}
