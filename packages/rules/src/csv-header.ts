// Pure: a list file's header as the server reads it (decisions 0065, 0066), shared so the console's
// mapping step shows the same columns, and pre-checks the same phone columns, the import will use.

/** `;` when the header line has more semicolons than commas outside quotes (Excel in pt-BR writes `;`), else `,`. */
export function detectDelimiter(headerLine: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const char of headerLine) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && char === ',') commas += 1;
    else if (!quoted && char === ';') semicolons += 1;
  }
  return semicolons > commas ? ';' : ',';
}

/** A header name as matched against known columns: trimmed, lower case, accents dropped ("Telefone " → "telefone"). */
export const columnKey = (name: string): string =>
  name
    .trim()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase();

// What people name a phone column in Brazil (decision 0066); matched after columnKey, with a number
// or separators after it allowed ("Telefone 2", "celular_1", "fone1").
const PHONE_NAMES = ['phone', 'telefone', 'celular', 'fone', 'mobile', 'whatsapp', 'tel', 'cel', 'cellphone', 'movel'];
const PHONE_COLUMN = new RegExp(`^(${PHONE_NAMES.join('|')})[\\s_.-]*\\d*$`);

/** True for a header name that is a phone column ("Celular", "Telefone 2", "WhatsApp"), by its columnKey. */
export const isPhoneColumn = (key: string): boolean => PHONE_COLUMN.test(key);

/**
 * The text of a file's first bytes in the encoding the server would read it in: a BOM says UTF-8 or
 * UTF-16; bytes that are not UTF-8 are Windows-1252 (what Excel pt-BR saves as "CSV").
 */
export function decodeStart(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    // A multi-byte character cut at the end of the slice is still UTF-8: retry without the tail.
    for (let cut = 1; cut <= 3 && cut < body.length; cut += 1) {
      try {
        return new TextDecoder('utf-8', { fatal: true }).decode(body.subarray(0, body.length - cut));
      } catch {
        /* try a shorter slice */
      }
    }
    return new TextDecoder('windows-1252').decode(body);
  }
}

/** The header record of a file's text: its fields (quotes undone), in order; [] for an empty file. */
export function headerFields(text: string): string[] {
  const firstLine = firstRecord(text);
  if (firstLine.trim() === '') return [];
  const delimiter = detectDelimiter(firstLine);
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < firstLine.length; i += 1) {
    const char = firstLine[i]!;
    if (quoted) {
      if (char === '"' && firstLine[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === delimiter) {
      fields.push(field);
      field = '';
    } else field += char;
  }
  fields.push(field);
  return fields;
}

/** The text up to the first line break outside quotes (blank lines before the header skipped). */
function firstRecord(text: string): string {
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) {
      if (text.slice(start, i).trim() !== '') return text.slice(start, i);
      start = i + 1;
    }
  }
  return text.slice(start);
}
