import { describe, expect, it } from 'vitest';
import { promiseKeptOn, promiseOutcome } from './promise-to-pay.js';

const promise = { amountMinor: 50_000, promisedOn: '2026-12-10', repaidBeforeMinor: 20_000 };

describe('a promise to pay, decided by the ledger', () => {
  it('is kept on the day the repayments beyond what was repaid before cover its amount', () => {
    const repayments = [
      { businessDate: '2026-12-01', amountMinor: 20_000 },
      { businessDate: '2026-12-09', amountMinor: 30_000 },
      { businessDate: '2026-12-08', amountMinor: 25_000 },
    ];
    // 20,000 was there before; 25,000 on the 8th is not enough, 30,000 more on the 9th is
    expect(promiseKeptOn(promise, repayments)).toBe('2026-12-09');
    expect(promiseOutcome(promise, repayments, '2026-12-09')).toBe('kept');
    expect(promiseOutcome(promise, repayments, '2026-12-20')).toBe('kept');
  });

  it('counts nothing paid after its date, and is broken only the day after it', () => {
    const repayments = [
      { businessDate: '2026-12-01', amountMinor: 20_000 },
      { businessDate: '2026-12-10', amountMinor: 49_999 },
      { businessDate: '2026-12-11', amountMinor: 100_000 },
    ];
    expect(promiseKeptOn(promise, repayments)).toBeNull();
    expect(promiseOutcome(promise, repayments, '2026-12-10')).toBe('open');
    expect(promiseOutcome(promise, repayments, '2026-12-11')).toBe('broken');
  });

  it('is kept by a repayment of exactly its amount on its date', () => {
    const repayments = [
      { businessDate: '2026-12-01', amountMinor: 20_000 },
      { businessDate: '2026-12-10', amountMinor: 50_000 },
    ];
    expect(promiseKeptOn(promise, repayments)).toBe('2026-12-10');
  });
});
