import { describe, expect, it } from 'vitest';
import { parseLeadPhone } from './phone.ts';

describe('parseLeadPhone', () => {
  it.each([
    ['+55 11 98765-4321', '+5511987654321'],
    ['(11) 98765-4321', '+5511987654321'],
    ['11 98765 4321', '+5511987654321'],
    ['11987654321', '+5511987654321'],
    ['5511987654321', '+5511987654321'],
    ['0055 11 98765 4321', '+5511987654321'],
    ['011 98765-4321', '+5511987654321'],
    ['021 11 98765 4321', '+5511987654321'],
    ['0 15 11 98765-4321', '+5511987654321'],
    ['  (21) 99876.5432  ', '+5521998765432'],
  ])('reads the mobile %j as %s', (written, e164) => {
    expect(parseLeadPhone(written)).toEqual({ ok: true, e164, kind: 'MOBILE' });
  });

  it.each([
    ['(21) 3456-7890', '+552134567890'],
    ['11 3456 7890', '+551134567890'],
    ['+55 (11) 2345-6789', '+551123456789'],
    ['0 21 11 3456-7890', '+551134567890'],
  ])('reads the landline %j as %s', (written, e164) => {
    expect(parseLeadPhone(written)).toEqual({ ok: true, e164, kind: 'LANDLINE' });
  });

  it.each([
    ['', 'EMPTY'],
    ['   ', 'EMPTY'],
    ['+1 212 555 1234', 'FOREIGN'],
    ['+44 20 7946 0958', 'FOREIGN'],
    ['1234', 'TOO_SHORT'],
    ['190', 'TOO_SHORT'],
    ['11 98765-43210', 'TOO_LONG'],
    ['9'.repeat(41), 'TOO_LONG'],
    ['11 9ABCD-4321', 'LETTERS'],
    ['11 98765 4321 ramal 2', 'LETTERS'],
    ['0xx11 98765-4321', 'LETTERS'],
    ['11 98765#4321', 'INVALID'],
    ['98765-4321', 'INVALID'],
    ['+55 11 8765-4321', 'INVALID'],
    ['0800 123 4567', 'INVALID'],
  ])('refuses %j as %s', (written, reason) => {
    expect(parseLeadPhone(written)).toEqual({ ok: false, reason });
  });
});
