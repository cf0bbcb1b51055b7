import type { TFunction } from 'i18next';
import { hangupCauseLabel } from '../call-codes/call-codes.ts';
import type { CallTimelineEvent } from './calls.api.ts';
import { channelLabel, channelParty } from './channel-label.ts';
import { phoneOrDash } from './phone-display.ts';

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
export function describeEvent(
  event: CallTimelineEvent,
  t: TFunction,
  trunkName: (id: string) => string | undefined = () => undefined,
): string {
  const h = event.headers;
  const say = (key: string, params: Record<string, string> = {}) => t(`calls.timelineText.${key}`, params);
  const agent = event.agentName ?? say('anAgent');
  const queue = event.queueName ?? say('aQueue');
  const caller = phoneOrDash(h['Caller-Caller-ID-Number'] ?? null);
  const destination = phoneOrDash(h['Caller-Destination-Number'] ?? null);
  // The far end of a leg the switch placed, as people read it (extension 1001, a trunk), when its
  // channel name says; else the number it dialed.
  const channel = h['Channel-Name'];
  const reached = channel && channelParty(channel).kind !== 'raw' ? channelLabel(channel, t, trunkName) : destination;
  const outbound = h['Call-Direction'] === 'outbound';
  switch (event.name) {
    case 'CHANNEL_CREATE':
      return outbound ? say('dialing', { to: reached }) : say('arrived', { from: caller, to: destination });
    case 'CHANNEL_PROGRESS':
    case 'CHANNEL_PROGRESS_MEDIA':
      return say('ringing', { to: outbound ? reached : destination });
    case 'CHANNEL_ANSWER':
      return say('answered', { who: outbound ? reached : caller });
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
