// The moves a campaign's status allows (from the server's table). Stop is final (decision 0039):
// it asks for confirmation and says so; a stopped campaign offers a copy to dial again (decision 0069).
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../app/confirm-button.tsx';
import type { Campaign, CampaignOperation } from './campaigns.api.ts';

interface CampaignOperationsProps {
  campaign: Campaign;
  busy: boolean;
  onOperate: (operation: CampaignOperation) => void;
  onDuplicate: () => void;
}

export function CampaignOperations({ campaign, busy, onOperate, onDuplicate }: CampaignOperationsProps) {
  const { t } = useTranslation();
  return (
    <>
      {campaign.operations.map((operation) =>
        operation === 'stop' ? (
          <ConfirmButton
            key={operation}
            label={t('campaigns.operations.stop')}
            ariaLabel={t('campaigns.stopNamed', { name: campaign.name })}
            confirmLabel={t('campaigns.confirmStop')}
            warning={t('campaigns.stopIsFinal')}
            disabled={busy}
            onConfirm={() => onOperate('stop')}
          />
        ) : (
          <button
            key={operation}
            type="button"
            className={operation === 'start' ? undefined : 'secondary'}
            disabled={busy}
            onClick={() => onOperate(operation)}
          >
            {t(`campaigns.operations.${operation}`)}
          </button>
        ),
      )}
      {campaign.status === 'STOPPED' && (
        <button
          type="button"
          className="secondary"
          aria-label={t('campaigns.duplicateNamed', { name: campaign.name })}
          onClick={onDuplicate}
        >
          {t('campaigns.duplicate')}
        </button>
      )}
    </>
  );
}
