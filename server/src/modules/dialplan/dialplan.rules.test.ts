import { describe, expect, it } from 'vitest';
import { defaultDialplanRules } from './dialplan.compiler.ts';
import {
  ALLOWED_APPLICATIONS,
  checkConditionExpression,
  checkConditionField,
  validateRule,
  type TenantScope,
} from './dialplan.rules.ts';
import { checkSafeData, isDangerousVariable } from './safe-data.ts';

const scope: TenantScope = { tenantCode: 'acme', domain: 'acme.pbx.localhost' };
const rule = (
  actions: { application: string; data: string }[],
  extra: Partial<Parameters<typeof validateRule>[0]> = {},
) => ({
  conditionField: 'destination_number',
  conditionExpression: '^100$',
  actions,
  antiActions: [],
  ...extra,
});
const action = (application: string, data = '') => validateRule(rule([{ application, data }]), scope);

describe('condition field', () => {
  it('accepts the six fixed fields and a plain ${identifier}', () => {
    for (const field of [
      'destination_number',
      'caller_id_number',
      'caller_id_name',
      'ani',
      'network_addr',
      'rdnis',
      '${sip_h_x}',
    ]) {
      expect(checkConditionField(field)).toBeNull();
    }
  });
  it('refuses other fields, function calls and expressions', () => {
    for (const field of [
      'context',
      '${system(ls)}',
      '${a b}',
      '$${global}',
      'destination_number ',
      '${x}${y}',
      '',
    ]) {
      expect(checkConditionField(field)).not.toBeNull();
    }
  });
});

describe('condition expression', () => {
  it('accepts a valid bounded regular expression', () => {
    expect(checkConditionExpression('^(\\d{2,6})$')).toBeNull();
    expect(checkConditionExpression('^\\*8$')).toBeNull();
  });
  it('refuses invalid, empty, too long, multi-line and ${…} expressions', () => {
    expect(checkConditionExpression('^(1$')).toMatch(/regular expression/);
    expect(checkConditionExpression('')).not.toBeNull();
    expect(checkConditionExpression(`^${'1'.repeat(300)}$`)).toMatch(/at most/);
    expect(checkConditionExpression('^1$\n^2$')).toMatch(/control/);
    expect(checkConditionExpression('^${system(id)}$')).not.toBeNull();
  });
  it('refuses XML references, which would read as ${…} to anyone decoding the XML', () => {
    for (const expression of [
      '^&#36;{system(id)}$',
      '^&#x24;{x}',
      '^&#X24;{x}',
      '^&amp;#36;{x}',
      '^&quot;$',
      '^&lt;1',
    ]) {
      expect(checkConditionExpression(expression), expression).toMatch(/XML character or entity references/);
    }
    expect(checkConditionExpression('^(a&b)$')).toBeNull();
  });
});

describe('application allowlist', () => {
  it('includes the required applications and excludes command runners', () => {
    for (const name of [
      'answer',
      'bridge',
      'playback',
      'hangup',
      'set',
      'export',
      'pickup',
      'callcenter',
      'play_and_get_digits',
    ]) {
      expect(ALLOWED_APPLICATIONS).toContain(name);
    }
    for (const name of [
      'system',
      'bgsystem',
      'spawn',
      'lua',
      'luarun',
      'javascript',
      'python',
      'perl',
      'eval',
      'execute_extension',
      'bgapi',
      'socket',
      'set_global',
      'curl',
      'record_session',
    ]) {
      expect(action(name)).toEqual([
        { path: 'actions.0.application', message: expect.stringContaining('not an allowed application') },
      ]);
    }
  });
  it('accepts the default rules of a new tenant', () => {
    for (const seeded of defaultDialplanRules()) expect(validateRule(seeded, scope)).toEqual([]);
  });
  it('names the field of each violation, anti-actions included', () => {
    const details = validateRule(
      rule(
        [
          { application: 'answer', data: '' },
          { application: 'hangup', data: '' },
          { application: 'system', data: 'id' },
        ],
        {
          antiActions: [{ application: 'set', data: 'api_hangup_hook=system id' }],
        },
      ),
      scope,
    );
    expect(details.map((detail) => detail.path)).toEqual(['actions.2.application', 'antiActions.0.data']);
  });
});

describe('safe-data rule', () => {
  it('accepts plain text, plain variables and the allowlisted functions', () => {
    for (const data of [
      'Welcome to Acme',
      'caller ${caller_id_number} at ${strftime(%Y-%m-%d %H:%M)}',
      '${user_data(${dialed_extension}@${domain_name} var callgroup)}',
      '${regex(${destination_number}|^(\\d+)|%1)} ${url_encode(a b)} ${escape(x)}',
      '${caller_id_number:0:4}',
      'dialed_extension=$1',
      'Tom & Jerry, a&b, costs $5',
    ]) {
      expect(checkSafeData(data)).toBeNull();
    }
  });
  it('refuses markup, quotes, backticks, control characters and line breaks', () => {
    for (const data of ['a<b', 'a>b', 'say "hi"', 'run `id`', 'one\ntwo', 'tab\there', 'nul\u0000']) {
      expect(checkSafeData(data)).not.toBeNull();
    }
  });
  it('refuses function calls outside the allowlist, globals and broken references', () => {
    expect(checkSafeData('${system(rm -rf /)}')).toMatch(/system\(\) is not allowed/);
    expect(checkSafeData('${bgsystem(curl evil)}')).toMatch(/bgsystem/);
    expect(checkSafeData('${user_data(${system(id)})}')).toMatch(/system/);
    expect(checkSafeData('${expr(1+1)}')).not.toBeNull();
    expect(checkSafeData('$${default_password}')).toMatch(/global/);
    expect(checkSafeData('${unterminated')).toMatch(/unterminated/);
    expect(checkSafeData('${ system}')).not.toBeNull();
    expect(checkSafeData('${system id}')).not.toBeNull();
  });
  // The writer escapes every &, so the switch reads these literally; they are refused anyway, so
  // that no reader that decodes XML (a person, a tool, the switch) ever sees ${system(id)}.
  it('refuses XML character and entity references in every spelling', () => {
    for (const data of [
      'x=&#36;{system(id)}',
      'x=&#x24;{system(id)}',
      'x=&#X24;{system(id)}',
      'x=&#036;{system(id)}',
      '{api_on_answer&#61;system id}user/1001@${domain_name}',
      'say &quot;hi&quot;',
      '&lt;b&gt;',
      'Tom &amp; Jerry',
      'x=&amp;#36;{system(id)}',
      '&apos;',
      '&nbsp;',
    ]) {
      expect(checkSafeData(data), data).toMatch(/XML character or entity references/);
    }
  });
  it('refuses a $ that could be joined into ${…} when the switch expands the text', () => {
    for (const data of [
      'a=$',
      'a=x$',
      'a=$$',
      'a=\\$x',
      '$${hostname}',
      'a=$1{system(id)}',
      '${user_data(1001@${domain_name} var $${x})}',
    ]) {
      expect(checkSafeData(data), data).not.toBeNull();
    }
    expect(checkSafeData('1 1 3 5000 # a.wav b.wav choice ^[12]$ 3000', { regexAnchors: true })).toBeNull();
    expect(checkSafeData('a=x$ ', { regexAnchors: false })).not.toBeNull();
  });
  it('allows url_decode only when its decoded text cannot build an expansion or split the data', () => {
    for (const data of [
      'a=${url_decode(Jo%C3%A3o)}',
      'a=${url_decode(1001)}',
      'log INFO ${url_decode(%2B5511)}',
    ])
      expect(checkSafeData(data), data).toBeNull();
    // url_decode builds any text: ${url_decode(%24%7B…%7D)} is a ${…} the next expansion runs.
    for (const data of [
      'a=${url_decode(%24%7Bsystem(id)%7D)}',
      'a=${url_decode(%24)}',
      'a=${url_decode(%7B)}',
      'a=${url_decode(%7d)}',
    ]) {
      expect(checkSafeData(data), data).toMatch(/must not decode to \$, \{ or \}/);
    }
    for (const data of [
      'a=${url_decode(${x})}',
      'a=${url_decode(%4)}',
      'a=${url_decode(%C3)}',
      'a=${url_decode(%2E%2E%2Fetc)}',
      'a=${url_decode(1000%20XML%20b_default)}',
    ]) {
      expect(checkSafeData(data), data).not.toBeNull();
    }
  });
  it('refuses variables that make the switch execute something, however they are written', () => {
    for (const data of [
      'api_hangup_hook=system id',
      'session_in_hangup_hook=true',
      'execute_on_answer=system id',
      'exec_after_bridge_app=system',
      'bridge_pre_execute_bleg_app=lua',
      'record_post_process_exec_api=system:id',
      'nolocal:api_on_answer=x',
      'transfer_after_bridge=100:XML:other_default',
      'svc_tenant_id=someone-else',
      'domain_name=other.example',
      '${x}=1',
    ]) {
      expect(checkSafeData(data), data).not.toBeNull();
    }
    expect(isDangerousVariable('hangup_after_bridge')).toBe(false);
    expect(isDangerousVariable('call_timeout')).toBe(false);
  });
});

describe('tenant scope of application data', () => {
  it('bridges only to the tenant’s domain, own gateways or error', () => {
    expect(action('bridge', 'user/100@${domain_name}')).toEqual([]);
    expect(action('bridge', '{call_timeout=20}user/100@acme.pbx.localhost|user/101@${domain_name}')).toEqual(
      [],
    );
    // A trunk reference is a literal; which trunk it names (only the tenant's own) is resolved by the service.
    expect(
      action('bridge', '[leg_timeout=10]sofia/gateway/acme-carrier/5511999990000,error/USER_BUSY'),
    ).toEqual([]);
    expect(action('bridge', 'sofia/gateway/carrier/5511999990000')).toEqual([]);
    expect(action('bridge', 'sofia/gateway/${x}/5511999990000')).not.toEqual([]);
    for (const data of [
      'user/100@other.pbx.localhost',
      'user/100@other.pbx.localhost@${domain_name}',
      'user/100',
      'sofia/gateway/other carrier/5511999990000',
      'sofia/internal/100@1.2.3.4',
      'loopback/100/other_default',
      '{origination_caller_id_number=${x}}user/100@${domain_name}',
      '{api_on_answer=system id}user/100@${domain_name}',
      'user/100@${domain_name},{a=1',
    ]) {
      expect(action('bridge', data), data).toEqual([{ path: 'actions.0.data', message: expect.any(String) }]);
    }
  });
  it('reads the directory only for the tenant’s own users and only their variables', () => {
    expect(action('log', 'INFO ${user_data(101@${domain_name} var callgroup)}')).toEqual([]);
    expect(action('log', 'INFO ${user_data($1@acme.pbx.localhost var callgroup)}')).toEqual([]);
    for (const data of [
      'INFO ${user_data(101@other.pbx.localhost var callgroup)}',
      'INFO ${user_data(101@${domain_name} param password)}',
      'INFO ${user_data(101@${domain_name} attr id)}',
      'INFO ${user_data(101)}',
    ]) {
      expect(action('log', data), data).toEqual([
        { path: 'actions.0.data', message: expect.stringContaining('user_data') },
      ]);
    }
  });
  it('transfers only inside the tenant’s own contexts and the XML dialplan', () => {
    expect(action('transfer', '100')).toEqual([]);
    expect(action('transfer', '100 XML acme_default')).toEqual([]);
    expect(action('transfer', '-bleg ${dialed_extension} XML acme_sales')).toEqual([]);
    for (const data of [
      '100 XML default',
      '100 XML other_default',
      'system:id inline',
      '100 XML acme_public',
      '',
      '100 XML acme_x extra',
    ]) {
      expect(action('transfer', data), data).not.toEqual([]);
    }
  });
  it('checks pickup, callcenter, playback, play_and_get_digits and simple applications', () => {
    expect(action('pickup', '${callgroup}@${domain_name}')).toEqual([]);
    expect(action('pickup', 'sales@other.example')).not.toEqual([]);
    expect(action('callcenter', 'q-4b3c2d1e-0000-4000-8000-000000000001')).toEqual([]);
    expect(action('callcenter', 'support@default')).not.toEqual([]);
    expect(action('playback', 'ivr/ivr-welcome.wav')).toEqual([]);
    expect(action('playback', 'tone_stream://%(200,0,440)')).toEqual([]);
    for (const data of [
      'local_stream://../../etc',
      'local_stream://${x}',
      'tone_stream://${system(id)}',
      'silence_stream://x',
    ]) {
      expect(action('playback', data), data).not.toEqual([]);
    }
    for (const data of ['/etc/passwd', '../../x.wav', 'http_cache://http://evil/x.wav', 'shout://x'])
      expect(action('playback', data), data).not.toEqual([]);
    expect(
      action(
        'play_and_get_digits',
        '1 1 3 5000 # ivr/menu.wav silence_stream://250 choice ^[12]$ 3000 invalid XML acme_menu',
      ),
    ).toEqual([]);
    expect(
      action(
        'play_and_get_digits',
        '1 1 3 5000 # ivr/menu.wav silence_stream://250 choice ^[12]$ 3000 1 XML other_menu',
      ),
    ).not.toEqual([]);
    expect(action('play_and_get_digits', '1 1 3 5000 # /etc/passwd x choice ^1$')).not.toEqual([]);
    expect(action('play_and_get_digits', '1 1 3')).not.toEqual([]);
    expect(action('set', 'call_timeout=30')).toEqual([]);
    expect(action('set', 'novalue')).not.toEqual([]);
    expect(action('export', 'nolocal:api_on_answer=x')).not.toEqual([]);
    expect(action('unset', 'call_timeout')).toEqual([]);
    expect(action('hangup', 'NORMAL_CLEARING')).toEqual([]);
    expect(action('hangup', 'x; y')).not.toEqual([]);
    expect(action('sleep', '500')).toEqual([]);
    expect(action('sleep', 'soon')).not.toEqual([]);
    expect(action('answer', 'now')).not.toEqual([]);
    expect(action('log', 'INFO call from ${caller_id_number}')).toEqual([]);
  });
});
