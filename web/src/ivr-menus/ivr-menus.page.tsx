import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAuth } from '../app/auth-context.tsx';
import { IvrEditorScreen } from './ivr-editor.tsx';
import { IvrMenuCreateForm } from './ivr-menu-create.form.tsx';
import { IvrMenuList } from './ivr-menu-list.tsx';
import './ivr-menus.css';

/** The list of menus, or one menu's editor when the address names it (?menu=<id>). */
export function IvrMenusPage() {
  const { t } = useTranslation();
  const { can } = useAuth();
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const openMenuId = params.get('menu');
  const canManage = can('ivr.manage');

  const open = (menuId: string) => {
    setCreating(false);
    setParams({ menu: menuId });
  };

  return (
    <section>
      <div className="page-title">
        <h1>{t('ivrMenus.title')}</h1>
        {canManage && !openMenuId && !creating && (
          <button type="button" onClick={() => setCreating(true)}>
            {t('ivrMenus.newButton')}
          </button>
        )}
      </div>
      {openMenuId ? (
        <IvrEditorScreen
          key={openMenuId}
          menuId={openMenuId}
          readOnly={!canManage}
          onClose={() => setParams({})}
        />
      ) : (
        <>
          {creating && (
            <IvrMenuCreateForm onCreated={(menu) => open(menu.id)} onCancel={() => setCreating(false)} />
          )}
          <IvrMenuList canManage={canManage} onOpen={open} />
        </>
      )}
    </section>
  );
}
