// Reads every *.xml under the conf dir's directory/, dialplan/, gateways/ (or sip_profiles/),
// callcenter/ (and vars.xml for X-PRE-PROCESS set) into a SwitchConfig. A malformed file throws
// an XmlError carrying switch_xml's message, so `reloadxml` can keep the previous configuration.
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';
import { emptyConfig, type DialplanAction, type DialplanCondition, type DialplanExtension, type SwitchConfig } from './types.ts';
import { findAll, params, parseXml, type XmlNode } from './xml.ts';

function xmlFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of readdirSync(dir).sort()) {
    const full = join(dir, entry);
    if (statSync(full).isDirectory()) out.push(...xmlFiles(full));
    else if (entry.endsWith('.xml')) out.push(full);
  }
  return out;
}

/** X-PRE-PROCESS set="name=value" anywhere in a file. */
function collectGlobals(node: XmlNode, globals: Map<string, string>): void {
  for (const pre of findAll(node, 'X-PRE-PROCESS')) {
    if (pre.attrs.cmd !== 'set' || pre.attrs.data === undefined) continue;
    const eq = pre.attrs.data.indexOf('=');
    if (eq > 0) globals.set(pre.attrs.data.slice(0, eq), pre.attrs.data.slice(eq + 1));
  }
}

function expandGlobals(node: XmlNode, globals: Map<string, string>): void {
  const expand = (value: string): string => value.replace(/\$\$\{([^}]+)\}/g, (whole, name: string) => globals.get(name) ?? whole);
  for (const key of Object.keys(node.attrs)) node.attrs[key] = expand(node.attrs[key]!);
  for (const child of node.children) expandGlobals(child, globals);
}

/** The first path segment below the section dir, e.g. directory/acme/1000.xml → "acme". */
function subdir(section: string, file: string): string | undefined {
  const rel = relative(section, dirname(file));
  return rel === '' ? undefined : rel.split(sep)[0];
}

function loadDirectory(config: SwitchConfig, root: XmlNode, file: string, section: string): void {
  const domains = root.name === 'domain' ? [root] : findAll(root, 'domain');
  const fallback = subdir(section, file) ?? config.globals.get('domain') ?? 'default';
  const scopes: Array<{ domain: string; node: XmlNode; inherited: Array<[string, string]>; inheritedParams: Record<string, string> }> = [];
  if (domains.length === 0) scopes.push({ domain: fallback, node: root, inherited: [], inheritedParams: {} });
  for (const d of domains) {
    const name = d.attrs.name ?? fallback;
    const direct = (tag: string): XmlNode | undefined => d.children.find((c) => c.name === tag);
    scopes.push({
      domain: name,
      node: d,
      inherited: Object.entries(params(direct('variables'), 'variable')),
      inheritedParams: params(direct('params')),
    });
  }
  for (const scope of scopes) {
    config.domains.add(scope.domain);
    const users = scope.node.name === 'user' ? [scope.node] : findAll(scope.node, 'user');
    for (const user of users) {
      const id = user.attrs.id;
      if (!id) continue;
      const own = (tag: string): XmlNode | undefined => user.children.find((c) => c.name === tag);
      config.users.set(`${id}@${scope.domain}`, {
        id,
        domain: scope.domain,
        numberAlias: user.attrs['number-alias'],
        params: { ...scope.inheritedParams, ...params(own('params')) },
        variables: [...scope.inherited, ...Object.entries(params(own('variables'), 'variable'))],
      });
    }
  }
}

function actions(node: XmlNode, tag: string): DialplanAction[] {
  return node.children
    .filter((c) => c.name === tag)
    .map((c) => ({ application: c.attrs.application ?? '', data: c.attrs.data ?? '', inline: c.attrs.inline === 'true' }));
}

function loadDialplan(config: SwitchConfig, root: XmlNode, file: string, section: string): void {
  const contexts = root.name === 'context' ? [root] : findAll(root, 'context');
  const scopes = contexts.length > 0 ? contexts.map((c) => ({ name: c.attrs.name ?? 'default', node: c })) : [{ name: subdir(section, file) ?? 'default', node: root }];
  for (const scope of scopes) {
    const list = config.contexts.get(scope.name) ?? [];
    const extensions = scope.node.name === 'extension' ? [scope.node] : findAll(scope.node, 'extension');
    for (const ext of extensions) {
      const conditions: DialplanCondition[] = ext.children
        .filter((c) => c.name === 'condition')
        .map((c) => ({
          field: c.attrs.field,
          expression: c.attrs.expression,
          breakOn: (c.attrs.break as DialplanCondition['breakOn'] | undefined) ?? 'on-false',
          actions: actions(c, 'action'),
          antiActions: actions(c, 'anti-action'),
        }));
      const extension: DialplanExtension = { name: ext.attrs.name ?? '', continueOnMatch: ext.attrs.continue === 'true', conditions };
      list.push(extension);
    }
    config.contexts.set(scope.name, list);
  }
}

function loadGateways(config: SwitchConfig, root: XmlNode, file: string, section: string): void {
  const profile = subdir(section, file);
  for (const gw of root.name === 'gateway' ? [root] : findAll(root, 'gateway')) {
    const name = gw.attrs.name;
    if (!name) continue;
    const gwProfile = gw.attrs.profile ?? (profile && profile !== 'gateways' ? profile : 'external');
    // parse_gateways reads the <param>s of the gateway's <params>, or else its own direct <param>s.
    const holder = gw.children.find((child) => child.name === 'params') ?? gw;
    const own: Record<string, string> = {};
    for (const param of holder.children) if (param.name === 'param' && param.attrs.name !== undefined) own[param.attrs.name] = param.attrs.value ?? '';
    config.gateways.set(name, { name, profile: gwProfile, params: own });
  }
}

/** Direct children of `node` named `tag` (switch_xml_child and its ->next siblings). */
const childrenNamed = (node: XmlNode | undefined, tag: string): XmlNode[] => node?.children.filter((c) => c.name === tag) ?? [];

/**
 * A queue's settings as mod_callcenter's load_queue imports them: only <param> elements that are
 * direct children of <queue> (switch_event_import_xml(switch_xml_child(x_queue, "param"))), a
 * missing name or value read as "", names matched case-insensitively and the first of two equal
 * names winning (event headers). Anything else inside <queue> (a <params> wrapper) is ignored.
 */
export function queueParams(queue: XmlNode): Record<string, string> {
  const out: Record<string, string> = {};
  for (const param of childrenNamed(queue, 'param')) {
    const key = (param.attrs.name ?? '').toLowerCase();
    if (!(key in out)) out[key] = param.attrs.value ?? '';
  }
  return out;
}

/**
 * callcenter/*.xml: each file stands for what the stock callcenter.conf.xml includes inside
 * <queues> (deploy/freeswitch/autoload_configs/callcenter.conf.xml), so its <queue> elements are
 * the root or the root's direct children. A whole <configuration name="callcenter.conf"> is read
 * as load_config does: <queues><queue>, <agents><agent> and <tiers><tier>, direct children only.
 * Agents and tiers inside an included fragment land inside <queues>, where mod_callcenter does not
 * look for them: they are ignored.
 */
function loadCallcenter(config: SwitchConfig, root: XmlNode): void {
  const isConfiguration = root.name === 'configuration';
  const queues = root.name === 'queue' ? [root] : isConfiguration ? childrenNamed(childrenNamed(root, 'queues')[0], 'queue') : childrenNamed(root, 'queue');
  for (const queue of queues) {
    if (queue.attrs.name) config.queues.set(queue.attrs.name, { name: queue.attrs.name, params: queueParams(queue) });
  }
  if (!isConfiguration) return;
  for (const agent of childrenNamed(childrenNamed(root, 'agents')[0], 'agent')) {
    if (agent.attrs.name) config.agents.push({ name: agent.attrs.name, attrs: { ...agent.attrs } });
  }
  for (const tier of childrenNamed(childrenNamed(root, 'tiers')[0], 'tier')) {
    const queue = tier.attrs.queue;
    const agent = tier.attrs.agent;
    if (!queue || !agent) continue;
    config.tiers.push({ queue, agent, level: tier.attrs.level, position: tier.attrs.position });
  }
}

export function loadConfig(confDir: string): SwitchConfig {
  const config = emptyConfig();
  const parsed: Array<{ file: string; section: string; root: XmlNode }> = [];
  const sections = ['directory', 'dialplan', 'gateways', 'sip_profiles', 'callcenter'];
  const files = [join(confDir, 'vars.xml'), ...sections.flatMap((s) => xmlFiles(join(confDir, s)))];
  for (const file of files) {
    if (!existsSync(file)) continue;
    const root = parseXml(readFileSync(file, 'utf8'));
    collectGlobals(root, config.globals);
    parsed.push({ file, section: relative(confDir, file).split(sep)[0] ?? '', root });
  }
  for (const { file, section, root } of parsed) {
    expandGlobals(root, config.globals);
    const sectionDir = join(confDir, section);
    if (section === 'directory') loadDirectory(config, root, file, sectionDir);
    else if (section === 'dialplan') loadDialplan(config, root, file, sectionDir);
    else if (section === 'gateways' || section === 'sip_profiles') loadGateways(config, root, file, sectionDir);
    else if (section === 'callcenter') loadCallcenter(config, root);
    else if (basename(file) === 'vars.xml') continue;
  }
  return config;
}
