// Pure: whether an upload is a WAV prompt the switch plays as it is (FreeSWITCH reads .wav through
// libsndfile), read from its header before anything is stored. Only the formats we support
// (decision 0014): 16-bit PCM at 8, 16, 32 or 48 kHz, or 8-bit G.711 (µ-law, A-law) at 8 kHz, mono
// or stereo, with every declared size matching the bytes present.

const PCM = 1;
const ALAW = 6;
const MULAW = 7;
const FORMATS: Record<number, { bits: number; rates: number[] }> = {
  [PCM]: { bits: 16, rates: [8000, 16000, 32000, 48000] },
  [ALAW]: { bits: 8, rates: [8000] },
  [MULAW]: { bits: 8, rates: [8000] },
};

export const SUPPORTED_WAV = '16-bit PCM at 8, 16, 32 or 48 kHz, or 8-bit µ-law or A-law at 8 kHz, mono or stereo';

export interface WavFormat {
  formatTag: number;
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
  dataBytes: number;
}

/** The prompt's format, or the first reason it is refused (said to the tenant as is). */
export function readWav(data: Buffer): { format: WavFormat } | { problem: string } {
  if (data.length < 44 || data.toString('ascii', 0, 4) !== 'RIFF' || data.toString('ascii', 8, 12) !== 'WAVE') {
    return { problem: 'is not a WAV file (RIFF/WAVE)' };
  }
  if (data.readUInt32LE(4) + 8 !== data.length) return { problem: 'declares a RIFF size that does not match the file size' };
  let format: Omit<WavFormat, 'dataBytes'> | null = null;
  let dataBytes: number | null = null;
  let offset = 12;
  while (offset < data.length) {
    if (offset + 8 > data.length) return { problem: 'ends inside a chunk header' };
    const id = data.toString('ascii', offset, offset + 4);
    const size = data.readUInt32LE(offset + 4);
    const end = offset + 8 + size;
    if (end > data.length) return { problem: `declares a "${id}" chunk larger than the file` };
    if (id === 'fmt ') {
      if (format) return { problem: 'has more than one fmt chunk' };
      const read = readFormat(data.subarray(offset + 8, end));
      if ('problem' in read) return read;
      format = read.format;
    } else if (id === 'data') {
      if (!format) return { problem: 'has its data before its fmt chunk' };
      if (dataBytes !== null) return { problem: 'has more than one data chunk' };
      if (size === 0 || size % ((format.channels * format.bitsPerSample) / 8) !== 0) return { problem: 'has a data size that is not a whole number of samples' };
      dataBytes = size;
    }
    // Chunks are padded to an even size; the pad byte of the last chunk is sometimes left out.
    offset = end + (size % 2 === 1 && end < data.length ? 1 : 0);
  }
  if (!format || dataBytes === null) return { problem: 'has no fmt or no data chunk' };
  return { format: { ...format, dataBytes } };
}

function readFormat(chunk: Buffer): { format: Omit<WavFormat, 'dataBytes'> } | { problem: string } {
  if (chunk.length < 16) return { problem: 'has a fmt chunk shorter than 16 bytes' };
  const formatTag = chunk.readUInt16LE(0);
  const channels = chunk.readUInt16LE(2);
  const sampleRate = chunk.readUInt32LE(4);
  const byteRate = chunk.readUInt32LE(8);
  const blockAlign = chunk.readUInt16LE(12);
  const bitsPerSample = chunk.readUInt16LE(14);
  const supported = FORMATS[formatTag];
  if (!supported) return { problem: `has audio format ${formatTag}; supported: 16-bit PCM, 8-bit µ-law or A-law` };
  if (bitsPerSample !== supported.bits) return { problem: `has ${bitsPerSample} bits per sample; this format needs ${supported.bits}` };
  if (channels !== 1 && channels !== 2) return { problem: `has ${channels} channels; supported: 1 or 2` };
  if (!supported.rates.includes(sampleRate)) return { problem: `has a sample rate of ${sampleRate} Hz; supported: ${supported.rates.join(', ')} Hz` };
  if (blockAlign !== (channels * bitsPerSample) / 8 || byteRate !== sampleRate * blockAlign) return { problem: 'has a block align or byte rate that does not match its format' };
  return { format: { formatTag, channels, sampleRate, bitsPerSample } };
}
