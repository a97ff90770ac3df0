/**
 * What may be done with an order's payout now (issue 28 items 4 and 6, decision 143): retry it, or
 * cancel the loan. Pure: the service decides with these under the order's lock, the console shows
 * the same answer beside its buttons. The key rules of decision 135 hold: an attempt that may be at
 * the gateway keeps its key; a new key only after the gateway said the last attempt ended.
 */
import type { DisbursalAccount, Order, PayoutRow } from '../../db/schema.js';

export type RetryDecision =
  | { kind: 'now'; payout: PayoutRow; explanation: string }
  | { kind: 'new-attempt'; account: DisbursalAccount; attempt: number; explanation: string }
  | { kind: 'refused'; explanation: string };

export type CancelDecision =
  | { kind: 'stopped'; explanation: string }
  /** the order's queued attempt never reached a gateway: cancelled with the loan */
  | { kind: 'unsent'; payout: PayoutRow; explanation: string }
  | { kind: 'refused'; explanation: string };

const reasonOf = (payout: PayoutRow) => (payout.failureReason ? ` (${payout.failureReason})` : '');

/** An attempt that was never claimed by a job and names no gateway payout: no gateway has heard of it. */
const unsent = (payout: PayoutRow, now: Date) =>
  payout.status === 'queued' &&
  payout.tries === 0 &&
  payout.gatewayPayoutId === null &&
  (payout.claimedUntil === null || payout.claimedUntil <= now);

export const retryDecision = (
  order: Pick<Order, 'cancelledAt' | 'disbursedAt'>,
  latest: PayoutRow | undefined,
  account: DisbursalAccount | null,
  usable: boolean,
  now: Date,
): RetryDecision => {
  if (order.cancelledAt !== null) return { kind: 'refused', explanation: 'The loan was cancelled: nothing is sent.' };
  if (!latest) return { kind: 'refused', explanation: 'This order has no payout.' };
  if (order.disbursedAt !== null || latest.status === 'processed')
    return { kind: 'refused', explanation: 'The money landed: there is nothing to retry.' };
  switch (latest.status) {
    case 'queued':
      if (latest.claimedUntil !== null && latest.claimedUntil > now)
        return { kind: 'refused', explanation: 'The payout job is sending this attempt right now.' };
      if (latest.nextTryAt <= now)
        return { kind: 'refused', explanation: `Attempt ${latest.attempt} is due: the payout job sends it at its next run.` };
      return {
        kind: 'now',
        payout: latest,
        explanation: `Sends attempt ${latest.attempt} now instead of after its wait, with the key stored for it.`,
      };
    case 'processing':
      return {
        kind: 'refused',
        explanation: `The gateway holds attempt ${latest.attempt}${reasonOf(latest)}: a new attempt could pay twice. The job asks the gateway about it every 10 minutes.`,
      };
    default: {
      if (account && usable && account.id !== latest.disbursalAccountId)
        return {
          kind: 'new-attempt',
          account,
          attempt: latest.attempt + 1,
          explanation: `Sends attempt ${latest.attempt + 1}, with a new key, to the account ending ${account.last4} the borrower gave since.`,
        };
      const what = latest.status === 'reversed' ? 'The money came back' : `Attempt ${latest.attempt} failed for good${reasonOf(latest)}`;
      return {
        kind: 'refused',
        explanation: `${what}: the borrower must give another account first (or the loan is cancelled at no cost).`,
      };
    }
  }
};

export const cancelDecision = (
  order: Pick<Order, 'cancelledAt' | 'disbursedAt'>,
  latest: PayoutRow | undefined,
  now: Date,
  by: 'borrower' | 'operator',
): CancelDecision => {
  if (order.cancelledAt !== null) return { kind: 'refused', explanation: 'The loan is already cancelled.' };
  if (order.disbursedAt !== null || latest?.status === 'processed')
    return { kind: 'refused', explanation: 'The money landed: the loan is repaid or exited, not cancelled.' };
  if (latest && ['failed', 'reversed', 'cancelled'].includes(latest.status))
    return { kind: 'stopped', explanation: 'Closes the loan at no cost: no money reached the borrower.' };
  // an operator may also stop a loan whose next attempt no gateway has seen yet (a retry waiting out its wait)
  if (by === 'operator' && latest && unsent(latest, now))
    return {
      kind: 'unsent',
      payout: latest,
      explanation: `Cancels attempt ${latest.attempt}, never sent, and closes the loan at no cost.`,
    };
  return { kind: 'refused', explanation: 'A payout is on its way: the loan can be cancelled only once it failed or came back.' };
};
