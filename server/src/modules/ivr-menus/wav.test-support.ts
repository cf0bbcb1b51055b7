// Test support only: a real WAV built byte by byte, so tests need no fixture files.

/** A real tiny WAV: RIFF header, a 16-byte fmt chunk, a data chunk of silence (16-bit PCM mono 8 kHz by default). */
export function tinyWav(samples = 80, { formatTag = 1, channels = 1, sampleRate = 8000, bitsPerSample = 16 } = {}): Buffer {
  const blockAlign = (channels * bitsPerSample) / 8;
  const dataBytes = samples * blockAlign;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(formatTag, 20);
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * blockAlign, 28);
  header.writeUInt16LE(blockAlign, 32);
  header.writeUInt16LE(bitsPerSample, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(dataBytes, 40);
  return Buffer.concat([header, Buffer.alloc(dataBytes)]);
}
