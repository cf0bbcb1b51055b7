// What a switch without sound packages answers about sounds, as FreeSWITCH 1.10.12 does:
// mod_commands `file_exists` and mod_local_stream's `local_stream show` over the stock
// local_stream.conf.xml (sources `default` and `moh/<rate>` over `<sounds_dir>/music/<rate>`).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { harness, type Harness } from './helpers.ts';

let t: Harness;
let dir: string;
beforeEach(async () => {
  t = await harness();
  dir = mkdtempSync(join(tmpdir(), 'switch-sim-sounds-'));
});
afterEach(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('sounds', () => {
  it('file_exists answers true or false, without a line break, for a file or a folder of this machine', async () => {
    writeFileSync(join(dir, 'hold.wav'), 'RIFF');
    expect(await t.client.api(`file_exists ${join(dir, 'hold.wav')}`)).toBe('true');
    expect(await t.client.api(`file_exists ${dir}`)).toBe('true');
    expect(await t.client.api(`file_exists ${join(dir, 'none.wav')}`)).toBe('false');
    expect(await t.client.api('file_exists')).toBe('false');
  });

  it('local_stream show lists only the stock sources whose music folder exists', async () => {
    expect(await t.client.api('global_setvar sounds_dir=' + dir)).toBe('+OK\n');
    // No source writes nothing, which mod_event_socket answers as "-ERR no reply".
    expect(await t.client.api('local_stream show')).toBe('-ERR no reply\n');
    mkdirSync(join(dir, 'music', '8000'), { recursive: true });
    expect(await t.client.api('local_stream show')).toBe(`default,${dir}/music/8000\nmoh/8000,${dir}/music/8000\n`);
    expect(await t.client.api('local_stream')).toBe('-USAGE: <show|start|reload|stop|hup> <local_stream_name>\n');
  });
});
