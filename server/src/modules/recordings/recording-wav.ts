// Whether a file the switch left is a complete call recording as the platform records them:
// RIFF/WAVE, PCM, 2 channels (customer and agent), 8000 Hz, 16-bit, with every declared size
// matching the bytes present (a file still being written, or cut short, has sizes that do not).
// Read from the header and the file's size only: a recording is never loaded whole.
import { open } from 'node:fs/promises';

export const RECORDING_FORMAT = { formatTag: 1, channels: 2, sampleRate: 8000, bitsPerSample: 16 } as const;

/** Enough for the header and any chunks before the data (libsndfile writes 44 bytes). */
const HEAD_BYTES = 64 * 1024;

export interface RecordingWavInfo {
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
  dataBytes: number;
  durationSeconds: number;
}

export type WavCheck = { ok: true; info: RecordingWavInfo } | { ok: false; problem: string };

/** Pure: `head` is the file's first bytes (all of them for a small file), `fileSize` its whole size. */
export function checkRecordingWav(head: Buffer, fileSize: number): WavCheck {
  const refuse = (problem: string): WavCheck => ({ ok: false, problem });
  if (fileSize < 44 || head.length < 12 || head.toString('ascii', 0, 4) !== 'RIFF' || head.toString('ascii', 8, 12) !== 'WAVE') {
    return refuse('not a RIFF/WAVE file');
  }
  if (head.readUInt32LE(4) + 8 !== fileSize) return refuse(`RIFF size ${head.readUInt32LE(4) + 8} does not match the file size ${fileSize}`);
  let fmt: Omit<RecordingWavInfo, 'dataBytes' | 'durationSeconds'> & { byteRate: number } | null = null;
  let dataBytes: number | null = null;
  let offset = 12;
  while (offset < fileSize) {
    if (offset + 8 > fileSize) return refuse('ends inside a chunk header');
    // Chunks after the data (e.g. LIST) are beyond the head of a long file: the data's end is checked instead.
    if (offset + 8 > head.length) {
      if (dataBytes === null) return refuse('no data chunk in the header');
      break;
    }
    const id = head.toString('ascii', offset, offset + 4);
    const size = head.readUInt32LE(offset + 4);
    const end = offset + 8 + size;
    if (end > fileSize) return refuse(`the "${id}" chunk declares ${size} bytes, more than the file holds (truncated)`);
    if (id === 'fmt ') {
      if (size < 16 || offset + 24 > head.length) return refuse('fmt chunk shorter than 16 bytes');
      fmt = {
        channels: head.readUInt16LE(offset + 10),
        sampleRate: head.readUInt32LE(offset + 12),
        byteRate: head.readUInt32LE(offset + 16),
        bitsPerSample: head.readUInt16LE(offset + 22),
      };
      const formatTag = head.readUInt16LE(offset + 8);
      const blockAlign = head.readUInt16LE(offset + 20);
      if (formatTag !== RECORDING_FORMAT.formatTag) return refuse(`audio format ${formatTag}, not PCM`);
      if (fmt.channels !== RECORDING_FORMAT.channels) return refuse(`${fmt.channels} channel(s), not 2 (stereo)`);
      if (fmt.sampleRate !== RECORDING_FORMAT.sampleRate) return refuse(`${fmt.sampleRate} Hz, not 8000 Hz`);
      if (fmt.bitsPerSample !== RECORDING_FORMAT.bitsPerSample) return refuse(`${fmt.bitsPerSample} bits per sample, not 16`);
      if (blockAlign !== 4 || fmt.byteRate !== 32_000) return refuse('block align or byte rate does not match 16-bit stereo at 8000 Hz');
    } else if (id === 'data') {
      if (!fmt) return refuse('data before the fmt chunk');
      if (dataBytes !== null) return refuse('more than one data chunk');
      if (size % 4 !== 0) return refuse('data size is not a whole number of stereo samples');
      dataBytes = size;
    }
    // Chunks are padded to an even size; the pad byte of the last chunk is sometimes left out.
    offset = end + (size % 2 === 1 && end < fileSize ? 1 : 0);
  }
  if (!fmt || dataBytes === null) return refuse('no fmt or no data chunk');
  const { byteRate, ...format } = fmt;
  return { ok: true, info: { ...format, dataBytes, durationSeconds: Math.round((dataBytes / byteRate) * 1000) / 1000 } };
}

/** Reads a file's head and size and checks it; a file that cannot be read is a problem too, never a throw. */
export async function checkRecordingFile(file: string): Promise<WavCheck & { size: number }> {
  let handle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { ok: false, problem: code === 'ENOENT' ? 'file not found' : `file cannot be read (${code ?? 'error'})`, size: 0 };
  }
  try {
    const info = await handle.stat();
    const size = info.size;
    if (!info.isFile()) return { ok: false, problem: 'not a regular file', size };
    const head = Buffer.alloc(Math.min(HEAD_BYTES, size));
    await handle.read(head, 0, head.length, 0);
    return { ...checkRecordingWav(head, size), size };
  } catch (error) {
    return { ok: false, problem: `file cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`, size: 0 };
  } finally {
    await handle.close();
  }
}
