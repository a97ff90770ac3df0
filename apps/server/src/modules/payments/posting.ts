/**
 * A paid payment's posting to the ledger, in the webhook's transaction (DESIGN §4): a repayment
 * allocated penalty → fee → interest → principal over what the order owes now, or an extension
 * fee that moves the due date of every period not yet paid. One idempotency key per payment,
 * `payment:<public id>`: a second posting of the same payment posts nothing.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { type LedgerKind, type Order, type OrderPeriod, orderPeriods, orders, type Payment } from '../../db/schema.js';
import { type Allocation, allocateRepayment, type OutstandingBalances, type PeriodBalance } from '../../lending/allocation.js';
import { daysBetween } from '../../lending/business-date.js';
import type { Clock } from '../../lending/clock.js';
import { type PostingResult, postLedgerEntry } from '../loans/ledger.js';
import type { OrdersRepository } from '../orders/repository.js';

export const ledgerKeyOf = (payment: Pick<Payment, 'publicId'>) => `payment:${payment.publicId}`;

const components = ['feeMinor', 'interestMinor', 'principalMinor'] as const;

/**
 * What an order owes by component, from its schedule and ledger totals. Earlier repayments are
 * taken to have covered penalties first, then each period oldest first, fee → interest → principal:
 * the allocation's own order, so the balances are what `allocateRepayment` would have left.
 */
export const outstandingBalances = (
  periods: readonly Pick<OrderPeriod, 'periodNo' | 'dueDate' | 'feeMinor' | 'interestMinor' | 'principalMinor'>[],
  totals: Pick<Record<LedgerKind, number>, 'penalty' | 'repayment'>,
): OutstandingBalances => {
  let available = Math.max(0, totals.repayment - totals.penalty);
  const ordered = [...periods].sort((a, b) => daysBetween(b.dueDate, a.dueDate) || a.periodNo - b.periodNo);
  const balances: PeriodBalance[] = ordered.map((period) => {
    const balance: PeriodBalance = { periodNo: period.periodNo, dueDate: period.dueDate, feeMinor: 0, interestMinor: 0, principalMinor: 0 };
    for (const component of components) {
      const covered = Math.min(available, period[component]);
      available -= covered;
      balance[component] = period[component] - covered;
    }
    return balance;
  });
  return { penaltyMinor: Math.max(0, totals.penalty - totals.repayment), periods: balances };
};

const owes = (period: PeriodBalance) => period.feeMinor + period.interestMinor + period.principalMinor > 0;

export interface PaymentPosting {
  result: PostingResult;
  allocation: Allocation | null;
}

export const postPayment = async (
  tx: Db,
  deps: { clock: Clock; orders: OrdersRepository },
  payment: Payment,
  order: Order,
): Promise<PaymentPosting> => {
  const [periods, totals] = await Promise.all([deps.orders.periodsOf(order.id, tx), deps.orders.ledgerTotals(order.id, tx)]);
  const balances = outstandingBalances(periods, totals);
  const base = {
    orderId: order.id,
    amountMinor: payment.amountMinor,
    idempotencyKey: ledgerKeyOf(payment),
    businessDate: deps.clock.today(order.market),
  };
  if (payment.purpose === 'repay') {
    const allocation = allocateRepayment(payment.amountMinor, balances);
    const result = await postLedgerEntry(tx, {
      ...base,
      kind: 'repayment',
      meta: {
        paymentId: payment.publicId,
        method: payment.method,
        lines: allocation.lines,
        // money that arrived beyond what was owed (two codes paid for one debt): kept on record for a refund
        ...(allocation.remainderMinor > 0 ? { overpaymentMinor: allocation.remainderMinor } : {}),
      },
    });
    return { result, allocation };
  }

  const shiftDays = payment.extensionShiftDays ?? 0;
  const unpaid = balances.periods.filter(owes).map((period) => period.periodNo);
  const result = await postLedgerEntry(tx, {
    ...base,
    kind: 'extension_fee',
    meta: { paymentId: payment.publicId, method: payment.method, days: shiftDays, periods: unpaid },
  });
  if (result.posted && shiftDays > 0 && unpaid.length > 0) {
    await tx
      .update(orderPeriods)
      .set({ dueDate: sql`${orderPeriods.dueDate} + ${shiftDays}::integer` })
      .where(and(eq(orderPeriods.orderId, order.id), inArray(orderPeriods.periodNo, unpaid)));
    // the order's due date is its last period's
    await tx
      .update(orders)
      .set({ dueDate: sql`(SELECT max(${orderPeriods.dueDate}) FROM ${orderPeriods} WHERE ${orderPeriods.orderId} = ${order.id})` })
      .where(eq(orders.id, order.id));
  }
  return { result, allocation: null };
};
