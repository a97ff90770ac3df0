/**
 * Issue 12: prepayment as the loan terms state it (spec §9) — refused before half the term (and
 * day 7) with the date it opens, in the borrower's language; afterwards closing the loan costs the
 * quote (interest accrued to the day) and the rest of the scheduled interest is waived.
 */
import { Market, OrderStatus } from '@kilat/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerEntries } from '../../db/schema.js';
import { addDays, businessDateAt } from '../../lending/business-date.js';
import { call, useTestApp } from '../../test/app.js';
import { cardFlow, TestCards } from '../../test/card-flow.js';

const t = useTestApp();

describe('prepayment', () => {
  it('refuses to take money for a loan 10 days old, saying from which date early repayment is possible (both languages)', async () => {
    const flow = cardFlow(t);
    for (const [market, text] of [
      [Market.India, 'Early repayment is possible from'],
      [Market.Indonesia, 'Pelunasan lebih awal dapat dilakukan mulai'],
    ] as const) {
      const borrower = await flow.freshBorrower(market);
      const recent = borrower.orders.find((order) => order.status === OrderStatus.Disbursed && order.orderNo.endsWith('11'))!;
      const order = (await t.app.orders.repository.findById(Number(recent.orderId)))!;
      const opensOn = addDays(businessDateAt(order.disbursedAt!, market), 46);
      const way = await flow.repaymentWay(borrower, { orderId: recent.orderId });
      expect(way.statusCode).toBe(409);
      expect(way.json().message).toBe(`${text} ${opensOn}.`);
      if (market === Market.Indonesia) {
        const code = await call(t.app, 'generateVirtualAccount', {
          session: borrower,
          body: {
            orderId: recent.orderId,
            productId: recent.productId,
            amount: '100000',
            pay_type: '1',
            payCode: 'BCA',
            specific_num: 'ATM',
            is_default: '1',
            is_display: '1',
          },
        });
        expect(code.json().message).toBe(`${text} ${opensOn}.`);
      }
    }
  });

  it('closes a loan on day 50 of 91 at the quote: interest to the day, the rest waived, the order closed early (4)', async () => {
    const flow = cardFlow(t);
    const borrower = await flow.freshBorrower(Market.India);
    const order = flow.orderIn(borrower, OrderStatus.Disbursed);
    const [period] = await t.app.orders.repository.periodsOf(Number(order.orderId));
    const cardId = await flow.boundCard(borrower, TestCards.withoutCode);
    const way = await flow.openPayment(borrower, { orderId: order.orderId });
    const full = period!.principalMinor + period!.interestMinor + period!.feeMinor;
    // 50 days of 0.05 % a day on the principal, rounded down
    const accrued = Math.floor((period!.principalMinor * 5 * 50) / 10_000);
    expect(way.amount).toBe(period!.principalMinor + period!.feeMinor + accrued);
    const tooMuch = await flow.commit(borrower, { orderId: order.orderId, amount: full, cardId, repayToken: way.repayToken });
    expect(tooMuch.statusCode).toBe(400);
    const paid = await flow.commit(borrower, { orderId: order.orderId, amount: way.amount, cardId, repayToken: way.repayToken });
    expect(paid.json().code).toBe('00');
    expect(await flow.loanStatus(borrower, order)).toBe(OrderStatus.ClosedEarly);
    const [waiver] = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.orderId, Number(order.orderId)), eq(ledgerEntries.kind, 'interest_waiver')));
    expect(waiver?.amountMinor).toBe(period!.interestMinor - accrued);
  });
});
