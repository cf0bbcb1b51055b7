import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { wavBuffer } from '../../../../switch-sim/src/media/wav.ts';
import { checkRecordingFile, checkRecordingWav } from './recording-wav.ts';

const check = (data: Buffer) => checkRecordingWav(data, data.length);
const problemOf = (data: Buffer) => {
  const result = check(data);
  return result.ok ? null : result.problem;
};

describe('checkRecordingWav', () => {
  it('accepts a complete stereo 8 kHz 16-bit PCM recording and measures it', () => {
    const data = wavBuffer(2.5);
    const result = check(data);
    expect(result).toEqual({ ok: true, info: { channels: 2, sampleRate: 8000, bitsPerSample: 16, dataBytes: 80_000, durationSeconds: 2.5 } });
  });

  it('checks only the head of a long file against its size', () => {
    const data = wavBuffer(3);
    expect(checkRecordingWav(data.subarray(0, 44), data.length)).toMatchObject({ ok: true, info: { durationSeconds: 3 } });
  });

  it('accepts chunks before and after the data (LIST), with their padding', () => {
    const plain = wavBuffer(1);
    const list = Buffer.concat([Buffer.from('LIST', 'ascii'), Buffer.from([5, 0, 0, 0]), Buffer.from('INFOx'), Buffer.alloc(1)]);
    const data = Buffer.concat([plain.subarray(0, 36), list, plain.subarray(36), list]);
    data.writeUInt32LE(data.length - 8, 4);
    expect(check(data)).toMatchObject({ ok: true, info: { dataBytes: 32_000 } });
  });

  it('refuses a mono recording (RECORD_STEREO was not set)', () => {
    expect(problemOf(wavBuffer(1, { channels: [['read', 'write']], sampleRate: 8000 }))).toMatch(/1 channel\(s\), not 2/);
  });

  it('refuses 44.1 kHz', () => {
    expect(problemOf(wavBuffer(0.1, { channels: [['read'], ['write']], sampleRate: 44_100 }))).toMatch(/44100 Hz, not 8000 Hz/);
  });

  it('refuses a truncated file (data declared longer than what is there)', () => {
    const data = wavBuffer(1);
    const cut = data.subarray(0, data.length - 1000);
    // The RIFF size agrees with the cut file, the data chunk still claims the whole second.
    const patched = Buffer.from(cut);
    patched.writeUInt32LE(patched.length - 8, 4);
    expect(problemOf(patched)).toMatch(/truncated/);
    // Cut without patching: the RIFF size says more than the file holds.
    expect(problemOf(cut)).toMatch(/RIFF size/);
  });

  it('refuses lying sizes: a RIFF size that is not the file size, a data size off by one sample', () => {
    const riff = wavBuffer(1);
    riff.writeUInt32LE(riff.readUInt32LE(4) + 100, 4);
    expect(problemOf(riff)).toMatch(/RIFF size .* does not match/);
    const odd = wavBuffer(1);
    odd.writeUInt32LE(odd.readUInt32LE(40) - 2, 40);
    expect(problemOf(odd)).toMatch(/whole number of stereo samples/);
    // A header still being written (sizes 0, as libsndfile leaves them until close).
    const open = wavBuffer(1);
    open.writeUInt32LE(0, 4);
    open.writeUInt32LE(0, 40);
    expect(check(open).ok).toBe(false);
  });

  it('refuses non-PCM (µ-law), 8-bit and a byte rate that does not match', () => {
    const ulaw = wavBuffer(1);
    ulaw.writeUInt16LE(7, 20);
    expect(problemOf(ulaw)).toMatch(/audio format 7, not PCM/);
    const bits = wavBuffer(1);
    bits.writeUInt16LE(8, 34);
    expect(problemOf(bits)).toMatch(/8 bits per sample/);
    const rate = wavBuffer(1);
    rate.writeUInt32LE(16_000, 28);
    expect(problemOf(rate)).toMatch(/byte rate/);
  });

  it('refuses what is not a WAV at all, or has no data chunk', () => {
    expect(problemOf(Buffer.from('hello, this is not audio at all, not even close to it....'))).toMatch(/not a RIFF\/WAVE/);
    const noData = wavBuffer(0).subarray(0, 36);
    const riffOnly = Buffer.concat([noData, Buffer.from('LIST', 'ascii'), Buffer.from([4, 0, 0, 0]), Buffer.from('INFO', 'ascii')]);
    riffOnly.writeUInt32LE(riffOnly.length - 8, 4);
    expect(problemOf(riffOnly)).toMatch(/no fmt or no data/);
  });
});

describe('checkRecordingFile', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'wav-check-'));

  it('reads a file on disk and reports its size', async () => {
    const file = path.join(dir, 'good.wav');
    writeFileSync(file, wavBuffer(1));
    expect(await checkRecordingFile(file)).toMatchObject({ ok: true, size: 32_044, info: { durationSeconds: 1 } });
  });

  it('says a missing file or a folder is a problem, without throwing', async () => {
    expect(await checkRecordingFile(path.join(dir, 'missing.wav'))).toMatchObject({ ok: false, problem: 'file not found' });
    expect(await checkRecordingFile(dir)).toMatchObject({ ok: false });
  });
});
