import type { TFunction } from 'i18next';
import { hangupCauseLabel } from '../call-codes/call-codes.ts';
import type { CallTimelineEvent } from './calls.api.ts';

/** The callcenter actions a timeline words (mod_callcenter's CC-Action values). */
const QUEUE_ACTIONS: Record<string, string> = {
  'member-queue-start': 'joinedQueue',
  'member-queue-end': 'leftQueue',
  'agent-offering': 'rangAgent',
  'bridge-agent-start': 'agentAnswered',
  'bridge-agent-end': 'agentEnded',
  'bridge-agent-fail': 'agentMissed',
};

/**
 * Pure: one stored switch event as a sentence about the call ("Joined queue Suporte", "Rang Ana",
 * "Hung up: Busy"). An event it has no words for keeps its switch name, so nothing is hidden.
 */
export function describeEvent(event: CallTimelineEvent, t: TFunction): string {
  const h = event.headers;
  const say = (key: string, params: Record<string, string> = {}) => t(`calls.timelineText.${key}`, params);
  const agent = event.agentName ?? say('anAgent');
  const queue = event.queueName ?? say('aQueue');
  const caller = h['Caller-Caller-ID-Number'] ?? '—';
  const destination = h['Caller-Destination-Number'] ?? '—';
  switch (event.name) {
    case 'CHANNEL_CREATE':
      return h['Call-Direction'] === 'outbound' ? say('dialing', { to: destination }) : say('arrived', { from: caller, to: destination });
    case 'CHANNEL_PROGRESS':
    case 'CHANNEL_PROGRESS_MEDIA':
      return say('ringing', { to: destination });
    case 'CHANNEL_ANSWER':
      return say('answered', { who: h['Call-Direction'] === 'outbound' ? destination : caller });
    case 'CHANNEL_BRIDGE':
      return say('connected');
    case 'CHANNEL_UNBRIDGE':
      return say('disconnected');
    case 'CHANNEL_HANGUP':
    case 'CHANNEL_HANGUP_COMPLETE':
      return say('hungUp', { cause: hangupCauseLabel(t, h['Hangup-Cause']) });
    case 'DTMF':
      return say('pressed', { digit: h['DTMF-Digit'] ?? '?' });
    case 'RECORD_START':
      return say('recordingStarted');
    case 'RECORD_STOP':
      return say('recordingStopped');
    default: {
      // mod_callcenter's events are CUSTOM, stored by their subclass (callcenter::info/<action>).
      const ccAction = h['CC-Action'] ?? (event.name.startsWith('callcenter::info') ? event.name.split('/')[1] : undefined);
      if (!ccAction) return event.name;
      const action = QUEUE_ACTIONS[ccAction];
      return action ? say(action, { agent, queue }) : say('queueEvent', { action: ccAction });
    }
  }
}
