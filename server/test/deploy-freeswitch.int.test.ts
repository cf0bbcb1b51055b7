// deploy/freeswitch/patch-stock-config.sh on excerpts of a stock FreeSWITCH 1.10 configuration
// (fixtures/freeswitch-1.10-stock-conf, from conf/vanilla/): what a stock switch needs to register
// tenants' phones and route their DIDs, and nothing twice.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseXml } from '../../switch-sim/src/config/xml.ts';

const root = path.resolve(import.meta.dirname, '../..');
const script = path.join(root, 'deploy/freeswitch/patch-stock-config.sh');

function stockCopy(): { conf: string; platform: string } {
  const scratch = mkdtempSync(path.join(tmpdir(), 'fs-stock-'));
  const conf = path.join(scratch, 'freeswitch');
  cpSync(path.join(root, 'fixtures/freeswitch-1.10-stock-conf'), conf, { recursive: true });
  return { conf, platform: path.join(scratch, 'platform') };
}

const patch = (conf: string, platform?: string) => execFileSync('sh', [script, conf, ...(platform ? [platform] : [])], { encoding: 'utf8' });
const read = (conf: string, file: string) => readFileSync(path.join(conf, file), 'utf8');

/** Every file under a folder with its content, to compare two runs. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      const full = path.join(at, name);
      if (statSync(full).isDirectory()) walk(full);
      else out[path.relative(dir, full)] = readFileSync(full, 'utf8');
    }
  };
  walk(dir);
  return out;
}

describe('patch-stock-config.sh', () => {
  it('patches a stock configuration so tenants register and their DIDs route, and a second run changes nothing', () => {
    const { conf, platform } = stockCopy();
    expect(patch(conf, platform)).toContain('patched');

    // vars.xml: the folder the include files use, once.
    const vars = read(conf, 'vars.xml');
    expect(vars.match(/callcenter_conf_dir=/g)).toHaveLength(1);
    expect(vars).toContain(`<X-PRE-PROCESS cmd="set" data="callcenter_conf_dir=${platform}"/>`);
    expect(vars).toContain('data="domain_name=$${domain}"');

    // No forced domain left; the profile's other settings stay.
    const internal = read(conf, 'sip_profiles/internal.xml');
    expect(internal).not.toMatch(/<param name="force-(register|subscription|register-db)-domain"/);
    expect(internal).toContain('<param name="inbound-reg-force-matching-username" value="true"/>');
    expect(internal).toContain('<!--<param name="force-subscription-expires" value="60"/>-->');

    // The demo rules are gone, the rest of the public context and the DID include stay in order.
    const publicXml = read(conf, 'dialplan/public.xml');
    expect(publicXml).not.toContain('public_extensions');
    expect(publicXml).not.toContain('public_conference_extensions');
    expect(publicXml).toContain('<extension name="outside_call" continue="true">');
    expect(publicXml).toContain('<X-PRE-PROCESS cmd="include" data="public/*.xml"/>');
    for (const file of ['vars.xml', 'sip_profiles/internal.xml', 'dialplan/public.xml']) expect(() => parseXml(read(conf, file))).not.toThrow();

    // The demo users are disabled (no longer *.xml), the operator's own kept.
    expect(readdirSync(path.join(conf, 'directory/default')).sort()).toEqual(['1000.xml.disabled', '1019.xml.disabled', 'brian.xml.disabled', 'my-own-user.xml']);

    // The include files, and the platform's folders (an include of a missing folder is an error).
    for (const file of ['directory/callcenter.xml', 'dialplan/callcenter.xml', 'dialplan/public/00_callcenter.xml', 'sip_profiles/external/callcenter.xml', 'autoload_configs/callcenter.conf.xml']) {
      expect(read(conf, file)).toBe(readFileSync(path.join(root, 'deploy/freeswitch', file), 'utf8'));
    }
    for (const folder of ['directory', 'dialplan/public', 'gateways', 'callcenter', 'sounds', 'recordings']) expect(existsSync(path.join(platform, folder))).toBe(true);

    const first = snapshot(conf);
    patch(conf, platform);
    expect(snapshot(conf)).toEqual(first);
  });

  it('points vars.xml at another folder when run again with it', () => {
    const { conf, platform } = stockCopy();
    patch(conf, platform);
    patch(conf, `${platform}-moved`);
    const vars = read(conf, 'vars.xml');
    expect(vars.match(/callcenter_conf_dir=/g)).toHaveLength(1);
    expect(vars).toContain(`callcenter_conf_dir=${platform}-moved"`);
  });

  it('refuses a folder that is not a FreeSWITCH configuration, or a relative platform folder', () => {
    const { conf, platform } = stockCopy();
    expect(() => patch(platform)).toThrow();
    expect(() => patch(conf, 'relative/folder')).toThrow();
    expect(read(conf, 'vars.xml')).not.toContain('callcenter_conf_dir');
  });
});
