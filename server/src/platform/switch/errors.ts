/** The switch cannot be reached or the connection dropped before an answer came. */
export class SwitchUnavailableError extends Error {
  override readonly name = 'SwitchUnavailableError';
}

/** The switch did not answer in time. */
export class SwitchTimeoutError extends Error {
  override readonly name = 'SwitchTimeoutError';
}

/** The switch answered a command with -ERR. */
export class SwitchCommandError extends Error {
  override readonly name = 'SwitchCommandError';
  constructor(
    readonly command: string,
    readonly reply: string,
  ) {
    super(`${command.split(' ')[0]}: ${reply.trim()}`);
  }
}
