import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountCents, chargedSeconds, destinationClass, longestPrefix } from './rating.ts';

describe('destinationClass', () => {
  it('reads Anatel’s classes from a trunk in São Paulo (DDD 11)', () => {
    expect(destinationClass('11', '+551130002000')).toBe('LOCAL_FIXED');
    expect(destinationClass('11', '+5511987654321')).toBe('MOBILE_VC1');
    expect(destinationClass('11', '+552130002000')).toBe('LDN_FIXED');
    expect(destinationClass('11', '+5519987654321')).toBe('MOBILE_VC2'); // Campinas: region 1
    expect(destinationClass('11', '+5521987654321')).toBe('MOBILE_VC3'); // Rio: region 2
    expect(destinationClass('11', '+558007654321')).toBe('TOLL_FREE');
    expect(destinationClass('11', '+14155550123')).toBe('INTERNATIONAL');
    expect(destinationClass('11', '+12')).toBeNull();
  });
});

const rules = fc.record({ first: fc.integer({ min: 1, max: 60 }), step: fc.integer({ min: 1, max: 60 }) });

describe('chargedSeconds', () => {
  it('charges 30/6 as Brazilian carriers do', () => {
    const thirtySix = { first: 30, step: 6 };
    expect([0, 1, 30, 31, 36, 37, 61].map((b) => chargedSeconds(b, thirtySix))).toEqual([0, 30, 30, 36, 36, 42, 66]);
    expect(chargedSeconds(61, { first: 60, step: 60 })).toBe(120);
  });

  it('never charges less than the call, the first block whole, then less than one step more', () => {
    fc.assert(
      fc.property(rules, fc.integer({ min: 1, max: 100_000 }), (rule, billable) => {
        const charged = chargedSeconds(billable, rule);
        expect(charged).toBeGreaterThanOrEqual(billable);
        expect(charged).toBeGreaterThanOrEqual(rule.first);
        if (billable > rule.first) {
          expect((charged - rule.first) % rule.step).toBe(0);
          expect(charged - billable).toBeLessThan(rule.step);
        }
        expect(chargedSeconds(billable + 1, rule)).toBeGreaterThanOrEqual(charged);
      }),
    );
  });
});

/** Price strings of up to six decimals, as NUMERIC(18,6) gives them, and their micro-units. */
const prices = fc.bigInt({ min: 0n, max: 100_000_000n }).map((micros) => ({ micros, text: `${micros / 1_000_000n}.${String(micros % 1_000_000n).padStart(6, '0')}` }));

describe('amountCents', () => {
  it('rounds half up to the cent, once: 36 s at R$ 0,0875 a minute is 5,25 centavos → 5, and 1,5 centavo → 2', () => {
    expect(amountCents(36, '0.087500')).toBe(5);
    expect(amountCents(60, '0.015000')).toBe(2); // 1,5 centavo
    expect(amountCents(60, '0.014999')).toBe(1);
    expect(amountCents(30, '0.010000', 3)).toBe(3); // the minimum charge
    expect(amountCents(0, '9.990000', 3)).toBe(0);
  });

  it('equals exact integer arithmetic on micro-units, for any price and duration', () => {
    fc.assert(
      fc.property(prices, fc.integer({ min: 1, max: 200_000 }), ({ micros, text }, charged) => {
        // cents = charged × micros ÷ 600,000, half up (all positive).
        const expected = (2n * BigInt(charged) * micros + 600_000n) / 1_200_000n;
        expect(amountCents(charged, text)).toBe(Number(expected));
      }),
    );
  });
});

describe('longestPrefix', () => {
  it('takes the longest listed start of the number', () => {
    const deck = [{ prefix: '55' }, { prefix: '5511' }, { prefix: '551198' }, { prefix: '1' }];
    expect(longestPrefix(deck, '+5511987654321')?.prefix).toBe('551198');
    expect(longestPrefix(deck, '+5521987654321')?.prefix).toBe('55');
    expect(longestPrefix(deck, '+4420')).toBeNull();
  });

  it('agrees with a search of every row', () => {
    const digits = fc.stringMatching(/^[0-9]{1,6}$/);
    fc.assert(
      fc.property(fc.uniqueArray(digits, { maxLength: 30 }), fc.stringMatching(/^[0-9]{4,15}$/), (prefixes, number) => {
        const rows = prefixes.map((prefix) => ({ prefix }));
        const matching = rows.filter((row) => number.startsWith(row.prefix));
        const longest = matching.reduce<{ prefix: string } | null>((best, row) => (best && best.prefix.length >= row.prefix.length ? best : row), null);
        expect(longestPrefix(rows, `+${number}`)?.prefix ?? null).toBe(longest?.prefix ?? null);
      }),
    );
  });
});
