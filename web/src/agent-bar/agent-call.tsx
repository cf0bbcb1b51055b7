// The agent's desk in the agent bar: how long it has been in its state, the call in front of it
// (number, queue and, for a dialer call, the lead's name and imported columns) and, once the call ended, the disposition form. Agents have no realtime
// socket (it needs monitoring.view), so the desk is re-read every few seconds while logged in.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../app/feedback.tsx';
import { RunningClock } from '../app/running-clock.tsx';
import { DispositionForm } from '../calls/disposition-form.tsx';
import { needsDisposition } from './desk-rules.ts';
import { DESK_POLL_MS, agentBarApi, myCallKey, type MyAgent } from './agent-bar.api.ts';

export function AgentCall({ agent, tenantId }: { agent: MyAgent; tenantId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = myCallKey(tenantId, agent.id);
  const desk = useQuery({ queryKey: key, queryFn: agentBarApi.myCall, refetchInterval: DESK_POLL_MS });
  const call = desk.data ?? null;
  // The call just classified: said so, with focus on the words, until the next call comes.
  const [savedCallId, setSavedCallId] = useState<string | null>(null);
  const showSaved =
    savedCallId !== null && (call === null || (call.id !== savedCallId && call.endedAt !== null));
  const savedRef = useRef<HTMLSpanElement>(null);
  // Once per save: the form that had focus is gone, the confirmation takes it.
  useEffect(() => {
    savedRef.current?.focus();
  }, [savedCallId, showSaved]);

  return (
    <>
      <span title={t('agentDesk.timeInState')}>
        <RunningClock since={agent.stateChangedAt} testId="time-in-state" />
      </span>
      {call && (
        <span className="agent-call" data-testid="agent-call">
          {call.endedAt ? t('agentDesk.lastCall') : t('agentDesk.call')}:{' '}
          {call.lead?.name && <strong data-testid="lead-name">{call.lead.name} · </strong>}
          <strong>{call.number ?? t('agentDesk.unknownNumber')}</strong>
          {call.queueName && ` · ${call.queueName}`}
          {call.lead && ` · ${call.lead.campaignName}`}
        </span>
      )}
      {call?.lead && Object.keys(call.lead.data).length > 0 && (
        <dl className="lead-pop" aria-label={t('agentDesk.leadDetails')} data-testid="lead-pop">
          {Object.entries(call.lead.data).map(([column, value]) => (
            <div key={column}>
              <dt>{column}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {needsDisposition(call) && (
        <DispositionForm
          key={call.id}
          callId={call.id}
          tenantId={tenantId}
          hasLead={call.lead !== null}
          windows={call.lead && { timezone: call.lead.timezone, schedule: call.lead.schedule }}
          onSaved={() => {
            setSavedCallId(call.id);
            void queryClient.invalidateQueries({ queryKey: key });
          }}
        />
      )}
      {showSaved && !needsDisposition(call) && (
        <span role="status" className="success" tabIndex={-1} ref={savedRef} data-testid="disposition-saved">
          {t('agentDesk.dispositionSaved')}
        </span>
      )}
      <ErrorMessage error={desk.error} />
    </>
  );
}
