// FreeSWITCH's own URL encoding (switch_url_encode_opt with double_encode off, as used by
// switch_event_serialize, switch_event_xmlize and the url_encode api command): every byte below
// ' ' or above '~' and every byte of SWITCH_URL_UNSAFE becomes %XX (upper-case hex); an existing
// "%XX" escape (upper-case hex digits only) is kept as is. Checked against src/switch_utils.c
// and src/include/switch_utils.h.
const UNSAFE = new Set(Buffer.from('\r\n #%&+:;<=>?@[\\]^`{|}"', 'latin1'));
const HEX = '0123456789ABCDEF';

function isUpperHex(byte: number | undefined): boolean {
  return byte !== undefined && HEX.includes(String.fromCharCode(byte));
}

export function fsUrlEncode(value: string): string {
  const bytes = Buffer.from(value, 'utf8');
  let out = '';
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    const keepEscape = b === 0x25 && i + 2 < bytes.length && isUpperHex(bytes[i + 1]) && isUpperHex(bytes[i + 2]);
    if (!keepEscape && (b < 0x20 || b > 0x7e || UNSAFE.has(b))) {
      out += '%' + HEX[b >> 4]! + HEX[b & 0x0f]!;
    } else {
      out += String.fromCharCode(b);
    }
  }
  return out;
}

/** switch_url_decode: %XX (any case) back to bytes, everything else unchanged. */
export function fsUrlDecode(value: string): string {
  if (!value.includes('%')) return value;
  const out: number[] = [];
  const bytes = Buffer.from(value, 'utf8');
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b === 0x25 && i + 2 < bytes.length) {
      const hex = String.fromCharCode(bytes[i + 1]!, bytes[i + 2]!);
      if (/^[0-9a-fA-F]{2}$/.test(hex)) {
        out.push(parseInt(hex, 16));
        i += 2;
        continue;
      }
    }
    out.push(b);
  }
  return Buffer.from(out).toString('utf8');
}
