import { Market, MarketTerms } from '@kilat/contract';
import { describe, expect, it } from 'vitest';
import { decide, meetsSalaryFloor, underwritingTimes } from './underwriting.js';

const product = { amountMinMinor: MarketTerms.IN.amountMinMinor, amountMaxMinor: MarketTerms.IN.amountMaxMinor };

describe('underwriting (DESIGN §5)', () => {
  it('holds India to a monthly salary of Rs.12,000 and Indonesia to an annual salary of Rp 5,000,000', () => {
    expect(meetsSalaryFloor(Market.India, 1_200_000)).toBe(true);
    expect(meetsSalaryFloor(Market.India, 1_199_999)).toBe(false);
    // Rp 416,667 a month is Rp 5,000,004 a year
    expect(meetsSalaryFloor(Market.Indonesia, 41_666_700)).toBe(true);
    expect(meetsSalaryFloor(Market.Indonesia, 41_666_600)).toBe(false);
  });

  it("approves an amount within the product's range and rejects one outside it", () => {
    const base = { market: Market.India, monthlySalaryMinor: 4_500_000, product };
    expect(decide({ ...base, amountMinor: product.amountMinMinor })).toBe('approved');
    expect(decide({ ...base, amountMinor: product.amountMaxMinor })).toBe('approved');
    expect(decide({ ...base, amountMinor: product.amountMaxMinor + 1 })).toBe('rejected');
    expect(decide({ ...base, amountMinor: product.amountMinMinor - 1 })).toBe('rejected');
    expect(decide({ ...base, monthlySalaryMinor: 1_000_000, amountMinor: product.amountMinMinor })).toBe('rejected');
  });

  it('dates the decision after its delay and nothing about the disbursal (that follows the payout)', () => {
    const at = new Date('2026-03-01T10:00:00Z');
    expect(underwritingTimes(at, { decisionDelayMs: 20_000 })).toEqual({ decidedAt: new Date('2026-03-01T10:00:20Z') });
  });
});
