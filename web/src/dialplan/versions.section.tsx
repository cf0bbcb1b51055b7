import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../app/auth-context.tsx';
import { ConfirmButton } from '../app/confirm-button.tsx';
import { ErrorMessage, Loading, SuccessMessage } from '../app/feedback.tsx';
import { useFormat } from '../app/use-format.ts';
import { usersApi, usersKey } from '../users/users.api.ts';
import { dialplanApi, versionXmlKey, type DialplanVersion, type VersionStatus } from './dialplan.api.ts';
import { VersionDiff } from './version-diff.tsx';

interface VersionsSectionProps {
  context: string;
  /** The context's versions, newest first, or undefined while loading. */
  versions: DialplanVersion[] | undefined;
  canConfigure: boolean;
}

const BADGE: Record<VersionStatus, string> = { DRAFT: 'pending', ACTIVE: 'active', SUPERSEDED: 'superseded' };

export function VersionsSection({ context, versions, canConfigure }: VersionsSectionProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const queryClient = useQueryClient();
  const authorName = useAuthorName();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['dialplan', 'versions'] });

  const generate = useMutation({
    mutationFn: () => dialplanApi.generate(context),
    onSuccess: (version) => {
      queryClient.setQueryData(versionXmlKey(version.id), version);
      setSelectedId(version.id);
    },
    onSettled: refresh,
  });
  const activate = useMutation({
    mutationFn: (version: DialplanVersion) => dialplanApi.activate(version.id),
    onSettled: refresh,
  });
  const clearResults = () => {
    generate.reset();
    activate.reset();
  };

  const selected = versions?.find((version) => version.id === selectedId);
  const active = versions?.find((version) => version.status === 'ACTIVE');

  return (
    <section className="dialplan-section" aria-labelledby="dialplan-versions">
      <div className="section-title">
        <h2 id="dialplan-versions">{t('dialplan.versions.title')}</h2>
        {canConfigure && (
          <button
            type="button"
            disabled={generate.isPending}
            onClick={() => {
              clearResults();
              generate.mutate();
            }}
          >
            {t('dialplan.versions.generate')}
          </button>
        )}
      </div>
      <p className="muted">{t('dialplan.versions.intro')}</p>
      <ErrorMessage error={generate.error ?? activate.error} />
      {generate.data && (
        <SuccessMessage>{t('dialplan.versions.generated', { number: generate.data.number })}</SuccessMessage>
      )}
      {activate.data && (
        <SuccessMessage>{t('dialplan.versions.activated', { number: activate.data.number })}</SuccessMessage>
      )}
      {versions === undefined ? (
        <Loading />
      ) : versions.length === 0 ? (
        <p>{t('dialplan.versions.empty')}</p>
      ) : (
        <div className="table-scroll">
          <table aria-labelledby="dialplan-versions">
            <thead>
              <tr>
                <th className="number">{t('dialplan.versions.number')}</th>
                <th>{t('common.status')}</th>
                <th>{t('common.createdAt')}</th>
                <th>{t('dialplan.versions.createdBy')}</th>
                <th>{t('dialplan.versions.activatedAt')}</th>
                <th>{t('common.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {versions.map((version) => (
                <tr
                  key={version.id}
                  aria-current={version.id === selectedId ? 'true' : undefined}
                  className={version.id === selectedId ? 'selected' : undefined}
                >
                  <td className="number">{t('dialplan.versions.label', { number: version.number })}</td>
                  <td>
                    <span className={`badge ${BADGE[version.status]}`}>
                      {t(`dialplan.versions.status.${version.status}`)}
                    </span>
                  </td>
                  <td>{format.dateTime(version.createdAt)}</td>
                  <td className="author">{authorName(version.createdBy)}</td>
                  <td className="nowrap">
                    {version.activatedAt ? format.dateTime(version.activatedAt) : '—'}
                  </td>
                  <td>
                    <div className="row-actions">
                      <button type="button" className="secondary" onClick={() => setSelectedId(version.id)}>
                        {t('dialplan.versions.view')}
                      </button>
                      {canConfigure && version.status !== 'ACTIVE' && (
                        <ConfirmButton
                          label={t(
                            version.status === 'DRAFT'
                              ? 'dialplan.versions.activate'
                              : 'dialplan.versions.rollback',
                          )}
                          confirmLabel={t(
                            version.status === 'DRAFT'
                              ? 'dialplan.versions.confirmActivate'
                              : 'dialplan.versions.confirmRollback',
                          )}
                          disabled={activate.isPending}
                          onConfirm={() => {
                            clearResults();
                            activate.mutate(version);
                          }}
                        />
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {selected && <VersionDiff version={selected} active={active} onClose={() => setSelectedId(null)} />}
    </section>
  );
}

/** Who generated a version: the tenant's users by e-mail when the viewer may list them. */
function useAuthorName(): (userId: string | null) => string {
  const { t } = useTranslation();
  const { me, can } = useAuth();
  const users = useQuery({
    queryKey: usersKey(me?.tenantId ?? null),
    queryFn: usersApi.list,
    enabled: can('users.manage'),
  });
  return (userId) => {
    if (userId === null) return t('dialplan.versions.bySystem');
    if (userId === me?.sub) return me.email;
    return users.data?.find((user) => user.id === userId)?.email ?? t('dialplan.versions.byUnknown');
  };
}
