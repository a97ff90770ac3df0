/**
 * An order's ledger replayed through the one waterfall (`lending/ledger-replay.ts`), and what the
 * borrower may repay on a day: the balances every page, payment and job reads. Pure: the rows come
 * from `repository.ts`, read by whoever asks.
 */
import type { Order } from '../../db/schema.js';
import { type BusinessDate, businessDateAt } from '../../lending/business-date.js';
import { coolingOffDaysOf, coolingOffExit, withCoolingOff } from '../../lending/cooling-off.js';
import {
  amountAskedNow,
  type LedgerReplay,
  type LedgerRow,
  type ReplayTerms,
  replayLedger,
  type ScheduledPeriod,
} from '../../lending/ledger-replay.js';
import { repaymentQuote } from '../../lending/prepayment.js';
import { scheduledAprBps } from '../../lending/pricing-view.js';

/** What an order's balances are replayed from: its schedule and its ledger rows in time order. */
export interface OrderLedger {
  periods: ScheduledPeriod[];
  ledger: LedgerRow[];
}

const NOTHING_YET: OrderLedger = { periods: [], ledger: [] };

/** What the replay knows of an order's terms; the books replay with the same (decision 260). */
export const replayTermsOf = (order: Order): ReplayTerms => ({
  market: order.market,
  principalMinor: order.principalMinor,
  pricing: order.pricing,
  isRepeatClient: order.isRepeatClient,
  // interest accrues by the day from the payout's business date: a repayment pays it to its day first (issue 30)
  accrual:
    order.disbursedAt === null
      ? undefined
      : {
          startDate: businessDateAt(order.disbursedAt, order.market),
          termDays: order.termDays,
          dailyInterestBps: order.pricing.dailyInterestBps,
        },
});

/** The order's replay through `asOf`: penalties of overdue days without a row yet are included. */
export const replayOrder = (order: Order, ledger: OrderLedger, asOf: BusinessDate | undefined): LedgerReplay =>
  replayLedger({ terms: replayTermsOf(order), periods: ledger.periods, ledger: ledger.ledger, accrueThrough: asOf });

/**
 * The order's balances at `now` (its market's `today`): nothing is owed and nothing accrues before
 * the payout lands (DESIGN §4); a disbursal undone by a reversed payout owes nothing either, and
 * what was paid on it is kept for a refund (decision 137).
 */
export const balancesAt = (
  order: Order,
  ledger: OrderLedger,
  now: Date,
  today: BusinessDate,
): { disbursed: boolean; replay: LedgerReplay } => {
  const paidOut = order.disbursedAt !== null && order.disbursedAt.getTime() <= now.getTime();
  // the ledger is replayed whenever it has rows: a reversed disbursal keeps what was paid on it for a refund (decision 137)
  const replay = replayOrder(order, paidOut || ledger.ledger.length > 0 ? ledger : NOTHING_YET, paidOut ? today : undefined);
  return { disbursed: paidOut && !replay.reversed, replay };
};

/** What the borrower may repay on `asOf` (prepayment rules and India's cooling-off exit included); null before disbursal. */
export const quoteOf = (order: Order, replay: LedgerReplay, asOf: BusinessDate) => {
  if (order.disbursedAt === null) return null;
  const startDate = businessDateAt(order.disbursedAt, order.market);
  const quote = repaymentQuote(
    {
      startDate,
      termDays: order.termDays,
      principalMinor: order.principalMinor,
      dailyInterestBps: order.pricing.dailyInterestBps,
      replay,
    },
    asOf,
  );
  const coolingOffDays = coolingOffDaysOf(order.market, order.pricing);
  const exit =
    coolingOffDays === null
      ? null
      : coolingOffExit(
          {
            market: order.market,
            startDate,
            principalMinor: order.principalMinor,
            aprBps: scheduledAprBps(order.principalMinor, startDate, replay),
            coolingOffDays,
            replay,
          },
          asOf,
        );
  return { ...withCoolingOff(quote, exit), ordinaryMaxRepayMinor: quote.maxRepayMinor };
};

export type RepaymentQuoteOf = NonNullable<ReturnType<typeof quoteOf>>;

/**
 * What an order asks today on its pages (loan details' notice and 'Amount due', the main screen):
 * the next instalment of an instalment loan, everything of a single payment (`amountAskedNow`) — and,
 * once every period still owed is in its due window or past it, never more than closing the loan
 * costs today (interest to the day, DESIGN §4; issue 30). Before the window the schedule's amount is
 * what falls due; the early-repayment row says what closing it would cost.
 */
export const amountOwedToday = (order: Order, replay: LedgerReplay, asOf: BusinessDate): { askedMinor: number; totalMinor: number } => {
  const asked = amountAskedNow(order.periods, replay);
  const quote = quoteOf(order, replay, asOf);
  if (quote === null || quote.early) return { askedMinor: asked, totalMinor: replay.outstandingMinor };
  return { askedMinor: Math.min(asked, quote.payoffMinor), totalMinor: quote.payoffMinor };
};
