import { describe, expect, it } from 'vitest';
import { customerNumber } from './customer-number.ts';

describe('customerNumber', () => {
  it('names the customer: the caller of an inbound or internal call, the number dialed of an outbound one', () => {
    const numbers = { callerNumber: '5511987654321', calledNumber: '551130000000' };
    expect(customerNumber({ direction: 'INBOUND', ...numbers })).toBe('5511987654321');
    expect(customerNumber({ direction: 'INTERNAL', ...numbers })).toBe('5511987654321');
    expect(customerNumber({ direction: 'OUTBOUND', ...numbers })).toBe('551130000000');
  });
});
