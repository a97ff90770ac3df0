import { describe, expect, it } from 'vitest';
import { type AmountDue, amountRefusal, extensionDue, repaymentDue } from './amount-rules.js';
import type { CoolingOffExit } from './cooling-off.js';

const offer = { eligible: true as const, feeMinor: 45_000, newDueDate: '2026-02-20', shiftDays: 7, expiresOn: '2026-02-13' };
const exit: CoolingOffExit = {
  open: true,
  lastDay: '2026-01-13',
  daysHeld: 2,
  aprBps: 1_460,
  proportionateCostMinor: 1_200,
  repaidMinor: 0,
  exitMinor: 1_501_200,
  waiverMinor: 98_800,
};
const quote = { maxRepayMinor: 300_000, ordinaryMaxRepayMinor: 300_000, prepayOpensOn: '2026-02-24', coolingOff: null };

describe('what a purpose owes', () => {
  it('an extension owes its fee and moves the due dates by its days; an ineligible offer or one capped to 0 owes nothing payable', () => {
    expect(extensionDue(offer)).toEqual({ amountMinor: 45_000, extensionShiftDays: 7 });
    expect(extensionDue({ ...offer, feeMinor: 0 })).toEqual({ reason: 'extensionUnavailable' });
    expect(extensionDue({ eligible: false, reason: 'status' })).toEqual({ reason: 'extensionUnavailable' });
  });

  it('a repayment owes what the quote allows today; nothing before disbursal or once repaid; before prepayment opens it says when', () => {
    expect(repaymentDue({ disbursed: true, outstandingMinor: 300_000, quote })).toEqual({
      amountMinor: 300_000,
      extensionShiftDays: null,
      ordinaryMaxMinor: 300_000,
      coolingOff: null,
    });
    expect(repaymentDue({ disbursed: false, outstandingMinor: 300_000, quote })).toEqual({ reason: 'nothingToRepay' });
    expect(repaymentDue({ disbursed: true, outstandingMinor: 0, quote })).toEqual({ reason: 'nothingToRepay' });
    expect(repaymentDue({ disbursed: true, outstandingMinor: 300_000, quote: { ...quote, maxRepayMinor: 0 } })).toEqual({
      reason: 'prepaymentNotYet',
      date: '2026-02-24',
    });
  });
});

describe('whether an amount fits', () => {
  const extension: AmountDue = { amountMinor: 45_000, extensionShiftDays: 7 };
  const repay: AmountDue = { amountMinor: 300_000, extensionShiftDays: null, ordinaryMaxMinor: 300_000, coolingOff: null };

  it('an extension takes its fee exactly, and only while no other extension payment is on its way', () => {
    expect(amountRefusal('delay', 45_000, extension)).toBeNull();
    expect(amountRefusal('delay', 44_999, extension)).toEqual({ reason: 'extensionFeeMismatch' });
    expect(amountRefusal('delay', 45_000, extension, 45_000)).toEqual({ reason: 'paymentInProgress' });
  });

  it('a repayment takes at most what may be repaid less what is on its way, and names what is left', () => {
    expect(amountRefusal('repay', 300_000, repay)).toBeNull();
    expect(amountRefusal('repay', 1, repay)).toBeNull();
    expect(amountRefusal('repay', 300_001, repay)).toEqual({ reason: 'repayAmountTooLarge', leftMinor: 300_000 });
    expect(amountRefusal('repay', 200_000, repay, 150_000)).toEqual({ reason: 'repayAmountTooLarge', leftMinor: 150_000 });
    expect(amountRefusal('repay', 1, repay, 300_000)).toEqual({ reason: 'paymentInProgress' });
  });

  it("in India's cooling-off period, above the ordinary amount only the exit amount itself is taken", () => {
    const withExit: AmountDue = { amountMinor: exit.exitMinor, extensionShiftDays: null, ordinaryMaxMinor: 300_000, coolingOff: exit };
    expect(amountRefusal('repay', 300_000, withExit)).toBeNull();
    expect(amountRefusal('repay', exit.exitMinor, withExit)).toBeNull();
    expect(amountRefusal('repay', 300_001, withExit)).toEqual({ reason: 'coolingOffExitAmount', exitMinor: exit.exitMinor });
  });
});
