/**
 * Issue 50's "the KFS stays true" (decision 273): a coupon a borrower holds when they are offered a
 * loan changes nothing of its key facts — total cost, APR, fees — and takes nothing off a loan not yet
 * paid out; it is a later waiver of a repayment of a disbursed loan only.
 */
import { Market, OrderStatus } from '@kilat/contract';
import { enIN } from '@kilat/contract/texts/en-IN';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products } from '../../db/schema.js';
import { call, useTestApp } from '../../test/app.js';
import { cardFlow } from '../../test/card-flow.js';
import { insertCampaign } from './repository.js';

const t = useTestApp();

describe('the KFS stays true with coupons', () => {
  it('offers the same key facts and APR to a borrower holding a coupon, and the coupon takes nothing off a loan not paid out', async () => {
    const flow = cardFlow(t);
    const borrower = await flow.freshBorrower(Market.India);
    const [product] = (await t.database.db.select().from(products).where(eq(products.market, Market.India))).sort(
      (a, b) => a.sortOrder - b.sortOrder,
    );
    const offer = async () => {
      const response = await call(t.app, 'loanConfirm', {
        session: borrower,
        query: { market: 'IN' },
        body: { productId: String(product!.id), amount: '4500000' },
      });
      expect(response.json().code, response.body).toBe('00');
      return response.json().data as { keyFacts: unknown; repay_plans: unknown; sp_rate: string };
    };
    const before = await offer();
    expect(before.keyFacts).toMatchObject({ aprBps: expect.any(Number), totalCostMinor: expect.any(Number) });

    // Rs 500 off fees and interest, given to the borrower before they sign
    const campaign = await insertCampaign(t.database.db, {
      market: Market.India,
      name: 'Before signing',
      kind: 'amount_off',
      value: 50_000,
      audience: 'list',
      validFrom: null,
      validTo: null,
      validDays: 30,
      minAmountMinor: 0,
      budgetMinor: 100_000_000,
      createdBy: null,
    });
    expect(await t.app.coupons.issue(t.database.db, campaign, [Number(borrower.userId)])).toBe(1);

    const after = await offer();
    expect(after.keyFacts).toEqual(before.keyFacts);
    expect(after.repay_plans).toEqual(before.repay_plans);
    expect(after.sp_rate).toBe(before.sp_rate);

    // on an application not yet paid out the coupon takes nothing off: it applies to repayments of a disbursed loan
    const pending = flow.orderIn(borrower, OrderStatus.UnderReview);
    const listed = (
      await call(t.app, 'coupons', { session: borrower, query: { market: 'IN' }, body: { orderId: pending.orderId, amount: '100000' } })
    ).json().data.list as { status: string; couponMoney: number; refusal: string }[];
    expect(listed).toEqual([expect.objectContaining({ status: 'usable', couponMoney: 0, refusal: enIN.couponNotApplicable })]);
  });
});
