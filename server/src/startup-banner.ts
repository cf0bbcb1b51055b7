// What a person starting the platform on a terminal must not miss: the one-time admin password and
// where things are. Printed as boxes of plain text on stdout, apart from the structured log.

/** Lines framed in a box; wide characters are not expected (addresses, e-mails, generated passwords). */
export function boxed(lines: readonly string[]): string {
  const width = Math.max(...lines.map((line) => line.length));
  const rule = '─'.repeat(width + 2);
  return [`┌${rule}┐`, ...lines.map((line) => `│ ${line.padEnd(width)} │`), `└${rule}┘`].join('\n');
}

export function adminPasswordBanner(email: string, password: string): string {
  return `\n${boxed([
    'Platform super admin (created now)',
    '',
    `  e-mail:   ${email}`,
    `  password: ${password}`,
    '',
    'Shown only this once: write it down. You will choose a new one at the first login.',
  ])}\n\n`;
}

/** Where `npm run sim` looks when SWITCH_SIM_CONTROL_URL is unset. */
export const SIM_CLI_DEFAULT_CONTROL_URL = 'http://127.0.0.1:8089';

export type SwitchDescription =
  | { kind: 'simulator'; controlUrl: string; controlToken: string }
  | { kind: 'freeswitch'; host: string; port: number };

export function readyBanner(consoleUrl: string, switchDescription: SwitchDescription): string {
  const switchLines =
    switchDescription.kind === 'simulator'
      ? [
          'Switch:   built-in simulator',
          `          control API ${switchDescription.controlUrl}`,
          // Other programs need it too (curl, a second terminal elsewhere); npm run sim reads the data folder's copy.
          `          token       ${switchDescription.controlToken}  (npm run sim reads it from DATA_DIR, others: SWITCH_SIM_CONTROL_TOKEN)`,
          `          try it:  ${simCommand(switchDescription.controlUrl)} calls`,
        ]
      : [`Switch:   FreeSWITCH event socket at ${switchDescription.host}:${switchDescription.port}`];
  return `\n${boxed([`Console:  ${consoleUrl}`, ...switchLines])}\n\n`;
}

function simCommand(controlUrl: string): string {
  return controlUrl === SIM_CLI_DEFAULT_CONTROL_URL
    ? 'npm run sim --'
    : `SWITCH_SIM_CONTROL_URL=${controlUrl} npm run sim --`;
}
