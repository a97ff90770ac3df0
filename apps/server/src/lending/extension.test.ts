import { Market, OrderStatus, orderStatuses } from '@kilat/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, daysBetween } from './business-date.js';
import { canExtend, type ExtensionFacts, extendDueDates, extensionOffer } from './extension.js';

const DUE = '2026-06-30';

const makeExtension = (overrides: Partial<ExtensionFacts> = {}): ExtensionFacts => ({
  market: Market.India,
  status: OrderStatus.DueSoon,
  terms: { days: 14, feeBps: 500 },
  principalMinor: 1_500_000,
  dueDate: DUE,
  chargedCostMinor: 113_250,
  totalCostCapBps: null,
  ...overrides,
});

describe('extensionOffer', () => {
  it('prices a due order at the product’s share of the principal, moving the due date by its days, open to the end of the due date', () => {
    expect(extensionOffer(makeExtension(), addDays(DUE, -2))).toEqual({
      eligible: true,
      feeMinor: 75_000,
      newDueDate: '2026-07-14',
      shiftDays: 14,
      expiresOn: DUE,
    });
  });

  it('moves an overdue order’s due date from today, and holds the offer to the end of today', () => {
    const today = addDays(DUE, 5);
    expect(extensionOffer(makeExtension({ status: OrderStatus.Overdue }), today)).toMatchObject({
      newDueDate: addDays(today, 14),
      shiftDays: 19,
      expiresOn: today,
    });
  });

  it('is sold only in statuses 174, 180, 3 and 5', () => {
    expect(orderStatuses.filter(canExtend)).toEqual([
      OrderStatus.DueSoon,
      OrderStatus.Overdue,
      OrderStatus.InstallmentPartlyPaid,
      OrderStatus.Extended,
    ]);
    expect(extensionOffer(makeExtension({ status: OrderStatus.Disbursed }), DUE)).toEqual({ eligible: false, reason: 'status' });
  });

  it('is not offered by a product without extension terms', () => {
    expect(extensionOffer(makeExtension({ terms: null }), DUE)).toEqual({ eligible: false, reason: 'no-extension-terms' });
  });

  it('trims an Indonesian fee so the loan never costs more than its principal', () => {
    const offer = extensionOffer(
      makeExtension({
        market: Market.Indonesia,
        principalMinor: 300_000_000,
        chargedCostMinor: 299_000_000,
        terms: { days: 14, feeBps: 300 },
      }),
      DUE,
    );
    expect(offer).toMatchObject({ eligible: true, feeMinor: 1_000_000 });
  });

  it('moves the due date of the current and later periods only', () => {
    const periods = [{ dueDate: addDays(DUE, -60) }, { dueDate: DUE }, { dueDate: addDays(DUE, 60) }];
    expect(extendDueDates(periods, DUE, 14)).toEqual([
      { dueDate: addDays(DUE, -60) },
      { dueDate: addDays(DUE, 14) },
      { dueDate: addDays(DUE, 74) },
    ]);
  });
});

const factsArbitrary = fc.record({
  market: fc.constantFrom(Market.India, Market.Indonesia),
  status: fc.constantFrom(...orderStatuses),
  terms: fc.option(fc.record({ days: fc.integer({ min: 1, max: 60 }), feeBps: fc.integer({ min: 0, max: 5_000 }) }), { nil: null }),
  principalMinor: fc.integer({ min: 1, max: 2_000_000_000 }),
  dueDate: fc.integer({ min: 0, max: 2_000 }).map((offset) => addDays('2025-01-01', offset)),
  chargedShare: fc.integer({ min: 0, max: 150 }),
  totalCostCapBps: fc.option(fc.integer({ min: 0, max: 20_000 }), { nil: null }),
});
const toFacts = ({ chargedShare, ...facts }: typeof factsArbitrary extends fc.Arbitrary<infer T> ? T : never): ExtensionFacts => ({
  ...facts,
  chargedCostMinor: Math.floor((facts.principalMinor * chargedShare) / 100),
});
const offset = fc.integer({ min: -60, max: 60 });

describe('extensionOffer properties', () => {
  it('offers an extension only in statuses 174, 180, 3 and 5 of a product with extension terms', () => {
    fc.assert(
      fc.property(factsArbitrary, offset, (f, days) => {
        const facts = toFacts(f);
        const offer = extensionOffer(facts, addDays(facts.dueDate, days));
        expect(offer.eligible).toBe(canExtend(facts.status) && facts.terms !== null);
      }),
      { numRuns: 1000 },
    );
  });

  it('always moves the due date after both the due date and today by the product’s days', () => {
    fc.assert(
      fc.property(factsArbitrary, offset, (f, days) => {
        const facts = toFacts(f);
        const today = addDays(facts.dueDate, days);
        const offer = extensionOffer(facts, today);
        fc.pre(offer.eligible);
        if (!offer.eligible) return;
        expect(daysBetween(facts.dueDate, offer.newDueDate)).toBeGreaterThanOrEqual(facts.terms!.days);
        expect(daysBetween(today, offer.newDueDate)).toBeGreaterThanOrEqual(facts.terms!.days);
        expect(daysBetween(offer.expiresOn, offer.newDueDate)).toBe(facts.terms!.days);
        expect(addDays(facts.dueDate, offer.shiftDays)).toBe(offer.newDueDate);
      }),
      { numRuns: 1000 },
    );
  });

  it('keeps the same fee and new due date on every day until the offer expires', () => {
    fc.assert(
      fc.property(factsArbitrary, offset, fc.integer({ min: 0, max: 60 }), (f, days, later) => {
        const facts = toFacts(f);
        const offer = extensionOffer(facts, addDays(facts.dueDate, days));
        fc.pre(offer.eligible);
        if (!offer.eligible) return;
        const laterDay = addDays(facts.dueDate, days + later);
        fc.pre(daysBetween(laterDay, offer.expiresOn) >= 0);
        expect(extensionOffer(facts, laterDay)).toEqual(offer);
      }),
      { numRuns: 1000 },
    );
  });

  it('never charges more than the product’s fee, nor lets the loan pass its total cost cap', () => {
    fc.assert(
      fc.property(factsArbitrary, offset, (f, days) => {
        const facts = toFacts(f);
        const offer = extensionOffer(facts, addDays(facts.dueDate, days));
        fc.pre(offer.eligible);
        if (!offer.eligible) return;
        expect(offer.feeMinor).toBeLessThanOrEqual((facts.principalMinor * facts.terms!.feeBps) / 10_000);
        expect(offer.feeMinor).toBeGreaterThanOrEqual(0);
        const cap = facts.market === Market.Indonesia ? Math.min(facts.totalCostCapBps ?? 10_000, 10_000) : facts.totalCostCapBps;
        if (cap !== null && facts.chargedCostMinor <= (facts.principalMinor * cap) / 10_000) {
          expect(facts.chargedCostMinor + offer.feeMinor).toBeLessThanOrEqual((facts.principalMinor * cap) / 10_000);
        }
      }),
      { numRuns: 1000 },
    );
  });
});
