import { describe, expect, it } from 'vitest';
import { abandonCommand, originateCommand, switchSafeName, type OriginateSpec } from './originate-command.ts';

const ids = {
  tenantId: '11111111-1111-4111-8111-111111111111',
  callId: '22222222-2222-4222-8222-222222222222',
  attemptId: '33333333-3333-4333-8333-333333333333',
  campaignId: '44444444-4444-4444-8444-444444444444',
  leadId: '55555555-5555-4555-8555-555555555555',
  queueId: '66666666-6666-4666-8666-666666666666',
  recordingId: '77777777-7777-4777-8777-777777777777',
};
const spec = (over: Partial<OriginateSpec> = {}): OriginateSpec => ({
  ...ids,
  phone: '+5511987654321',
  leadName: 'Maria Silva',
  callerId: '+551130001000',
  timeoutSeconds: 30,
  target: { kind: 'SIMULATED', ringMs: 1500, talkMs: 42_400 },
  ...over,
});

/** The {} block's variables as switch_event_create_brackets splits them: on commas not escaped. */
function variablesOf(command: string): Map<string, string> {
  const block = /^originate \{(.*)\}\S+ &callcenter\(q-[0-9a-f-]+\)$/.exec(command)?.[1];
  expect(block).toBeDefined();
  const parts = block!.split(/(?<!\\),/);
  return new Map(parts.map((part) => [part.slice(0, part.indexOf('=')), part.slice(part.indexOf('=') + 1).replace(/\\,/g, ',')]));
}

describe('originateCommand', () => {
  it('simulation: a null leg with the call id as its uuid, every svc_* variable, the queue entry’s variables, and the customer hanging up after the talk time', () => {
    const command = originateCommand(spec());
    expect(command).toMatch(/\}null\/5511987654321 &callcenter\(q-66666666-6666-4666-8666-666666666666\)$/);
    const vars = variablesOf(command);
    expect(Object.fromEntries(vars)).toMatchObject({
      origination_uuid: ids.callId,
      svc_tenant_id: ids.tenantId,
      svc_call_id: ids.callId,
      svc_attempt_id: ids.attemptId,
      svc_campaign_id: ids.campaignId,
      svc_lead_id: ids.leadId,
      svc_queue_id: ids.queueId,
      svc_recording_id: ids.recordingId,
      RECORD_STEREO: 'true',
      cc_export_vars: 'svc_tenant_id,svc_call_id,svc_queue_id,svc_attempt_id,svc_campaign_id,svc_lead_id',
      origination_caller_id_number: '+5511987654321',
      origination_callee_id_number: '+5511987654321',
      origination_callee_id_name: "'Maria Silva'",
      null_auto_answer_delay: '1500',
      execute_on_answer: "'sched_hangup +42 NORMAL_CLEARING'",
      originate_timeout: '30',
    });
  });

  it('real outbound: the campaign trunk’s gateway with the campaign caller id; nothing simulated', () => {
    const command = originateCommand(spec({ target: { kind: 'GATEWAY', trunkId: '88888888-8888-4888-8888-888888888888' } }));
    expect(command).toContain('}sofia/gateway/gw-88888888-8888-4888-8888-888888888888/5511987654321 &callcenter(');
    const vars = variablesOf(command);
    expect(vars.get('origination_caller_id_number')).toBe('+551130001000');
    expect(vars.has('null_auto_answer_delay')).toBe(false);
    expect(vars.has('execute_on_answer')).toBe(false);
  });

  it('a hostile lead name cannot add a variable, expand one, or break the argument list', () => {
    const command = originateCommand(spec({ leadName: "Ana',svc_tenant_id=evil,x='${system(rm)} \\ {a} \"b\"" }));
    const vars = variablesOf(command);
    expect(vars.get('svc_tenant_id')).toBe(ids.tenantId);
    expect(command).not.toMatch(/\$\{|evil=|\\\\/);
    expect(vars.get('origination_callee_id_name')).toBe("'Ana svc tenant id evil x system rm a b'");
  });
});

describe('switchSafeName', () => {
  it('keeps letters of any language, digits, spaces, dots and dashes; null when nothing is left', () => {
    expect(switchSafeName('João D\'Ávila-Souza Jr.')).toBe('João D Ávila-Souza Jr.');
    expect(switchSafeName('${}')).toBeNull();
    expect(switchSafeName(null)).toBeNull();
    expect(switchSafeName('x'.repeat(80))).toHaveLength(40);
  });
});

describe('abandonCommand', () => {
  it('transfers the waiting customer out of the queue to play the message and hang up', () => {
    expect(abandonCommand(ids.callId, 'ivr/ivr-thank_you_for_calling.wav')).toBe(
      `uuid_transfer ${ids.callId} 'playback:ivr/ivr-thank_you_for_calling.wav,hangup:NORMAL_CLEARING' inline`,
    );
  });
});
