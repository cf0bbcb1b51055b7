// The tenant's call records: filters, pages newest first, and a call's detail with its legs,
// timeline, recording and disposition.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { agentDisplayName, agentsApi, agentsKey } from '../agents/agents.api.ts';
import { useAuth } from '../app/auth-context.tsx';
import { formatClock } from '../app/clock.ts';
import { nextDay, startOfDayIn } from '@callcenter/rules/zoned-time';
import { ErrorMessage, Loading } from '../app/feedback.tsx';
import { Pager } from '../app/pager.tsx';
import { useFilterForm } from '../app/use-filter-form.ts';
import { useFormat } from '../app/use-format.ts';
import { codeListApi, codeListKey } from '../code-lists/code-lists.api.ts';
import { queuesApi, queuesKey } from '../queues/queues.api.ts';
import { CallDetailPanel } from './call-detail.tsx';
import { callsApi, callsKey, type CallFilters, type CallRecord } from './calls.api.ts';
import './calls.css';
import { phoneOrDash } from './phone-display.ts';
import { customerNumber } from '@callcenter/rules/customer-number';
import { hangupCauseChoices, hangupCauseLabel } from '../call-codes/call-codes.ts';

const PAGE_SIZE = 50;

type Draft = {
  /** Calendar days (YYYY-MM-DD), read in the tenant's time zone. */
  from: string;
  to: string;
  phone: string;
  agentId: string;
  queueId: string;
  hangupCause: string;
  disposition: string;
};

const EMPTY: Draft = {
  from: '',
  to: '',
  phone: '',
  agentId: '',
  queueId: '',
  hangupCause: '',
  disposition: '',
};

export function CallsPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const { me, can } = useAuth();
  const tenantId = me?.tenantId ?? null;
  const { id, draft, applied, page, setPage, filtering, apply, clear, field } = useFilterForm<Draft>(EMPTY);
  const [openCallId, setOpenCallId] = useState<string | null>(null);

  const filters: CallFilters = {
    from: applied.from ? startOfDayIn(applied.from, format.timeZone) : undefined,
    // The "to" day is included: the range ends when the next day starts.
    to: applied.to ? startOfDayIn(nextDay(applied.to), format.timeZone) : undefined,
    phone: applied.phone.trim() || undefined,
    agentId: applied.agentId || undefined,
    queueId: applied.queueId || undefined,
    hangupCause: applied.hangupCause.trim() || undefined,
    disposition: applied.disposition || undefined,
    page,
    pageSize: PAGE_SIZE,
  };
  const calls = useQuery({
    queryKey: callsKey(tenantId, filters),
    queryFn: () => callsApi.list(filters),
    placeholderData: keepPreviousData,
  });
  const agents = useQuery({
    queryKey: agentsKey(tenantId),
    queryFn: agentsApi.list,
    enabled: can('agents.view'),
  });
  const queues = useQuery({
    queryKey: queuesKey(tenantId),
    queryFn: queuesApi.list,
    enabled: can('queues.view'),
  });
  const dispositions = useQuery({
    queryKey: codeListKey('dispositions', tenantId, true),
    queryFn: () => codeListApi('dispositions').list(true),
  });
  // Calls keep the disposition's code; a person reads its name (disabled ones included).
  const dispositionNames = new Map((dispositions.data ?? []).map((disposition) => [disposition.code, disposition.name]));

  const data = calls.data;

  return (
    <section className="calls-page">
      <div className="page-title">
        <h1>{t('calls.title')}</h1>
      </div>
      <form className="filters" onSubmit={apply} aria-label={t('calls.filters')}>
        <div className="filter-field">
          <label htmlFor={`${id}-from`}>{t('calls.from')}</label>
          <input type="date" max={draft.to || undefined} {...field('from')} />
        </div>
        <div className="filter-field">
          <label htmlFor={`${id}-to`}>{t('calls.to')}</label>
          <input type="date" min={draft.from || undefined} {...field('to')} />
        </div>
        <div className="filter-field">
          <label htmlFor={`${id}-phone`}>{t('calls.phone')}</label>
          <input type="search" inputMode="tel" placeholder="(11) 98765-4321" {...field('phone')} />
        </div>
        {agents.data && (
          <div className="filter-field">
            <label htmlFor={`${id}-agentId`}>{t('calls.agent')}</label>
            <select {...field('agentId')}>
              <option value="">{t('calls.any')}</option>
              {agents.data.map((agent) => (
                <option key={agent.id} value={agent.id}>
                  {agentDisplayName(agent)}
                </option>
              ))}
            </select>
          </div>
        )}
        {queues.data && (
          <div className="filter-field">
            <label htmlFor={`${id}-queueId`}>{t('calls.queue')}</label>
            <select {...field('queueId')}>
              <option value="">{t('calls.any')}</option>
              {queues.data.map((queue) => (
                <option key={queue.id} value={queue.id}>
                  {queue.name}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="filter-field">
          <label htmlFor={`${id}-hangupCause`}>{t('calls.hangupCause')}</label>
          <select {...field('hangupCause')}>
            <option value="">{t('calls.any')}</option>
            {hangupCauseChoices(t).map(({ cause, label }) => (
              <option key={cause} value={cause}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="filter-field">
          <label htmlFor={`${id}-disposition`}>{t('calls.disposition')}</label>
          <select {...field('disposition')}>
            <option value="">{t('calls.any')}</option>
            {dispositions.data?.map((disposition) => (
              <option key={disposition.id} value={disposition.code}>
                {disposition.name}
              </option>
            ))}
          </select>
        </div>
        <div className="actions">
          <button type="submit">{t('calls.apply')}</button>
          <button type="button" className="secondary" onClick={clear}>
            {t('calls.clear')}
          </button>
        </div>
      </form>

      {openCallId && <CallDetailPanel callId={openCallId} onClose={() => setOpenCallId(null)} />}

      <ErrorMessage error={calls.error} />
      {calls.isPending ? (
        <Loading />
      ) : !data || data.items.length === 0 ? (
        <p>{filtering ? t('calls.noMatch') : t('calls.empty')}</p>
      ) : (
        <>
          <div className="table-scroll">
            <table className="calls-table" aria-label={t('calls.title')}>
              <thead>
                <tr>
                  <th>{t('calls.when')}</th>
                  <th>{t('calls.direction')}</th>
                  <th>{t('calls.caller')}</th>
                  <th>{t('calls.called')}</th>
                  <th>{t('calls.queue')}</th>
                  <th>{t('calls.agent')}</th>
                  <th className="number">{t('calls.waitTime')}</th>
                  <th className="number">{t('calls.talkTime')}</th>
                  <th>{t('calls.hangupCause')}</th>
                  <th>{t('calls.disposition')}</th>
                  <th>{t('common.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((call) => (
                  <CallRow key={call.id} call={call} dispositionNames={dispositionNames} onOpen={() => setOpenCallId(call.id)} />
                ))}
              </tbody>
            </table>
          </div>
          <Pager
            page={data.page}
            pageSize={data.pageSize}
            shown={data.items.length}
            total={data.total}
            totalExact={data.totalExact}
            onPage={setPage}
          />
        </>
      )}
    </section>
  );
}

const seconds = (value: number | null) => (value === null ? '—' : formatClock(value));

function CallRow({ call, dispositionNames, onOpen }: { call: CallRecord; dispositionNames: ReadonlyMap<string, string>; onOpen: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <tr data-testid="call-row">
      <td>{format.dateTime(call.createdAt)}</td>
      <td>{t(`wallboard.directions.${call.direction}`, { defaultValue: call.direction })}</td>
      <td className="nowrap">{phoneOrDash(call.callerNumber)}</td>
      <td className="nowrap">{phoneOrDash(call.calledNumber)}</td>
      <td>{call.queueName ?? '—'}</td>
      <td>{call.agentName ?? '—'}</td>
      <td className="number">{seconds(call.waitTime)}</td>
      <td className="number">{seconds(call.talkTime)}</td>
      <td>
        {call.abandoned && (
          <span className="badge abandoned" title={t('calls.abandonedHint')}>
            {t('calls.abandoned')}
          </span>
        )}{' '}
        {call.endedAt ? hangupCauseLabel(t, call.hangupCause) : <span className="badge active">{t('calls.inProgress')}</span>}
      </td>
      <td>{call.disposition ? (dispositionNames.get(call.disposition) ?? call.disposition) : '—'}</td>
      <td className="row-actions">
        <button
          type="button"
          className="secondary"
          onClick={onOpen}
          aria-label={t('calls.openDetail', { number: phoneOrDash(customerNumber(call)) })}
        >
          {t('calls.details')}
        </button>
      </td>
    </tr>
  );
}
