import { describe, expect, it } from 'vitest';
import { AppError } from '../http/errors.ts';
import { columnKey, detectDelimiter, inBatches, openCsv, type CsvProgress } from './csv-reader.ts';

const limits = { maxBytes: 10_000, maxColumns: 5, maxRecordChars: 200 };

async function* chunks(...parts: (string | Buffer)[]) {
  for (const part of parts) yield Buffer.isBuffer(part) ? part : Buffer.from(part);
}

async function read(...parts: (string | Buffer)[]) {
  const progress: CsvProgress = { bytesRead: 0, rowsRead: 0 };
  const file = await openCsv(chunks(...parts), limits, progress);
  const rows = [];
  for await (const row of file.rows) rows.push(row);
  return { ...file, rows, progress };
}

async function refusal(...parts: (string | Buffer)[]) {
  try {
    await read(...parts);
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, params: error.params };
    throw error;
  }
  throw new Error('not refused');
}

describe('openCsv', () => {
  it('detects ; from the header line, drops the BOM, reads CRLF, quoted separators and line breaks, skips blank lines', async () => {
    const file = await read('\uFEFFTelefone;Nome;Cidade\r\n\r\n11 91234-5678;"Silva; Ana";"São\r\nPaulo"\r\n;;\r\n', '(11) 3333-4444;Bia;Rio\n');
    expect(file.delimiter).toBe(';');
    expect(file.header).toEqual(['Telefone', 'Nome', 'Cidade']);
    expect(file.headerRow).toBe(1);
    expect(file.rows).toEqual([
      { row: 3, fields: ['11 91234-5678', 'Silva; Ana', 'São\r\nPaulo'] },
      { row: 6, fields: ['(11) 3333-4444', 'Bia', 'Rio'] },
    ]);
    expect(file.progress.rowsRead).toBe(2);
  });

  it('decodes a multi-byte character split across chunks, and counts the bytes', async () => {
    const bytes = Buffer.from('phone,name\n11912345678,José\n');
    const cut = bytes.indexOf(0xc3) + 1;
    const file = await read(bytes.subarray(0, cut), bytes.subarray(cut));
    expect(file.rows[0]!.fields).toEqual(['11912345678', 'José']);
    expect(file.progress.bytesRead).toBe(bytes.length);
  });

  it('reads Windows-1252 and UTF-16 files and reports their encoding (decision 0065)', async () => {
    const latin = await read(Buffer.from('nome;telefone\r\nJosé;Conceição\r\n', 'latin1'));
    expect({ encoding: latin.encoding(), header: latin.header, rows: latin.rows }).toEqual({
      encoding: 'windows-1252',
      header: ['nome', 'telefone'],
      rows: [{ row: 2, fields: ['José', 'Conceição'] }],
    });
    const utf16 = await read(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('fone;nome\r\n1;Zé\r\n', 'utf16le')]));
    expect({ encoding: utf16.encoding(), delimiter: utf16.delimiter, rows: utf16.rows }).toEqual({ encoding: 'utf-16le', delimiter: ';', rows: [{ row: 2, fields: ['1', 'Zé'] }] });
  });

  it('refuses an empty file, binary data, text that is not UTF-8, an unclosed quote, too many columns and too many bytes', async () => {
    expect(await refusal('')).toMatchObject({ code: 'EMPTY_FILE' });
    expect(await refusal('\uFEFF\r\n\r\n ; \n')).toMatchObject({ code: 'EMPTY_FILE' });
    expect(await refusal('phone\n1\n', Buffer.from([0x31, 0x00, 0x32]))).toMatchObject({ code: 'BINARY_FILE' });
    expect(await refusal('phone,name\n11912345678,Jos\u00e9\n', Buffer.from([0xe9, 0x0a]))).toMatchObject({ code: 'INVALID_ENCODING', params: { byte: 30 } });
    expect(await refusal('phone,name\n11912345678,"open\n' + 'x'.repeat(300))).toMatchObject({ code: 'INVALID_CSV', params: { row: 2 } });
    expect(await refusal('a,b,c,d,e,f\n')).toMatchObject({ code: 'TOO_MANY_COLUMNS', params: { limit: 5 } });
    expect(await refusal('phone\n', ...Array.from({ length: 20 }, () => '11912345678\n'.repeat(50)))).toMatchObject({ code: 'FILE_TOO_LARGE' });
  });

  it('takes , when the header has no separator or more commas', () => {
    expect(detectDelimiter('phone')).toBe(',');
    expect(detectDelimiter('phone,name;x,y')).toBe(',');
    expect(detectDelimiter('"a,b";c;d')).toBe(';');
  });

  it('matches column names without case, accents or spaces', () => {
    expect(columnKey(' TELEFONE ')).toBe('telefone');
    expect(columnKey('Téléfone')).toBe('telefone');
  });

  it('batches', async () => {
    async function* numbers() {
      for (let index = 0; index < 2500; index += 1) yield index;
    }
    const sizes = [];
    for await (const batch of inBatches(numbers(), 1000)) sizes.push(batch.length);
    expect(sizes).toEqual([1000, 1000, 500]);
  });
});
