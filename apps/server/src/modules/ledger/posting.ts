/**
 * The movements of money (DESIGN §4), each posted in the caller's transaction with what it
 * changes: a payment (a repayment with the waiver a closing one carries, or an extension fee and
 * its new due dates), the disbursement, and the penalties the accrual job finds. Amounts come
 * from the one waterfall (`replay.ts`); rows are written by `repository.ts` alone.
 */
import type { Market } from '@kilat/contract';
import type { Db } from '../../db/database.js';
import type { Order, Payment } from '../../db/schema.js';
import type { AllocationLine } from '../../lending/allocation.js';
import type { BusinessDate } from '../../lending/business-date.js';
import type { Clock } from '../../lending/clock.js';
import { capDiscount, couponDiscount, couponStateOf } from '../../lending/coupon.js';
import type { LedgerRow } from '../../lending/ledger-replay.js';
import { recordMessage } from '../messages/repository.js';
import type { ClosureNotice } from './closure-notice.js';
import { couponHeldByToken, type HeldCoupon, markCouponUsed } from './coupon-uses.js';
import { balancesAt, quoteOf, replayOrder } from './replay.js';
import {
  couponKey,
  disbursementKey,
  ledgersOf,
  offlineRepaymentKey,
  offlineWaiverKey,
  type PenaltyPosting,
  type PostingResult,
  paymentKey,
  penaltyWaiverKey,
  postLedgerEntries,
  postLedgerEntry,
  postPenalties,
  refundKey,
  refundReversalKey,
  setClosedOn,
  settlementWaiverKey,
  shiftDueDates,
  waiverKey,
  writeOffKey,
} from './repository.js';
import { postValueDated, type ValueDatedPlan } from './value-dated.js';

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

/** What a repayment is posted as: its amount, its key and its waiver's, and what its row's meta says of where the money came from. */
interface RepaymentInput {
  amountMinor: number;
  idempotencyKey: string;
  waiverKey: string;
  meta: Record<string, unknown>;
  /** the message-centre key of the payment that closes the order */
  closingKey: string;
  /** told when this repayment closes the order: the closure letter's SMS (issue 49) */
  notice?: ClosureNotice | undefined;
  /** the coupon its payment held (issue 50): its discount is posted just before the repayment, under `key` */
  coupon?: { held: HeldCoupon; key: string; paymentPublicId: string } | undefined;
}

/** The penalties accrued up to today posted first, then the ledger as it will read once they are: what a posting allocates over. */
const withTodaysPenalties = async (tx: Db, clock: Clock, order: Order) => {
  const today = clock.today(order.market);
  const ledger = (await ledgersOf(tx, [order.id])).get(order.id)!;
  const { replay } = balancesAt(order, ledger, clock.now(), today);
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
  return { today, ledger, replay, rows };
};

/**
 * A coupon's discount (issue 50, decision 250), before the repayment of the payment that held it:
 * the coupon's rule on the order as that repayment meets it, never more than it was held for; the
 * coupon marked used in the same transaction, once.
 */
const postCouponDiscount = async (
  tx: Db,
  clock: Clock,
  order: Order,
  input: {
    held: HeldCoupon;
    key: string;
    paymentPublicId: string;
    amountMinor: number;
    replay: ReturnType<typeof replayOrder>;
    rows: LedgerRow[];
    today: BusinessDate;
  },
): Promise<void> => {
  const { held } = input;
  const quote = quoteOf(order, input.replay, input.today);
  const state = couponStateOf(
    { principalMinor: order.principalMinor, dailyInterestBps: order.pricing.dailyInterestBps },
    input.replay,
    quote?.interestWaivedMinor ?? 0,
  );
  // what it was held for was taken off the payment: the repayment it lowered was that much larger
  const discount = capDiscount(couponDiscount(held, state, input.amountMinor + held.heldMinor), held.heldMinor);
  if (
    !(await markCouponUsed(tx, {
      couponId: held.id,
      paymentPublicId: input.paymentPublicId,
      usedMinor: discount.totalMinor,
      now: clock.now(),
    }))
  )
    return;
  if (discount.totalMinor === 0) return;
  await postLedgerEntry(tx, {
    orderId: order.id,
    kind: 'coupon_discount',
    amountMinor: discount.totalMinor,
    idempotencyKey: input.key,
    businessDate: input.today,
    meta: {
      couponId: held.publicId,
      campaignId: held.campaignId,
      paymentId: input.paymentPublicId,
      feeMinor: discount.feeMinor,
      interestMinor: discount.interestMinor,
    },
  });
  input.rows.push({
    id: PENDING_ID + 1,
    kind: 'coupon_discount',
    businessDate: input.today,
    amountMinor: discount.totalMinor,
    feeMinor: discount.feeMinor,
    interestMinor: discount.interestMinor,
  });
};

/**
 * A repayment allocated by the waterfall over what is owed today (penalties accrued up to today
 * first), with the waiver a closing one carries; the order marked paid off when nothing is left.
 */
const postRepayment = async (tx: Db, clock: Clock, order: Order, input: RepaymentInput): Promise<PaymentPosting> => {
  const { today, ledger, replay: beforeCoupon, rows } = await withTodaysPenalties(tx, clock, order);
  const base = { orderId: order.id, amountMinor: input.amountMinor, idempotencyKey: input.idempotencyKey, businessDate: today };
  if (input.coupon)
    await postCouponDiscount(tx, clock, order, { ...input.coupon, amountMinor: input.amountMinor, replay: beforeCoupon, rows, today });
  const replay = input.coupon ? replayOrder(order, { periods: ledger.periods, ledger: rows }, undefined) : beforeCoupon;
  const quote = quoteOf(order, replay, today);
  const waiver = waiverOf(quote, input.amountMinor);
  if (waiver) {
    await postLedgerEntry(tx, {
      ...base,
      kind: waiver.kind,
      amountMinor: waiver.amountMinor,
      idempotencyKey: input.waiverKey,
      meta: input.meta,
    });
    rows.push({ id: PENDING_ID + 2, kind: waiver.kind, businessDate: today, amountMinor: waiver.amountMinor });
  }
  rows.push({ id: PENDING_ID + 3, kind: 'repayment', businessDate: today, amountMinor: input.amountMinor });
  const after = replayOrder(order, { periods: ledger.periods, ledger: rows }, undefined);
  const allocation = after.allocations.at(-1)!;
  const result = await postLedgerEntry(tx, {
    ...base,
    kind: 'repayment',
    meta: {
      ...input.meta,
      lines: allocation.lines,
      // money that arrived beyond what was owed (two codes paid for one debt): kept on record for a refund
      ...(allocation.remainderMinor > 0 ? { overpaymentMinor: allocation.remainderMinor } : {}),
    },
  });
  if (result.posted && after.outstandingMinor === 0) {
    await setClosedOn(tx, order.id, today);
    // the message centre (decision 108): the payment that closes the order says so, once per payment
    await recordMessage(tx, {
      borrowerId: order.borrowerId,
      orderId: order.id,
      kind: 'repaid',
      params: { orderNo: order.orderNo },
      idempotencyKey: input.closingKey,
      shownAt: clock.now(),
    });
    await input.notice?.(tx, order);
  }
  return { result, lines: allocation.lines };
};

/**
 * A paid payment, posted once (its key): the penalties accrued up to today first, then a
 * repayment allocated by the waterfall (with its waiver when it closes the loan early; the order
 * marked paid off when nothing is left) or an extension fee (its periods' due dates moved).
 */
export const postPayment = async (
  tx: Db,
  clock: Clock,
  payment: Payment,
  order: Order,
  notice?: ClosureNotice,
): Promise<PaymentPosting> => {
  if (payment.purpose === 'repay') {
    const held = payment.repayTokenHash ? await couponHeldByToken(tx, payment.repayTokenHash) : null;
    return postRepayment(tx, clock, order, {
      coupon: held ? { held, key: couponKey(payment.publicId), paymentPublicId: payment.publicId } : undefined,
      amountMinor: payment.amountMinor,
      idempotencyKey: paymentKey(payment.publicId),
      waiverKey: waiverKey(payment.publicId),
      meta: { paymentId: payment.publicId, method: payment.method },
      closingKey: `repaid:${order.id}:${payment.publicId}`,
      notice,
    });
  }
  const { today, replay } = await withTodaysPenalties(tx, clock, order);
  const shiftDays = payment.extensionShiftDays ?? 0;
  const unpaid = replay.periods.filter((period) => period.owedMinor > 0).map((period) => period.periodNo);
  const result = await postLedgerEntry(tx, {
    orderId: order.id,
    amountMinor: payment.amountMinor,
    idempotencyKey: paymentKey(payment.publicId),
    businessDate: today,
    kind: 'extension_fee',
    meta: { paymentId: payment.publicId, method: payment.method, days: shiftDays, periods: unpaid },
  });
  if (result.posted && shiftDays > 0 && unpaid.length > 0) {
    await shiftDueDates(tx, order.id, unpaid, shiftDays);
  }
  return { result, lines: null };
};

/**
 * Money the borrower sent to Kilat's bank account outside the gateways, recorded by an operator
 * against the bank's reference (decisions 163, 230, 231): a repayment applied on its value date
 * (the day the bank received it) by the one waterfall, posted once per order and reference.
 */
export const postOfflineRepayment = (
  tx: Db,
  clock: Clock,
  order: Order,
  plan: ValueDatedPlan,
  input: { bankReference: string; bankAccount: string; operatorId: number; reason: string; approvedBy?: number },
  notice?: ClosureNotice,
): Promise<PostingResult> =>
  postValueDated(tx, clock, order, plan, {
    key: offlineRepaymentKey(order.id, input.bankReference),
    waiverKey: offlineWaiverKey(order.id, input.bankReference),
    closingKey: `repaid:${order.id}:${offlineRepaymentKey(order.id, input.bankReference)}`,
    notice,
    meta: {
      method: 'offline',
      bankReference: input.bankReference,
      bankAccount: input.bankAccount,
      receivedOn: plan.valueDate,
      operatorId: input.operatorId,
      ...(input.approvedBy === undefined ? {} : { approvedBy: input.approvedBy }),
      reason: input.reason,
      // when Kilat applied it, by Kilat's clock: the borrower's history shows it beside the value date
      recordedAt: clock.now().toISOString(),
    },
  });

/**
 * Everything an order still owes taken off in one row of `kind` (the penalties accrued up to today
 * posted first), once per `idempotencyKey`; the order is paid off today. Answers what was taken off
 * (0 when nothing was owed any more).
 */
const postClosingRemainder = async (
  tx: Db,
  clock: Clock,
  order: Order,
  entry: { kind: 'write_off' | 'settlement_waiver'; idempotencyKey: string; meta: Record<string, unknown> },
  notice?: ClosureNotice,
): Promise<{ result: PostingResult; amountMinor: number }> => {
  const { today, ledger, rows } = await withTodaysPenalties(tx, clock, order);
  const owed = replayOrder(order, { periods: ledger.periods, ledger: rows }, undefined).outstandingMinor;
  if (owed <= 0) return { result: { posted: false }, amountMinor: 0 };
  const result = await postLedgerEntry(tx, { orderId: order.id, amountMinor: owed, businessDate: today, ...entry });
  if (result.posted) {
    await setClosedOn(tx, order.id, today);
    await notice?.(tx, order);
  }
  return { result, amountMinor: owed };
};

/** A write-off (decision 163): everything the order owes taken off, once per approved request. */
export const postWriteOff = (
  tx: Db,
  clock: Clock,
  order: Order,
  input: { approvalId: number; operatorId: number },
  notice?: ClosureNotice,
): Promise<{ result: PostingResult; amountMinor: number }> =>
  postClosingRemainder(
    tx,
    clock,
    order,
    {
      kind: 'write_off',
      idempotencyKey: writeOffKey(input.approvalId),
      meta: { approvalId: input.approvalId, operatorId: input.operatorId },
    },
    notice,
  );

/**
 * A one-time settlement paid in time (issue 46, decision 213): what is still owed waived in one
 * `settlement_waiver` row, once per settlement.
 */
export const postSettlementWaiver = (
  tx: Db,
  clock: Clock,
  order: Order,
  input: { settlementId: number; operatorId: number | null },
  notice?: ClosureNotice,
): Promise<{ result: PostingResult; amountMinor: number }> =>
  postClosingRemainder(
    tx,
    clock,
    order,
    {
      kind: 'settlement_waiver',
      idempotencyKey: settlementWaiverKey(input.settlementId),
      meta: { settlementId: input.settlementId, operatorId: input.operatorId },
    },
    notice,
  );

/** A refund's payout as the ledger is told of it: the refund's reference and amount, the gateway that paid it and its id there. */
export interface RefundPayout {
  orderId: number;
  reference: string;
  amountMinor: number;
  businessDate: BusinessDate;
  gateway: string;
  gatewayPayoutId: string | null;
}

/** A refund's payout the gateway confirmed (decision 164): the overpayment paid back, once per refund payout. */
export const postRefund = (tx: Db, refund: RefundPayout & { utr: string | null }): Promise<PostingResult> =>
  postLedgerEntry(tx, {
    orderId: refund.orderId,
    kind: 'refund',
    amountMinor: refund.amountMinor,
    idempotencyKey: refundKey(refund.reference),
    businessDate: refund.businessDate,
    meta: { reference: refund.reference, utr: refund.utr, gateway: refund.gateway, gatewayPayoutId: refund.gatewayPayoutId },
  });

/** A refund the bank returned after it landed: the overpayment is the borrower's to refund again. */
export const postRefundReversal = (tx: Db, refund: RefundPayout): Promise<PostingResult> =>
  postLedgerEntry(tx, {
    orderId: refund.orderId,
    kind: 'refund_reversal',
    amountMinor: refund.amountMinor,
    idempotencyKey: refundReversalKey(refund.reference),
    businessDate: refund.businessDate,
    meta: { reference: refund.reference, gateway: refund.gateway, gatewayPayoutId: refund.gatewayPayoutId },
  });

export interface DisbursalPosting {
  orderId: number;
  orderNo: string;
  attempt: number;
  amountMinor: number;
  /** the business date the money landed (or came back) */
  businessDate: BusinessDate;
  /** the gateway's bank reference (UTR) and its payout id */
  utr: string | null;
  gateway: string;
  gatewayPayoutId: string | null;
}

const disbursalMeta = (posting: DisbursalPosting) => ({
  utr: posting.utr,
  gateway: posting.gateway,
  gatewayPayoutId: posting.gatewayPayoutId,
  attempt: posting.attempt,
});

/** The disbursement, the day the payout landed, with its reference: the loan starts here (DESIGN §4). */
export const postDisbursement = (tx: Db, posting: DisbursalPosting & { landedBefore: boolean }): Promise<PostingResult> =>
  postLedgerEntry(tx, {
    orderId: posting.orderId,
    kind: 'disbursement',
    amountMinor: posting.amountMinor,
    idempotencyKey: disbursementKey(posting.orderNo, posting.attempt, posting.landedBefore),
    businessDate: posting.businessDate,
    meta: disbursalMeta(posting),
  });

/** Disbursements of a batch of payouts that landed, in one statement (the payout job's batch). Answers how many were new. */
export const postDisbursements = (tx: Db, postings: readonly (DisbursalPosting & { landedBefore: boolean })[]): Promise<number> =>
  postLedgerEntries(
    tx,
    postings.map((posting) => ({
      orderId: posting.orderId,
      kind: 'disbursement' as const,
      amountMinor: posting.amountMinor,
      idempotencyKey: disbursementKey(posting.orderNo, posting.attempt, posting.landedBefore),
      businessDate: posting.businessDate,
      meta: disbursalMeta(posting),
    })),
  );

/** The payout came back: the disbursal is undone (nothing is owed for it; what was paid on it is owed back, decision 137). */
export const postDisbursementReversal = (tx: Db, posting: DisbursalPosting): Promise<PostingResult> =>
  postLedgerEntry(tx, {
    orderId: posting.orderId,
    kind: 'disbursement_reversal',
    amountMinor: posting.amountMinor,
    idempotencyKey: `disbursement_reversal:${posting.orderNo}:${posting.attempt}`,
    businessDate: posting.businessDate,
    meta: disbursalMeta(posting),
  });

/** Rows per insert statement (6 parameters a row, well under PostgreSQL's 65,535). */
const INSERT_CHUNK = 5_000;

export interface AccrualResult {
  orders: number;
  penalties: number;
  closed: number;
}

/**
 * Posts every penalty the given orders owe through their market's `asOf` date that has no row yet
 * (the replay computes them, the key posts each day once), and records the business date an order
 * was paid off (so later runs skip it). Set-based: one read of the schedules and ledgers, one
 * insert per chunk.
 */
export const accruePenalties = async (
  db: Db,
  list: readonly Order[],
  asOf: (market: Market) => BusinessDate,
  now: Date,
): Promise<AccrualResult> => {
  const open = list.filter((order) => order.disbursedAt !== null && order.disbursedAt.getTime() <= now.getTime());
  const ledgers = await ledgersOf(
    db,
    open.map((order) => order.id),
  );
  const postings: PenaltyPosting[] = [];
  const closed = new Map<number, BusinessDate>();
  for (const order of open) {
    const replay = replayOrder(order, ledgers.get(order.id)!, asOf(order.market));
    for (const penalty of replay.accrued) postings.push({ ...penalty, orderId: order.id });
    if (replay.outstandingMinor === 0 && replay.lastRepaymentOn !== null) closed.set(order.id, replay.lastRepaymentOn);
  }
  let penalties = 0;
  for (let start = 0; start < postings.length; start += INSERT_CHUNK) {
    penalties += await postPenalties(db, postings.slice(start, start + INSERT_CHUNK));
  }
  for (const [orderId, closedOn] of closed) await setClosedOn(db, orderId, closedOn);
  return { orders: open.length, penalties, closed: closed.size };
};

/** An approved penalty waiver (decision 157): posted once per request, in the approval's transaction. */
export const postPenaltyWaiver = (
  tx: Db,
  waiver: { id: number; orderId: number; amountMinor: number; businessDate: BusinessDate; operatorId: number },
): Promise<PostingResult> =>
  postLedgerEntry(tx, {
    orderId: waiver.orderId,
    kind: 'penalty_waiver',
    amountMinor: waiver.amountMinor,
    idempotencyKey: penaltyWaiverKey(waiver.id),
    businessDate: waiver.businessDate,
    meta: { waiverId: waiver.id, operatorId: waiver.operatorId },
  });
