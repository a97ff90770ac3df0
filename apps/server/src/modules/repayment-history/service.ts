/**
 * Repayment history and receipts (issue 17, decision 105): the borrower's paid payments, each with
 * where its money went. The allocation is the ledger replay's own (the one waterfall of decision
 * 022), read by the ledger row the payment posted — never recomputed here — and so is what the
 * order owed right after it. Money an operator recorded against a bank reference (decision 163) is a
 * repayment like any other here too, its method `offline` and its id 'OF' and its ledger row's.
 */
import { formatDateTime } from '@kilat/contract';
import type { AllocationComponent, RepaymentReceipt, RepaymentRecord } from '@kilat/contract/schemas';
import { AppError } from '../../http/app-error.js';
import type { Component } from '../../lending/allocation.js';
import type { LedgerReplay } from '../../lending/ledger-replay.js';
import type { OrdersService } from '../orders/service.js';
import { methodDetailOf } from '../payments/method-detail.js';
import {
  type OfflineRepayment,
  offlineLedgerIdOf,
  offlineRepaymentId,
  type PaidPayment,
  type RepaymentHistoryRepository,
} from './repository.js';

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
    const filter = order ? { orderId: order.id } : {};
    const [paid, offline] = await Promise.all([
      this.deps.repository.listPaid(borrowerId, filter),
      this.deps.repository.listOffline(borrowerId, filter),
    ]);
    const replays = await this.replaysOf(borrowerId, [
      ...paid.map((entry) => entry.payment.orderId),
      ...offline.map((entry) => entry.orderId),
    ]);
    const dated = [
      ...paid.map((entry) => ({
        at: (entry.payment.paidAt ?? entry.payment.updatedAt).getTime(),
        id: entry.ledgerId,
        record: this.recordOf(entry, replays.get(entry.payment.orderId)!).record,
      })),
      ...offline.map((entry) => ({
        at: entry.recordedAt.getTime(),
        id: entry.ledgerId,
        record: this.offlineRecordOf(entry, replays.get(entry.orderId)!).record,
      })),
    ];
    // newest first, one list: a later ledger row first when two share an instant
    return dated.sort((a, b) => b.at - a.at || b.id - a.id).map((entry) => entry.record);
  }

  /** The receipt of one paid payment of the borrower; another borrower's, an unpaid or an unknown one is not found alike. */
  async receipt(borrowerId: number, paymentId: string): Promise<RepaymentReceipt> {
    const offlineId = offlineLedgerIdOf(paymentId);
    if (offlineId !== null) return this.offlineReceipt(borrowerId, offlineId);
    const [entry] = await this.deps.repository.listPaid(borrowerId, { publicId: paymentId });
    if (!entry) throw AppError.notFound();
    const replays = await this.replaysOf(borrowerId, [entry.payment.orderId]);
    const { record, allocated } = this.recordOf(entry, replays.get(entry.payment.orderId)!);
    return {
      ...record,
      methodDetail: methodDetailOf(entry.payment, entry.card),
      remainingAfter: allocated.outstandingAfterMinor,
      extensionDays: allocated.extensionDays,
      couponMoney: await this.deps.repository.couponMoneyOf(entry.payment.orderId, entry.payment.publicId),
    };
  }

  /** Each order's ledger replayed once, however many of its payments are listed (one read of the borrower's orders). */
  private async replaysOf(borrowerId: number, orderIds: readonly number[]): Promise<Map<number, LedgerReplay>> {
    if (orderIds.length === 0) return new Map();
    const wanted = new Set(orderIds);
    const orders = (await this.deps.orders.repository.listByBorrower(borrowerId)).filter((order) => wanted.has(order.id));
    const states = await this.deps.orders.states(orders);
    return new Map(states.map((state) => [state.order.id, state.replay]));
  }

  /** An offline repayment's receipt: the bank's reference is how it was paid. */
  private async offlineReceipt(borrowerId: number, ledgerId: number): Promise<RepaymentReceipt> {
    const [entry] = await this.deps.repository.listOffline(borrowerId, { ledgerId });
    if (!entry) throw AppError.notFound();
    const replays = await this.replaysOf(borrowerId, [entry.orderId]);
    const { record, allocated } = this.offlineRecordOf(entry, replays.get(entry.orderId)!);
    return {
      ...record,
      methodDetail: entry.bankReference,
      remainingAfter: allocated.outstandingAfterMinor,
      extensionDays: 0,
      couponMoney: 0,
    };
  }

  private offlineRecordOf(entry: OfflineRepayment, replay: LedgerReplay): { record: RepaymentRecord; allocated: Allocated } {
    const allocated = allocationOf(replay, entry.ledgerId);
    if (!allocated) throw new Error(`offline repayment ${entry.ledgerId} has no replayed ledger row`);
    return {
      allocated,
      record: {
        paymentId: offlineRepaymentId(entry.ledgerId),
        orderId: String(entry.orderId),
        productId: String(entry.productId),
        orderNo: entry.orderNo,
        productName: entry.productName,
        purpose: 'repay',
        method: 'offline',
        amount: entry.amountMinor,
        paidAt: formatDateTime(entry.recordedAt, entry.market),
        // the value date: the replay applied it on this day (decision 231)
        receivedOn: entry.receivedOn,
        allocation: allocated.allocation,
      },
    };
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
