// RIFF/WAVE, PCM 16-bit little-endian, interleaved channels. Channel 1 carries a quiet 440 Hz
// tone and channel 2 a quiet 620 Hz tone, so each leg of a stereo recording is distinguishable.
export interface WavFormat {
  channels: number;
  sampleRate: number;
}

export function wavBuffer(seconds: number, format: WavFormat = { channels: 2, sampleRate: 8000 }): Buffer {
  const frames = Math.max(0, Math.round(seconds * format.sampleRate));
  const blockAlign = format.channels * 2;
  const dataSize = frames * blockAlign;
  const buffer = Buffer.alloc(44 + dataSize);
  buffer.write('RIFF', 0, 'ascii');
  buffer.writeUInt32LE(36 + dataSize, 4);
  buffer.write('WAVE', 8, 'ascii');
  buffer.write('fmt ', 12, 'ascii');
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20);
  buffer.writeUInt16LE(format.channels, 22);
  buffer.writeUInt32LE(format.sampleRate, 24);
  buffer.writeUInt32LE(format.sampleRate * blockAlign, 28);
  buffer.writeUInt16LE(blockAlign, 32);
  buffer.writeUInt16LE(16, 34);
  buffer.write('data', 36, 'ascii');
  buffer.writeUInt32LE(dataSize, 40);
  const tones = [440, 620, 780, 930];
  for (let i = 0; i < frames; i++) {
    for (let c = 0; c < format.channels; c++) {
      const sample = Math.round(1200 * Math.sin((2 * Math.PI * tones[c % tones.length]! * i) / format.sampleRate));
      buffer.writeInt16LE(sample, 44 + i * blockAlign + c * 2);
    }
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
