/**
 * Issue 12: repayments that can never overcharge. Fifty different commits of one order at the
 * same instant, each with its own repayToken and a card that needs no code: the order's lock and
 * the in-flight check let through at most what is owed, and the ledger agrees with the API.
 * (A real race on PostgreSQL, where CI runs this file again; PGlite runs one statement at a time.)
 */
import { Market, OrderStatus } from '@kilat/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { cardFlow, TestCards } from '../../test/card-flow.js';

const t = useTestApp();

describe('concurrent repayments of one order', () => {
  it('charges at most what is owed when 50 different commits arrive at once', async () => {
    const flow = cardFlow(t);
    const borrower = await flow.freshBorrower(Market.India);
    const order = flow.orderIn(borrower, OrderStatus.Overdue);
    const cardId = await flow.boundCard(borrower, TestCards.withoutCode);
    const ways = [];
    for (let n = 0; n < 50; n += 1) ways.push(await flow.openPayment(borrower, { orderId: order.orderId }));
    const owed = ways[0]!.amount;
    expect(owed).toBeGreaterThan(0);

    const responses = await Promise.all(
      ways.map((way) => flow.commit(borrower, { orderId: order.orderId, amount: way.amount, cardId, repayToken: way.repayToken })),
    );
    const accepted = responses.filter((response) => response.json().code === '00');
    expect(accepted).toHaveLength(1);
    for (const refused of responses.filter((response) => response.json().code !== '00')) {
      // refused before any card was charged, with a message in the borrower's language
      expect(refused.json().message).toMatch(/nothing|processed|more than is owed/i);
    }

    const repaid = (await flow.repaymentRows(order.orderId)).reduce((sum, row) => sum + row.amountMinor, 0);
    expect(repaid).toBe(owed);
    const charged = (await flow.paymentsOf(order.orderId)).filter((payment) => payment.status === 'paid');
    expect(charged.reduce((sum, payment) => sum + payment.amountMinor, 0)).toBe(owed);
    expect(await flow.loanStatus(borrower, order)).toBe(OrderStatus.Settled);
  });
});
