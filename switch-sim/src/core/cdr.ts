// switch_channel_set_timestamps: the CDR variables set just before CHANNEL_HANGUP_COMPLETE,
// in the order src/switch_channel.c sets them (durations in s, ms and µs).
import { formatLocal } from '../events/dates.ts';
import type { Channel } from './channel.ts';

export function setTimestamps(ch: Channel): void {
  const p = ch.profile;
  if (!p) return;
  const t = p.times;
  const v = ch.vars;
  const last = ch.appLog[ch.appLog.length - 1];
  const cid = p.callerIdName ? `"${p.callerIdName}" <${p.callerIdNumber ?? ''}>` : p.callerIdNumber;
  v.set('digits_dialed', ch.dtmfLog.length > 0 ? ch.dtmfLog : 'none');
  const stamp = (micros: number): string => formatLocal(Math.floor(micros / 1000));
  v.set('start_stamp', stamp(t.created));
  v.set('profile_start_stamp', stamp(t.profileCreated));
  if (t.answered) v.set('answer_stamp', stamp(t.answered));
  if (t.bridged) v.set('bridge_stamp', stamp(t.bridged));
  if (t.lastHold) v.set('hold_stamp', stamp(t.lastHold));
  if (t.resurrected) v.set('resurrect_stamp', stamp(t.resurrected));
  if (t.progress) v.set('progress_stamp', stamp(t.progress));
  if (t.progressMedia) v.set('progress_media_stamp', stamp(t.progressMedia));
  v.set('end_stamp', stamp(t.hungup));
  const sec = (micros: number): number => Math.floor(micros / 1_000_000);
  const msec = (micros: number): number => Math.floor(micros / 1000);
  v.set('start_epoch', sec(t.created));
  v.set('start_uepoch', t.created);
  v.set('profile_start_epoch', sec(t.profileCreated));
  v.set('profile_start_uepoch', t.profileCreated);
  v.set('answer_epoch', sec(t.answered));
  v.set('answer_uepoch', t.answered);
  v.set('bridge_epoch', sec(t.bridged));
  v.set('bridge_uepoch', t.bridged);
  v.set('last_hold_epoch', sec(t.lastHold));
  v.set('last_hold_uepoch', t.lastHold);
  v.set('hold_accum_seconds', sec(t.holdAccum));
  v.set('hold_accum_usec', t.holdAccum);
  v.set('hold_accum_ms', msec(t.holdAccum));
  v.set('resurrect_epoch', sec(t.resurrected));
  v.set('resurrect_uepoch', t.resurrected);
  v.set('progress_epoch', sec(t.progress));
  v.set('progress_uepoch', t.progress);
  v.set('progress_media_epoch', sec(t.progressMedia));
  v.set('progress_media_uepoch', t.progressMedia);
  v.set('end_epoch', sec(t.hungup));
  v.set('end_uepoch', t.hungup);

  const since = (from: number, to: number): [number, number, number] => [sec(to) - sec(from), msec(to) - msec(from), to - from];
  const duration = since(t.created, t.hungup);
  const wait = t.bridged > t.created ? since(t.created, t.bridged) : [0, 0, 0];
  const bill = t.answered ? since(t.answered, t.hungup) : [0, 0, 0];
  const legBill = t.answered ? since(t.created, t.hungup) : [0, 0, 0];
  const answer = t.answered ? since(t.created, t.answered) : [0, 0, 0];
  const progress = t.progress ? since(t.created, t.progress) : [0, 0, 0];
  const progressMedia = t.progressMedia ? since(t.created, t.progressMedia) : [0, 0, 0];

  v.set('last_app', last?.app);
  v.set('last_arg', last?.arg);
  v.set('caller_id', cid);
  const unit = (i: 0 | 1 | 2, names: [string, string, string, string, string, string, string]): void => {
    const values = [duration, bill, progress, answer, wait, progressMedia, legBill];
    names.forEach((name, k) => v.set(name, values[k]![i]));
  };
  unit(0, ['duration', 'billsec', 'progresssec', 'answersec', 'waitsec', 'progress_mediasec', 'flow_billsec']);
  unit(1, ['mduration', 'billmsec', 'progressmsec', 'answermsec', 'waitmsec', 'progress_mediamsec', 'flow_billmsec']);
  unit(2, ['uduration', 'billusec', 'progressusec', 'answerusec', 'waitusec', 'progress_mediausec', 'flow_billusec']);
}
