// RIFF/WAVE, PCM 16-bit little-endian, interleaved channels, as the switch writes a recording.
// Each direction of a call is a quiet tone of its own — what the recorded channel hears from its
// endpoint ("read": the caller of a member channel) 440 Hz, what it is sent ("write": the agent)
// 620 Hz — so a test can tell a mono mix (both tones in one channel) from a stereo file (one each).
export type Direction = 'read' | 'write';

export interface WavFormat {
  /** The directions mixed into each channel of the file, in channel order. */
  channels: Direction[][];
  sampleRate: number;
}

const TONE: Record<Direction, number> = { read: 440, write: 620 };

export function wavBuffer(seconds: number, format: WavFormat = { channels: [['read'], ['write']], sampleRate: 8000 }): Buffer {
  const count = format.channels.length;
  const frames = Math.max(0, Math.round(seconds * format.sampleRate));
  const blockAlign = count * 2;
  const dataSize = frames * blockAlign;
  const buffer = Buffer.alloc(44 + dataSize);
  buffer.write('RIFF', 0, 'ascii');
  buffer.writeUInt32LE(36 + dataSize, 4);
  buffer.write('WAVE', 8, 'ascii');
  buffer.write('fmt ', 12, 'ascii');
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20);
  buffer.writeUInt16LE(count, 22);
  buffer.writeUInt32LE(format.sampleRate, 24);
  buffer.writeUInt32LE(format.sampleRate * blockAlign, 28);
  buffer.writeUInt16LE(blockAlign, 32);
  buffer.writeUInt16LE(16, 34);
  buffer.write('data', 36, 'ascii');
  buffer.writeUInt32LE(dataSize, 40);
  for (let i = 0; i < frames; i++) {
    format.channels.forEach((directions, c) => {
      const sample = directions.reduce((sum, direction) => sum + 1200 * Math.sin((2 * Math.PI * TONE[direction] * i) / format.sampleRate), 0);
      buffer.writeInt16LE(Math.round(sample), 44 + i * blockAlign + c * 2);
    });
  }
  return buffer;
}

export interface WavInfo {
  audioFormat: number;
  channels: number;
  sampleRate: number;
  byteRate: number;
  blockAlign: number;
  bitsPerSample: number;
  dataSize: number;
  riffSize: number;
}

export function parseWavHeader(buffer: Buffer): WavInfo {
  if (buffer.toString('ascii', 0, 4) !== 'RIFF' || buffer.toString('ascii', 8, 12) !== 'WAVE') throw new Error('not a RIFF/WAVE file');
  let offset = 12;
  let fmt: Omit<WavInfo, 'dataSize' | 'riffSize'> | undefined;
  while (offset + 8 <= buffer.length) {
    const id = buffer.toString('ascii', offset, offset + 4);
    const size = buffer.readUInt32LE(offset + 4);
    if (id === 'fmt ') {
      fmt = {
        audioFormat: buffer.readUInt16LE(offset + 8),
        channels: buffer.readUInt16LE(offset + 10),
        sampleRate: buffer.readUInt32LE(offset + 12),
        byteRate: buffer.readUInt32LE(offset + 16),
        blockAlign: buffer.readUInt16LE(offset + 20),
        bitsPerSample: buffer.readUInt16LE(offset + 22),
      };
    } else if (id === 'data') {
      if (!fmt) throw new Error('data before fmt');
      return { ...fmt, dataSize: size, riffSize: buffer.readUInt32LE(4) };
    }
    offset += 8 + size + (size % 2);
  }
  throw new Error('no data chunk');
}
