// ${…} expansion (switch_channel_expand_variables_check) and the inline commands dialplans call.
import { describe, expect, it } from 'vitest';
import { regexApi, separateCharDelim, userData } from '../src/api/strings.ts';
import { emptyConfig } from '../src/config/types.ts';
import { expandVars, type InlineApi } from '../src/core/expand.ts';
import { fsUrlDecode, fsUrlEncode } from '../src/esl/urlencode.ts';

const globals = new Map([
  ['domain', 'acme.example'],
  ['dest', '1001'],
  ['word', 'callcenter'],
  ['indirect', '${word}-x'],
]);

describe('variable expansion', () => {
  it('replaces known variables and drops unknown ones', () => {
    expect(expandVars('user/${dest}@${domain}', undefined, globals)).toBe('user/1001@acme.example');
    expect(expandVars('[${missing}]', undefined, globals)).toBe('[]');
  });

  it('runs a call with nested references as one API command with its expanded argument', () => {
    const calls: [string, string][] = [];
    const inline: InlineApi = (command, argument) => {
      calls.push([command, argument]);
      return 'sales';
    };
    const data = 'user/${dest}@${domain},pickup/${user_data(${dest}@${domain} var callgroup)}@${domain}';
    expect(expandVars(data, undefined, globals, inline)).toBe('user/1001@acme.example,pickup/sales@acme.example');
    expect(calls).toEqual([['user_data', '1001@acme.example var callgroup']]);
  });

  it('treats a space like "(" and keeps nested parentheses in the argument', () => {
    const seen: string[] = [];
    const echo: InlineApi = (command, argument) => (seen.push(`${command}|${argument}`), argument);
    expect(expandVars('${url_encode a (b) c}', undefined, globals, echo)).toBe('a (b');
    expect(expandVars('${eval(f(x) y)}!', undefined, globals, echo)).toBe('f(x) y!');
    expect(seen).toEqual(['url_encode|a (b', 'eval|f(x) y']);
  });

  it('expands to nothing when the command fails', () => {
    expect(expandVars('<${nope(x)}>', undefined, globals, () => undefined)).toBe('<>');
  });

  it('expands a value that itself holds references', () => {
    expect(expandVars('${indirect}', undefined, globals)).toBe('callcenter-x');
  });

  it('slices with :offset:length, counting a negative offset from the end', () => {
    expect(expandVars('${word:4}', undefined, globals)).toBe('center');
    expect(expandVars('${word:0:4}', undefined, globals)).toBe('call');
    expect(expandVars('${word:-6}', undefined, globals)).toBe('center');
    expect(expandVars('${word:99}', undefined, globals)).toBe('');
  });

  it('keeps escaped and lone dollars literal, and leaves text without references untouched', () => {
    expect(expandVars('\\${dest}', undefined, globals)).toBe('${dest}');
    expect(expandVars('cost $5 and $${domain}', undefined, globals)).toBe('cost $5 and acme.example');
    expect(expandVars('C:\\path\\x', undefined, globals)).toBe('C:\\path\\x');
    expect(expandVars('a\\\\b ${dest}', undefined, globals)).toBe('a\\b 1001');
  });
});

describe('inline commands', () => {
  const config = emptyConfig();
  config.users.set('1001@acme.example', {
    id: '1001',
    domain: 'acme.example',
    numberAlias: '501',
    params: { password: 'secret' },
    variables: [
      ['callgroup', 'domain-default'],
      ['CallGroup', 'sales'],
    ],
  });

  it('user_data reads the merged user: the last definition wins, names ignore case', () => {
    expect(userData(config, '1001@acme.example var callgroup')).toBe('sales');
    expect(userData(config, '501@acme.example var callgroup')).toBe('sales');
    expect(userData(config, '1001@acme.example param password')).toBe('secret');
    expect(userData(config, '1001@acme.example attr id')).toBe('1001');
  });

  it('user_data writes nothing for an unknown user, name or malformed request', () => {
    expect(userData(config, '1002@acme.example var callgroup')).toBe('');
    expect(userData(config, '1001@other.example var callgroup')).toBe('');
    expect(userData(config, '1001@acme.example var nothing')).toBe('');
    expect(userData(config, '1001@acme.example var')).toBe('');
  });

  it('url_encode escapes unsafe and non-ASCII bytes once; url_decode reverses it', () => {
    expect(fsUrlEncode('a b&c=d/é%41')).toBe('a%20b%26c%3Dd/%C3%A9%41');
    expect(fsUrlDecode('a%20b%26c%3Dd/%C3%A9')).toBe('a b&c=d/é');
    expect(fsUrlDecode('100%')).toBe('100%');
    // Characters outside the BMP are encoded as their four UTF-8 bytes, not as replacement characters.
    expect(fsUrlEncode('hi 😀')).toBe('hi%20%F0%9F%98%80');
    expect(fsUrlDecode('hi%20%F0%9F%98%80')).toBe('hi 😀');
  });
});

describe('regex (mod_commands regex_function)', () => {
  it('substitutes captures on a match, else gives the data back (or "" with n, "false" with b)', () => {
    expect(regexApi('15551230000|^1(\\d{3})|area $1')).toBe('area 555');
    expect(regexApi('15551230000|^1(\\d{3})|area %1')).toBe('area 555');
    expect(regexApi('abc|^\\d+$|digits')).toBe('abc');
    expect(regexApi('abc|^\\d+$|digits|n')).toBe('');
    expect(regexApi('abc|^\\d+$|digits|b')).toBe('false');
    expect(regexApi('abc|^a')).toBe('true');
    expect(regexApi('abc|^b')).toBe('false');
    expect(regexApi('m:~a|b~^a\\|b$~yes')).toBe('yes');
    expect(regexApi('abc')).toBe('-ERR');
    expect(regexApi(undefined)).toBe('-ERR');
  });

  it('keeps a leading empty field, so ${regex(${v}|^$|fallback)} is "keep v if set"', () => {
    expect(separateCharDelim('|^$|x', '|', 4)).toEqual(['', '^$', 'x']);
    expect(separateCharDelim('a|', '|', 4)).toEqual(['a']);
    expect(separateCharDelim('a|b|c|d|e', '|', 4)).toEqual(['a', 'b', 'c', 'd|e']);
    const inline: InlineApi = (command, argument) => (command === 'regex' ? regexApi(argument) : undefined);
    const keep = '${regex(${svc_call_id}|^$|${uuid_like})}';
    expect(expandVars(keep, undefined, new Map([['uuid_like', 'u-1']]), inline)).toBe('u-1');
    expect(expandVars(keep, undefined, new Map([['uuid_like', 'u-1'], ['svc_call_id', 'c-9']]), inline)).toBe('c-9');
  });
});
