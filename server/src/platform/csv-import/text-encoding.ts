// An uploaded text file's encoding, found while it streams (decision 0065): a BOM names UTF-8 or
// UTF-16 LE/BE; without one the bytes are read as UTF-8 until a byte proves otherwise. A byte that
// is not UTF-8 while everything before it was ASCII means the file is Windows-1252 (what Excel in
// pt-BR saves as "CSV"): ASCII reads the same in both, so the text already given stays right and
// the rest is decoded as Windows-1252. After a real multi-byte UTF-8 character, a bad byte is an
// error at its own offset. UTF-8 is checked here (for that offset) and decoded by Buffer; Windows-1252
// and UTF-16 by iconv-lite (Node 20's TextDecoder reads windows-1252 as ISO-8859-1: 0x80 is not €).
import iconv from 'iconv-lite';

export type TextEncodingName = 'utf-8' | 'utf-8-bom' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/** Thrown when the bytes fit no encoding we read; `byte` is the 1-based offset of the first bad byte in the file. */
export class NotTextError extends Error {
  constructor(readonly byte: number) {
    super(`not text near byte ${byte}`);
  }
}

const BOMS: [TextEncodingName, number[]][] = [
  ['utf-8-bom', [0xef, 0xbb, 0xbf]],
  ['utf-16le', [0xff, 0xfe]],
  ['utf-16be', [0xfe, 0xff]],
];

/** The encoding a BOM at the start names; null when `head` has none (or too few bytes to tell: see `bomPending`). */
export function encodingOfBom(head: Uint8Array): TextEncodingName | null {
  for (const [name, bom] of BOMS) if (bom.every((byte, index) => head[index] === byte)) return name;
  return null;
}

/** True while `head` is too short to rule a BOM in or out (a prefix of one). */
const bomPending = (head: Uint8Array) =>
  BOMS.some(([, bom]) => head.length < bom.length && [...head].every((byte, index) => bom[index] === byte));

/**
 * The index of the first byte in `bytes` that does not start or continue a valid UTF-8 sequence,
 * -1 when all are valid; `incomplete` counts the trailing bytes of an unfinished sequence.
 */
export function firstInvalidUtf8(bytes: Uint8Array): {
  invalid: number;
  incomplete: number;
  multiByte: boolean;
} {
  let multiByte = false;
  let index = 0;
  while (index < bytes.length) {
    const lead = bytes[index]!;
    if (lead < 0x80) {
      index += 1;
      continue;
    }
    // Lengths and the valid range of the second byte (RFC 3629: no overlongs, no surrogates, ≤ U+10FFFF).
    const [length, low, high] =
      lead >= 0xc2 && lead <= 0xdf
        ? [2, 0x80, 0xbf]
        : lead === 0xe0
          ? [3, 0xa0, 0xbf]
          : lead === 0xed
            ? [3, 0x80, 0x9f]
            : lead >= 0xe1 && lead <= 0xef
              ? [3, 0x80, 0xbf]
              : lead === 0xf0
                ? [4, 0x90, 0xbf]
                : lead === 0xf4
                  ? [4, 0x80, 0x8f]
                  : lead >= 0xf1 && lead <= 0xf3
                    ? [4, 0x80, 0xbf]
                    : [0, 0, 0];
    if (length === 0) return { invalid: index, incomplete: 0, multiByte };
    for (let next = 1; next < length; next += 1) {
      if (index + next >= bytes.length) return { invalid: -1, incomplete: bytes.length - index, multiByte };
      const byte = bytes[index + next]!;
      const [min, max] = next === 1 ? [low, high] : [0x80, 0xbf];
      if (byte < min || byte > max) return { invalid: index, incomplete: 0, multiByte };
    }
    multiByte = true;
    index += length;
  }
  return { invalid: -1, incomplete: 0, multiByte };
}

/**
 * Decodes a stream of bytes to text in the file's encoding; `onEncoding` hears the encoding once it is
 * known (a BOM at once; Windows-1252 at the first byte that proves it; UTF-8 at the first multi-byte
 * character or at the end). Throws NotTextError, with the exact offset, for UTF-8 with a bad byte.
 */
export async function* decodeText(
  source: AsyncIterable<Buffer>,
  onEncoding: (name: TextEncodingName) => void = () => undefined,
): AsyncGenerator<string> {
  let head: Buffer | null = Buffer.alloc(0);
  let name: TextEncodingName | null = null;
  // Windows-1252 and UTF-16 go through iconv-lite; UTF-8 through our check, for the exact offset.
  let decoder: ReturnType<typeof iconv.getDecoder> | null = null;
  let utf8Sure = false;
  // Bytes of the file before `pending`, and an unfinished UTF-8 sequence waiting for the next chunk.
  let offset = 0;
  let pending = Buffer.alloc(0);
  const settle = (chosen: TextEncodingName) => {
    name = chosen;
    onEncoding(chosen);
    if (chosen === 'windows-1252' || chosen === 'utf-16le' || chosen === 'utf-16be')
      decoder = iconv.getDecoder(chosen, { stripBOM: false });
  };
  const utf8 = (bytes: Buffer, last: boolean): string => {
    const all = pending.length > 0 ? Buffer.concat([pending, bytes]) : bytes;
    const check = firstInvalidUtf8(all);
    if (check.invalid >= 0 && !utf8Sure && !check.multiByte && name === null) {
      // Only ASCII before it: ASCII reads the same in Windows-1252, which this byte proves the file is.
      settle('windows-1252');
      offset += all.length;
      pending = Buffer.alloc(0);
      return (
        all.subarray(0, check.invalid).toString('latin1') +
        decodeWith(decoder!, all.subarray(check.invalid), last)
      );
    }
    if (check.invalid >= 0) throw new NotTextError(offset + check.invalid + 1);
    if (last && check.incomplete > 0) {
      if (utf8Sure || name !== null) throw new NotTextError(offset + all.length - check.incomplete + 1);
      settle('windows-1252');
      return decodeWith(decoder!, all, true);
    }
    if (check.multiByte && !utf8Sure) {
      utf8Sure = true;
      if (name === null) settle('utf-8');
    }
    const complete = all.length - check.incomplete;
    offset += complete;
    pending = Buffer.from(all.subarray(complete));
    return all.subarray(0, complete).toString('utf8');
  };
  const decode = (bytes: Buffer, last: boolean): string => {
    if (decoder === null) return utf8(bytes, last);
    offset += bytes.length;
    // A lone UTF-16 surrogate becomes U+FFFD: one odd character in a cell, not a reason to refuse the file.
    return decodeWith(decoder, bytes, last);
  };
  const open = (): Buffer => {
    const bytes = head!;
    head = null;
    const bom = encodingOfBom(bytes);
    if (bom === null) return bytes;
    settle(bom);
    const size = bom === 'utf-8-bom' ? 3 : 2;
    offset = size;
    return bytes.subarray(size);
  };
  for await (const chunk of source) {
    let bytes = chunk;
    if (head !== null) {
      head = Buffer.concat([head, chunk]);
      if (bomPending(head)) continue;
      bytes = open();
    }
    const text = decode(bytes, false);
    if (text !== '') yield text;
  }
  const rest = decode(head === null ? Buffer.alloc(0) : open(), true);
  if (name === null && offset > 0) settle('utf-8');
  if (rest !== '') yield rest;
}

const decodeWith = (decoder: ReturnType<typeof iconv.getDecoder>, bytes: Buffer, last: boolean) =>
  decoder.write(bytes) + (last ? (decoder.end() ?? '') : '');
