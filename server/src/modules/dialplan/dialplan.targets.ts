// Per-application argument checks that keep a tenant's dialplan inside its own tenant: calls,
// transfers and pickups reach only the tenant's own domain, switch contexts and trunks, and
// sounds come only from the switch's sound folder or generated streams. Pure functions.
import type { AllowedApplication } from './dialplan.rules.ts';
import { parseQueueName } from '../../platform/switch/naming.ts';
import { isSwitchStream } from '../../platform/switch/sounds.ts';
import { closingBrace, isDangerousVariable, scanReferences } from './safe-data.ts';
import { checkVariableAssignment } from './channel-variables.ts';

export interface TenantScope {
  /** Switch contexts are `<code>_<context>` (codes have no '_'). */
  tenantCode: string;
  /** The tenant's telephonyDomain: its SIP directory domain. */
  domain: string;
}

// Each top-level ${…} becomes OPEN<index>CLOSE, so the text's own structure can be parsed
// without a reference's content (commas, @, spaces) being mistaken for it.
const OPEN = '\u0001';
const CLOSE = '\u0002';
const REF = `${OPEN}\\d+${CLOSE}`;

interface Masked {
  text: string;
  references: string[];
}

/** The text with its masked references put back. */
function unmask(text: string, masked: Masked): string {
  return text.replace(
    new RegExp(`${OPEN}(\\d+)${CLOSE}`, 'g'),
    (_, index: string) => masked.references[Number(index)]!,
  );
}

function mask(data: string): Masked {
  // The safe-data rule runs first and reports bad references (and `$`s); nothing to mask then.
  const scanned = scanReferences(data, { regexAnchors: true });
  if ('error' in scanned) return { text: data, references: [] };
  let text = '';
  let last = 0;
  scanned.references.forEach((reference, index) => {
    text += `${data.slice(last, reference.start)}${OPEN}${index}${CLOSE}`;
    last = reference.end;
  });
  return { text: text + data.slice(last), references: scanned.references.map((reference) => reference.text) };
}

/** A dialed destination: digits, letters, * # + . - _, regex captures ($1) and references. */
const TOKEN = new RegExp(`^(?:[A-Za-z0-9_*#+.-]|\\$\\d|${REF})+$`);
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
const NUMBER = /^\d{1,6}$/;
const LOCAL_CONTEXT = /^[a-z0-9][a-z0-9_-]{0,39}$/;

function isOwnDomain(domain: string, masked: Masked, scope: TenantScope): boolean {
  const reference = new RegExp(`^${OPEN}(\\d+)${CLOSE}$`).exec(domain);
  if (reference) return masked.references[Number(reference[1])] === '${domain_name}';
  return domain.toLowerCase() === scope.domain.toLowerCase();
}

export function isOwnContext(switchContext: string, scope: TenantScope): boolean {
  const prefix = `${scope.tenantCode}_`;
  if (!switchContext.startsWith(prefix)) return false;
  const local = switchContext.slice(prefix.length);
  return LOCAL_CONTEXT.test(local) && local !== 'public';
}

/**
 * A rule names a trunk in `sofia/gateway/<trunk>/…` by its name, its id or the older
 * `<code>-<name>`: a literal the service resolves among the tenant's own trunks and compiles to
 * the switch's gateway name (by id). Nothing else reaches the switch as a gateway.
 */
const TRUNK_REFERENCE = /^[A-Za-z0-9_-]{1,80}$/;
const GATEWAY_ENDPOINT = /^((?:\{[^{}]*\}|\[[^[\]]*\])*\s*)sofia\/gateway\/([^/]+)\/(.+)$/s;

/**
 * `${user_data(<user>@<domain> var <name>)}` reads the directory: only the tenant's own domain,
 * and only user variables (such as callgroup), never params like the SIP password.
 */
function checkUserData(data: string, scope: TenantScope): string | null {
  for (
    let start = data.indexOf('${user_data(');
    start >= 0;
    start = data.indexOf('${user_data(', start + 1)
  ) {
    const end = closingBrace(data, start + 2);
    if (end < 0) return 'has an unterminated ${…}';
    const args = mask(data.slice(start + '${user_data('.length, end - 1));
    const [who, kind, name, ...extra] = args.text.trim().split(/\s+/);
    const at = who ? /^([^@]+)@(.+)$/.exec(who) : null;
    if (!at || !TOKEN.test(at[1]!) || !isOwnDomain(at[2]!, args, scope))
      return 'user_data may only read users of your own domain (<user>@${domain_name})';
    if (kind !== 'var' || !name || !IDENTIFIER.test(name) || extra.length > 0)
      return 'user_data may only read a user variable: user_data(<user>@<domain> var <name>)';
  }
  return null;
}

/** `<destination> [XML [<own context>]]`, for transfer and play_and_get_digits' failure target. */
function checkDestination(tokens: string[], scope: TenantScope): string | null {
  const [destination, dialplan, context, ...extra] = tokens;
  if (!destination || !TOKEN.test(destination))
    return 'needs a destination made of digits, letters, * # + . - _ or variables';
  if (extra.length > 0) return 'has too many arguments';
  if (dialplan !== undefined && dialplan !== 'XML') return 'may only use the XML dialplan';
  if (context !== undefined && !isOwnContext(context, scope)) {
    return `may only target your own contexts (${scope.tenantCode}_<context>)`;
  }
  return null;
}

/**
 * A sound: a relative file under the switch's sound folder, or one of its named streams. Never a
 * variable: `${x}` expands to whatever x holds, a path of another tenant's prompts included.
 */
function checkSound(sound: string): string | null {
  if (sound.includes(OPEN) || sound.includes('$')) return 'a sound must not contain ${…}';
  const scheme = /^([a-z_]+):\/\//.exec(sound);
  if (scheme) {
    if (!['silence_stream', 'tone_stream', 'local_stream'].includes(scheme[1]!))
      return `the sound source ${scheme[1]}:// is not allowed`;
    return isSwitchStream(sound)
      ? null
      : 'a stream must be local_stream://<name>, silence_stream://<ms> or a tone_stream of digits, letters and %(),;.=+-';
  }
  if (sound.startsWith('/') || sound.includes('..') || !/^[A-Za-z0-9_./-]+$/.test(sound)) {
    return 'a sound must be a relative file name (no absolute path, no ..) or a silence_stream, tone_stream or local_stream';
  }
  return null;
}

/** A dial string's endpoints and the separators between them (`separators[i]` follows `parts[i]`). */
function splitDialString(text: string): { parts: string[]; separators: string[] } | null {
  const parts: string[] = [];
  const separators: string[] = [];
  let depth = 0;
  let current = '';
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (char === '{' || char === '[') depth += 1;
    if (char === '}' || char === ']') depth -= 1;
    if (depth < 0) return null;
    if (depth === 0 && (char === ',' || char === '|' || text.startsWith(':_:', i))) {
      parts.push(current);
      separators.push(char === ':' ? ':_:' : char);
      current = '';
      if (char === ':') i += 2;
      continue;
    }
    current += char;
  }
  return depth === 0 ? { parts: [...parts, current], separators } : null;
}

function splitEndpoints(text: string): string[] | null {
  return splitDialString(text)?.parts ?? null;
}

/**
 * Bridge data with each `sofia/gateway/<trunk>/` reference replaced by `rename(trunk)` (the same
 * data when it has none); `rename` sees the trunk references only, never text inside ${…}.
 */
export function mapGatewayReferences(data: string, rename: (reference: string) => string): string {
  const masked = mask(data);
  const split = splitDialString(masked.text);
  if (!split) return data;
  const parts = split.parts.map((endpoint) => {
    const gateway = GATEWAY_ENDPOINT.exec(endpoint.trimStart());
    if (!gateway || !TRUNK_REFERENCE.test(gateway[2]!)) return endpoint;
    const lead = endpoint.slice(0, endpoint.length - endpoint.trimStart().length);
    return `${lead}${gateway[1]}sofia/gateway/${rename(gateway[2]!)}/${gateway[3]}`;
  });
  const text = parts.map((part, index) => part + (split.separators[index] ?? '')).join('');
  return text.replace(
    new RegExp(`${OPEN}(\\d+)${CLOSE}`, 'g'),
    (_, index: string) => masked.references[Number(index)]!,
  );
}

/** The trunk references of bridge data, as written. */
export function gatewayReferences(data: string): string[] {
  const found: string[] = [];
  mapGatewayReferences(data, (reference) => {
    found.push(reference);
    return reference;
  });
  return found;
}

const BRIDGE_TARGETS =
  'user/<number>@<your domain>, pickup/<group>@<your domain>, sofia/gateway/<trunk name>/<number> or error/<cause>';

function checkEndpoint(endpoint: string, masked: Masked, scope: TenantScope): string | null {
  const blocks = /^(?:\{[^{}]*\}|\[[^[\]]*\])*/.exec(endpoint)![0];
  // Variables of a dial string are literal: a reference there could expand into more variables.
  if (blocks.includes(OPEN)) return 'channel variables in a dial string must not contain ${…}';
  const variables = checkDialStringVariables(blocks);
  if (variables) return variables;
  const target = endpoint.slice(blocks.length);
  const local = /^(?:user|pickup)\/([^@]+)@(.+)$/.exec(target);
  if (local)
    return TOKEN.test(local[1]!) && isOwnDomain(local[2]!, masked, scope)
      ? null
      : `may only call ${BRIDGE_TARGETS}`;
  const gateway = /^sofia\/gateway\/([^/]+)\/(.+)$/.exec(target);
  if (gateway)
    return TRUNK_REFERENCE.test(gateway[1]!) && TOKEN.test(gateway[2]!)
      ? null
      : 'may only use your own trunks (sofia/gateway/<trunk name>/<number>)';
  if (/^error\/[A-Za-z_]{1,40}$/.test(target)) return null;
  return `may only call ${BRIDGE_TARGETS}`;
}

/** Each `name=value` of a dial string's `{…}` and `[…]` blocks, judged like `set`. */
function checkDialStringVariables(blocks: string): string | null {
  for (const block of blocks.match(/\{[^{}]*\}|\[[^[\]]*\]/g) ?? []) {
    const body = block.slice(1, -1);
    // `{^^:a=b:c=d}` changes the separator; one separator keeps the names readable.
    if (body.startsWith('^^')) return 'channel variables in a dial string must be separated by ,';
    for (const pair of body === '' ? [] : body.split(',')) {
      const match = /^([A-Za-z_][A-Za-z0-9_-]*)=(.*)$/s.exec(pair);
      if (!match) return 'channel variables in a dial string must be name=value, separated by ,';
      const problem = checkVariableAssignment(match[1]!, match[2]!, checkSound);
      if (problem) return problem;
    }
  }
  return null;
}

type Check = (masked: Masked, scope: TenantScope) => string | null;

const noData: Check = ({ text }) => (text === '' ? null : 'takes no data');

const assignment: Check = (masked) => {
  const match = /^(?:nolocal:)?([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(masked.text);
  if (!match) return 'must be name=value with a literal variable name';
  return checkVariableAssignment(match[1]!, unmask(match[2]!, masked), checkSound);
};

const CHECKS: Record<AllowedApplication, Check> = {
  answer: noData,
  pre_answer: noData,
  ring_ready: noData,
  sleep: ({ text }) => (NUMBER.test(text) ? null : 'must be a number of milliseconds'),
  hangup: ({ text }) =>
    /^[A-Z_]{0,40}$/.test(text) ? null : 'must be a hangup cause such as NORMAL_CLEARING',
  log: () => null,
  set: assignment,
  export: assignment,
  unset: ({ text }) =>
    IDENTIFIER.test(text) && !isDangerousVariable(text) ? null : 'must be a variable name',
  playback: ({ text }) => checkSound(text),
  callcenter: ({ text }) =>
    parseQueueName(text) !== null ? null : 'must be one of your queues (q-<queue id>)',
  pickup: (masked, scope) => {
    const match = /^([^@]+)@(.+)$/.exec(masked.text);
    return match && TOKEN.test(match[1]!) && isOwnDomain(match[2]!, masked, scope)
      ? null
      : 'must be <group>@<your domain> or <group>@${domain_name}';
  },
  transfer: ({ text }, scope) => {
    const tokens = text.trim().split(/\s+/);
    if (tokens[0] === '-bleg' || tokens[0] === '-both') tokens.shift();
    return checkDestination(tokens, scope);
  },
  bridge: (masked, scope) => {
    const endpoints = splitEndpoints(masked.text);
    if (!endpoints) return 'has unbalanced { } or [ ]';
    for (const endpoint of endpoints) {
      const problem = checkEndpoint(endpoint.trim(), masked, scope);
      if (problem) return problem;
    }
    return null;
  },
  play_and_get_digits: ({ text }, scope) => {
    const [
      min,
      max,
      tries,
      timeout,
      terminators,
      file,
      invalidFile,
      variable,
      regexp,
      digitTimeout,
      ...failure
    ] = text.trim().split(/\s+/);
    if (regexp === undefined)
      return 'needs min max tries timeout terminators file invalid_file variable regexp';
    if (![min, max, tries, timeout].every((value) => NUMBER.test(value!)))
      return 'min, max, tries and timeout must be numbers';
    if (!/^([0-9*#]{1,12}|none)$/.test(terminators!)) return 'terminators must be DTMF digits or none';
    const sound = checkSound(file!) ?? checkSound(invalidFile!);
    if (sound) return sound;
    if (!IDENTIFIER.test(variable!) || isDangerousVariable(variable!))
      return 'the variable must be a plain, allowed name';
    if (digitTimeout !== undefined && !NUMBER.test(digitTimeout)) return 'digit_timeout must be a number';
    return failure.length > 0 ? checkDestination(failure, scope) : null;
  },
};

/** The application-specific rule for an allowlisted application's data. */
export function checkApplicationData(
  application: AllowedApplication,
  data: string,
  scope: TenantScope,
): string | null {
  return checkUserData(data, scope) ?? CHECKS[application](mask(data), scope);
}
