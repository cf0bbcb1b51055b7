import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AgentStateBadge } from '../agents/agent-state-badge.tsx';
import { useAuth } from '../app/auth-context.tsx';
import { ErrorMessage } from '../app/feedback.tsx';
import './agent-bar.css';
import { AgentCall } from './agent-call.tsx';
import { canLogOut, wrapUpEndsAt } from './desk-rules.ts';
import { CountdownClock } from '../app/running-clock.tsx';
import { DESK_POLL_MS, agentBarApi, myAgentKey, myPauseReasonsKey, type MyAgent } from './agent-bar.api.ts';

/** The signed-in user's own agent presence; nothing at all for users without an Agent. */
export function AgentBar() {
  const { t } = useTranslation();
  const { me } = useAuth();
  const queryClient = useQueryClient();
  const tenantId = me?.tenantId ?? null;
  const key = myAgentKey(tenantId, me?.sub ?? null);
  const agent = useQuery({
    queryKey: key,
    queryFn: agentBarApi.me,
    enabled: tenantId !== null,
    // A user who is not an agent stays so until an agent is created (which invalidates ['agents']).
    staleTime: (query) => (query.state.data === null ? Infinity : 0),
    // The switch moves a logged-in agent (ringing, in call, wrap-up): follow it.
    refetchInterval: (query) =>
      query.state.data && query.state.data.state !== 'LOGGED_OUT' ? DESK_POLL_MS : false,
  });
  const [choosing, setChoosing] = useState(false);
  const [reasonId, setReasonId] = useState('');
  const reasons = useQuery({
    queryKey: myPauseReasonsKey(tenantId),
    queryFn: agentBarApi.pauseReasons,
    enabled: choosing,
  });

  const onMoved = (next: MyAgent) => {
    queryClient.setQueryData(key, next);
    setChoosing(false);
    setReasonId('');
  };
  const action = useMutation({
    mutationFn: (run: () => Promise<MyAgent>) => run(),
    onSuccess: onMoved,
  });

  if (tenantId === null || !agent.data) return null;
  const state = agent.data.state;
  const run = (operation: () => Promise<MyAgent>) => action.mutate(operation);
  const pause = (event: FormEvent) => {
    event.preventDefault();
    if (reasonId) run(() => agentBarApi.pause(reasonId));
  };
  const enabledReasons = reasons.data?.filter((reason) => reason.enabled) ?? [];
  // The agent's own reason or the platform's (paused after unanswered offers), as the server names it.
  const pausedFor = state === 'PAUSED' ? (agent.data.pauseReasonName ?? undefined) : undefined;

  return (
    <div className="agent-bar" role="group" aria-label={t('agentBar.label')}>
      <span>
        {t('agentBar.label')} {agent.data.extensionNumber}:{' '}
        <AgentStateBadge state={state} reason={pausedFor} label={t('agentBar.state')} />
      </span>
      {state !== 'LOGGED_OUT' && <AgentCall agent={agent.data} tenantId={tenantId} />}
      {state !== 'LOGGED_OUT' && !agent.data.phoneRegistered && (
        <span className="warning" role="alert" data-testid="phone-not-registered">
          {t('extensionPhones.phoneNotRegistered', { number: agent.data.extensionNumber })}
        </span>
      )}
      {state === 'LOGGED_OUT' && (
        <button type="button" disabled={action.isPending} onClick={() => run(agentBarApi.login)}>
          {t('agentBar.login')}
        </button>
      )}
      {state !== 'LOGGED_OUT' && state !== 'PAUSED' && !choosing && (
        <button
          type="button"
          className="secondary"
          disabled={action.isPending}
          onClick={() => setChoosing(true)}
        >
          {t('agentBar.pause')}
        </button>
      )}
      {choosing && (
        <form className="inline-form" onSubmit={pause} aria-label={t('agentBar.pause')}>
          <select
            aria-label={t('agentBar.reason')}
            required
            value={reasonId}
            onChange={(event) => setReasonId(event.target.value)}
          >
            <option value="">{reasons.isPending ? t('common.loading') : t('agentBar.chooseReason')}</option>
            {enabledReasons.map((reason) => (
              <option key={reason.id} value={reason.id}>
                {reason.name}
              </option>
            ))}
          </select>
          <button type="submit" disabled={action.isPending || !reasonId}>
            {t('agentBar.confirmPause')}
          </button>
          <button type="button" className="secondary" onClick={() => setChoosing(false)}>
            {t('agentBar.cancel')}
          </button>
        </form>
      )}
      {state === 'WRAP_UP' && (
        <>
          <span data-testid="wrap-up-left">
            {t('agentDesk.wrapUpLeft')} <CountdownClock until={wrapUpEndsAt(agent.data)} />
          </span>
          <button type="button" disabled={action.isPending} onClick={() => run(agentBarApi.endWrapUp)}>
            {t('agentDesk.endWrapUp')}
          </button>
        </>
      )}
      {state === 'PAUSED' && (
        <button type="button" disabled={action.isPending} onClick={() => run(agentBarApi.resume)}>
          {t('agentBar.resume')}
        </button>
      )}
      {canLogOut(state) && (
        <button
          type="button"
          className="secondary"
          disabled={action.isPending}
          onClick={() => run(agentBarApi.logout)}
        >
          {t('agentBar.logout')}
        </button>
      )}
      <ErrorMessage error={action.error ?? reasons.error} />
    </div>
  );
}
