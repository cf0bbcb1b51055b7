import { useTranslation } from 'react-i18next';

export function InboundRoutesPage() {
  const { t } = useTranslation();
  return (
    <section>
      <div className="page-title">
        <h1>{t('inboundRoutes.title')}</h1>
      </div>
    </section>
  );
}
