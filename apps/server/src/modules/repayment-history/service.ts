/**
 * Repayment history and receipts (issue 17, decision 105): the borrower's paid payments, each with
 * where its money went. The allocation is the ledger replay's own (the one waterfall of decision
 * 022), read by the ledger row the payment posted — never recomputed here — and so is what the
 * order owed right after it.
 */
import { formatDateTime } from '@kilat/contract';
import type { AllocationComponent, RepaymentReceipt, RepaymentRecord } from '@kilat/contract/schemas';
import { AppError } from '../../http/app-error.js';
import type { Component } from '../../lending/allocation.js';
import type { LedgerReplay } from '../../lending/ledger-replay.js';
import type { OrdersService } from '../orders/service.js';
import { methodDetailOf } from '../payments/method-detail.js';
import type { PaidPayment, RepaymentHistoryRepository } from './repository.js';

/** Waterfall order (DESIGN §4): the receipt lists components as the money met them. */
const COMPONENTS: readonly Component[] = ['penalty', 'fee', 'interest', 'principal'];

interface Allocated {
  allocation: { component: AllocationComponent; amount: number }[];
  outstandingAfterMinor: number;
  extensionDays: number;
}

/** Where the payment of ledger row `ledgerId` went, as the replay allocated it; null if the replay did not meet that row. */
export const allocationOf = (replay: LedgerReplay, ledgerId: number): Allocated | null => {
  const repayment = replay.allocations.find((allocation) => allocation.ledgerId === ledgerId);
  if (repayment) {
    const allocation: Allocated['allocation'] = COMPONENTS.flatMap((component) => {
      const amount = repayment.lines.filter((line) => line.component === component).reduce((total, line) => total + line.amountMinor, 0);
      return amount > 0 ? [{ component, amount }] : [];
    });
    if (repayment.remainderMinor > 0) allocation.push({ component: 'overpaid', amount: repayment.remainderMinor });
    return { allocation, outstandingAfterMinor: repayment.outstandingAfterMinor, extensionDays: 0 };
  }
  const extension = replay.extensionPayments.find((payment) => payment.ledgerId === ledgerId);
  if (extension)
    return {
      allocation: [{ component: 'extensionFee', amount: extension.amountMinor }],
      outstandingAfterMinor: extension.outstandingAfterMinor,
      extensionDays: extension.days,
    };
  return null;
};

export class RepaymentHistoryService {
  constructor(private readonly deps: { orders: OrdersService; repository: RepaymentHistoryRepository }) {}

  /** Every paid repayment of the borrower, newest first; with `orderId`, that order's only (it must be the borrower's). */
  async history(borrowerId: number, orderId?: string): Promise<RepaymentRecord[]> {
    const order = orderId ? await this.deps.orders.requireOwned(borrowerId, orderId) : null;
    const paid = await this.deps.repository.listPaid(borrowerId, order ? { orderId: order.id } : {});
    const replays = await this.replaysOf(borrowerId, paid);
    return paid.map((entry) => this.recordOf(entry, replays.get(entry.payment.orderId)!).record);
  }

  /** The receipt of one paid payment of the borrower; another borrower's, an unpaid or an unknown one is not found alike. */
  async receipt(borrowerId: number, paymentId: string): Promise<RepaymentReceipt> {
    const [entry] = await this.deps.repository.listPaid(borrowerId, { publicId: paymentId });
    if (!entry) throw AppError.notFound();
    const replays = await this.replaysOf(borrowerId, [entry]);
    const { record, allocated } = this.recordOf(entry, replays.get(entry.payment.orderId)!);
    return {
      ...record,
      methodDetail: methodDetailOf(entry.payment, entry.card),
      remainingAfter: allocated.outstandingAfterMinor,
      extensionDays: allocated.extensionDays,
    };
  }

  /** Each order's ledger replayed once, however many of its payments are listed (one read of the borrower's orders). */
  private async replaysOf(borrowerId: number, paid: readonly PaidPayment[]): Promise<Map<number, LedgerReplay>> {
    if (paid.length === 0) return new Map();
    const wanted = new Set(paid.map((entry) => entry.payment.orderId));
    const orders = (await this.deps.orders.repository.listByBorrower(borrowerId)).filter((order) => wanted.has(order.id));
    const states = await this.deps.orders.states(orders);
    return new Map(states.map((state) => [state.order.id, state.replay]));
  }

  private recordOf(entry: PaidPayment, replay: LedgerReplay): { record: RepaymentRecord; allocated: Allocated } {
    const { payment } = entry;
    const allocated = allocationOf(replay, entry.ledgerId);
    // a posted payment's row is always in its order's ledger: missing means the ledger and payments disagree
    if (!allocated) throw new Error(`payment ${payment.publicId} has no replayed ledger row ${entry.ledgerId}`);
    return {
      allocated,
      record: {
        paymentId: payment.publicId,
        orderId: String(payment.orderId),
        productId: String(entry.productId),
        orderNo: entry.orderNo,
        productName: entry.productName,
        purpose: payment.purpose,
        method: payment.method,
        amount: payment.amountMinor,
        paidAt: formatDateTime(payment.paidAt ?? payment.updatedAt, payment.market),
        allocation: allocated.allocation,
      },
    };
  }
}
