import { describe, expect, it } from 'vitest';
import { decodeStart, headerFields, isPhoneColumn, columnKey } from './csv-header.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('the header the console reads before the upload', () => {
  it('reads a `;` header from Windows-1252 bytes (Excel pt-BR) with its accents', () => {
    const latin1 = Uint8Array.from([...'Nome;Celular;Observação\r\nAna;1;x'].map((char) => char.charCodeAt(0)));
    expect(headerFields(decodeStart(latin1))).toEqual(['Nome', 'Celular', 'Observação']);
  });

  it('reads UTF-8 with a BOM, quoted names with the separator and quotes inside, and skips blank lines first', () => {
    const text = '\r\n"Nome; completo","Tel ""2""",celular\nAna,1,2';
    expect(headerFields(decodeStart(Uint8Array.from([0xef, 0xbb, 0xbf, ...bytes(text)])))).toEqual(['Nome; completo', 'Tel "2"', 'celular']);
  });

  it('reads UTF-16 with its BOM, and a UTF-8 character cut by the slice stays UTF-8', () => {
    const utf16 = Uint8Array.from([0xff, 0xfe, ...[...'fone;nome'].flatMap((char) => [char.charCodeAt(0), 0])]);
    expect(headerFields(decodeStart(utf16))).toEqual(['fone', 'nome']);
    const cut = bytes('Móvel;Observação\nx').subarray(0, 17);
    expect(headerFields(decodeStart(cut))[0]).toBe('Móvel');
  });

  it('an empty file has no columns', () => {
    expect(headerFields(decodeStart(new Uint8Array()))).toEqual([]);
  });

  it.each([['Celular', true], ['TELEFONE 2', true], ['Móvel', true], ['whatsapp_1', true], ['Telescópio', false], ['numero', false], ['Contato', false]])(
    'isPhoneColumn(%j) is %s',
    (name, phone) => {
      expect(isPhoneColumn(columnKey(name))).toBe(phone);
    },
  );
});
