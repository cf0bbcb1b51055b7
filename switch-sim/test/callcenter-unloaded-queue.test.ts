// Tier and queue commands against a queue mod_callcenter has not loaded, with the replies of
// mod_callcenter.c 1.10.12 (cc_config_api_function, cc_tier_add, cc_tier_update, load_tiers): the
// platform tells a self-healing race from a real failure by these exact texts.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { harness, scratchConf, type Harness } from './helpers.ts';

let t: Harness;
let conf: string;
beforeEach(async () => {
  conf = scratchConf();
  t = await harness({ confDir: conf });
});
afterEach(async () => {
  await t.close();
  rmSync(conf, { recursive: true, force: true });
});

const api = (cmd: string): Promise<string> => t.client.api(cmd);
const QUEUE = 'fresh@acme';
const queueFile = () => join(conf, 'callcenter', 'fresh.xml');
const writeQueue = (extra = '') =>
  writeFileSync(queueFile(), `<configuration name="callcenter.conf"><queues><queue name="${QUEUE}"><param name="strategy" value="ring-all"/></queue></queues>${extra}</configuration>`);

describe('a queue the switch has not loaded', () => {
  beforeEach(async () => {
    expect(await api('callcenter_config agent add x@acme callback')).toBe('+OK\n');
  });

  it('before its file is in the configuration: tier add is "Queue not found", and every tier set then finds no tier', async () => {
    expect(await api(`callcenter_config tier add ${QUEUE} x@acme 2 3`)).toBe('-ERR Queue not found!\n');
    // cc_tier_update looks for the tier first: there is none, so its default reply.
    for (const key of ['level 2', 'position 3', 'state Standby']) {
      const [name, value] = key.split(' ');
      expect(await api(`callcenter_config tier set ${name} ${QUEUE} x@acme ${value}`)).toBe('-ERR Unknown Error!\n');
    }
    expect(await api(`callcenter_config queue load ${QUEUE}`)).toBe('-ERR Invalid Queue not found!\n');
    expect(await api(`callcenter_config queue reload ${QUEUE}`)).toBe('-ERR Invalid Queue not found!\n');
    expect(await api('callcenter_config tier list')).toBe('+OK\n');
  });

  it('its file written but no reloadxml yet: still not found; after reloadxml, the first tier add loads it (get_queue)', async () => {
    writeQueue();
    expect(await api(`callcenter_config tier add ${QUEUE} x@acme 2 3`)).toBe('-ERR Queue not found!\n');
    expect(await api('reloadxml')).toBe('+OK [Success]\n');
    expect(await api(`callcenter_config tier add ${QUEUE} x@acme 2 3`)).toBe('+OK\n');
    expect(await api(`callcenter_config queue list tiers ${QUEUE}`)).toBe(`queue|agent|state|level|position\n${QUEUE}|x@acme|Ready|2|3\n+OK\n`);
  });

  it('a tier whose queue left the configuration: tier set answers "Agent not found" (mod_callcenter maps a missing queue so)', async () => {
    writeQueue();
    await api('reloadxml');
    expect(await api(`callcenter_config tier add ${QUEUE} x@acme`)).toBe('+OK\n');
    rmSync(queueFile());
    await api('reloadxml');
    expect(await api(`callcenter_config queue unload ${QUEUE}`)).toBe('+OK\n');
    expect(await api(`callcenter_config tier set level ${QUEUE} x@acme 2`)).toBe('-ERR Agent not found!\n');
    expect(await api(`callcenter_config tier set position ${QUEUE} x@acme 2`)).toBe('-ERR Agent not found!\n');
    expect(await api(`callcenter_config tier set state ${QUEUE} x@acme Standby`)).toBe('-ERR Agent not found!\n');
  });

  it('reads sections, actions and keys case-insensitively and numbers with atoi, as the C code does', async () => {
    writeQueue();
    await api('reloadxml');
    expect(await api(`callcenter_config TIER Add ${QUEUE} x@acme 2x 3y`)).toBe('+OK\n');
    expect(await api(`callcenter_config tier set LEVEL ${QUEUE} x@acme 4.9`)).toBe('+OK\n');
    expect(await api(`callcenter_config queue list tiers ${QUEUE}`)).toBe(`queue|agent|state|level|position\n${QUEUE}|x@acme|Ready|4|3\n+OK\n`);
  });

  it('tier reload takes a queue (and optionally an agent) and loads the configuration’s tiers: none there is an error', async () => {
    writeQueue('<tiers><tier queue="fresh@acme" agent="x@acme" level="5"/></tiers>');
    await api('reloadxml');
    expect(await api('callcenter_config tier reload')).toBe('-ERR Invalid!\n');
    expect(await api('callcenter_config tier reload other@acme')).toBe('-ERR Unknown Error!\n');
    expect(await api(`callcenter_config tier reload ${QUEUE}`)).toBe('+OK\n');
    expect(await api(`callcenter_config queue list tiers ${QUEUE}`)).toBe(`queue|agent|state|level|position\n${QUEUE}|x@acme|Ready|5|1\n+OK\n`);
  });

  it('queue load brings a fresh queue: its counters start again', async () => {
    writeQueue();
    await api('reloadxml');
    expect(await api(`callcenter_config queue load ${QUEUE}`)).toBe('+OK\n');
    const queue = t.sim.model.callcenter.queues.get(QUEUE)!;
    queue.callsAnswered = 3;
    expect(await api(`callcenter_config queue load ${QUEUE}`)).toBe('+OK\n');
    expect(t.sim.model.callcenter.queues.get(QUEUE)!.callsAnswered).toBe(0);
  });
});
