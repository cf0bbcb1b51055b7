import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvNumber, csvSeparator, csvText, toCsv } from './csv-export.ts';

describe('toCsv', () => {
  it('writes pt-BR with a BOM, semicolons, decimal commas and CRLF', () => {
    const csv = toCsv(
      [
        ['Fila', 'Atendidas', 'Nível de serviço'],
        ['Vendas', 12, 0.8333],
      ],
      'pt-BR',
    );
    expect(csv).toBe(`${CSV_BOM}Fila;Atendidas;Nível de serviço\r\nVendas;12;0,8333\r\n`);
  });

  it('writes en with commas and a decimal point', () => {
    expect(toCsv([['Queue', 'Rate'], ['Sales', 0.5]], 'en')).toBe(`${CSV_BOM}Queue,Rate\r\nSales,0.5\r\n`);
  });

  it('leaves a null or missing cell empty (no rate is not 0 %)', () => {
    expect(toCsv([['a', null, undefined, 0]], 'en')).toBe(`${CSV_BOM}a,,,0\r\n`);
  });

  it('never prefixes a negative number, and writes no grouping', () => {
    expect(toCsv([[-3.5, 1234567]], 'pt-BR')).toBe(`${CSV_BOM}-3,5;1234567\r\n`);
  });

  it('makes formula-looking text inert, whatever the locale', () => {
    const csv = toCsv([['=HYPERLINK("x")', '+1+1', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd']], 'en');
    expect(csv).toBe(`${CSV_BOM}"'=HYPERLINK(""x"")",'+1+1,'-2+3,'@SUM(A1),'\tcmd,"'\rcmd"\r\n`);
  });

  it('leaves text that is a plain negative number as it is', () => {
    expect(toCsv([['-12', '-3,5']], 'en')).toBe(`${CSV_BOM}-12,"-3,5"\r\n`);
  });
});

describe('csvText', () => {
  it('quotes the separator, quotes and line breaks, doubling quotes', () => {
    expect(csvText('a;b', ';')).toBe('"a;b"');
    expect(csvText('a;b', ',')).toBe('a;b');
    expect(csvText('say "hi"', ',')).toBe('"say ""hi"""');
    expect(csvText('two\nlines', ',')).toBe('"two\nlines"');
  });

  it('quotes text with edge spaces so they survive', () => {
    expect(csvText(' padded ', ',')).toBe('" padded "');
  });
});

describe('csvNumber', () => {
  it('writes tiny and huge numbers without an exponent', () => {
    expect(csvNumber(1e-7, false)).toBe('0.0000001');
    expect(csvNumber(1e21, false)).toBe('1000000000000000000000');
    expect(csvNumber(1e-7, true)).toBe('0,0000001');
  });

  it('writes nothing for a number that is not finite', () => {
    expect(csvNumber(Number.NaN, false)).toBe('');
    expect(csvNumber(Number.POSITIVE_INFINITY, false)).toBe('');
  });
});

describe('csvSeparator', () => {
  it('follows the locale decimal mark', () => {
    expect(csvSeparator('pt-BR')).toBe(';');
    expect(csvSeparator('en')).toBe(',');
    expect(csvSeparator('de-DE')).toBe(';');
  });
});
