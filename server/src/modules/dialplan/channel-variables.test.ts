import { describe, expect, it } from 'vitest';
import { validateRule, type TenantScope } from './dialplan.rules.ts';
import { variableKind } from './channel-variables.ts';

const scope: TenantScope = { tenantCode: 'acme', domain: 'acme.pbx.localhost' };
const problems = (application: string, data: string) =>
  validateRule(
    {
      conditionField: 'destination_number',
      conditionExpression: '^100$',
      actions: [{ application, data }],
      antiActions: [],
    },
    scope,
  );

describe('channel variables a rule sets', () => {
  it('sorts the switch variables that take a path, an identity or a sound', () => {
    for (const name of [
      'sound_prefix',
      'SOUND_PREFIX',
      'uuid',
      'origination_uuid',
      'effective_caller_id_number',
      'origination_caller_id_number',
      'sip_h_Diversion',
      'sip_auth_password',
      'domain_name',
      'user_name',
      'dialed_domain',
      'force_transfer_context',
      'tts_engine',
      'recording_path',
      'process_cdr',
      'execute_on_answer',
      'api_on_answer',
      'bridge_pre_execute_aleg_app',
    ]) {
      expect(variableKind(name), name).toBe('refused');
    }
    for (const name of [
      'ringback',
      'transfer_ringback',
      'hold_music',
      'HOLD_MUSIC',
      'temp_hold_music',
      'cc_moh_override',
      'cc_outbound_announce',
      'exit_sound',
      'greeting_file',
    ]) {
      expect(variableKind(name), name).toBe('sound');
    }
    for (const name of [
      'call_timeout',
      'hangup_after_bridge',
      'continue_on_fail',
      'RECORD_STEREO',
      'effective_caller_id_name',
      'dialed_extension',
    ]) {
      expect(variableKind(name), name).toBe('free');
    }
  });

  it('judges a sound variable by the playback sound rule, in set, export and dial strings', () => {
    for (const data of [
      'ringback=%(2000,4000,440,480)',
      'transfer_ringback=local_stream://moh',
      'hold_music=ivr/ivr-please_hold.wav',
      'cc_moh_override=silence_stream://500',
      'hold_music=',
    ]) {
      expect(problems('set', data), data).toEqual([]);
    }
    expect(problems('export', 'nolocal:ringback=tone_stream://%(2000,4000,440,480)')).toEqual([]);
    expect(
      problems('bridge', '{ringback=local_stream://moh,call_timeout=20}user/1001@${domain_name}'),
    ).toEqual([]);
    for (const [application, data] of [
      ['set', 'hold_music=/var/lib/callcenter/freeswitch/sounds/other/ivr-1.wav'],
      ['set', 'cc_moh_override=../other/ivr-1.wav'],
      ['set', 'ringback=${x}'],
      ['set', 'hold_music=${sound_prefix}/x.wav'],
      ['export', 'nolocal:transfer_ringback=http_cache://http://evil/x.wav'],
      ['set', 'HOLD_MUSIC=/etc/passwd'],
      ['bridge', '{hold_music=/etc/passwd}user/1001@${domain_name}'],
      ['bridge', "[ringback='/etc/passwd']user/1001@${domain_name}"],
    ]) {
      expect(problems(application!, data!), data).toEqual([
        { path: 'actions.0.data', message: expect.stringMatching(/sound|must not contain/) as string },
      ]);
    }
  });

  it('refuses variables that take a folder or an identity, wherever they are set', () => {
    for (const [application, data] of [
      ['set', 'sound_prefix=/var/lib/callcenter/freeswitch/sounds/other'],
      ['set', 'uuid=0b1e5c3e-0000-4000-8000-000000000000'],
      ['export', 'nolocal:origination_uuid=x'],
      ['set', 'effective_caller_id_number=5511999990000'],
      ['set', 'sip_h_P-Asserted-Identity=x'],
      ['bridge', '{origination_uuid=x}user/1001@${domain_name}'],
      ['bridge', '[sip_h_X-Tenant=other]user/1001@${domain_name}'],
      ['bridge', '{call_timeout=20,user_name=1001}user/1001@${domain_name}'],
      ['bridge', '{^^:call_timeout=20:uuid=x}user/1001@${domain_name}'],
      ['set', 'tts_engine=flite'],
      ['set', 'force_transfer_context=other_default'],
    ]) {
      expect(problems(application!, data!), data).not.toEqual([]);
    }
  });

  it('refuses a sound that is a variable, which could expand to any path', () => {
    expect(problems('playback', '${hold}')).not.toEqual([]);
    expect(problems('playback', 'ivr/${lang}/welcome.wav')).not.toEqual([]);
    expect(problems('play_and_get_digits', '1 1 3 5000 # ${x} b.wav choice ^[12]$')).not.toEqual([]);
    expect(problems('playback', 'ivr/ivr-welcome.wav')).toEqual([]);
  });
});
