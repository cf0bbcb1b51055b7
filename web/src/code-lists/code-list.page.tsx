import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../app/auth-context.tsx';
import { ConfirmButton } from '../app/confirm-button.tsx';
import { ErrorMessage, Loading, SuccessMessage } from '../app/feedback.tsx';
import { useFormat } from '../app/use-format.ts';
import { CodeListForm } from './code-list.form.tsx';
import {
  CODE_LISTS,
  DISPOSITION_ACTIONS,
  codeListApi,
  codeListKey,
  type CodeListItem,
  type CodeListKind,
} from './code-lists.api.ts';
import './code-lists.css';

export type { CodeListKind } from './code-lists.api.ts';

type Panel = { kind: 'create' } | { kind: 'edit'; item: CodeListItem } | null;

/** Pause reasons or dispositions: one page, configured per list (see code-lists.api.ts). */
export function CodeListPage({ kind }: { kind: CodeListKind }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { me, can } = useAuth();
  const queryClient = useQueryClient();
  const tenantId = me?.tenantId ?? null;
  const { write, hasAction } = CODE_LISTS[kind];
  const api = codeListApi(kind);
  const canWrite = can(write);
  // Writers also see disabled entries, to enable them again; everyone else sees the enabled ones.
  const items = useQuery({
    queryKey: codeListKey(kind, tenantId, canWrite),
    queryFn: () => api.list(canWrite),
  });
  const [panel, setPanel] = useState<Panel>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['code-lists', kind] });
  const remove = useMutation({
    mutationFn: (item: CodeListItem) => api.remove(item.id),
    onSuccess: () => setPanel(null),
    onSettled: refresh,
  });
  const enable = useMutation({
    mutationFn: (item: CodeListItem) => api.enable(item.id),
    onSettled: refresh,
  });
  const clearResults = () => {
    remove.reset();
    enable.reset();
  };
  const close = () => setPanel(null);

  return (
    <section className="code-list-page">
      <div className="page-title">
        <h1>{t(`menu.${kind}`)}</h1>
        {canWrite && panel === null && (
          <button
            type="button"
            onClick={() => {
              clearResults();
              setPanel({ kind: 'create' });
            }}
          >
            {t(`codeLists.${kind}.newButton`)}
          </button>
        )}
      </div>
      <p className="muted">{t(`codeLists.${kind}.intro`)}</p>
      {panel?.kind === 'create' && <CodeListForm kind={kind} onSaved={close} onCancel={close} />}
      {panel?.kind === 'edit' && (
        <CodeListForm key={panel.item.id} kind={kind} item={panel.item} onSaved={close} onCancel={close} />
      )}
      <ErrorMessage error={items.error ?? remove.error ?? enable.error} />
      {remove.isSuccess && <SuccessMessage>{t(`codeLists.${kind}.deleted`)}</SuccessMessage>}
      {enable.isSuccess && <SuccessMessage>{t(`codeLists.${kind}.enabledAgain`)}</SuccessMessage>}
      {items.isPending ? (
        <Loading />
      ) : items.data?.length === 0 ? (
        <p>{t(`codeLists.${kind}.empty`)}</p>
      ) : (
        <table aria-label={t(`menu.${kind}`)}>
          <thead>
            <tr>
              <th>{t('codeLists.code')}</th>
              <th>{t('common.name')}</th>
              {hasAction && <th>{t('codeLists.action')}</th>}
              {canWrite && <th>{t('common.status')}</th>}
              <th>{t('common.createdAt')}</th>
              {canWrite && <th>{t('common.actions')}</th>}
            </tr>
          </thead>
          <tbody>
            {items.data?.map((item) => (
              <tr key={item.id} className={item.enabled ? undefined : 'disabled-entry'}>
                <td>
                  <code>{item.code}</code>
                </td>
                <td>{item.name}</td>
                {hasAction && <td>{item.action && t(`codeLists.actions.${item.action}`)}</td>}
                {canWrite && (
                  <td>
                    <span className={`badge ${item.enabled ? 'active' : 'disabled'}`}>
                      {item.enabled ? t('codeLists.enabled') : t('codeLists.disabled')}
                    </span>
                  </td>
                )}
                <td className="nowrap">{format.dateTime(item.createdAt)}</td>
                {canWrite && (
                  <td className="row-actions">
                    {item.enabled ? (
                      <>
                        <button
                          type="button"
                          className="secondary"
                          onClick={() => {
                            clearResults();
                            setPanel({ kind: 'edit', item });
                          }}
                        >
                          {t('common.edit')}
                        </button>
                        <ConfirmButton
                          label={t('common.delete')}
                          confirmLabel={t('codeLists.confirmDelete')}
                          disabled={remove.isPending}
                          onConfirm={() => {
                            clearResults();
                            remove.mutate(item);
                          }}
                        />
                      </>
                    ) : (
                      // A disabled entry can only be enabled again (the server refuses other edits).
                      <button
                        type="button"
                        className="secondary"
                        disabled={enable.isPending}
                        onClick={() => {
                          clearResults();
                          enable.mutate(item);
                        }}
                      >
                        {t('codeLists.enable')}
                      </button>
                    )}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {hasAction && (
        <details className="action-legend">
          <summary>{t('codeLists.actionsLegend')}</summary>
          <dl className="facts">
            {DISPOSITION_ACTIONS.map((action) => (
              <div key={action} className="fact">
                <dt>{t(`codeLists.actions.${action}`)}</dt>
                <dd>{t(`codeLists.actionHelp.${action}`)}</dd>
              </div>
            ))}
          </dl>
        </details>
      )}
    </section>
  );
}
