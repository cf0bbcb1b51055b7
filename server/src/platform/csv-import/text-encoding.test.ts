import { describe, expect, it } from 'vitest';
import { decodeText, firstInvalidUtf8, NotTextError, type TextEncodingName } from './text-encoding.ts';

async function decode(...parts: Buffer[]) {
  let encoding: TextEncodingName | null = null;
  async function* chunks() {
    for (const part of parts) yield part;
  }
  let text = '';
  for await (const piece of decodeText(chunks(), (name) => (encoding = name))) text += piece;
  return { text, encoding };
}

async function badByte(...parts: Buffer[]) {
  try {
    await decode(...parts);
  } catch (error) {
    if (error instanceof NotTextError) return error.byte;
    throw error;
  }
  throw new Error('decoded');
}

const latin1 = (text: string) => Buffer.from(text, 'latin1');
const utf16be = (text: string) => Buffer.from(text, 'utf16le').swap16();

describe('decodeText', () => {
  it('reads Windows-1252 as Excel in pt-BR saves it, the first byte already not UTF-8', async () => {
    expect(await decode(latin1('José;Conceição\r\n'))).toEqual({
      text: 'José;Conceição\r\n',
      encoding: 'windows-1252',
    });
    // 0x80 is the euro sign in Windows-1252 (not a control character as in ISO-8859-1).
    expect(await decode(Buffer.from([0xe9, 0x80]))).toEqual({ text: 'é€', encoding: 'windows-1252' });
  });

  it('keeps the ASCII read before the byte that proves Windows-1252, across chunks', async () => {
    const bytes = latin1('phone;nome\r\n' + '11912345678;Ana\r\n'.repeat(100) + '11912345679;José\r\n');
    const { text, encoding } = await decode(
      bytes.subarray(0, 50),
      bytes.subarray(50, 1000),
      bytes.subarray(1000),
    );
    expect(encoding).toBe('windows-1252');
    expect(text).toBe(bytes.toString('latin1'));
  });

  it('reads UTF-8 with and without a BOM, a character split across chunks, and ASCII as UTF-8', async () => {
    const bytes = Buffer.from('nome\nJosé Conceição\n');
    const cut = bytes.indexOf(0xc3) + 1;
    expect(await decode(bytes.subarray(0, cut), bytes.subarray(cut))).toEqual({
      text: 'nome\nJosé Conceição\n',
      encoding: 'utf-8',
    });
    expect(await decode(Buffer.from([0xef]), Buffer.from([0xbb, 0xbf]), bytes)).toEqual({
      text: 'nome\nJosé Conceição\n',
      encoding: 'utf-8-bom',
    });
    expect(await decode(Buffer.from('phone\n1\n'))).toEqual({ text: 'phone\n1\n', encoding: 'utf-8' });
  });

  it('reads UTF-16 LE and BE with their BOM, a code unit split across chunks', async () => {
    const le = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('telefone;nome\r\n11912345678;João\r\n', 'utf16le'),
    ]);
    expect(await decode(le.subarray(0, 7), le.subarray(7))).toEqual({
      text: 'telefone;nome\r\n11912345678;João\r\n',
      encoding: 'utf-16le',
    });
    const be = Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be('fone,nome\n11912345678,Zé\n')]);
    expect(await decode(be)).toEqual({ text: 'fone,nome\n11912345678,Zé\n', encoding: 'utf-16be' });
  });

  it('refuses UTF-8 with a bad byte after a real UTF-8 character, at the offset of that byte (1-based)', async () => {
    // "é" in UTF-8 (2 bytes) at 1–2, then a lone Windows-1252 "é" at byte 4.
    expect(await badByte(Buffer.from('é'), Buffer.from([0x20, 0xe9, 0x0a]))).toBe(4);
    // After a UTF-8 BOM the file said UTF-8: the first bad byte is byte 5.
    expect(await badByte(Buffer.from([0xef, 0xbb, 0xbf, 0x41, 0xff]))).toBe(5);
    expect(await badByte(Buffer.from('ã'), Buffer.from([0xc3]))).toBe(3);
  });
});

describe('firstInvalidUtf8', () => {
  it('finds overlong forms, surrogates and lone continuation bytes, and waits on an unfinished sequence', () => {
    expect(firstInvalidUtf8(Buffer.from([0x41, 0xc0, 0x80])).invalid).toBe(1);
    expect(firstInvalidUtf8(Buffer.from([0xed, 0xa0, 0x80])).invalid).toBe(0);
    expect(firstInvalidUtf8(Buffer.from([0x41, 0x80])).invalid).toBe(1);
    expect(firstInvalidUtf8(Buffer.from([0x41, 0xe2, 0x82]))).toEqual({
      invalid: -1,
      incomplete: 2,
      multiByte: false,
    });
    expect(firstInvalidUtf8(Buffer.from('€'))).toEqual({ invalid: -1, incomplete: 0, multiByte: true });
  });
});
