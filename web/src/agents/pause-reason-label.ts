// Pure: how a pause reason reads. The tenant's own reasons are read by their name as typed; the
// platform's own pause (mod_callcenter gave up on an unanswering agent, code NO_ANSWER, decision
// 0037) is worded in the reader's language, whatever language the tenant had when it was created.
import { NO_ANSWER_PAUSE_CODE } from '@callcenter/rules/pause-codes';

type Translate = (key: string) => string;

export function pauseReasonLabel(reason: { code: string; name: string }, t: Translate): string {
  if (reason.code === NO_ANSWER_PAUSE_CODE) return t('agents.platformPause.NO_ANSWER');
  return reason.name || reason.code;
}
