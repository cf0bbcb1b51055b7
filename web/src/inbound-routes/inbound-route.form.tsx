import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../app/feedback.tsx';
import { FormActions } from '../app/form-actions.tsx';
import { Field } from '../app/field.tsx';
import { NumberSelect } from '../numbers/number-select.tsx';
import { destinationChoices, routePatch, type DestinationSources } from './destinations.ts';
import {
  DESTINATION_TYPES,
  inboundRoutesApi,
  type DestinationType,
  type InboundRoute,
  type InboundRouteInput,
} from './inbound-routes.api.ts';

interface InboundRouteFormProps {
  /** Editing this route; creating a new one when absent. */
  route?: InboundRoute;
  sources: DestinationSources;
  sourcesPending: boolean;
  onSaved: () => void;
  onCancel: () => void;
}

export function InboundRouteForm({
  route,
  sources,
  sourcesPending,
  onSaved,
  onCancel,
}: InboundRouteFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [didNumber, setDidNumber] = useState(route?.didNumber ?? '');
  const [destinationType, setDestinationType] = useState<DestinationType>(
    route?.destinationType ?? 'EXTENSION',
  );
  const [destinationNumber, setDestinationNumber] = useState(route?.destinationNumber ?? '');
  const [description, setDescription] = useState(route?.description ?? '');

  const save = useMutation({
    mutationFn: async (draft: InboundRouteInput) => {
      if (!route) return inboundRoutesApi.create(draft);
      const patch = routePatch(route, draft);
      // The server refuses an empty patch; nothing changed is simply done.
      return Object.keys(patch).length > 0 ? inboundRoutesApi.update(route.id, patch) : route;
    },
    onSuccess: async () => {
      onSaved();
      await queryClient.invalidateQueries({ queryKey: ['inbound-routes'] });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({
      didNumber,
      destinationType,
      destinationNumber: destinationNumber.trim(),
      description: description.trim() || null,
    });
  };
  const changeType = (type: DestinationType) => {
    setDestinationType(type);
    // A value of one type means nothing for another (a queue id is not an extension number).
    setDestinationNumber(type === route?.destinationType ? route.destinationNumber : '');
  };
  const title = route ? t('inboundRoutes.editTitle') : t('inboundRoutes.createTitle');

  return (
    <form className="form panel" onSubmit={submit} aria-label={title}>
      <h2>{title}</h2>
      <div className="form-grid">
        <NumberSelect
          required
          label={t('inboundRoutes.didNumber')}
          value={didNumber}
          onChange={setDidNumber}
        />
        <Field label={t('inboundRoutes.destinationType')}>
          <select
            value={destinationType}
            onChange={(event) => changeType(event.target.value as DestinationType)}
          >
            {DESTINATION_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`inboundRoutes.types.${type}`)}
              </option>
            ))}
          </select>
        </Field>
        <DestinationPicker
          type={destinationType}
          value={destinationNumber}
          onChange={setDestinationNumber}
          sources={sources}
          pending={sourcesPending}
        />
        <label>
          <span>{t('inboundRoutes.description')}</span>
          <input
            maxLength={200}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
          />
        </label>
      </div>
      <ErrorMessage error={save.error} />
      <FormActions
        saving={save.isPending}
        submitLabel={route ? t('common.save') : t('inboundRoutes.create')}
        onCancel={onCancel}
      />
    </form>
  );
}

interface DestinationPickerProps {
  type: DestinationType;
  value: string;
  onChange: (value: string) => void;
  sources: DestinationSources;
  pending: boolean;
}

/** A list of the tenant's own destinations of that type; free text only when the list is unreadable. */
function DestinationPicker({ type, value, onChange, sources, pending }: DestinationPickerProps) {
  const { t } = useTranslation();
  const label = t(`inboundRoutes.types.${type}`);
  const choices = destinationChoices(type, sources);
  if (!choices && !pending) {
    return (
      <Field label={label}>
        <input required maxLength={64} value={value} onChange={(event) => onChange(event.target.value)} />
      </Field>
    );
  }
  // Keep a stored value that is no longer listed (say, a deleted queue) visible and selectable.
  const listed = choices ?? [];
  const options =
    value && !listed.some((choice) => choice.value === value) ? [{ value, label: value }, ...listed] : listed;
  return (
    <Field label={label}>
      <select required disabled={pending} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">
          {pending
            ? t('common.loading')
            : options.length === 0
              ? t('inboundRoutes.noChoices')
              : t('inboundRoutes.choose')}
        </option>
        {options.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
