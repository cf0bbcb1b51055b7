// What a switch without extra sound packages answers about its sounds: mod_commands `file_exists`
// (the path as given, on this machine) and mod_local_stream's `local_stream show` with the stock
// local_stream.conf.xml, whose sources (`default`, `moh/<rate>`) read `<sounds_dir>/music/<rate>`:
// a source whose folder cannot be opened ends at once and leaves the list (mod_local_stream.c).
import { existsSync } from 'node:fs';

/** `file_exists <path>`: "true" or "false", no line break; an empty argument is "false". */
export function fileExists(arg: string | undefined): string {
  const path = (arg ?? '').trim();
  return path !== '' && existsSync(path) ? 'true' : 'false';
}

const STOCK_SOURCES: ReadonlyArray<[name: string, rate: number]> = [
  ['default', 8000],
  ['moh/8000', 8000],
  ['moh/16000', 16000],
  ['moh/32000', 32000],
  ['moh/48000', 48000],
];

/** `local_stream show` (no name): "name,location" per live source. Only that form is modelled; others get the usage. */
export function localStream(arg: string | undefined, soundsDir: string): string {
  const argv = (arg ?? '').trim().split(/\s+/);
  if (argv[0]?.toLowerCase() !== 'show' || argv.length > 1) return '-USAGE: <show|start|reload|stop|hup> <local_stream_name>\n';
  return STOCK_SOURCES.map(([name, rate]) => [name, `${soundsDir}/music/${rate}`])
    .filter(([, location]) => existsSync(location!))
    .map(([name, location]) => `${name},${location}\n`)
    .join('');
}
