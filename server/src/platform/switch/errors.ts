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
  override readonly name: string = 'SwitchCommandError';
  constructor(
    readonly command: string,
    readonly reply: string,
  ) {
    super(`${command.split(' ')[0]}: ${reply.trim()}`);
  }
}

/**
 * mod_callcenter refused a tier because it cannot load the tier's queue yet ("-ERR Queue not
 * found!"): the queue's file has not reached the switch. The configuration sync loads the queue and
 * then pushes the tiers the switch lacks, so this heals itself.
 */
export class SwitchQueueNotLoadedError extends SwitchCommandError {
  override readonly name = 'SwitchQueueNotLoadedError';
}
