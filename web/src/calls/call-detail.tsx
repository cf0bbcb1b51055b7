// One call: its times, legs, event timeline, recording player and (for supervisors) disposition.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../app/auth-context.tsx';
import { formatClock } from '../app/clock.ts';
import { ErrorMessage, Loading } from '../app/feedback.tsx';
import { useBlobUrl } from '../app/use-blob-url.ts';
import { useFormat } from '../app/use-format.ts';
import { campaignKey, campaignsApi } from '../campaigns/campaigns.api.ts';
import { callKey, callsApi, type CallTimelineEvent, type Recording } from './calls.api.ts';
import { describeEvent } from './timeline.ts';
import { channelLabel } from './channel-label.ts';
import { phoneOrDash } from './phone-display.ts';
import { trunksApi, trunksKey } from '../trunks/trunks.api.ts';
import { DispositionForm } from './disposition-form.tsx';
import { hangupCauseLabel } from '../call-codes/call-codes.ts';

export function CallDetailPanel({ callId, onClose }: { callId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { me, can } = useAuth();
  const queryClient = useQueryClient();
  const tenantId = me?.tenantId ?? null;
  const call = useQuery({ queryKey: callKey(tenantId, callId), queryFn: () => callsApi.get(callId) });
  const data = call.data;
  // The campaign's calling windows, for the callback picker's warning.
  const campaignId = data?.leadId ? data.campaignId : null;
  const campaign = useQuery({
    queryKey: campaignKey(tenantId, campaignId ?? ''),
    queryFn: () => campaignsApi.get(campaignId ?? ''),
    enabled: campaignId !== null && can('campaigns.view'),
  });
  const time = (value: string | null) => (value ? format.dateTime(value) : '—');
  const seconds = (value: number | null) => (value === null ? '—' : formatClock(value));
  const [showSwitchEvents, setShowSwitchEvents] = useState(false);
  // A trunk leg is named by the trunk's name (readable with trunks.view; else by its switch name).
  const trunks = useQuery({ queryKey: trunksKey(tenantId), queryFn: trunksApi.list, enabled: can('trunks.view') });
  const trunkName = (id: string) => trunks.data?.find((trunk) => trunk.id === id)?.name;

  return (
    <section className="panel call-detail" aria-labelledby="call-detail-title">
      <div className="page-title">
        <h2 id="call-detail-title">{t('calls.detailTitle')}</h2>
        <button type="button" className="secondary" onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
      <ErrorMessage error={call.error} />
      {call.isPending ? (
        <Loading />
      ) : data ? (
        <>
          <dl className="call-summary">
            <Item label={t('calls.caller')} value={phoneOrDash(data.callerNumber)} />
            <Item label={t('calls.called')} value={phoneOrDash(data.calledNumber)} />
            <Item label={t('calls.queue')} value={data.queueName ?? '—'} />
            <Item label={t('calls.agent')} value={data.agentName ?? '—'} />
            <Item label={t('calls.when')} value={time(data.createdAt)} />
            <Item label={t('calls.answerAt')} value={time(data.answerAt)} />
            <Item label={t('calls.endedAt')} value={time(data.endedAt)} />
            <Item label={t('calls.ringTime')} value={seconds(data.ringTime)} />
            <Item label={t('calls.waitTime')} value={seconds(data.waitTime)} />
            <Item label={t('calls.talkTime')} value={seconds(data.talkTime)} />
            <Item label={t('calls.duration')} value={seconds(data.durationSeconds)} />
            <Item label={t('calls.billable')} value={seconds(data.billableSeconds)} />
            {data.abandoned && <Item label={t('calls.outcome')} value={t('calls.abandonedHint')} />}
            <Item label={t('calls.hangupCause')} value={hangupCauseLabel(t, data.hangupCause)} />
            <Item label={t('calls.disposition')} value={data.disposition ?? '—'} />
          </dl>
          {data.recording && <RecordingPlayer recording={data.recording} />}
          {can('agents.manage') && tenantId && (
            <DispositionForm
              callId={data.id}
              tenantId={tenantId}
              hasLead={data.leadId !== null}
              windows={
                campaign.data ? { timezone: campaign.data.timezone, schedule: campaign.data.schedule } : null
              }
              onSaved={() => void queryClient.invalidateQueries({ queryKey: ['calls', tenantId] })}
            />
          )}
          <h3>{t('calls.legs')}</h3>
          <div className="table-scroll">
            <table aria-label={t('calls.legs')}>
              <thead>
                <tr>
                  <th>{t('calls.channel')}</th>
                  <th>{t('calls.caller')}</th>
                  <th>{t('calls.called')}</th>
                  <th>{t('calls.when')}</th>
                  <th>{t('calls.answerAt')}</th>
                  <th>{t('calls.endedAt')}</th>
                  <th>{t('calls.hangupCause')}</th>
                </tr>
              </thead>
              <tbody>
                {data.legs.map((leg) => (
                  <tr key={leg.id}>
                    <td>
                      {leg.channelName ? channelLabel(leg.channelName, t, trunkName) : leg.id.slice(0, 8)}
                      {showSwitchEvents && leg.channelName && (
                        <>
                          {' '}
                          <code className="muted">{leg.channelName}</code>
                        </>
                      )}
                    </td>
                    <td className="nowrap">{phoneOrDash(leg.callerNumber)}</td>
                    <td className="nowrap">{phoneOrDash(leg.destinationNumber)}</td>
                    <td className="nowrap">{time(leg.createdAt)}</td>
                    <td className="nowrap">{time(leg.answeredAt)}</td>
                    <td className="nowrap">{time(leg.endedAt)}</td>
                    <td>{hangupCauseLabel(t, leg.hangupCause)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="page-title">
            <h3>{t('calls.timeline')}</h3>
            <button type="button" className="secondary" aria-pressed={showSwitchEvents} onClick={() => setShowSwitchEvents((shown) => !shown)}>
              {t('calls.showSwitchEvents')}
            </button>
          </div>
          <ol className="call-timeline" aria-label={t('calls.timeline')}>
            {data.events.map((event, index) => (
              <li key={index}>
                <time dateTime={event.occurredAt}>{format.dateTime(event.occurredAt)}</time> {describeEvent(event, t, trunkName)}
                {showSwitchEvents && <SwitchEvent event={event} />}
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </section>
  );
}

/** The raw event behind the sentence, for whoever speaks the switch's language. */
function SwitchEvent({ event }: { event: CallTimelineEvent }) {
  return (
    <div className="switch-event">
      <code>{event.name}</code>{' '}
      {Object.entries(event.headers).map(([name, value]) => (
        <code key={name} className="muted">
          {name}: {value}{' '}
        </code>
      ))}
    </div>
  );
}

function Item({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** The recording, fetched with the session into the browser, so the player seeks freely. */
function RecordingPlayer({ recording }: { recording: Recording }) {
  const { t } = useTranslation();
  const format = useFormat();
  const audio = useBlobUrl(recording.status === 'AVAILABLE' ? recording.id : null, () =>
    callsApi.audio(recording.id),
  );
  const why = recording.reason && (
    <span className="muted" data-testid="recording-reason">
      {' '}
      · {t(`calls.recordingReason.${recording.reason}`)}
    </span>
  );
  if (recording.status !== 'AVAILABLE') {
    return (
      <p className="muted">
        {t(`calls.recordingStatus.${recording.status}`)}
        {why}
      </p>
    );
  }
  return (
    <figure className="recording">
      <figcaption>
        {t('calls.recording')}
        {why}
        {recording.retentionUntil && (
          <span className="muted">
            {' '}
            · {t('calls.keptUntil', { date: format.date(recording.retentionUntil) })}
          </span>
        )}
      </figcaption>
      <ErrorMessage error={audio.error} />
      {audio.url ? (
        <audio controls preload="metadata" src={audio.url} aria-label={t('calls.recording')} />
      ) : (
        !audio.error && <Loading />
      )}
    </figure>
  );
}
