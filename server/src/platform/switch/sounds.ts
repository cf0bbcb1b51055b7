// The sounds a tenant may name (queue music on hold and announcements, playback in dialplan rules):
// the switch's named streams and the files of its own sound library, never a variable, a path
// outside the library or another source (decision 0014).

/** `local_stream://moh`, `silence_stream://500[,divisor]`, `tone_stream://%(250,50,440);L=3`. */
export const SWITCH_STREAM = 'local_stream://[a-z0-9_-]{1,32}|silence_stream://-?\\d{1,7}(?:,\\d{1,5})?|tone_stream://[A-Za-z0-9%(),;.=+-]{1,200}';

/** A file of the switch's sound library, named relative to it: `ivr/ivr-please_hold.wav`. */
export const LIBRARY_SOUND = '[A-Za-z0-9_-]+(?:/[A-Za-z0-9_-]+)*(?:\\.wav)?';

/** The whole rule as one JSON-schema pattern (queue sounds). */
export const SOUND_PATTERN = `^(?:${SWITCH_STREAM}|${LIBRARY_SOUND})$`;

const STREAM = new RegExp(`^(?:${SWITCH_STREAM})$`);

export const isSwitchStream = (sound: string): boolean => STREAM.test(sound);
