// switch_channel_event_set_basic_data / _extended_data: the channel part of every channel event,
// in FreeSWITCH's order. Checked against src/switch_channel.c (event_set_basic_data,
// event_set_extended_data) and the captures' header order.
import type { EventBus, Origin } from '../events/bus.ts';
import type { SwitchEvent } from '../events/event.ts';
import { addProfileHeaders } from './caller-profile.ts';
import type { Channel } from './channel.ts';

/** Events whose channel data includes the variables (switch_channel_event_set_extended_data). */
const EXTENDED = new Set([
  'CHANNEL_CREATE', 'CHANNEL_ORIGINATE', 'CHANNEL_UUID', 'CHANNEL_ANSWER', 'CHANNEL_PARK', 'CHANNEL_UNPARK',
  'CHANNEL_BRIDGE', 'CHANNEL_UNBRIDGE', 'CHANNEL_PROGRESS', 'CHANNEL_PROGRESS_MEDIA', 'CHANNEL_HANGUP',
  'CHANNEL_HANGUP_COMPLETE', 'REQUEST_PARAMS', 'CHANNEL_DATA', 'CHANNEL_EXECUTE', 'CHANNEL_EXECUTE_COMPLETE',
  'CHANNEL_DESTROY', 'SESSION_HEARTBEAT', 'API', 'RECORD_START', 'RECORD_STOP', 'PLAYBACK_START', 'PLAYBACK_STOP',
  'CALL_UPDATE', 'MEDIA_BUG_START', 'MEDIA_BUG_STOP', 'CHANNEL_HOLD', 'CHANNEL_UNHOLD', 'TEXT', 'CUSTOM',
]);

export function addBasicData(event: SwitchEvent, ch: Channel, withProfile = true): void {
  event
    .add('Channel-State', ch.running)
    .add('Channel-Call-State', ch.callState)
    .add('Channel-State-Number', ch.stateNumber)
    .add('Channel-Name', ch.name)
    .add('Unique-ID', ch.uuid)
    .add('Call-Direction', ch.direction)
    .add('Presence-Call-Direction', ch.direction)
    .add('Channel-HIT-Dialplan', ch.direction === 'inbound' || ch.hitDialplan ? 'true' : 'false')
    .add('Channel-Presence-ID', ch.vars.get('presence_id'))
    .add('Channel-Presence-Data', ch.vars.get('presence_data'))
    .add('Channel-Call-UUID', ch.vars.get('call_uuid') ?? ch.uuid)
    .add('Answer-State', ch.answerState());
  if (ch.hangupCause !== undefined) event.add('Hangup-Cause', ch.hangupCause);
  if (ch.readCodec) {
    event
      .add('Channel-Read-Codec-Name', ch.readCodec.name)
      .add('Channel-Read-Codec-Rate', ch.readCodec.rate)
      .add('Channel-Read-Codec-Bit-Rate', ch.readCodec.bitRate);
  }
  if (ch.writeCodec) {
    event
      .add('Channel-Write-Codec-Name', ch.writeCodec.name)
      .add('Channel-Write-Codec-Rate', ch.writeCodec.rate)
      .add('Channel-Write-Codec-Bit-Rate', ch.writeCodec.bitRate);
  }
  if (withProfile && ch.profile) addProfileHeaders(event, 'Caller', ch.profile);
  if (withProfile && ch.other) {
    event.add('Other-Type', ch.other.type);
    addProfileHeaders(event, 'Other-Leg', ch.other.profile, false);
  }
}

export function addVariables(event: SwitchEvent, ch: Channel): void {
  for (const [name, value] of ch.vars.entries()) event.add(`variable_${name}`, value);
}

export function addChannelData(event: SwitchEvent, ch: Channel): void {
  addBasicData(event, ch);
  if (EXTENDED.has(event.name)) addVariables(event, ch);
}

export interface ChannelEventOptions {
  /** Headers FreeSWITCH adds before the channel data (e.g. Hangup-Cause, Old-Unique-ID). */
  before?: Array<[string, string | number | undefined]>;
  /** Headers added after it (e.g. Application, Bridge ids for CUSTOM events). */
  after?: Array<[string, string | number | undefined]>;
  subclass?: string;
}

export function channelEvent(bus: EventBus, ch: Channel, name: string, origin: Origin, options: ChannelEventOptions = {}): SwitchEvent {
  const event = bus.create(name, origin, options.subclass);
  for (const [key, value] of options.before ?? []) event.add(key, value);
  addChannelData(event, ch);
  for (const [key, value] of options.after ?? []) event.add(key, value);
  return event;
}
