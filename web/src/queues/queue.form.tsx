import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../app/feedback.tsx';
import { FormActions } from '../app/form-actions.tsx';
import { NumberInput } from '../app/number-input.tsx';
import {
  QUEUE_STRATEGIES,
  queuesApi,
  type Queue,
  type QueueInput,
  type QueueStrategy,
} from './queues.api.ts';

interface QueueFormProps {
  /** Editing this queue; creating a new one when absent. */
  queue?: Queue;
  onSaved: () => void;
  onCancel: () => void;
}

export function QueueForm({ queue, onSaved, onCancel }: QueueFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [name, setName] = useState(queue?.name ?? '');
  const [strategy, setStrategy] = useState<QueueStrategy>(queue?.strategy ?? 'LONGEST_IDLE_AGENT');
  const [maxWaitTime, setMaxWaitTime] = useState<number | null>(queue?.maxWaitTime ?? 0);
  const [recordingEnabled, setRecordingEnabled] = useState(queue?.recordingEnabled ?? false);

  const save = useMutation({
    mutationFn: (input: QueueInput) => (queue ? queuesApi.update(queue.id, input) : queuesApi.create(input)),
    onSuccess: async () => {
      onSaved();
      await queryClient.invalidateQueries({ queryKey: ['queues'] });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ name: name.trim(), strategy, maxWaitTime: maxWaitTime ?? 0, recordingEnabled });
  };
  const title = queue ? t('queues.editTitle') : t('queues.createTitle');

  return (
    <form className="form panel" onSubmit={submit} aria-label={title}>
      <h2>{title}</h2>
      <div className="form-grid">
        <label>
          <span>{t('common.name')}</span>
          <input required maxLength={100} value={name} onChange={(event) => setName(event.target.value)} />
        </label>
        <label>
          <span>{t('queues.strategy')}</span>
          <select value={strategy} onChange={(event) => setStrategy(event.target.value as QueueStrategy)}>
            {QUEUE_STRATEGIES.map((option) => (
              <option key={option} value={option}>
                {t(`queues.strategies.${option}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{t('queues.maxWaitTime')}</span>
          <NumberInput
            required
            min={0}
            max={86400}
            integer
            value={maxWaitTime}
            onValueChange={setMaxWaitTime}
          />
        </label>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={recordingEnabled}
            onChange={(event) => setRecordingEnabled(event.target.checked)}
          />
          <span>{t('queues.recordingEnabled')}</span>
        </label>
      </div>
      <ErrorMessage error={save.error} />
      <FormActions
        saving={save.isPending}
        submitLabel={queue ? t('common.save') : t('queues.create')}
        onCancel={onCancel}
      />
    </form>
  );
}
