import { useTranslation } from 'react-i18next';

export function IvrMenusPage() {
  const { t } = useTranslation();
  return (
    <section>
      <div className="page-title">
        <h1>{t('ivrMenus.title')}</h1>
      </div>
    </section>
  );
}
