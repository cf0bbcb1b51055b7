// The period, interval and filters of a report: edited as a draft, applied on "Show report" (which
// writes them to the URL). Custom periods are local dates in the tenant's zone, the last one included.
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { agentDisplayName, agentsApi, agentsKey } from '../agents/agents.api.ts';
import { useAuth } from '../app/auth-context.tsx';
import { campaignsApi, campaignsKey } from '../campaigns/campaigns.api.ts';
import { queuesApi, queuesKey } from '../queues/queues.api.ts';
import {
  choosePeriod,
  customPeriod,
  intervalChoices,
  PERIOD_CHOICES,
  resolveSelection,
  type FilterKey,
  type PeriodChoice,
  type ReportSelection,
} from './report-selection.ts';
import { presetPeriod, REPORT_INTERVALS, type ReportInterval } from '@callcenter/rules/reports/period';

interface Props {
  selection: ReportSelection;
  timeZone: string;
  /** The filters this report offers (each shown only when the user may read its list). */
  filters: readonly FilterKey[];
  onApply: (selection: ReportSelection) => void;
}

export function PeriodPicker({ selection, timeZone, filters, onApply }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState(selection);
  const resolved = resolveSelection(draft, Date.now(), timeZone);
  // The period as drafted, even when its interval does not fit it: the choices say which do.
  const draftPeriod = draft.period === 'custom' ? customPeriod(draft.fromDate, draft.toDate, timeZone) : presetPeriod(draft.period, Date.now(), timeZone);
  const set = (changes: Partial<ReportSelection>) => setDraft((current) => ({ ...current, ...changes }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (resolved.ok) onApply(draft);
  };

  return (
    <form className="filters report-picker" onSubmit={submit} aria-label={t('reports.picker.label')}>
      <div className="filter-field">
        <label htmlFor={`${id}-period`}>{t('reports.picker.period')}</label>
        <select
          id={`${id}-period`}
          value={draft.period}
          onChange={(event) => setDraft((current) => choosePeriod(current, event.target.value as PeriodChoice, Date.now(), timeZone))}
        >
          {PERIOD_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {t(`reports.period.${choice}`)}
            </option>
          ))}
        </select>
      </div>
      {draft.period === 'custom' && (
        <>
          <div className="filter-field">
            <label htmlFor={`${id}-from`}>{t('reports.picker.from')}</label>
            <input id={`${id}-from`} type="date" required value={draft.fromDate} max={draft.toDate || undefined} onChange={(event) => set({ fromDate: event.target.value })} />
          </div>
          <div className="filter-field">
            <label htmlFor={`${id}-to`}>{t('reports.picker.to')}</label>
            <input id={`${id}-to`} type="date" required value={draft.toDate} min={draft.fromDate || undefined} onChange={(event) => set({ toDate: event.target.value })} />
          </div>
        </>
      )}
      <div className="filter-field">
        <label htmlFor={`${id}-interval`}>{t('reports.picker.interval')}</label>
        <select
          id={`${id}-interval`}
          value={draft.interval ?? ''}
          onChange={(event) => set({ interval: (REPORT_INTERVALS as readonly string[]).includes(event.target.value) ? (event.target.value as ReportInterval) : null })}
        >
          <option value="">{t('reports.picker.automatic')}</option>
          {intervalChoices(draftPeriod).map(({ interval, allowed }) => (
            <option key={interval} value={interval} disabled={!allowed}>
              {t(`reports.interval.${interval}`)}
            </option>
          ))}
        </select>
      </div>
      {filters.map((key) => (
        <FilterSelect key={key} filter={key} id={`${id}-${key}`} value={draft[key]} onChange={(value) => set({ [key]: value })} />
      ))}
      <div className="actions">
        <button type="submit" disabled={!resolved.ok}>
          {t('reports.picker.apply')}
        </button>
      </div>
      {!resolved.ok && (
        <p className="field-error" role="alert">
          {t(`reports.problems.${resolved.problem}`)}
        </p>
      )}
    </form>
  );
}

/** One filter, fed by its module's own list; absent when the user may not read that list. */
function FilterSelect({ filter, id, value, onChange }: { filter: FilterKey; id: string; value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  const { me, can } = useAuth();
  const tenantId = me?.tenantId ?? null;
  const queues = useQuery({ queryKey: queuesKey(tenantId), queryFn: queuesApi.list, enabled: filter === 'queueId' && can('queues.view') });
  const agents = useQuery({ queryKey: agentsKey(tenantId), queryFn: agentsApi.list, enabled: filter === 'agentId' && can('agents.view') });
  const campaigns = useQuery({ queryKey: campaignsKey(tenantId), queryFn: campaignsApi.list, enabled: filter === 'campaignId' && can('campaigns.view') });
  const options =
    filter === 'queueId'
      ? queues.data?.map((queue) => ({ id: queue.id, name: queue.name }))
      : filter === 'agentId'
        ? agents.data?.map((agent) => ({ id: agent.id, name: agentDisplayName(agent) }))
        : campaigns.data?.map((campaign) => ({ id: campaign.id, name: campaign.name }));
  if (!options) return null;
  return (
    <div className="filter-field">
      <label htmlFor={id}>{t(`reports.filters.${filter}`)}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{t('reports.filters.all')}</option>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </select>
    </div>
  );
}
