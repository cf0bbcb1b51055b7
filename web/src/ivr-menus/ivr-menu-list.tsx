import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../app/auth-context.tsx';
import { ConfirmButton } from '../app/confirm-button.tsx';
import { ErrorMessage, Loading, SuccessMessage } from '../app/feedback.tsx';
import { useFormat } from '../app/use-format.ts';
import { ivrMenusApi, ivrMenusKey } from './ivr-menus.api.ts';

interface IvrMenuListProps {
  canManage: boolean;
  onOpen: (menuId: string) => void;
}

export function IvrMenuList({ canManage, onOpen }: IvrMenuListProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const { me } = useAuth();
  const queryClient = useQueryClient();
  const menus = useQuery({ queryKey: ivrMenusKey(me?.tenantId ?? null), queryFn: ivrMenusApi.list });
  const remove = useMutation({
    mutationFn: ivrMenusApi.remove,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['ivr-menus'] }),
  });

  return (
    <>
      <ErrorMessage error={menus.error ?? remove.error} />
      {remove.isSuccess && <SuccessMessage>{t('ivrMenus.deleted')}</SuccessMessage>}
      {menus.isPending ? (
        <Loading />
      ) : menus.data?.length === 0 ? (
        <p>{t('ivrMenus.empty')}</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th>{t('common.name')}</th>
              <th>{t('ivrMenus.context')}</th>
              <th className="number">{t('ivrMenus.optionCount')}</th>
              <th>{t('ivrMenus.promptColumn')}</th>
              <th>{t('common.createdAt')}</th>
              <th>{t('common.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {menus.data?.map((menu) => (
              <tr key={menu.id}>
                <td>{menu.name}</td>
                <td>
                  <code>{menu.context}</code>
                </td>
                <td className="number">{format.number(menu.options.length)}</td>
                <td>{menu.hasPrompt ? t('common.yes') : t('common.no')}</td>
                <td>{format.dateTime(menu.createdAt)}</td>
                <td className="row-actions">
                  <button type="button" className="secondary" onClick={() => onOpen(menu.id)}>
                    {canManage ? t('ivrMenus.openEditor') : t('ivrMenus.view')}
                  </button>
                  {canManage && (
                    <ConfirmButton
                      label={t('common.delete')}
                      confirmLabel={t('ivrMenus.confirmDelete')}
                      disabled={remove.isPending}
                      onConfirm={() => remove.mutate(menu.id)}
                    />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
