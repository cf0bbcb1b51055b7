// Pure: whether a buffer is a RIFF/WAVE file the switch can play, read from its header before
// anything is stored: "RIFF" <size> "WAVE", then chunks that include "fmt " and "data".
export function isWav(data: Buffer): boolean {
  if (data.length < 44) return false;
  if (data.toString('ascii', 0, 4) !== 'RIFF' || data.toString('ascii', 8, 12) !== 'WAVE') return false;
  let offset = 12;
  let format = false;
  while (offset + 8 <= data.length) {
    const id = data.toString('ascii', offset, offset + 4);
    const size = data.readUInt32LE(offset + 4);
    if (id === 'fmt ') {
      if (size < 16 || offset + 8 + size > data.length) return false;
      format = true;
    }
    if (id === 'data') return format;
    // Chunks are padded to an even size.
    offset += 8 + size + (size % 2);
  }
  return false;
}
