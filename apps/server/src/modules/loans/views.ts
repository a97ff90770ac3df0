/**
 * What the loan pages show, as pure functions of an order's replayed state: the notice of its
 * status, the rows of loan details and of the extension offer, the instalment plan's periods.
 * Texts come through `t` in the borrower's language and amounts through `money` in the market's
 * format; the service reads and decides, these only lay out.
 */

import { formatDateTime, OrderStatus } from '@kilat/contract';
import type { Order } from '../../db/schema.js';
import { type BusinessDate, daysBetween } from '../../lending/business-date.js';
import type { WithCoolingOff } from '../../lending/cooling-off.js';
import { reasonText } from '../../lending/decision.js';
import type { ExtensionOffer } from '../../lending/extension.js';
import type { LedgerReplay, PeriodState } from '../../lending/ledger-replay.js';
import type { OrderPosition } from '../../lending/order-status.js';
import type { RepaymentQuote } from '../../lending/prepayment.js';
import type { Speak } from '../../lending/pricing-view.js';

export type Money = (minor: number) => string;
export interface Row {
  text: string;
  value: string;
}

const notices: Record<OrderStatus, [Parameters<Speak>[0], Parameters<Speak>[0]]> = {
  [OrderStatus.UnderReview]: ['loanNotice21', 'loanNoticeDes21'],
  [OrderStatus.Rejected]: ['loanNotice110', 'loanNoticeDes110'],
  [OrderStatus.Disbursing]: ['loanNotice151', 'loanNoticeDes151'],
  [OrderStatus.Disbursed]: ['loanNotice170', 'loanNoticeDes170'],
  [OrderStatus.DueSoon]: ['loanNotice174', 'loanNoticeDes174'],
  [OrderStatus.Overdue]: ['loanNotice180', 'loanNoticeDes180'],
  [OrderStatus.InstallmentPartlyPaid]: ['loanNotice3', 'loanNoticeDes3'],
  [OrderStatus.Extended]: ['loanNotice5', 'loanNoticeDes5'],
  [OrderStatus.Settled]: ['loanNotice200', 'loanNoticeDes200'],
  [OrderStatus.ClosedEarly]: ['loanNotice4', 'loanNoticeDes4'],
};

/**
 * What the decision engine said (decision 148): a rejection's main reason in plain words and the day
 * to apply again, a withdrawal, or the deadline of a review (spec §9: a decision within 1 day) — and,
 * once that deadline passed, that the application is late and first in the risk team's queue (decision 162).
 */
export const decisionNotice = (
  order: Pick<Order, 'market' | 'decisionReason' | 'reapplyOn' | 'withdrawnAt' | 'reviewDueAt'>,
  status: OrderStatus,
  t: Speak,
  now: Date,
): { noticeDesText?: string } => {
  if (status === OrderStatus.Rejected && order.withdrawnAt !== null) return { noticeDesText: t('loanNoticeDes110Withdrawn') };
  if (status === OrderStatus.Rejected && order.decisionReason) {
    return {
      noticeDesText: t('loanNoticeDes110Reason', {
        reason: reasonText(order.decisionReason, order.market, t),
        date: order.reapplyOn ?? '',
      }),
    };
  }
  if (status === OrderStatus.UnderReview && order.reviewDueAt && order.reviewDueAt <= now)
    return { noticeDesText: t('loanNoticeDes21Late') };
  if (status === OrderStatus.UnderReview && order.reviewDueAt) {
    return { noticeDesText: t('loanNoticeDes21Review', { date: formatDateTime(order.reviewDueAt, order.market) }) };
  }
  return {};
};

export const decisionRows = (
  order: Pick<Order, 'market' | 'decisionReason' | 'reapplyOn' | 'withdrawnAt' | 'reviewDueAt'>,
  status: OrderStatus,
  t: Speak,
): Row[] => {
  if (status === OrderStatus.Rejected && order.withdrawnAt === null && order.decisionReason) {
    return [
      { text: t('loanDecisionReasonLabel'), value: reasonText(order.decisionReason, order.market, t) },
      { text: t('loanReapplyOnLabel'), value: order.reapplyOn ?? '' },
    ];
  }
  if (status === OrderStatus.UnderReview && order.reviewDueAt) {
    return [{ text: t('loanReviewDeadlineLabel'), value: formatDateTime(order.reviewDueAt, order.market) }];
  }
  return [];
};

/**
 * The status whose notice loan details show: an extension's notice ("new due date") only while the period
 * it moved is still the one owed; once that is paid, the next instalment is simply due on its date (issue 48).
 */
export const noticeStatusOf = (
  status: OrderStatus,
  replay: Pick<LedgerReplay, 'extensionPayments'>,
  nextPeriod: Pick<PeriodState, 'periodNo'> | null,
): OrderStatus => {
  const extended = replay.extensionPayments.at(-1);
  if (status !== OrderStatus.Extended || !extended || !nextPeriod || nextPeriod.periodNo === extended.firstPeriodNo) return status;
  return OrderStatus.InstallmentPartlyPaid;
};

/** The headline and description of loan details for a status: what is owed now, by when, how late. */
export const noticeOf = (status: OrderStatus, t: Speak, values: { amount: string; date: string; days: number }) => {
  const [headline, description] = notices[status];
  return { noticeStatusText: t(headline), noticeDesText: t(description, { ...values, overdueFor: daysText(values.days, t) }) };
};

/** A count of days as the borrower reads it: '1 day', '7 days' (issues 46, 48: never "1 days"). */
export const daysText = (days: number, t: Speak): string => (days === 1 ? t('dayCountOne') : t('dayCountMany', { n: days }));

export interface DetailState {
  order: Pick<Order, 'orderNo' | 'principalMinor' | 'termDays' | 'appliedAt' | 'periods'>;
  status: OrderStatus;
  disbursed: boolean;
  position: OrderPosition;
  replay: Pick<LedgerReplay, 'penaltiesChargedMinor' | 'repaidMinor' | 'penaltyWaivedMinor' | 'penaltyOwedMinor'>;
  /** the due date shown: the one in force, else the order's */
  dueDate: string;
  overdueDays: number;
  /** money is owed */
  owing: boolean;
  quote:
    | (Pick<RepaymentQuote, 'early' | 'prepayAllowed' | 'payoffMinor' | 'prepayOpensOn'> & Partial<Pick<WithCoolingOff, 'coolingOff'>>)
    | null;
  appliedOn: string;
  /** the daily interest rate in the market's format ('0.08% per day') */
  dailyRate: string;
  /** 'Amount due': what the loan owes today — in the due window what closing it costs (`amountOwedToday`) */
  amountDueMinor: number;
  /** what the notice asks now (an instalment loan: its next instalment); when less than the above, the row names it the total */
  askedMinor: number;
}

/** The rows of loan details (spec §4), each only when it says something in this state. */
export const detailRows = (state: DetailState, t: Speak, money: Money): Row[] => {
  const { order, position, replay, quote } = state;
  const rows: Row[] = [
    { text: t('complaintOrderNo'), value: order.orderNo },
    { text: t('loanAmount'), value: money(order.principalMinor) },
    { text: t('loanTerm'), value: daysText(order.termDays, t) },
    { text: t('interestRate'), value: state.dailyRate },
    { text: t('complaintAppliedOn'), value: state.appliedOn },
  ];
  if (state.disbursed) rows.push({ text: t('repaymentDate'), value: state.dueDate });
  // an instalment loan's notice asks the next instalment: the row is then the total still owed, named so (issue 48)
  if (state.owing)
    rows.push({ text: t(state.askedMinor < state.amountDueMinor ? 'loanTotalOwed' : 'loanAmountDue'), value: money(state.amountDueMinor) });
  if (quote?.coolingOff?.open) {
    rows.push(
      { text: t('loanCoolingOffLastDay'), value: quote.coolingOff.lastDay },
      { text: t('loanCoolingOffExitToday'), value: money(quote.coolingOff.exitMinor) },
    );
  } else if (quote?.early) {
    rows.push(
      quote.prepayAllowed
        ? { text: t('loanPayoffToday'), value: money(quote.payoffMinor) }
        : { text: t('loanPrepaymentFrom'), value: quote.prepayOpensOn },
    );
  }
  if (order.periods > 1 && state.disbursed) {
    rows.push({ text: t('loanPeriodsPaid'), value: t('loanPeriodsPaidValue', { paid: position.periodsPaid, total: order.periods }) });
  }
  if (replay.penaltiesChargedMinor > 0) rows.push({ text: t('loanPenalty'), value: money(replay.penaltiesChargedMinor) });
  // an operator's approved waiver (issue 48): what was waived, and the penalty still owed after it
  if (replay.penaltyWaivedMinor > 0) {
    rows.push(
      { text: t('loanPenaltyWaived'), value: money(replay.penaltyWaivedMinor) },
      { text: t('loanPenaltyOwed'), value: money(replay.penaltyOwedMinor) },
    );
  }
  if (state.status === OrderStatus.Overdue) rows.push({ text: t('loanOverdueDays'), value: String(state.overdueDays) });
  if (replay.repaidMinor > 0) rows.push({ text: t('loanRepaid'), value: money(replay.repaidMinor) });
  return rows;
};

const scheduledTotal = (period: PeriodState) =>
  period.scheduled.feeMinor + period.scheduled.interestMinor + period.scheduled.principalMinor;

/**
 * The instalment plan's periods (spec §4): those still owed, the first of them carrying the
 * penalties (paid first) and clickable when a repayment can be taken today, and those paid.
 */
export const planPeriods = (
  periods: readonly PeriodState[],
  penaltyOwedMinor: number,
  today: BusinessDate,
  payable: boolean,
  t: Speak,
  money: Money,
  /**
   * when the loan may be closed today: the interest not yet earned that closing it does not ask,
   * taken off the last period (only paid together with all the others), so all periods together ask
   * the payoff and every one of them can be selected with the first, while the first, paid alone,
   * still asks what settles it (issue 30 items 2 and 4)
   */
  closing: { interestWaivedMinor: number } | null = null,
) => {
  const waiting = periods.filter((period) => period.owedMinor > 0);
  const paid = periods.filter((period) => period.owedMinor === 0);
  let waivedLeft = closing?.interestWaivedMinor ?? 0;
  const waivedOf = new Map<number, number>();
  for (const period of [...waiting].reverse()) {
    const waived = Math.min(waivedLeft, period.owedMinor);
    waivedOf.set(period.periodNo, waived);
    waivedLeft -= waived;
  }
  return {
    repayWaitDetail: waiting.map((period, index) => {
      const first = index === 0;
      const dueMinor = period.owedMinor + (first ? penaltyOwedMinor : 0);
      const waived = waivedOf.get(period.periodNo) ?? 0;
      const totalAmount = dueMinor - waived;
      const overdue = daysBetween(period.dueDate, today) > 0;
      // a period asking less than is due (the interest closing today does not ask) names both figures (issue 48)
      const dueText = overdue ? t('loanPeriodOverdue', { date: period.dueDate }) : t('loanPeriodDueOn', { date: period.dueDate });
      return {
        periodNo: period.periodNo,
        totalAmount,
        canClick: payable && (first || closing) ? 1 : 0,
        periodStatus: overdue ? 2 : 0,
        repayDes: waived > 0 ? t('loanPeriodCloseToday', { due: money(dueMinor), date: period.dueDate }) : dueText,
        dueTime: period.dueDate,
        amount: money(totalAmount),
      };
    }),
    repayYetDetail: paid.map((period) => ({
      periodNo: period.periodNo,
      totalAmount: scheduledTotal(period),
      canClick: 0,
      periodStatus: 1,
      repayDes: t('loanPeriodPaid'),
      dueTime: period.dueDate,
      amount: money(scheduledTotal(period)),
    })),
  };
};

/** The rows of the extension offer (spec §4 delay repayment). */
export const delayRows = (
  order: Pick<Order, 'orderNo' | 'principalMinor'>,
  position: OrderPosition,
  offer: Extract<ExtensionOffer, { eligible: true }>,
  t: Speak,
  money: Money,
): Row[] => [
  { text: t('complaintOrderNo'), value: order.orderNo },
  { text: t('loanAmount'), value: money(order.principalMinor) },
  { text: t('loanAmountDue'), value: money(position.outstandingMinor) },
  { text: t('delayCurrentDueDate'), value: position.currentDueDate ?? '' },
  { text: t('delayExtensionDays'), value: daysText(offer.shiftDays, t) },
  { text: t('delayNewDueDate'), value: offer.newDueDate },
  { text: t('delayFee'), value: money(offer.feeMinor) },
];

/** What loan details says of the loan's payout (issue 28, decision 136). */
export interface DisbursalView {
  state: 'sending' | 'failed' | 'reversed' | 'sent' | 'cancelled';
  last4: string;
  amountMinor: number;
  sentOn: string;
  utr: string;
  fixable: number;
}

const REASONS: Record<string, Parameters<Speak>[0]> = {
  INVALID_DESTINATION: 'payoutReasonInvalid',
  INVALID_ACCOUNT: 'payoutReasonInvalid',
  INVALID_DESTINATION_ACCOUNT: 'payoutReasonInvalid',
  ACCOUNT_CLOSED: 'payoutReasonClosed',
  ACCOUNT_DORMANT: 'payoutReasonClosed',
  ACCOUNT_INACTIVE: 'payoutReasonClosed',
  NAME_MISMATCH: 'payoutReasonNameMismatch',
  INVALID_ACCOUNT_NAME: 'payoutReasonNameMismatch',
};

/** The payout's state for loan details, from the latest attempt and the order's status. */
export const disbursalOf = (
  status: OrderStatus,
  cancelled: boolean,
  payout: { status: string; last4: string; utr: string | null; processedOn: string | null; amountMinor: number } | null,
): DisbursalView | undefined => {
  if (!payout) return undefined;
  const base = { last4: payout.last4, amountMinor: payout.amountMinor, sentOn: '', utr: '', fixable: 0 };
  if (cancelled) return { ...base, state: 'cancelled' };
  if (payout.status === 'processed' && status !== OrderStatus.Disbursing) {
    return { ...base, state: 'sent', sentOn: payout.processedOn ?? '', utr: payout.utr ?? '' };
  }
  if (payout.status === 'failed' || payout.status === 'cancelled') return { ...base, state: 'failed', fixable: 1 };
  if (payout.status === 'reversed') return { ...base, state: 'reversed', fixable: 1 };
  return { ...base, state: 'sending' };
};

/**
 * Loan details' notice when the loan's money did not arrive (its payout failed for good or came
 * back) or the loan was cancelled; null: the status's own notice (the spec's), also while the money
 * is on its way and once it landed (the rows then say where, when and the bank's reference).
 */
export const disbursalNotice = (
  view: DisbursalView | undefined,
  failureCode: string | null,
  t: Speak,
): { noticeStatusText: string; noticeDesText: string } | null => {
  if (!view) return null;
  const values = { last4: view.last4 };
  switch (view.state) {
    case 'failed': {
      const reason = t((failureCode && REASONS[failureCode]) || 'payoutReasonOther');
      return { noticeStatusText: t('loanNoticePayoutFailed'), noticeDesText: t('loanNoticeDesPayoutFailed', { ...values, reason }) };
    }
    case 'reversed':
      return { noticeStatusText: t('loanNoticePayoutReversed'), noticeDesText: t('loanNoticeDesPayoutReversed', values) };
    case 'cancelled':
      return { noticeStatusText: t('loanNoticeCancelled'), noticeDesText: t('loanNoticeDesCancelled') };
    default:
      return null;
  }
};

/** The rows of the loan's payout: where it goes while on its way; where, when and the bank's reference once landed. */
export const disbursalRows = (view: DisbursalView | undefined, t: Speak): Row[] => {
  if (view?.state === 'sending') return [{ text: t('loanSendingTo'), value: t('loanSentToValue', { last4: view.last4 }) }];
  return view?.state === 'sent'
    ? [
        { text: t('loanSentTo'), value: t('loanSentToValue', { last4: view.last4 }) },
        { text: t('loanDisbursedOn'), value: view.sentOn },
        { text: t('loanUtr'), value: view.utr },
      ]
    : [];
};
