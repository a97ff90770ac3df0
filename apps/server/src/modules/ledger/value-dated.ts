/**
 * A repayment posted with its value date (issue 47, decision 231): money an operator found on the
 * bank statement is applied on the day it reached Kilat's account, not on the day it was typed in.
 * The replay slots it in on that day; the penalties charged for the days after it were charged on a
 * balance the money had already reduced, so they are reversed (reversal rows, never edits) and
 * charged again as the replay now finds them. What closing the loan cost on that day decides its
 * waiver; what may be repaid on that day caps it; and it may not turn a later payment into an
 * overpayment.
 */

import type { Db } from '../../db/database.js';
import type { Order } from '../../db/schema.js';
import { amountRefusal, isRefusal, repaymentDue } from '../../lending/amount-rules.js';
import { type BusinessDate, businessDateAt, daysBetween } from '../../lending/business-date.js';
import type { Clock } from '../../lending/clock.js';
import { type LedgerReplay, type LedgerRow, liveRows, type RepaymentAllocation } from '../../lending/ledger-replay.js';
import { penaltiesAfter, type ValueDateRefusal, valueDateRefusal } from '../../lending/value-date.js';
import { recordMessage } from '../messages/repository.js';
import type { ClosureNotice } from './closure-notice.js';
import { quoteOf, replayOrder } from './replay.js';
import {
  ledgersOf,
  type OrderLedger,
  type PostingResult,
  penaltyKey,
  postLedgerEntries,
  postLedgerEntry,
  restatedPenaltyKey,
  reversalKey,
  setClosedOn,
} from './repository.js';

/** Ids for rows not written yet: after every stored row, in the order they will be written. */
const PENDING_ID = Number.MAX_SAFE_INTEGER - 10;

export type ValueDatedRefusal =
  | ValueDateRefusal
  /** nothing may be repaid on the value date (owed nothing, or closing early had not opened: `opensOn`) */
  | { reason: 'nothingToRepay' }
  | { reason: 'prepaymentNotYet'; opensOn: BusinessDate }
  /** more than the order could take on the value date */
  | { reason: 'tooMuch'; maxMinor: number }
  /** slotted in on its day it leaves a later payment paid beyond what was owed */
  | { reason: 'makesOverpayment'; overpaidMinor: number };

export interface ValueDatedPlan {
  valueDate: BusinessDate;
  today: BusinessDate;
  amountMinor: number;
  /** the most the order could take on the value date */
  maxMinor: number;
  waiver: { kind: 'cost_waiver' | 'interest_waiver'; amountMinor: number } | null;
  /** penalty rows the repayment restates (reversed), and the penalties of every day through today as the replay now finds them */
  restated: LedgerRow[];
  penalties: LedgerReplay['accrued'];
  allocation: RepaymentAllocation;
  after: LedgerReplay;
  before: LedgerReplay;
  /** every day that already has a penalty row (live or reversed): a day charged again takes a key of its own */
  chargedDays: ReadonlySet<BusinessDate>;
}

/** The most a repayment may be on `day`, by the same rule as every payment's (`repaymentDue`); a refusal when none. */
const maxOn = (order: Order, replay: LedgerReplay, day: BusinessDate): number | ValueDatedRefusal => {
  const due = repaymentDue({ disbursed: true, outstandingMinor: replay.outstandingMinor, quote: quoteOf(order, replay, day) });
  if (isRefusal(due))
    return due.reason === 'prepaymentNotYet' ? { reason: 'prepaymentNotYet', opensOn: due.date } : { reason: 'nothingToRepay' };
  // in India's cooling-off period more than the ordinary amount is only the exit amount itself: the ordinary amount is the cap here
  return amountRefusal('repay', due.amountMinor, due) === null ? due.amountMinor : (due.ordinaryMaxMinor ?? 0);
};

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

/** What a repayment of `amountMinor` valued on `receivedOn` would post, or why it cannot be; pure over the order's ledger. */
export const planValueDated = (
  order: Order,
  ledger: OrderLedger,
  input: { amountMinor: number; receivedOn: string; today: BusinessDate },
): ValueDatedPlan | ValueDatedRefusal => {
  const { today, amountMinor } = input;
  if (order.disbursedAt === null) return { reason: 'nothingToRepay' };
  const refusal = valueDateRefusal({
    receivedOn: input.receivedOn,
    payoutOn: businessDateAt(order.disbursedAt, order.market),
    today,
    ledger: ledger.ledger,
  });
  if (refusal) return refusal;
  const valueDate = input.receivedOn;
  const restated = penaltiesAfter(ledger.ledger, valueDate);
  const gone = new Set(restated.map((row) => row.id));
  const kept = liveRows(ledger.ledger).filter((row) => !gone.has(row.id));
  // the order as it stood at the end of the value date: what could be repaid that day, and what closing it cost
  const thatDay = replayOrder(
    order,
    { periods: ledger.periods, ledger: kept.filter((row) => daysBetween(row.businessDate, valueDate) >= 0) },
    valueDate,
  );
  const max = maxOn(order, thatDay, valueDate);
  if (typeof max !== 'number') return max;
  if (amountMinor > max) return { reason: 'tooMuch', maxMinor: max };
  const waiver = waiverOf(quoteOf(order, thatDay, valueDate), amountMinor);
  const rows: LedgerRow[] = [...kept];
  if (waiver) rows.push({ id: PENDING_ID, kind: waiver.kind, businessDate: valueDate, amountMinor: waiver.amountMinor });
  rows.push({ id: PENDING_ID + 1, kind: 'repayment', businessDate: valueDate, amountMinor });
  const before = replayOrder(order, ledger, today);
  const after = replayOrder(order, { periods: ledger.periods, ledger: rows }, today);
  if (after.overpaidMinor > before.overpaidMinor)
    return { reason: 'makesOverpayment', overpaidMinor: after.overpaidMinor - before.overpaidMinor };
  const allocation = after.allocations.find((entry) => entry.ledgerId === PENDING_ID + 1)!;
  const chargedDays = new Set(ledger.ledger.filter((row) => row.kind === 'penalty').map((row) => row.businessDate));
  return {
    valueDate,
    today,
    amountMinor,
    maxMinor: max,
    waiver,
    restated,
    penalties: after.accrued,
    allocation,
    after,
    before,
    chargedDays,
  };
};

export const isValueDatedRefusal = (answer: ValueDatedPlan | ValueDatedRefusal): answer is ValueDatedRefusal => 'reason' in answer;

/** Reads the order's ledger and plans (see `planValueDated`). */
export const valueDatedPlanOf = async (
  tx: Db,
  clock: Clock,
  order: Order,
  input: { amountMinor: number; receivedOn: string },
): Promise<ValueDatedPlan | ValueDatedRefusal> => {
  const ledger = (await ledgersOf(tx, [order.id])).get(order.id)!;
  return planValueDated(order, ledger, { ...input, today: clock.today(order.market) });
};

/**
 * Posts a plan in the caller's transaction (the order's row locked): the restated penalties
 * reversed and charged again, the closing waiver, the repayment on its value date; the order marked
 * paid off when nothing is left. `key` is the repayment's idempotency key; posting it again posts nothing.
 */
export const postValueDated = async (
  tx: Db,
  clock: Clock,
  order: Order,
  plan: ValueDatedPlan,
  input: { key: string; waiverKey: string; closingKey: string; meta: Record<string, unknown>; notice?: ClosureNotice | undefined },
): Promise<PostingResult> => {
  const { valueDate } = plan;
  const result = await postLedgerEntry(tx, {
    orderId: order.id,
    kind: 'repayment',
    amountMinor: plan.amountMinor,
    idempotencyKey: input.key,
    businessDate: valueDate,
    meta: {
      ...input.meta,
      valueDate,
      lines: plan.allocation.lines,
      ...(plan.restated.length > 0 ? { restatedPenalties: plan.restated.map((row) => row.id) } : {}),
    },
  });
  if (!result.posted) return result;
  await postLedgerEntries(
    tx,
    plan.restated.map((row) => ({
      orderId: order.id,
      kind: 'reversal' as const,
      amountMinor: row.amountMinor,
      idempotencyKey: reversalKey(row.id),
      businessDate: plan.today,
      meta: { reverses: row.id, reversedKind: row.kind, reversedOn: row.businessDate, cause: input.key },
    })),
  );
  await postLedgerEntries(
    tx,
    plan.penalties.map((penalty) => ({
      orderId: order.id,
      kind: 'penalty' as const,
      amountMinor: penalty.amountMinor,
      idempotencyKey: plan.chargedDays.has(penalty.businessDate)
        ? restatedPenaltyKey(order.id, penalty.businessDate, input.key)
        : penaltyKey(order.id, penalty.businessDate),
      businessDate: penalty.businessDate,
      meta: { overdueDay: penalty.overdueDay, overduePrincipalMinor: penalty.overduePrincipalMinor },
    })),
  );
  if (plan.waiver) {
    await postLedgerEntry(tx, {
      orderId: order.id,
      kind: plan.waiver.kind,
      amountMinor: plan.waiver.amountMinor,
      idempotencyKey: input.waiverKey,
      businessDate: valueDate,
      meta: input.meta,
    });
  }
  if (plan.after.outstandingMinor === 0) {
    await setClosedOn(tx, order.id, plan.after.lastRepaymentOn ?? valueDate);
    // the message centre (decision 108): the payment that closes the order says so, once
    await recordMessage(tx, {
      borrowerId: order.borrowerId,
      orderId: order.id,
      kind: 'repaid',
      params: { orderNo: order.orderNo },
      idempotencyKey: input.closingKey,
      shownAt: clock.now(),
    });
    // the closure letter's SMS (issue 49): once, as the posting above is
    await input.notice?.(tx, order);
  }
  return result;
};
