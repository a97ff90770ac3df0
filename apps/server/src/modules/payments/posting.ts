import type { Db } from '../../db/database.js';
import type { Order, Payment } from '../../db/schema.js';
import type { AllocationLine } from '../../lending/allocation.js';
import type { Clock } from '../../lending/clock.js';
import type { LedgerRow } from '../../lending/ledger-replay.js';
import { type PostingResult, postLedgerEntry, postPenalties } from '../loans/ledger.js';
import { recordMessage } from '../messages/repository.js';
import { type OrdersService, quoteOf, replayOrder } from '../orders/service.js';

export const ledgerKeyOf = (payment: Pick<Payment, 'publicId'>) => `payment:${payment.publicId}`;

export interface PaymentPosting {
  result: PostingResult;
  lines: AllocationLine[] | null;
}

/** Ids for rows not written yet: after every stored row, in the order they will be written. */
const PENDING_ID = Number.MAX_SAFE_INTEGER - 10;

/**
 * What a repayment closing the loan early leaves unpaid, waived in its transaction: in India's
 * cooling-off period, paying the exit amount waives the fee and interest beyond the proportionate
 * APR (decision 114); later, closing the loan — a prepayment or in the due window — waives the
 * interest not yet earned (decision 022, DESIGN §4).
 */
const waiverOf = (
  quote: ReturnType<typeof quoteOf>,
  amountMinor: number,
): { kind: 'cost_waiver' | 'interest_waiver'; amountMinor: number } | null => {
  const exit = quote?.coolingOff;
  if (exit?.open && amountMinor >= exit.exitMinor && exit.waiverMinor > 0) return { kind: 'cost_waiver', amountMinor: exit.waiverMinor };
  if (quote && amountMinor >= quote.payoffMinor && quote.interestWaivedMinor > 0)
    return { kind: 'interest_waiver', amountMinor: quote.interestWaivedMinor };
  return null;
};

export const postPayment = async (
  tx: Db,
  deps: { clock: Clock; orders: OrdersService },
  payment: Payment,
  order: Order,
): Promise<PaymentPosting> => {
  const today = deps.clock.today(order.market);
  const { replay, ledger } = await deps.orders.withStatus(order, tx);
  await postPenalties(
    tx,
    replay.accrued.map((penalty) => ({ ...penalty, orderId: order.id })),
  );
  const rows: LedgerRow[] = [
    ...ledger.ledger,
    ...replay.accrued.map((penalty, index) => ({
      id: PENDING_ID + index - replay.accrued.length,
      kind: 'penalty' as const,
      businessDate: penalty.businessDate,
      amountMinor: penalty.amountMinor,
    })),
  ];
  const base = { orderId: order.id, amountMinor: payment.amountMinor, idempotencyKey: ledgerKeyOf(payment), businessDate: today };

  if (payment.purpose === 'repay') {
    const quote = quoteOf(order, replay, today);
    const waiver = waiverOf(quote, payment.amountMinor);
    if (waiver) {
      await postLedgerEntry(tx, {
        ...base,
        kind: waiver.kind,
        amountMinor: waiver.amountMinor,
        idempotencyKey: `waiver:${ledgerKeyOf(payment)}`,
        meta: { paymentId: payment.publicId },
      });
      rows.push({ id: PENDING_ID, kind: waiver.kind, businessDate: today, amountMinor: waiver.amountMinor });
    }
    rows.push({ id: PENDING_ID + 1, kind: 'repayment', businessDate: today, amountMinor: payment.amountMinor });
    const after = replayOrder(order, { periods: ledger.periods, ledger: rows }, undefined);
    const allocation = after.allocations.at(-1)!;
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
    if (result.posted && after.outstandingMinor === 0) {
      await deps.orders.repository.setClosedOn(order.id, today, tx);
      // the message centre (decision 108): the payment that closes the order says so, once per payment
      await recordMessage(tx, {
        borrowerId: order.borrowerId,
        orderId: order.id,
        kind: 'repaid',
        params: { orderNo: order.orderNo },
        idempotencyKey: `repaid:${order.id}:${payment.publicId}`,
        shownAt: deps.clock.now(),
      });
    }
    return { result, lines: allocation.lines };
  }

  const shiftDays = payment.extensionShiftDays ?? 0;
  const unpaid = replay.periods.filter((period) => period.owedMinor > 0).map((period) => period.periodNo);
  const result = await postLedgerEntry(tx, {
    ...base,
    kind: 'extension_fee',
    meta: { paymentId: payment.publicId, method: payment.method, days: shiftDays, periods: unpaid },
  });
  if (result.posted && shiftDays > 0 && unpaid.length > 0) {
    await deps.orders.repository.shiftDueDates(order.id, unpaid, shiftDays, tx);
  }
  return { result, lines: null };
};
