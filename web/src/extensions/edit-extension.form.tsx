import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../app/feedback.tsx';
import { FormActions } from '../app/form-actions.tsx';
import { NumberInput } from '../app/number-input.tsx';
import { CODECS, extensionsApi, type Codec, type Extension, type ExtensionPatch } from './extensions.api.ts';

interface EditExtensionFormProps {
  extension: Extension;
  onSaved: (extension: Extension) => void;
  onCancel: () => void;
}

/** Checked codecs keep their order; a newly checked one goes last (the order is the preference). */
export function toggleCodec(current: readonly Codec[], codec: Codec, on: boolean): Codec[] {
  const without = current.filter((item) => item !== codec);
  return on ? [...without, codec] : without;
}

/** Only what changed is sent (PATCH). */
export function extensionPatch(before: Extension, after: Required<ExtensionPatch>): ExtensionPatch {
  const patch: ExtensionPatch = {};
  if (after.callerId !== before.callerId) patch.callerId = after.callerId;
  if (after.callGroup !== before.callGroup) patch.callGroup = after.callGroup;
  if (after.codecs.join(',') !== before.codecs.join(',')) patch.codecs = after.codecs;
  if (after.maxRegistrations !== before.maxRegistrations) patch.maxRegistrations = after.maxRegistrations;
  return patch;
}

/** Caller id, call group, codecs and phones at once: fixed in place, the number never changes. */
export function EditExtensionForm({ extension, onSaved, onCancel }: EditExtensionFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [callerId, setCallerId] = useState(extension.callerId ?? '');
  const [callGroup, setCallGroup] = useState(extension.callGroup ?? '');
  const [codecs, setCodecs] = useState<Codec[]>(extension.codecs);
  const [maxRegistrations, setMaxRegistrations] = useState<number | null>(extension.maxRegistrations);
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);

  const save = useMutation({
    mutationFn: (patch: ExtensionPatch) => extensionsApi.update(extension.id, patch),
    onSuccess: async (saved) => {
      onSaved(saved);
      await queryClient.invalidateQueries({ queryKey: ['extensions'] });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const patch = extensionPatch(extension, {
      callerId: callerId.trim() || null,
      callGroup: callGroup.trim() || null,
      codecs,
      maxRegistrations: maxRegistrations ?? extension.maxRegistrations,
    });
    if (Object.keys(patch).length === 0) onSaved(extension);
    else save.mutate(patch);
  };

  const title = t('extensionPhones.editTitle', { number: extension.number });
  return (
    <form
      className="form panel"
      onSubmit={submit}
      aria-label={title}
      onKeyDown={(event) => event.key === 'Escape' && onCancel()}
    >
      <h2>{title}</h2>
      <div className="form-grid">
        <label>
          <span>{t('extensions.callerId')}</span>
          <input ref={first} value={callerId} onChange={(event) => setCallerId(event.target.value)} />
        </label>
        <label>
          <span>{t('extensions.callGroup')}</span>
          <input value={callGroup} onChange={(event) => setCallGroup(event.target.value)} />
        </label>
        <label>
          <span>{t('extensionPhones.maxRegistrations')}</span>
          <NumberInput
            required
            min={1}
            max={20}
            integer
            title={t('extensionPhones.maxRegistrationsHint')}
            value={maxRegistrations}
            onValueChange={setMaxRegistrations}
          />
        </label>
        <fieldset>
          <legend>{t('extensionPhones.codecs')}</legend>
          <p className="hint">{t('extensionPhones.codecsHint')}</p>
          {CODECS.map((codec) => (
            <label key={codec} className="inline">
              <input
                type="checkbox"
                checked={codecs.includes(codec)}
                // The last codec cannot be unchecked: the server wants at least one.
                disabled={codecs.length === 1 && codecs[0] === codec}
                onChange={(event) => setCodecs((current) => toggleCodec(current, codec, event.target.checked))}
              />
              {codec}
              {codecs.includes(codec) && ` (${codecs.indexOf(codec) + 1})`}
            </label>
          ))}
        </fieldset>
      </div>
      <ErrorMessage error={save.error} />
      <FormActions saving={save.isPending} submitLabel={t('extensionPhones.save')} onCancel={onCancel} />
    </form>
  );
}
