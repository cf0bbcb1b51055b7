import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../app/auth-context.tsx';
import { NumberSelect } from '../numbers/number-select.tsx';
import { isApiError } from '../app/api-client.ts';
import { errorDetails } from '../app/error-details.ts';
import { ErrorMessage } from '../app/feedback.tsx';
import { FormActions } from '../app/form-actions.tsx';
import { NumberInput } from '../app/number-input.tsx';
import { useFormat } from '../app/use-format.ts';
import { queuesApi, queuesKey } from '../queues/queues.api.ts';
import { trunksApi, trunksKey } from '../trunks/trunks.api.ts';
import { campaignsApi, type Campaign, type CampaignInput } from './campaigns.api.ts';
import './campaigns.css';
import { WIZARD_STEPS, nextStep, previousStep, stepOfError, type WizardStep } from './campaign-wizard.ts';
import { rowsOf, scheduleOf, scheduleSummary, type DayRow } from './schedule-editor.ts';
import {
  fractionOf,
  percentOf,
  policiesOf,
  retryFieldsOf,
  retryMinutesOf,
  type StatePolicyId,
} from './dialer-settings.ts';
import { DIALING_MODES, dialingModeOf, pacingFor, type DialingMode } from './dialing-mode.ts';
import { DialerFields, DialerSummary, PolicyFields, type DialerValues } from './dialer-settings.fields.tsx';

/** Brazil's time zones (IANA), São Paulo first: the ones a Brazilian call center chooses from. */
const BRAZILIAN_TIME_ZONES = [
  'America/Sao_Paulo',
  'America/Bahia',
  'America/Fortaleza',
  'America/Recife',
  'America/Maceio',
  'America/Belem',
  'America/Araguaina',
  'America/Santarem',
  'America/Manaus',
  'America/Cuiaba',
  'America/Campo_Grande',
  'America/Porto_Velho',
  'America/Boa_Vista',
  'America/Rio_Branco',
  'America/Noronha',
];

interface CampaignFormProps {
  /** Editing this campaign; creating a new one when absent. */
  campaign?: Campaign;
  /** Creating a new campaign from this one's settings (a stopped campaign is never restarted). */
  copyOf?: Campaign;
  onSaved: () => void;
  onCancel: () => void;
}

export function CampaignForm({ campaign, copyOf, onSaved, onCancel }: CampaignFormProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const { me } = useAuth();
  const tenantId = me?.tenantId ?? null;
  const queryClient = useQueryClient();
  const queues = useQuery({ queryKey: queuesKey(tenantId), queryFn: queuesApi.list });
  const trunks = useQuery({ queryKey: trunksKey(tenantId), queryFn: trunksApi.list });
  // What the fields start from: the campaign edited, or the one copied.
  const from = campaign ?? copyOf;
  const [name, setName] = useState(
    campaign?.name ?? (copyOf ? t('campaigns.copyName', { name: copyOf.name }) : ''),
  );
  const [queueId, setQueueId] = useState(from?.queueId ?? '');
  const [trunkId, setTrunkId] = useState(from?.trunkId ?? '');
  const [pacingMin, setPacingMin] = useState<number | null>(from?.pacingMin ?? 1);
  const [pacingMax, setPacingMax] = useState<number | null>(from?.pacingMax ?? 2);
  const [mode, setMode] = useState<DialingMode>(
    from ? dialingModeOf(from.pacingMin, from.pacingMax) : 'PREDICTIVE',
  );
  const [maxAttempts, setMaxAttempts] = useState<number | null>(from?.maxAttempts ?? 3);
  const [recordingEnabled, setRecordingEnabled] = useState(from?.recordingEnabled ?? false);
  const [timezone, setTimezone] = useState(from?.timezone ?? 'America/Sao_Paulo');
  const [callerId, setCallerId] = useState(from?.callerId ?? '');
  // A new campaign starts from the server's default: Monday to Friday, 09:00–18:00.
  const [days, setDays] = useState<DayRow[]>(() =>
    rowsOf(
      from?.schedule ??
        Object.fromEntries(
          ['mon', 'tue', 'wed', 'thu', 'fri'].map((day) => [day, [{ start: '09:00', end: '18:00' }]]),
        ),
    ),
  );
  // The dialer's settings; a new campaign starts from the server's defaults (3 % after 2 s).
  const [dialer, setDialer] = useState<DialerValues>(() => ({
    cpsLimit: from?.cpsLimit ?? null,
    abandonTargetPercent: percentOf(from?.abandonTarget ?? 0.03),
    abandonAfterSeconds: from?.abandonAfterSeconds ?? 2,
    retry: retryFieldsOf(from?.retryMinutes),
  }));
  const [policies, setPolicies] = useState<StatePolicyId[]>(from?.callingPolicies ?? []);
  const setDay = (index: number, change: Partial<DayRow>) =>
    setDays((rows) => rows.map((row, at) => (at === index ? { ...row, ...change } : row)));

  // Creating walks through the steps; editing shows every section at once.
  const wizard = campaign === undefined;
  const [step, setStep] = useState<WizardStep>('routing');
  const save = useMutation({
    mutationFn: (input: CampaignInput) =>
      campaign ? campaignsApi.update(campaign.id, input) : campaignsApi.create(input),
    onSuccess: async () => {
      onSaved();
      await queryClient.invalidateQueries({ queryKey: ['campaigns'] });
    },
    // A refusal takes the wizard back to the step where the refused field is.
    onError: (error) => {
      if (wizard)
        setStep(
          stepOfError(
            isApiError(error) ? error.code : '',
            errorDetails(error).map((detail) => detail.path),
          ),
        );
    },
  });

  const input = (): CampaignInput => ({
    name: name.trim(),
    queueId,
    trunkId,
    ...pacingFor(mode, pacingMin ?? 1, pacingMax ?? 1),
    maxAttempts: maxAttempts ?? 3,
    recordingEnabled,
    timezone,
    callerId: callerId.trim() === '' ? null : callerId.trim(),
    schedule: scheduleOf(days),
    cpsLimit: dialer.cpsLimit,
    abandonTarget: fractionOf(dialer.abandonTargetPercent ?? 3),
    abandonAfterSeconds: dialer.abandonAfterSeconds ?? 2,
    retryMinutes: retryMinutesOf(dialer.retry),
    callingPolicies: policiesOf(policies),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // In the wizard, Enter or Next on a step moves on; only the review creates.
    if (wizard && step !== 'review') {
      setStep(nextStep(step));
      return;
    }
    save.mutate(input());
  };
  const title = campaign ? t('campaigns.editTitle') : t('campaigns.createTitle');
  const zones = BRAZILIAN_TIME_ZONES.includes(timezone)
    ? BRAZILIAN_TIME_ZONES
    : [timezone, ...BRAZILIAN_TIME_ZONES];

  const shows = (section: WizardStep) => !wizard || step === section;
  const queueName = queues.data?.find((queue) => queue.id === queueId)?.name ?? '—';
  const trunkName = trunks.data?.find((trunk) => trunk.id === trunkId)?.name ?? '—';
  const dayName = (day: string) => t(`campaigns.daysShort.${day}`);

  return (
    <form className="form panel" onSubmit={submit} aria-label={title}>
      <h2>{title}</h2>
      {wizard && (
        <ol className="wizard-steps" aria-label={t('campaigns.wizard.steps')}>
          {WIZARD_STEPS.map((one, index) => (
            <li key={one} aria-current={one === step ? 'step' : undefined}>
              {WIZARD_STEPS.indexOf(step) > index ? (
                <button type="button" className="link" onClick={() => setStep(one)}>
                  {index + 1}. {t(`campaigns.wizard.${one}`)}
                </button>
              ) : (
                <span>
                  {index + 1}. {t(`campaigns.wizard.${one}`)}
                </span>
              )}
            </li>
          ))}
        </ol>
      )}
      {shows('routing') && (
        <div className="form-grid">
          <label>
            <span>{t('common.name')}</span>
            <input required maxLength={120} value={name} onChange={(event) => setName(event.target.value)} />
          </label>
          <label>
            <span>{t('campaigns.queue')}</span>
            <select required value={queueId} onChange={(event) => setQueueId(event.target.value)}>
              <option value="">{queues.isPending ? t('common.loading') : t('campaigns.chooseQueue')}</option>
              {queues.data?.map((queue) => (
                <option key={queue.id} value={queue.id}>
                  {queue.name}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span>{t('campaigns.trunk')}</span>
            <select required value={trunkId} onChange={(event) => setTrunkId(event.target.value)}>
              <option value="">{trunks.isPending ? t('common.loading') : t('campaigns.chooseTrunk')}</option>
              {trunks.data?.map((trunk) => (
                <option key={trunk.id} value={trunk.id}>
                  {trunk.name}
                </option>
              ))}
            </select>
          </label>
          <NumberSelect label={t('campaigns.callerId')} value={callerId} onChange={setCallerId} emptyLabel={t('numbers.noCallerId')} />
        </div>
      )}
      {shows('dialing') && (
        <div className="form-grid">
          <label>
            <span>{t('campaigns.mode')}</span>
            <select
              value={mode}
              onChange={(event) => setMode(event.target.value as DialingMode)}
              aria-describedby="dialing-mode-hint"
            >
              {DIALING_MODES.map((one) => (
                <option key={one} value={one}>
                  {t(`campaigns.modes.${one}`)}
                </option>
              ))}
            </select>
            <small id="dialing-mode-hint" className="muted">
              {t(`campaigns.modeHints.${mode}`)}
            </small>
          </label>
          {mode === 'PREDICTIVE' && (
            <>
              <label>
                <span>{t('campaigns.pacingMin')}</span>
                <NumberInput
                  required
                  min={1}
                  max={10}
                  decimals={2}
                  value={pacingMin}
                  onValueChange={setPacingMin}
                />
              </label>
              <label>
                <span>{t('campaigns.pacingMax')}</span>
                <NumberInput
                  required
                  min={1}
                  max={10}
                  decimals={2}
                  value={pacingMax}
                  onValueChange={setPacingMax}
                />
              </label>
            </>
          )}
          <label>
            <span>{t('campaigns.maxAttempts')}</span>
            <NumberInput
              required
              min={1}
              max={20}
              integer
              value={maxAttempts}
              onValueChange={setMaxAttempts}
            />
          </label>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={recordingEnabled}
              onChange={(event) => setRecordingEnabled(event.target.checked)}
            />
            <span>{t('campaigns.recordingEnabled')}</span>
          </label>
        </div>
      )}
      {shows('dialing') && (
        <DialerFields
          values={dialer}
          onChange={(change) => setDialer((values) => ({ ...values, ...change }))}
        />
      )}
      {shows('schedule') && (
        <>
          <div className="form-grid">
            <label>
              <span>{t('campaigns.timezone')}</span>
              <select value={timezone} onChange={(event) => setTimezone(event.target.value)}>
                {zones.map((zone) => (
                  <option key={zone} value={zone}>
                    {zone}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <fieldset className="schedule-editor">
            <legend>{t('campaigns.schedule')}</legend>
            <p className="muted">{t('campaigns.scheduleHint', { timezone })}</p>
            <table>
              <tbody>
                {days.map((row, index) => (
                  <tr key={row.day}>
                    <th scope="row">
                      <label className="checkbox">
                        <input
                          type="checkbox"
                          checked={row.calls}
                          onChange={(event) => setDay(index, { calls: event.target.checked })}
                        />
                        <span>{t(`campaigns.days.${row.day}`)}</span>
                      </label>
                    </th>
                    <td>
                      <input
                        type="time"
                        aria-label={t('campaigns.windowStart', { day: t(`campaigns.days.${row.day}`) })}
                        disabled={!row.calls}
                        required={row.calls}
                        value={row.start}
                        onChange={(event) => setDay(index, { start: event.target.value })}
                      />
                    </td>
                    <td>
                      <input
                        type="time"
                        aria-label={t('campaigns.windowEnd', { day: t(`campaigns.days.${row.day}`) })}
                        disabled={!row.calls}
                        required={row.calls}
                        value={row.end}
                        onChange={(event) => setDay(index, { end: event.target.value })}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </fieldset>
          <PolicyFields chosen={policies} onChange={setPolicies} />
        </>
      )}
      {wizard && step === 'review' && (
        <dl className="facts" aria-label={t('campaigns.wizard.review')}>
          <dt>{t('common.name')}</dt>
          <dd>{name}</dd>
          <dt>{t('campaigns.queue')}</dt>
          <dd>{queueName}</dd>
          <dt>{t('campaigns.trunk')}</dt>
          <dd>{trunkName}</dd>
          <dt>{t('campaigns.callerId')}</dt>
          <dd>{callerId.trim() || t('campaigns.callerIdTrunk')}</dd>
          <dt>{t('campaigns.mode')}</dt>
          <dd>{t(`campaigns.modes.${mode}`)}</dd>
          <dt>{t('campaigns.pacing')}</dt>
          <dd>
            {format.number(input().pacingMin)}–{format.number(input().pacingMax)}
          </dd>
          <dt>{t('campaigns.maxAttempts')}</dt>
          <dd>{format.number(maxAttempts)}</dd>
          <dt>{t('campaigns.recordingEnabled')}</dt>
          <dd>{recordingEnabled ? t('common.yes') : t('common.no')}</dd>
          <dt>{t('campaigns.timezone')}</dt>
          <dd>{timezone}</dd>
          <dt>{t('campaigns.schedule')}</dt>
          <dd>{scheduleSummary(scheduleOf(days), dayName) || t('campaigns.noWindows')}</dd>
          <DialerSummary
            cpsLimit={dialer.cpsLimit}
            abandonTarget={fractionOf(dialer.abandonTargetPercent ?? 3)}
            abandonAfterSeconds={dialer.abandonAfterSeconds ?? 2}
            retryMinutes={retryMinutesOf(dialer.retry)}
            callingPolicies={policiesOf(policies)}
          />
        </dl>
      )}
      <ErrorMessage error={save.error} />
      {wizard && step !== 'routing' && (
        <button type="button" className="secondary" onClick={() => setStep(previousStep(step))}>
          {t('campaigns.wizard.back')}
        </button>
      )}
      <FormActions
        saving={save.isPending}
        submitLabel={
          !wizard ? t('common.save') : step === 'review' ? t('campaigns.create') : t('campaigns.wizard.next')
        }
        onCancel={onCancel}
      />
    </form>
  );
}
